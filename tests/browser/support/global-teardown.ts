// Stops what the global setup started: SIGTERM to the start script (which stops the site and the
// room server, each in its own process group), SIGKILL to its group if it lingers.
import { rm } from 'node:fs/promises';

const GRACE_MS = 15_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const deadline = Date.now() + GRACE_MS;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // the whole group is gone
    }
  }
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && !process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
}
