// Vitest setup file (vitest.config.ts `setupFiles`): a console.error that no test declared fails the
// test that printed it, and one printed outside any test fails the file (console-errors.ts).
import { afterAll, afterEach, beforeEach } from 'vitest';
import { fileEnds, testEnds, testStarts, watchConsoleErrors } from './console-errors';

watchConsoleErrors();
beforeEach(testStarts);
afterEach(testEnds);
afterAll(fileEnds);
