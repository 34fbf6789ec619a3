// Which Chromium the browser suite launches: CHROMIUM_PATH, else Debian's, else the npm package's,
// unpacked into a folder of its own (tests/support/chromium.ts).
import { execFileSync } from 'node:child_process';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_CHROMIUM_ARGS, NPM_CHROMIUM_ARGS, resolveChromium } from '#tests/support/chromium.ts';
import { removeDir, tempDir } from '#tests/support/partykit.ts';

let root: string;
let fakeDebian: string;
let fakeOther: string;

beforeAll(async () => {
  root = await tempDir('zt-chromium-');
  fakeDebian = path.join(root, 'debian-chromium');
  fakeOther = path.join(root, 'my-chromium');
  for (const file of [fakeDebian, fakeOther]) {
    await writeFile(file, '#!/bin/sh\n', { mode: 0o755 });
  }
});

afterAll(async () => {
  await removeDir(root);
});

describe('resolveChromium', () => {
  it('takes CHROMIUM_PATH first, even where Debian has one', () => {
    const found = resolveChromium({ env: { CHROMIUM_PATH: fakeOther }, debianPath: fakeDebian });
    expect(found).toMatchObject({ source: 'CHROMIUM_PATH', executablePath: fakeOther });
    expect(found.args).toEqual(FULL_CHROMIUM_ARGS);
  });

  it('refuses a CHROMIUM_PATH that names no executable, rather than testing another browser', () => {
    expect(() =>
      resolveChromium({
        env: { CHROMIUM_PATH: path.join(root, 'nothing') },
        debianPath: fakeDebian,
      }),
    ).toThrow(/CHROMIUM_PATH=.*nothing is not an executable file/);
  });

  it("takes Debian's next, with the flags for a full Chromium", () => {
    const found = resolveChromium({ env: {}, debianPath: fakeDebian });
    expect(found).toMatchObject({ source: 'debian', executablePath: fakeDebian, env: {} });
    expect(found.args).toContain('--use-angle=swiftshader');
  });

  it("else unpacks the npm package's Chromium once, into a folder of its own, and it runs", async () => {
    const cacheDir = path.join(root, 'cache');
    // Debian's hidden the way the bare-machine check hides it: /dev/null is no executable file.
    const options = { env: {}, debianPath: '/dev/null', cacheDir };
    const found = resolveChromium(options);
    expect(found.source).toBe('npm');
    expect(path.dirname(path.dirname(found.executablePath))).toBe(cacheDir);
    expect(found.args).toEqual(NPM_CHROMIUM_ARGS);
    expect(found.args).not.toContain('--disable-web-security');
    expect(found.env.FONTCONFIG_PATH).toBe(path.join(path.dirname(found.executablePath), 'fonts'));
    expect(execFileSync(found.executablePath, ['--version'], { encoding: 'utf8' })).toMatch(
      /^Chromium \d+\./,
    );
    // Only the version's folder is left: no staging folder, nothing in a shared /tmp.
    expect(await readdir(cacheDir)).toEqual([path.basename(path.dirname(found.executablePath))]);

    const unpackedAt = (await stat(found.executablePath)).mtimeMs;
    expect(resolveChromium(options)).toEqual(found);
    expect((await stat(found.executablePath)).mtimeMs).toBe(unpackedAt);
  }, 60_000);
});
