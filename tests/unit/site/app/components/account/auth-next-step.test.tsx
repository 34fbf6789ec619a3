// The sign-in and sign-up forms choose the next step under a refusal by its `code`, never by its
// words: a reworded message keeps the same help. They live in an island, so they render without
// React Router; before scripts run, a switch to the other form is a plain link.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NextStep } from '#site/app/components/account/auth-next-step.tsx';

function render(code: string | null, mode: 'login' | 'signup' = 'login'): string {
  return renderToStaticMarkup(
    <NextStep
      code={code}
      mode={mode}
      onSwitch={() => {}}
      switchHref="/auth?mode=signup"
      supportEmail={null}
    />,
  );
}

describe('NextStep under a refused sign-in or sign-up', () => {
  it.each([
    ['unknown_email', 'login', 'create an account'],
    ['email_taken', 'signup', 'Log in with this email'],
    ['wrong_password', 'login', 'Caps Lock'],
    ['rate_limited', 'login', 'This protects your account'],
    ['unknown_error', 'login', 'Check your connection'],
    [null, 'login', 'Check your connection'],
    ['invalid_email', 'signup', 'Correct the details below'],
  ] as const)('%s (%s) → %s', (code, mode, text) => {
    expect(render(code, mode)).toContain(text);
  });

  it('switches forms by a plain link until the island has hydrated', () => {
    expect(render('unknown_email')).toContain('<a href="/auth?mode=signup">create an account</a>');
  });
});
