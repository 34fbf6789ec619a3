// Writes the service worker into a finished client build (React Router's `buildEnd`): the template
// `service-worker.js`, after the build's id and the list of its /assets/ files. The id is a hash of
// those file names (content-hashed), so a build that changes any file is a new worker, and the
// same sources give the same bytes.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const TEMPLATE = path.join(import.meta.dirname, 'service-worker.js');
export const SERVICE_WORKER_FILE = 'sw.js';

export async function writeServiceWorker(clientDirectory: string): Promise<string> {
  const names = (await readdir(path.join(clientDirectory, 'assets'))).sort();
  const assets = names.filter((name) => !name.endsWith('.map')).map((name) => `/assets/${name}`);
  const build = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
  const template = await readFile(TEMPLATE, 'utf8');
  const source =
    `const BUILD = ${JSON.stringify(build)};\n` +
    `const ASSETS = ${JSON.stringify(assets)};\n` +
    template;
  await writeFile(path.join(clientDirectory, SERVICE_WORKER_FILE), source);
  return build;
}
