import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidZambianPhone,
  normalizeZambianPhone,
  operatorFromPrefix,
  phoneFieldValue,
} from '#site/shared/phone.ts';

describe('the one phone rule (site/shared/phone.ts)', () => {
  it.each([
    ['+260 96 123 4567', '0961234567'],
    ['260961234567', '0961234567'],
    ['096 123 4567', '0961234567'],
    ['(097) 123-4567', '0971234567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalises %s to %s', (typed, local) => {
    expect(normalizeZambianPhone(typed)).toBe(local);
  });

  it('keeps a whole number in the form field, typed or pasted with the country code', () => {
    expect(phoneFieldValue('+260 96 123 4567')).toBe('0961234567');
    expect(phoneFieldValue('096 123 4567')).toBe('0961234567');
    // Typed one key at a time: "+260" turns into the local "0", and the rest follows.
    let field = '';
    for (const key of '+260 96 123 4567') field = phoneFieldValue(field + key);
    expect(field).toBe('0961234567');
  });

  it('the field and the server agree on every valid number, whatever its spelling', () => {
    const prefixes = fc.constantFrom('95', '96', '97', '76', '77');
    const spelling = fc.constantFrom('0', '+260', '260', '+260 ', '0 ');
    fc.assert(
      fc.property(prefixes, fc.stringMatching(/^\d{7}$/), spelling, (prefix, rest, start) => {
        const typed = `${start}${prefix} ${rest.slice(0, 3)} ${rest.slice(3)}`;
        const local = `0${prefix}${rest}`;
        expect(normalizeZambianPhone(typed)).toBe(local);
        expect(phoneFieldValue(typed)).toBe(local);
        expect(isValidZambianPhone(local)).toBe(true);
        expect(operatorFromPrefix(local)).not.toBeNull();
      }),
    );
  });
});
