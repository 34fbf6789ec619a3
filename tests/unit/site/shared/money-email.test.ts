// The browser-safe rule both sides use for email (money: tests/unit/game/ngwee.test.ts).
import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '#site/shared/email.ts';

describe('the email rule', () => {
  it.each(['a@b.zm', ' Mwila.Banda@Example.co.zm ', 'x+y@mail.example.com'])('takes %s', (email) =>
    expect(isValidEmail(email)).toBe(true),
  );
  it.each(['', 'a', 'a@b', 'a b@c.zm', 'a@@b.zm', 'a@.zm', `${'x'.repeat(250)}@b.zm`])(
    'refuses %s',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
  it('normalizes by trimming and lower-casing', () => {
    expect(normalizeEmail('  A@B.ZM ')).toBe('a@b.zm');
    expect(normalizeEmail(42)).toBe('');
  });
});
