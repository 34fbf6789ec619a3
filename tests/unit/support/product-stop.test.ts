// stopProductProcess when the start script does not stop in time: every process the script had
// started goes, also those in process groups of their own whose leader had already exited (the
// room server's workerd after `partykit dev` went), and nothing outside the script's tree.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isAlive, processTree } from '#tests/support/process-tree.ts';
import { stopProductProcess } from '#tests/support/product.ts';
import { waitFor } from '#tests/support/wait.ts';

// A start script that never answers SIGTERM. Its server runs in a group of its own, with a worker
// in that group; the server itself exits on SIGTERM and leaves its worker behind, as a server
// stopped half-way by a start script that was then killed.
const WORKER = `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`;
const SERVER = `
  const { spawn } = require('node:child_process');
  spawn(process.execPath, ['-e', ${JSON.stringify(WORKER)}], { stdio: 'ignore' });
  process.on('SIGTERM', () => process.exit(0));
  setInterval(() => {}, 1000);
`;
const SCRIPT = `
  const { spawn } = require('node:child_process');
  const server = spawn(process.execPath, ['-e', ${JSON.stringify(SERVER)}], { detached: true, stdio: 'ignore' });
  process.on('SIGTERM', () => process.kill(server.pid, 'SIGTERM'));
  setInterval(() => {}, 1000);
`;

describe('stopProductProcess', () => {
  it('kills what a start script that did not stop in time leaves behind, in every group', async () => {
    const script = spawn(process.execPath, ['-e', SCRIPT], { detached: true, stdio: 'ignore' });
    const pid = script.pid!;
    const tree = await waitFor(
      'the script, its server and the worker',
      async () => {
        const pids = await processTree(pid);
        return pids.length === 3 ? pids : null;
      },
      10_000,
      20,
    );
    try {
      await stopProductProcess(pid, 500);
      await waitFor(
        'every process of the tree to be gone',
        async () => tree.every((member) => !isAlive(member)) || null,
        5_000,
        20,
      ).catch(() => undefined);
      expect(tree.filter(isAlive), `left alive of ${tree.join(', ')}`).toEqual([]);
      expect(isAlive(process.pid)).toBe(true);
    } finally {
      for (const member of tree) {
        try {
          process.kill(member, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
  }, 20_000);
});
