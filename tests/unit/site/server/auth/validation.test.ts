import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateLogin, validateProfile, validateSignup } from '#site/server/auth/validation.ts';
import { isValidZambianPhone } from '#site/shared/phone.ts';

const good = {
  firstName: 'Mwila',
  lastName: 'Banda',
  phone: '0961234567',
  email: 'Mwila@Example.ZM',
  password: 'kafue-secret-1',
};
const consents = { adult: true, terms: true };

function errorOf(result: { ok: boolean; error?: string }): string | undefined {
  return result.ok ? undefined : result.error;
}

describe('sign-up validation', () => {
  it.each(['+260 96 123 4567', '260961234567', '096 123 4567', '096-123-4567'])(
    'takes the number as people write it (%s) and keeps the local form',
    (phone) => {
      const result = validateSignup({ ...good, ...consents, phone });
      expect(result.ok && result.value.phone).toBe('0961234567');
    },
  );

  it('accepts a complete form and lower-cases the email', () => {
    const result = validateSignup({ ...good, ...consents, firstName: '  Mwila ' });
    expect(result).toEqual({
      ok: true,
      value: { ...good, email: 'mwila@example.zm', firstName: 'Mwila' },
    });
  });

  it('needs adult: true and terms: true, each as a yes (not "yes", not 1)', () => {
    expect(validateSignup({ ...good, terms: true })).toEqual({
      ok: false,
      error: 'Please confirm that you are 18 or older: real-money games are for adults only.',
      code: 'adult_required',
    });
    expect(validateSignup({ ...good, adult: 1, terms: true })).toMatchObject({
      code: 'adult_required',
    });
    expect(validateSignup({ ...good, adult: true, terms: 'yes' })).toEqual({
      ok: false,
      error: 'Please accept the Terms and Conditions and the Privacy Policy to continue.',
      code: 'terms_not_accepted',
    });
  });

  it.each([
    ['firstName', 'First name is required.'],
    ['lastName', 'Surname is required.'],
    ['phone', 'Phone number is required.'],
    ['email', 'Email is required.'],
    ['password', 'Password is required.'],
  ])('names the missing %s', (field, message) => {
    expect(errorOf(validateSignup({ ...good, [field]: '' }))).toBe(message);
    expect(errorOf(validateSignup({ ...good, [field]: undefined }))).toBe(message);
    expect(errorOf(validateSignup({ ...good, [field]: 42 }))).toBe(message);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 'a@b' }, 'Please enter a valid email address.'],
    [{ email: `${'a'.repeat(250)}@b.zm` }, 'Please enter a valid email address.'],
    [{ password: '1234567' }, 'Password should be at least 8 characters long.'],
    [{ password: 'x'.repeat(257) }, 'Password must be at most 256 characters long.'],
    [{ phone: '0981234567' }, 'Please enter a valid Zambian phone number (e.g., 096...).'],
    [{ firstName: 'x'.repeat(61) }, 'First name must be at most 60 characters.'],
    [{ lastName: 'x'.repeat(61) }, 'Surname must be at most 60 characters.'],
  ])('refuses %o with its message', (change, message) => {
    expect(errorOf(validateSignup({ ...good, ...change }))).toBe(message);
  });

  it('trims names, phone and email but takes a password as typed', () => {
    expect(errorOf(validateSignup({ ...good, firstName: '   ' }))).toBe('First name is required.');
    expect(errorOf(validateSignup({ ...good, password: '       ' }))).toBe(
      'Password should be at least 8 characters long.',
    );
  });

  it('treats a body that is not an object as all fields missing', () => {
    expect(errorOf(validateSignup(null))).toBe('First name is required.');
    expect(errorOf(validateSignup(['x']))).toBe('First name is required.');
  });
});

describe('Zambian phone numbers', () => {
  it('accept exactly 0 + 95/96/97/76/77 + 7 digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('95', '96', '97', '76', '77'),
        fc.stringMatching(/^\d{7}$/),
        (prefix, rest) => isValidZambianPhone(`0${prefix}${rest}`),
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        const expected = /^0(95|96|97|76|77)/.test(digits);
        return isValidZambianPhone(digits) === expected;
      }),
    );
    expect(isValidZambianPhone('09612345678')).toBe(false);
    expect(isValidZambianPhone('+260961234567')).toBe(false);
  });

  it('ignore spaces and dashes people type', () => {
    expect(validateProfile({ firstName: 'A', lastName: 'B', phone: '096 123-4567' })).toEqual({
      ok: true,
      value: { firstName: 'A', lastName: 'B', phone: '0961234567' },
    });
  });
});

describe('login and profile validation', () => {
  it('login needs a valid email and a password', () => {
    expect(errorOf(validateLogin({ email: 'x', password: 'p' }))).toBe(
      'Please enter a valid email address.',
    );
    expect(errorOf(validateLogin({ email: 'a@b.zm' }))).toBe('Password is required.');
    expect(validateLogin({ email: ' A@B.zm ', password: ' p ' })).toEqual({
      ok: true,
      value: { email: 'a@b.zm', password: ' p ' },
    });
  });

  it('profile needs both names and a Zambian phone', () => {
    expect(errorOf(validateProfile({ lastName: 'B', phone: '0961234567' }))).toBe(
      'First name is required.',
    );
    expect(errorOf(validateProfile({ firstName: 'A', lastName: 'B' }))).toBe(
      'Phone number is required.',
    );
    expect(errorOf(validateProfile({ firstName: 'A', lastName: 'B', phone: '123' }))).toBe(
      'Please enter a valid Zambian phone number (e.g., 096...).',
    );
  });
});
