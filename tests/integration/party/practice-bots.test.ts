// The room server moves a practice room's bots through the machine, from its one storage alarm,
// and goes on moving them after a SIGKILL and a restart on the same storage. The game's clock is
// held across the restart (docs/decisions/083), so that a slow restart cannot outlast the game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiceRollEntry, LogEntry } from '#game/log.ts';
import { mustConnect, stateOf, type TestClient } from '#tests/support/ws-client.ts';
import { eventually, makeRoom, startEnvironment, type Environment } from './support/environment';

// 5 minutes → 6 s, the turn timer → 400 ms, a bot's roll pause → 30–54 ms.
const TIME_SCALE = 0.02;
const BOTS = ['bot:balanced:1', 'bot:bold:1'];

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: TIME_SCALE, testClock: true });
});

afterAll(async () => {
  await env?.close();
});

function botRolls(client: TestClient): DiceRollEntry[] {
  return client.messages
    .filter((m) => m.type === 'log')
    .map((m) => (m as unknown as { entry: LogEntry }).entry)
    .filter((e): e is DiceRollEntry => e.type === 'dice_roll' && BOTS.includes(e.player));
}

describe('practice bots on the room server', () => {
  it('roll by themselves after their pause, and keep doing so after a restart', async () => {
    const room = makeRoom({ players: ['ann', ...BOTS], stakeNgwee: 0, timeMinutes: 5 });
    await env.putRoom({ ...room, status: 'active' });
    // Ann only watches her seat: the turn timer rolls for her; the bots roll for themselves.
    let ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    await eventually(() => botRolls(ann).filter((r) => !r.auto).length >= 4, 15_000);
    expect(ann.messages.filter((m) => m.type === 'error')).toEqual([]);
    await ann.close();
    const held = await env.clock(room.roomId, 'hold');
    const lastNonce = held.rolls - 1;

    await env.restartParty();
    ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    // Where it stood; released, the alarm moves the bots again.
    expect(await env.clock(room.roomId, 'read')).toEqual(held);
    await env.clock(room.roomId, 'release');
    await eventually(() => botRolls(ann).some((r) => !r.auto && r.nonce > lastNonce + 2), 15_000);
    const ended = await ann.waitFor(
      (m) => m.type === 'state' && stateOf(m).status === 'ended',
      20_000,
    );
    const result = stateOf(ended).result as { lessons?: Record<string, unknown[]> } | null;
    expect(Object.keys(result?.lessons ?? {})).toEqual(['ann', ...BOTS]);
    await ann.close();
  }, 60_000);
});
