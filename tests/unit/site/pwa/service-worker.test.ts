// The service worker written into a build (site/pwa/write-service-worker.ts, decision 055): its id
// follows the build's files, it lists only what a page loads, and its fetch handler leaves the API
// and foreign origins alone, answers navigations from the network and assets from the cache.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { writeServiceWorker } from '#site/pwa/write-service-worker.ts';

const folders: string[] = [];

async function clientBuild(files: string[]): Promise<string> {
  const client = await mkdtemp(path.join(os.tmpdir(), 'zed-sw-'));
  folders.push(client);
  await mkdir(path.join(client, 'assets'));
  for (const file of files) await writeFile(path.join(client, 'assets', file), '//');
  return client;
}

afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true })));
});

/** Runs the written worker with a fake `self` and returns its fetch listener's decisions. */
async function fetchDecisions(client: string, urls: { url: string; mode?: string }[]) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const self = {
    location: { origin: 'https://zed.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
  };
  vm.runInNewContext(await readFile(path.join(client, 'sw.js'), 'utf8'), { self, URL });
  return urls.map(({ url, mode = 'cors' }) => {
    let answered = false;
    listeners.fetch?.({
      request: { url, mode, method: 'GET' },
      // What the answer then is needs Cache Storage: the browser test covers it.
      respondWith: (answer: Promise<unknown>) => {
        answered = true;
        answer.catch(() => {});
      },
    });
    return answered;
  });
}

describe('writeServiceWorker', () => {
  it('names the build by its files and lists them without source maps', async () => {
    const a = await clientBuild(['entry-AAA.js', 'entry-AAA.js.map', 'base-BBB.css']);
    const b = await clientBuild(['entry-AAA.js', 'base-BBB.css']);
    const c = await clientBuild(['entry-CCC.js', 'base-BBB.css']);
    const [idA, idB, idC] = await Promise.all([a, b, c].map((dir) => writeServiceWorker(dir)));
    expect(idA).toBe(idB);
    expect(idC).not.toBe(idA);
    const source = await readFile(path.join(a, 'sw.js'), 'utf8');
    expect(source.startsWith(`const BUILD = "${idA}";\n`)).toBe(true);
    expect(source).toContain('const ASSETS = ["/assets/base-BBB.css","/assets/entry-AAA.js"];');
  });

  it('answers its own assets and navigations, and never the API or another origin', async () => {
    const client = await clientBuild(['entry-AAA.js']);
    await writeServiceWorker(client);
    const answered = await fetchDecisions(client, [
      { url: 'https://zed.example/assets/entry-AAA.js' },
      { url: 'https://zed.example/rentalgame/dashboard', mode: 'navigate' },
      { url: 'https://zed.example/api/me' },
      { url: 'https://zed.example/api/wallet/payments/1' },
      { url: 'https://zed.example/assets/entry-OLD.js' },
      { url: 'https://party.example/parties/main/room', mode: 'cors' },
      { url: 'https://zed.example/manifest.webmanifest' },
    ]);
    expect(answered).toEqual([true, true, false, false, false, false, false]);
  });
});
