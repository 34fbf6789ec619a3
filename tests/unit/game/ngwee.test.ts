// Real money's one module: ZMW text and numbers in, integer ngwee inside, one way to write them out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatNgwee,
  formatZmw,
  formatZmwShort,
  ngweeToZmw,
  parseZmw,
  parseZmwText,
  zmwText,
  zmwToNgwee,
} from '#game/ngwee.ts';

const NGWEE = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const POSITIVE_NGWEE = fc.integer({ min: 1, max: 100_000_000_000_000 });

describe('parse ∘ format is the identity on ngwee', () => {
  it('through the decimal text (what a form holds, what pawaPay sends)', () => {
    fc.assert(
      fc.property(NGWEE, (ngwee) => {
        expect(parseZmwText(zmwText(ngwee))).toBe(ngwee);
      }),
    );
  });

  it('through the JSON number the API answers with, and back as a client sends it', () => {
    fc.assert(
      fc.property(POSITIVE_NGWEE, (ngwee) => {
        expect(parseZmw(ngweeToZmw(ngwee))).toBe(ngwee);
        expect(parseZmw(JSON.parse(JSON.stringify({ amount: ngweeToZmw(ngwee) })).amount)).toBe(
          ngwee,
        );
        expect(parseZmw(zmwText(ngwee))).toBe(ngwee);
      }),
    );
  });

  it('through the ZMW number a screen receives, sign included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000_000, max: 100_000_000_000_000 }), (ngwee) => {
        expect(zmwToNgwee(ngweeToZmw(ngwee))).toBe(ngwee);
      }),
    );
  });
});

describe('parsing', () => {
  it('never yields a non-integer, a negative or an unsafe number, whatever comes in', () => {
    const anything = fc.oneof(
      fc.string(),
      fc.stringMatching(/^-?\d{0,20}(\.\d{0,5})?$/),
      fc.double(),
      fc.integer(),
      fc.constantFrom(null, undefined, true, {}, [], '1e3', 'Infinity', 'NaN'),
    );
    fc.assert(
      fc.property(anything, (value) => {
        const ngwee = parseZmw(value);
        if (ngwee !== null) {
          expect(Number.isSafeInteger(ngwee)).toBe(true);
          expect(ngwee).toBeGreaterThan(0);
        }
        if (typeof value === 'string') {
          const text = parseZmwText(value);
          if (text !== null) expect(Number.isSafeInteger(text) && text >= 0).toBe(true);
        }
      }),
    );
  });

  it('never accepts more than 2 decimals, as text or as a number', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.stringMatching(/^\d{3,8}$/).filter((decimals) => !decimals.endsWith('0')),
        (kwacha, decimals) => {
          const text = `${kwacha}.${decimals}`;
          expect(parseZmwText(text)).toBeNull();
          expect(parseZmw(text)).toBeNull();
          expect(parseZmw(Number(text))).toBeNull();
        },
      ),
    );
  });

  it('reads decimals with integer arithmetic: 19.99 is 1999 ngwee, never 1998.9999…', () => {
    expect(parseZmw(19.99)).toBe(1999);
    expect(parseZmw('19.99')).toBe(1999);
    expect(parseZmw(1.1)).toBe(110);
    expect(parseZmw(0.29)).toBe(29);
    expect(parseZmw(0.1 + 0.2)).toBeNull();
    expect(parseZmw(19.999)).toBeNull();
  });

  it.each([
    [25.5, 2550],
    ['25.5', 2550],
    [' 25.50 ', 2550],
    ['0.01', 1],
    [50_000, 5_000_000],
  ])('a client amount %j → %i ngwee', (value, ngwee) => expect(parseZmw(value)).toBe(ngwee));

  it.each([
    0,
    -5,
    '-5',
    '0',
    '0.00',
    '',
    ' ',
    '1e3',
    1e21,
    'abc',
    Number.NaN,
    Infinity,
    null,
    true,
  ])('refuses the client amount %j', (value) => expect(parseZmw(value)).toBeNull());

  it.each(['01.5', '007', '.5', '5.', '5,5', '+5'])('refuses the typed text %j', (value) =>
    expect(parseZmw(value)).toBeNull(),
  );
});

describe('amounts in pawaPay format', () => {
  it.each([
    [1500, '15'],
    [1550, '15.5'],
    [1505, '15.05'],
    [1, '0.01'],
    [10, '0.1'],
    [100, '1'],
    [0, '0'],
    [2_000_000, '20000'],
    [123_456_789, '1234567.89'],
  ])('%i ngwee → "%s"', (ngwee, text) => {
    expect(zmwText(ngwee)).toBe(text);
    expect(parseZmwText(text)).toBe(ngwee);
  });

  it('reads the two-decimal form pawaPay uses in status answers', () => {
    expect(parseZmwText('123.00')).toBe(12_300);
    expect(parseZmwText('15.50')).toBe(1550);
  });

  it.each(['', '15.', '.5', '15.055', '-1', '1e3', ' 15', '15 ', '015', '15,5', 'abc', 'NaN'])(
    'refuses "%s"',
    (text) => {
      expect(parseZmwText(text)).toBeNull();
    },
  );

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('will not format %s', (ngwee) => {
    expect(() => zmwText(ngwee)).toThrow();
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (ngwee) => {
        const text = zmwText(ngwee);
        expect(text).toMatch(/^(0|[1-9]\d*)(\.\d?[1-9])?$/);
        expect(parseZmwText(text)).toBe(ngwee);
      }),
    );
  });
});

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

  it('writes a headline amount without ngwee when it has none', () => {
    expect(formatZmwShort(32)).toBe('ZMW 32');
    expect(formatZmwShort(1250)).toBe('ZMW 1,250');
    expect(formatZmwShort(32.5)).toBe('ZMW 32.50');
  });

  it('formats what it parsed: the text a person reads is the amount the server took', () => {
    fc.assert(
      fc.property(POSITIVE_NGWEE, (ngwee) => {
        const shown = formatNgwee(ngwee);
        expect(parseZmw(shown.replace('ZMW ', '').replaceAll(',', ''))).toBe(ngwee);
      }),
    );
  });
});

describe('the ZMW numbers screens receive', () => {
  it('are read to the nearest ngwee, never through x * 100', () => {
    expect(zmwToNgwee(1.15)).toBe(115);
    expect(zmwToNgwee(-20)).toBe(-2000);
    expect(zmwToNgwee(0.1 + 0.2)).toBe(30);
  });

  it.each([Number.NaN, Infinity, 1e21])('will not read %s', (zmw) =>
    expect(() => zmwToNgwee(zmw)).toThrow(RangeError),
  );

  it.each([1.5, 0.1, Number.NaN])('will not write %s ngwee as ZMW', (ngwee) =>
    expect(() => ngweeToZmw(ngwee)).toThrow(RangeError),
  );
});
