// The settlement report carries every log entry of a game. Its size limit on the site must hold the
// longest game a room server can report at a brisk pace, or the stakes of that game would stay
// unsettled: an hour (the longest game) rolled at 10 rolls a second, with every purchase taken.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { roomMachine } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import type { LogEntry } from '#game/log.ts';
import { buildSettlement } from '#party/room/settlement.ts';
import { CALL_BODY_LIMITS } from '#wire/site-room.ts';
import { TIME_OPTIONS_MINUTES } from '#game/room-options.ts';

const T0 = 1_700_000_000_000;

function reportOfBriskGame(players: number): { bytes: number; rolls: number } {
  const timeMinutes = Math.max(...TIME_OPTIONS_MINUTES);
  const roomId = 'abcdefghij234567';
  const actor = createActor(roomMachine, {
    input: {
      roomId,
      stakeNgwee: 1_000_000,
      timeMinutes,
      maxPlayers: players,
      serverSeed: 'ab'.repeat(32),
      timeScale: 1,
    },
  });
  const logs: LogEntry[] = [];
  actor.on('log', (event) => logs.push(event.entry));
  actor.start();
  const seats = Array.from({ length: players }, (_, i) => ({
    uid: `00000000-0000-4000-8000-00000000000${i}`,
    name: 'N'.repeat(121),
    clientSeed: 'c'.repeat(64),
  }));
  actor.send({ type: 'SEATS', seats, now: T0 });
  actor.send({ type: 'TICK', now: T0 + 5_000 });
  let now = T0 + 5_000;
  let rolls = 0;
  while (actor.getSnapshot().value === 'active') {
    now += 100;
    const { game } = actor.getSnapshot().context;
    if (game?.pendingPurchase) actor.send({ type: 'BUY_TRUCK', by: game.pendingPurchase, now });
    else if (game) {
      actor.send({ type: 'ROLL', by: game.turn.currentPlayer, now });
      rolls += 1;
    }
  }
  const snapshot = actor.getSnapshot();
  const body = buildSettlement({
    roomId,
    view: toView(snapshot, { spectators: 0 }),
    result: snapshot.context.result!,
    logs,
  });
  return { bytes: Buffer.byteLength(JSON.stringify(body)), rolls };
}

describe('the settlement report size limit', () => {
  it('holds an hour-long game rolled at 10 rolls a second, with room to spare', () => {
    const { bytes, rolls } = reportOfBriskGame(2);
    expect(rolls).toBeGreaterThan(29_000);
    expect(bytes * 2).toBeLessThanOrEqual(CALL_BODY_LIMITS.settlement);
  });
});
