import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_TO, safeReturnTo } from '#site/shared/return-to.ts';

const SITE = 'https://site.example';

/** What a browser does with the answer: resolve it against the page it is on. */
function landsOn(answer: string): URL {
  return new URL(answer, `${SITE}/auth?returnTo=x`);
}

describe('safeReturnTo', () => {
  it.each([
    ['/.//evil.example', DEFAULT_RETURN_TO],
    ['/%2e//evil.example', DEFAULT_RETURN_TO],
    ['/%2E//evil.example', DEFAULT_RETURN_TO],
    ['/a/..//evil.example', DEFAULT_RETURN_TO],
    ['/a/%2e%2e//evil.example', DEFAULT_RETURN_TO],
    ['//evil.example', DEFAULT_RETURN_TO],
    ['/\\evil.example', DEFAULT_RETURN_TO],
    ['/\t/evil.example', DEFAULT_RETURN_TO],
    ['/\n/evil.example', DEFAULT_RETURN_TO],
    ['https://evil.example/x', DEFAULT_RETURN_TO],
    ['javascript:alert(1)', DEFAULT_RETURN_TO],
    ['evil.example', DEFAULT_RETURN_TO],
    ['', DEFAULT_RETURN_TO],
    [null, DEFAULT_RETURN_TO],
    [undefined, DEFAULT_RETURN_TO],
    [['/deposit'], DEFAULT_RETURN_TO],
    [`/${'a'.repeat(600)}`, DEFAULT_RETURN_TO],
  ])('refuses %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    ['/rentalgame/deposit', '/rentalgame/deposit'],
    ['/rentalgame/board?room=abc#log', '/rentalgame/board?room=abc#log'],
    ['/a/../rentalgame/withdraw', '/rentalgame/withdraw'],
    ['/./rentalgame/dashboard', '/rentalgame/dashboard'],
    ['/', '/'],
    ['/auth?returnTo=%2Frentalgame%2Fdeposit', '/auth?returnTo=%2Frentalgame%2Fdeposit'],
  ])('keeps %j as %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2e%2e',
    '%2f',
    '%5c',
    '@',
    ':',
    '\t',
    '\n',
    '\r',
    ' ',
    '?',
    '#',
    'http:',
    'https:',
    'javascript:',
    'evil.example',
    'a',
    'rentalgame',
    'é',
    '\u3002',
    '\uff0f',
    '\u2215',
    '\u0000',
  );
  const generatedPath = fc.oneof(
    fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => `/${s}`),
  );

  it('always answers a path on this site, whatever it is given', () => {
    fc.assert(
      fc.property(generatedPath, (value) => {
        const answer = safeReturnTo(value);
        expect(answer === '/' || /^\/[^/\\]/.test(answer)).toBe(true);
        expect(landsOn(answer).origin).toBe(SITE);
        // Already normal: resolving it again changes nothing.
        const again = landsOn(answer);
        expect(`${again.pathname}${again.search}${again.hash}`).toBe(answer);
      }),
      { numRuns: 5000 },
    );
  });
});
