// The phone sign-in form decides by a refusal's `code`, never by its words: which field a refusal
// belongs to, when a right code for a new number asks for the names and consents, and what to do
// next under the rest. Every code the two phone calls answer (docs/api.md) has its place.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PhoneNextStep } from '#site/app/components/account/phone-next-step.tsx';
import {
  afterRefusal,
  asksForDetails,
  checkDetails,
  fieldOfRefusal,
  NO_DETAILS,
  phoneFormAt,
} from '#site/app/components/account/phone-sign-in-checks.ts';

// As an island renders it: no router around it.
function render(code: string | null, canResend = true): string {
  return renderToStaticMarkup(
    <PhoneNextStep
      code={code}
      canResend={canResend}
      resendForm="resend"
      onNewCode={() => {}}
      supportEmail={null}
    />,
  );
}

describe('a refusal of POST /api/auth/phone/start or /verify', () => {
  it.each([
    ['phone_required', 'phone'],
    ['invalid_phone', 'phone'],
    ['code_invalid', 'code'],
    ['first_name_required', 'firstName'],
    ['first_name_too_long', 'firstName'],
    ['last_name_required', 'lastName'],
    ['last_name_too_long', 'lastName'],
    ['invalid_email', 'email'],
    ['email_taken', 'email'],
    ['adult_required', 'adult'],
    ['terms_not_accepted', 'terms'],
    ['password_required', 'password'],
    ['wrong_password', 'password'],
  ] as const)('%s goes under the %s field', (code, field) => {
    expect(fieldOfRefusal(code)).toBe(field);
  });

  it('asks a new number for its details only on a detail code, never on the number or the code', () => {
    for (const code of ['first_name_required', 'last_name_required', 'adult_required']) {
      expect(asksForDetails(code), code).toBe(true);
    }
    for (const code of [
      'invalid_phone',
      'code_invalid',
      'code_expired',
      'wrong_password',
      'rate_limited',
      null,
    ]) {
      expect(asksForDetails(code), String(code)).toBe(false);
    }
  });

  it.each([
    ['code_expired', 'Send me a new code'],
    ['too_many_attempts', 'Send me a new code'],
    ['rate_limited', 'Wait that long'],
    ['sms_not_sent', 'Nothing was sent to your phone'],
    ['phone_taken', 'log out and sign in with this number'],
    ['phone_proved', 'already has a confirmed number'],
    ['no_password', 'Set a password by mail'],
    ['unknown_error', 'Check your connection'],
    [null, 'Check your connection'],
  ] as const)('%s above the form says what to do: %s', (code, text) => {
    expect(fieldOfRefusal(code)).toBeNull();
    expect(render(code)).toContain(text);
  });

  it('offers a new code only once one may be sent', () => {
    expect(render('code_expired', false)).not.toContain('<button');
    expect(render('code_expired', false)).toContain('ask for a new code below');
  });
});

describe('the step after a refusal (the island and the page action alike)', () => {
  const atCode = {
    ...phoneFormAt(
      { kind: 'code', phone: '0961234567', sentMessage: '', resendAt: 0 },
      '0961234567',
    ),
    code: '123456',
  };

  it('moves a right code for a new number on to the details, silently when none were given', () => {
    const refusal = { error: 'First name is required.', code: 'first_name_required' };
    const next = afterRefusal(atCode, refusal, false);
    expect(next.step).toEqual({ kind: 'details', phone: '0961234567', code: '123456' });
    expect(next.fieldRefusal).toBeNull();
    expect(afterRefusal(atCode, refusal, true).fieldRefusal).toEqual({
      field: 'firstName',
      error: refusal.error,
    });
  });

  it('keeps a wrong code at its step, under its field, and a wait above the form', () => {
    const wrong = afterRefusal(
      atCode,
      { error: 'That code is not right.', code: 'code_invalid' },
      false,
    );
    expect(wrong.step.kind).toBe('code');
    expect(wrong.fieldRefusal?.field).toBe('code');
    const wait = afterRefusal(atCode, { error: 'Wait.', code: 'rate_limited' }, false);
    expect(wait).toMatchObject({
      step: atCode.step,
      fieldRefusal: null,
      refusal: { code: 'rate_limited' },
    });
    expect(wait.details).toEqual(NO_DETAILS);
  });
});

describe('the new account step', () => {
  it('needs names and both consents, and checks an email only when one is typed', () => {
    const none = { firstName: '', lastName: '', email: '', adult: false, terms: false };
    expect(Object.keys(checkDetails(none)).sort()).toEqual([
      'adult',
      'firstName',
      'lastName',
      'terms',
    ]);
    const whole = { firstName: 'Mutale', lastName: 'Phiri', email: '', adult: true, terms: true };
    expect(checkDetails(whole)).toEqual({});
    expect(checkDetails({ ...whole, email: 'mutale@' })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });
});
