// What `npm start` may show of its secrets: nothing on any process's command line (Linux /proc,
// readable by every local user), and no config file left behind.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { roomKeys, signRequest } from '#wire/signing.ts';
import { PARTY_CONFIG_FILE } from '#scripts/party-config.ts';

/** Every process's command line (Linux /proc), joined by spaces. */
async function commandLines(): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline) lines.push(cmdline.split('\0').join(' '));
  }
  return lines;
}

/**
 * No secret on any command line (where every local user can read it), and the room server holds
 * the derived keys: a lobby push signed with the site → room key is accepted.
 */
export async function expectSecretsOutOfProcessList(
  dataDir: string,
  partyPort: number,
): Promise<void> {
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    internalSecret: string;
  };
  const keys = roomKeys(secrets.internalSecret);
  const lines = await commandLines();
  expect(lines.some((line) => line.includes('partykit') && line.includes(' dev'))).toBe(true);
  for (const secret of [secrets.internalSecret, ...Object.values(keys)]) {
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  }
  // The room server's config file is gone once it has been read.
  expect(await readdir(dataDir)).not.toContain(PARTY_CONFIG_FILE);
  for (const name of await readdir(dataDir)) {
    const mode = (await stat(path.join(dataDir, name))).mode & 0o777;
    if (name.endsWith('.json')) expect({ name, mode }).toEqual({ name, mode: 0o600 });
  }
  const lobby = '/parties/lobby/main';
  const body = JSON.stringify({ type: 'rooms', rooms: [] });
  const push = await fetch(`http://127.0.0.1:${partyPort}${lobby}`, {
    method: 'POST',
    body,
    headers: signRequest(keys.siteToRoom, { method: 'POST', path: lobby, body, now: Date.now() }),
  });
  expect(push.status).toBe(200);
}
