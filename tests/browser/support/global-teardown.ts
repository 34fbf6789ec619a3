// Stops what the global setup started and removes its data folder (E2E_KEEP_DATA keeps it).
import { rm } from 'node:fs/promises';
import { stopProductProcess } from '#tests/support/product.ts';

export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (Number.isInteger(pid) && pid > 0) await stopProductProcess(pid);
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && !process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
}
