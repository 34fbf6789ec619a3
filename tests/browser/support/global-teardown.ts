// Stops what the global setup started and removes its data folder (E2E_KEEP_DATA keeps it).
// The product's log is kept as test-results/browser-product.log first: when a browser test fails,
// the server's side of that minute is what explains it (a request that never answered, an error).
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { stopProductProcess } from '#tests/support/product.ts';
import type { ProcessId } from '#tests/support/process-tree.ts';

const KEPT_PRODUCT_LOG = path.join('test-results', 'browser-product.log');

export default async function globalTeardown(): Promise<void> {
  const started = process.env.E2E_SERVER_PROCESS;
  if (started) await stopProductProcess(JSON.parse(started) as ProcessId);
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) return;
  await mkdir(path.dirname(KEPT_PRODUCT_LOG), { recursive: true });
  await copyFile(path.join(dataDir, 'product.log'), KEPT_PRODUCT_LOG).catch(() => undefined);
  if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
}
