// Unexpected console.error lines fail tests. This module keeps what was printed and what is expected;
// the vitest setup file `console-errors.setup.ts` installs it around every test and test file. A test
// that expects a line says so with `expectConsoleError`, or replaces `console.error` itself with
// `vi.spyOn(console, 'error')`. Every line is still printed.
import { format } from 'node:util';

type Pattern = RegExp | string;

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
 * Declares that a `console.error` whose text matches `pattern` (a RegExp, or a string it contains)
 * is expected: in a test, for that test; outside one (module scope, `beforeAll`), for the whole file.
 */
export function expectConsoleError(...patterns: Pattern[]): void {
  (inTest ? forTest : forFile).push(...patterns);
}

/** Replaces `console.error` with one that records each undeclared line, then prints it. */
export function watchConsoleErrors(): void {
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = format(...args);
    const expected = matches(text, forFile) || (inTest && matches(text, forTest));
    if (!expected) (inTest ? printedInTest : printedOutsideTests).push(text);
    print(...args);
  };
}

function failure(where: string, texts: string[]): Error {
  return new Error(
    `unexpected console.error ${where} (declare it with expectConsoleError(/…/)):\n` +
      texts.map((text) => `  ${text.split('\n').slice(0, 6).join('\n    ')}`).join('\n'),
  );
}

export function testStarts(): void {
  inTest = true;
  forTest = [];
  printedInTest = [];
}

/** Throws when the test that just ended printed an undeclared line. */
export function testEnds(): void {
  inTest = false;
  const printed = printedInTest;
  printedInTest = [];
  if (printed.length > 0) throw failure('in this test', printed);
}

/** Throws when a hook or a late callback of the file printed an undeclared line. */
export function fileEnds(): void {
  if (printedOutsideTests.length > 0) throw failure('outside the tests', printedOutsideTests);
}
