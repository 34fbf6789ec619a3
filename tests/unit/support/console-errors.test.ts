// The vitest setup file tests/support/console-errors.ts: a console.error nobody declared fails the
// test that printed it (or the file, outside a test). Runs a fixture file in a child vitest.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '#scripts/build-site.ts';
import { removeDir, tempDir } from '#tests/support/partykit.ts';

const run = promisify(execFile);

interface JsonReport {
  testResults: {
    status: string;
    message: string;
    assertionResults: { title: string; status: string; failureMessages: string[] }[];
  }[];
}

let dir: string;
let report: JsonReport;

beforeAll(async () => {
  dir = await tempDir('zt-console-errors-');
  const config = path.join(dir, 'vitest.config.mjs');
  const output = path.join(dir, 'report.json');
  // The project's own setupFiles, with only the fixture included.
  const projectConfig = await readFile(path.join(ROOT, 'vitest.config.ts'), 'utf8');
  const setupFiles = /setupFiles: (\[[^\]]*\])/.exec(projectConfig)?.[1];
  expect(setupFiles, 'vitest.config.ts names setupFiles').toBeDefined();
  await writeFile(
    config,
    `export default { root: ${JSON.stringify(ROOT)}, test: { include: ['tests/unit/support/fixtures/console-errors.fixture.ts'], setupFiles: ${setupFiles}, pool: 'forks' } };\n`,
  );
  await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      config,
      '--reporter=json',
      `--outputFile=${output}`,
    ],
    { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } },
  ).catch((error: unknown) => error); // the fixture fails on purpose: vitest exits 1
  report = JSON.parse(await readFile(output, 'utf8')) as JsonReport;
}, 60_000);

afterAll(async () => {
  await removeDir(dir);
});

describe('an unexpected console.error', () => {
  it('fails exactly the tests whose title says so, naming the line', () => {
    const [file] = report.testResults;
    const results = file!.assertionResults;
    expect(results).toHaveLength(9);
    for (const result of results) {
      const wanted = result.title.startsWith('fails:') ? 'failed' : 'passed';
      expect(result.status, result.title).toBe(wanted);
    }
    const failure = (title: string) =>
      results.find((r) => r.title.startsWith(title))!.failureMessages.join('\n');
    expect(failure('fails: a stray console.error after')).toContain('stray error object');
    expect(failure('fails: a declared pattern')).toContain('something else');
    expect(failure('fails: a declared pattern')).not.toMatch(/^\s+expected$/m);
  });

  it('printed outside the tests fails the file', () => {
    const [file] = report.testResults;
    expect(file!.status).toBe('failed');
    expect(file!.message).toContain('stray line in afterAll');
    expect(file!.message).not.toContain('declared for the file');
  });
});
