// The one email rule (site/shared/email.ts): a single address, normalised, or nothing. An address
// list must never pass as one account's address, or a link mailed to its first address would "prove"
// a stored address that is not the one the mail reached.
import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail, parseEmail } from '#site/shared/email.ts';

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
const word = fc.string({ unit: alnum, minLength: 1, maxLength: 12 });
const localPart = fc.array(word, { minLength: 1, maxLength: 3 }).chain((words) =>
  fc
    .array(fc.constantFrom('.', '+', '-', '_'), {
      minLength: words.length - 1,
      maxLength: words.length - 1,
    })
    .map((joins) => words.map((w, i) => (i === 0 ? w : `${joins[i - 1]}${w}`)).join('')),
);
const label = fc.string({ unit: alnum, minLength: 1, maxLength: 10 });
const tld = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')),
  minLength: 2,
  maxLength: 6,
});
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
  .map(([labels, top]) => [...labels, top].join('.'));
/** A plain, valid single address, as people type them. */
const address = fc
  .tuple(localPart, domain, fc.boolean())
  .map(([local, host, shout]) => (shout ? `${local}@${host}`.toUpperCase() : `${local}@${host}`));

/** What joins two addresses into a list, or hides a second one, for some mail software. */
const SEPARATORS = [',', ';', ' ', '\t', '\n', '\r', '<', '>', '(', ')', '"', ':', '\\', '[', ']'];
const separator = fc.constantFrom(...SEPARATORS);

describe('the email rule', () => {
  it('refuses victim@x,evil.example', () => {
    expect(parseEmail('victim@x,evil.example')).toBeNull();
    expect(isValidEmail('victim@x,evil.example')).toBe(false);
  });

  it('takes a plain address, trimmed and lower-cased', () => {
    fc.assert(
      fc.property(address, fc.constantFrom('', ' ', '  ', '\t'), (typed, pad) => {
        expect(parseEmail(`${pad}${typed}${pad}`)).toBe(typed.toLowerCase());
        expect(normalizeEmail(`${pad}${typed}${pad}`)).toBe(typed.toLowerCase());
      }),
    );
  });

  it('refuses two addresses joined by any separator, and an address with a separator inside', () => {
    fc.assert(
      fc.property(address, address, separator, (first, second, sep) => {
        expect(parseEmail(`${first}${sep}${second}`)).toBeNull();
        const [local, host] = first.split('@') as [string, string];
        expect(parseEmail(`${local}${sep}@${host}`)).toBeNull();
        expect(parseEmail(`${local}@${host}${sep}${second.split('@')[1]}`)).toBeNull();
        expect(parseEmail(`<${first}>`)).toBeNull();
        expect(parseEmail(`Name <${first}>`)).toBeNull();
      }),
    );
  });

  it('never accepts a string that mail software reads as anything but that one address', () => {
    const anyText = fc.string({
      unit: fc.constantFrom(...'ab.@-+_,; <>()":\\[]\'xz9!#$%&*=?^`{|}~'.split('')),
      maxLength: 24,
    });
    fc.assert(
      fc.property(fc.oneof(anyText, address), (text) => {
        const parsed = parseEmail(text);
        if (parsed === null) return;
        const read = addressparser(parsed);
        expect(read).toEqual([{ address: parsed, name: '' }]);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    '',
    'a',
    'a@b',
    'a b@c.zm',
    'a@@b.zm',
    'a@.zm',
    'a@b..zm',
    '.a@b.zm',
    'a.@b.zm',
    'a..b@c.zm',
    'a@-b.zm',
    'a@b-.zm',
    'a@b.z',
    'a@b.zm.',
    'mwila@例え.jp',
    `${'x'.repeat(65)}@b.zm`,
    `a@${'x'.repeat(250)}.zm`,
  ])('refuses %j', (email) => {
    expect(parseEmail(email)).toBeNull();
    expect(isValidEmail(email)).toBe(false);
  });

  it("takes the everyday forms: tags, dots, hyphens, an apostrophe, a country's domain", () => {
    for (const email of [
      'a@b.zm',
      'Mwila.Banda@Example.co.zm',
      'x+y@mail.example.com',
      "o'brien@example.ie",
      'first_last-2@sub-domain.example.org',
    ]) {
      expect(parseEmail(email)).toBe(email.toLowerCase());
    }
  });

  it('answers null for anything that is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['a@b.zm']]) expect(parseEmail(value)).toBeNull();
    expect(normalizeEmail(42)).toBe('');
  });
});
