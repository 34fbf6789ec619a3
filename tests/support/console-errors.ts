// Vitest setup (`setupFiles`): a `console.error` that no test declared fails the test that printed
// it; one printed outside any test (in `beforeAll`, `afterAll`, or after the last test) fails the
// file. Every call is still printed. A test that expects one says so with `expectConsoleError`, or
// replaces `console.error` itself with `vi.spyOn(console, 'error')`.
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach } from 'vitest';

type Pattern = RegExp | string;

const print = console.error.bind(console);
let inTest = false;
let forTest: Pattern[] = [];
const forFile: Pattern[] = [];
let printedInTest: string[] = [];
const printedOutsideTests: string[] = [];

function matches(text: string, patterns: Pattern[]): boolean {
  return patterns.some((pattern) =>
    typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text),
  );
}

/**
 * Declares that a `console.error` whose text matches `pattern` is expected: in a test, for that test;
 * outside one (module scope, `beforeAll`), for every test of the file and its hooks.
 */
export function expectConsoleError(...patterns: Pattern[]): void {
  (inTest ? forTest : forFile).push(...patterns);
}

console.error = (...args: unknown[]) => {
  const text = format(...args);
  const expected = matches(text, forFile) || (inTest && matches(text, forTest));
  if (!expected) (inTest ? printedInTest : printedOutsideTests).push(text);
  print(...args);
};

function report(where: string, texts: string[]): Error {
  return new Error(
    `unexpected console.error ${where} (declare it with expectConsoleError(/…/)):\n` +
      texts.map((text) => `  ${text.split('\n').slice(0, 6).join('\n    ')}`).join('\n'),
  );
}

beforeEach(() => {
  inTest = true;
  forTest = [];
  printedInTest = [];
});

afterEach(() => {
  inTest = false;
  const printed = printedInTest;
  printedInTest = [];
  if (printed.length > 0) throw report('in this test', printed);
});

afterAll(() => {
  if (printedOutsideTests.length > 0) throw report('outside the tests', printedOutsideTests);
});
