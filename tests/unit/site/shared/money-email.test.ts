// The browser-safe rules both sides use: one money format, one email rule.
import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '#site/shared/email.ts';
import { formatNgwee, formatZmw } from '#site/shared/money.ts';

describe('formatNgwee / formatZmw', () => {
  it.each([
    [0, 'ZMW 0.00'],
    [5, 'ZMW 0.05'],
    [2500, 'ZMW 25.00'],
    [123450, 'ZMW 1,234.50'],
    [100_000_000, 'ZMW 1,000,000.00'],
    [-2000, '-ZMW 20.00'],
  ])('%i ngwee → %s', (ngwee, text) => {
    expect(formatNgwee(ngwee)).toBe(text);
    expect(formatZmw(ngwee / 100)).toBe(text);
  });

  it('counts ZMW in whole ngwee (no 0.1 + 0.2 drift)', () => {
    expect(formatZmw(0.1 + 0.2)).toBe('ZMW 0.30');
    expect(formatZmw(1234.5)).toBe('ZMW 1,234.50');
  });
});

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
