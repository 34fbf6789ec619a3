// A quick match ("Play ZMW 10 now", `POST /api/rooms/quick`) seats its player in any open public
// room at that stake, so a browser test that uses one can fill another test's room under it: a
// side-by-side run saw game.spec's public ZMW 10 room taken by lobby.spec's quick match, and the
// room was gone from the join list it was waiting for. Such files are named `*.alone.spec.ts`, and
// playwright.config.ts runs them after every other file.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALONE_SPEC } from '#tests/browser/support/alone.ts';

const BROWSER_TESTS = path.resolve(import.meta.dirname, '../../browser');
const TAKES_ANY_PUBLIC_ROOM = /Play ZMW \d+ now|rooms\/quick/;

async function specFiles(): Promise<string[]> {
  const entries = await readdir(BROWSER_TESTS, { recursive: true });
  return entries.filter((name) => name.endsWith('.spec.ts')).sort();
}

describe('browser tests that take any open public room', () => {
  it('are named *.alone.spec.ts', async () => {
    const mixed: string[] = [];
    for (const name of await specFiles()) {
      const text = await readFile(path.join(BROWSER_TESTS, name), 'utf8');
      if (TAKES_ANY_PUBLIC_ROOM.test(text) && !ALONE_SPEC.test(name)) mixed.push(name);
    }
    expect(mixed).toEqual([]);
  });

  it('exist (the pattern still finds the quick-match test)', async () => {
    expect((await specFiles()).filter((name) => ALONE_SPEC.test(name)).length).toBeGreaterThan(0);
  });
});
