import { isValidZambianPhone, normalizeZambianPhone } from '#site/shared/phone.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMsisdn, operatorFromPhone, toMsisdn } from '#site/server/payments/phone.ts';

describe('normalizeZambianPhone', () => {
  it.each([
    ['0961234567', '0961234567'],
    [' 096 123 4567 ', '0961234567'],
    ['096-123-4567', '0961234567'],
    ['+260961234567', '0961234567'],
    ['+260 96 123 4567', '0961234567'],
    ['260961234567', '0961234567'],
    ['(096) 123.4567', '0961234567'],
    ['+44 7911 123456', '+447911123456'],
    ['2609612345678', '2609612345678'],
  ])('%s → %s', (typed, normalised) => {
    expect(normalizeZambianPhone(typed)).toBe(normalised);
  });

  it('answers nothing for what is not text', () => {
    expect(normalizeZambianPhone(961234567)).toBe('');
    expect(normalizeZambianPhone(null)).toBe('');
  });
});

describe('Zambian phone numbers', () => {
  it.each([
    ['0961234567', true, 'mtn'],
    ['0761234567', true, 'mtn'],
    ['0971234567', true, 'airtel'],
    ['0771234567', true, 'airtel'],
    ['0951234567', true, 'zamtel'],
    ['0981234567', false, null],
    ['0751234567', false, null],
    ['096123456', false, null],
    ['09612345678', false, null],
    ['260961234567', false, null],
    ['+260961234567', false, null],
    ['096 123 4567', false, null],
    ['096123456a', false, null],
    ['', false, null],
  ] as const)('%s: valid %s, operator %s', (phone, valid, operator) => {
    expect(isValidZambianPhone(phone)).toBe(valid);
    expect(operatorFromPhone(phone)).toBe(operator);
  });

  it('turns the local form into the MSISDN pawaPay wants, and back', () => {
    expect(toMsisdn('0961234567')).toBe('260961234567');
    expect(toMsisdn('0951234567')).toBe('260951234567');
    expect(fromMsisdn('260771234567')).toBe('0771234567');
    expect(fromMsisdn('260981234567')).toBeNull();
    expect(fromMsisdn('0961234567')).toBeNull();
    expect(() => toMsisdn('0981234567')).toThrow();
  });

  it('round-trips every valid number', () => {
    const validPhone = fc
      .tuple(fc.constantFrom('95', '96', '97', '76', '77'), fc.stringMatching(/^\d{7}$/))
      .map(([prefix, rest]) => `0${prefix}${rest}`);
    fc.assert(
      fc.property(validPhone, (phone) => {
        expect(isValidZambianPhone(phone)).toBe(true);
        expect(fromMsisdn(toMsisdn(phone))).toBe(phone);
      }),
    );
  });
});
