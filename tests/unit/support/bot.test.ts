// The test bot (tests/support/bot.ts) checks every server message against the wire schema: a message
// that does not parse is kept, printed and fails every wait, instead of being skipped.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { toView } from '#game/view.ts';
import { startBot } from '#tests/support/bot.ts';
import { expectConsoleError } from '#tests/support/console-errors.ts';
import { seats, startRoom } from '../game/helpers';

let server: WebSocketServer | null = null;

afterEach(async () => {
  for (const socket of server?.clients ?? []) socket.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A socket server that sends `messages` to whoever connects; resolves with its URL. */
async function serve(messages: string[]): Promise<string> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server = wss;
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket) => {
    for (const message of messages) socket.send(message);
  });
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`;
}

function waitingView() {
  const { actor } = startRoom();
  actor.send({ type: 'SEATS', seats: seats(2), now: 1_700_000_000_000 });
  return toView(actor.getSnapshot(), { spectators: 0 });
}

describe('the test bot', () => {
  it('keeps each state, log and error the wire schema accepts', async () => {
    const view = waitingView();
    const url = await serve([
      JSON.stringify({ type: 'state', version: 1, state: view }),
      JSON.stringify({ type: 'error', code: 'not_your_turn', message: 'Not your turn.' }),
      JSON.stringify({ type: 'patch', version: 2, patch: { spectators: 2, lastRoll: null } }),
    ]);
    const bot = await startBot({ url, uid: 'p1' });
    expect(await bot.waitForState((s) => s.status === 'waiting', 5_000)).toEqual(view);
    // A patch is applied to the view it follows (a null stays null: game/room-sync.ts).
    expect(await bot.waitForState((s) => s.spectators === 2, 5_000)).toEqual({
      ...view,
      spectators: 2,
    });
    await expect
      .poll(() => bot.errors)
      .toEqual([{ code: 'not_your_turn', message: 'Not your turn.' }]);
    expect(bot.invalid).toEqual([]);
    await bot.close();
  });

  it('fails loudly on a message that does not match the schema', async () => {
    expectConsoleError(/^bot p1: a server message does not match the wire schema/);
    const view = waitingView();
    const broken = JSON.stringify({
      type: 'state',
      version: 2,
      state: { ...view, status: 'paused' },
    });
    const url = await serve([
      JSON.stringify({ type: 'state', version: 1, state: view }),
      broken,
      'not json',
    ]);
    const bot = await startBot({ url, uid: 'p1' });
    await expect.poll(() => bot.invalid).toEqual([broken, 'not json']);
    expect(bot.states).toEqual([view]);
    // Even a wait the valid state alone would satisfy: the run is broken.
    await expect(bot.waitForState((s) => s.status === 'waiting', 5_000)).rejects.toThrow(
      'bot p1: a server message broke the wire schema',
    );
    await bot.close();
  });
});
