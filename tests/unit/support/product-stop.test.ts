// stopProductProcess: when the start script does not stop in time, every process it had started
// goes, also those in process groups of their own whose leader had already exited (the room
// server's workerd after `partykit dev` went); and a pid that now names another process (the
// script gone, its pid given again) is never signalled.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  identify,
  processTree,
  signalEach,
  stillRunning,
  treeOf,
  type ProcessId,
} from '#tests/support/process-tree.ts';
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

async function started(
  code: string,
  size: number,
): Promise<{ script: ProcessId; tree: ProcessId[] }> {
  const child = spawn(process.execPath, ['-e', code], { detached: true, stdio: 'ignore' });
  const script = await identify(child.pid!);
  if (!script) throw new Error('the script did not start');
  const tree = await waitFor(
    `${size} processes`,
    async () => ((await processTree(script.pid)).length === size ? treeOf(script) : null),
    10_000,
    20,
  );
  return { script, tree };
}

async function running(tree: ProcessId[]): Promise<number[]> {
  const live: number[] = [];
  for (const member of tree) if (await stillRunning(member)) live.push(member.pid);
  return live;
}

describe('stopProductProcess', () => {
  it('kills what a start script that did not stop in time leaves behind, in every group', async () => {
    const { script, tree } = await started(SCRIPT, 3);
    try {
      await stopProductProcess(script, 500);
      await waitFor(
        'the tree gone',
        async () => (await running(tree)).length === 0 || null,
        5_000,
        20,
      ).catch(() => undefined);
      expect(await running(tree), 'left running').toEqual([]);
    } finally {
      await signalEach(tree, 'SIGKILL');
    }
  }, 20_000);

  it('never signals a pid that names another process now', async () => {
    // A process that dies on SIGTERM, named as if it were an earlier process given the same pid.
    const { script, tree } = await started('setInterval(() => {}, 1000);', 1);
    try {
      await stopProductProcess({ pid: script.pid, startTime: script.startTime - 1 }, 200);
      expect(await running(tree), 'still running').toEqual([script.pid]);
    } finally {
      await signalEach(tree, 'SIGKILL');
    }
  }, 20_000);
});
