// Vitest setup file (vitest.config.ts `setupFiles`): a console.error that no test declared fails the
// test that printed it, and one printed outside any test fails the file (console-errors.ts).
// The site's JSON log (site/server/logging.ts) reaches the console here: an `error` or `fatal` line
// through console.error (so an undeclared one fails the test too), the rest through console.log;
// below `warn` only when LOG_LEVEL asks for it (every request writes a line).
import { afterAll, afterEach, beforeEach } from 'vitest';
import { LOG_LEVELS, setLogLevel, setLogSink, type LogLevel } from '#site/server/logging.ts';
import { fileEnds, testEnds, testStarts, watchConsoleErrors } from './console-errors';

watchConsoleErrors();
const level = process.env.LOG_LEVEL as LogLevel | undefined;
setLogLevel(level && LOG_LEVELS.includes(level) ? level : 'warn');
setLogSink((line) => {
  const text = line.trimEnd();
  if (/^\{"level":"(error|fatal)"/.test(text)) console.error(text);
  else console.log(text);
});
beforeEach(testStarts);
afterEach(testEnds);
afterAll(fileEnds);
