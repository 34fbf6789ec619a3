import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensurePrivateDir, ensurePrivateFile, writePrivateFile } from '#site/server/data-dir.ts';
import { removeDir, tempDir } from '#tests/support/partykit.ts';

let root: string;
let previousUmask: number;

const modeOf = async (file: string) => (await stat(file)).mode & 0o7777;

beforeEach(async () => {
  root = await tempDir('zt-data-dir-');
  // The most careless umask there is: whatever is private below is so because the code made it so.
  previousUmask = process.umask(0);
});

afterEach(async () => {
  process.umask(previousUmask);
  vi.restoreAllMocks();
  await removeDir(root);
});

describe('ensurePrivateDir', () => {
  it('creates a missing folder, and its missing parents, private to the user', async () => {
    const dir = path.join(root, 'srv/data');
    await ensurePrivateDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(path.join(root, 'srv'))).toBe(0o700);
  });

  it('makes an existing folder that others could read private, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = path.join(root, 'data');
    await mkdir(dir, { mode: 0o755 });
    await ensurePrivateDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain(dir);
  });

  it('leaves a private folder alone, silently', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = path.join(root, 'data');
    await mkdir(dir, { mode: 0o700 });
    await ensurePrivateDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses a shared folder such as /tmp instead of closing it to everyone else', async () => {
    const shared = path.join(root, 'shared');
    await mkdir(shared);
    await chmod(shared, 0o1777);
    await expect(ensurePrivateDir(shared)).rejects.toThrow(/shared folder/);
    expect(await modeOf(shared)).toBe(0o1777);
  });
});

describe('writePrivateFile', () => {
  it('writes a file only the user can read, in a private folder it creates', async () => {
    const file = path.join(root, 'outbox/1.eml');
    await writePrivateFile(file, 'Subject: hello\r\n');
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(path.join(root, 'outbox'))).toBe(0o700);
    expect(await readFile(file, 'utf8')).toBe('Subject: hello\r\n');
  });

  it('makes a file it replaces private too', async () => {
    const file = path.join(root, 'notes.txt');
    await writeFile(file, 'old', { mode: 0o644 });
    await writePrivateFile(file, 'new');
    expect(await modeOf(file)).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe('new');
  });

  it('with flag wx, refuses to replace a file that exists', async () => {
    const file = path.join(root, 'secrets.json');
    await writePrivateFile(file, 'first', { flag: 'wx' });
    await expect(writePrivateFile(file, 'second', { flag: 'wx' })).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(file, 'utf8')).toBe('first');
  });
});

describe('ensurePrivateFile', () => {
  it('makes an existing file that others could read private, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const file = path.join(root, 'app.db');
    await writeFile(file, '', { mode: 0o644 });
    await ensurePrivateFile(file);
    expect(await modeOf(file)).toBe(0o600);
    expect(String(warn.mock.calls[0]?.[0])).toContain(file);
  });

  it('does nothing for a file that does not exist', async () => {
    await expect(ensurePrivateFile(path.join(root, 'app.db-wal'))).resolves.toBeUndefined();
  });
});
