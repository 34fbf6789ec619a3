// Complete games through a real `partykit dev` with bot players under a tiny GAME_TIME_SCALE
// (10 minutes → 3 s, the 20 s turn timer → 100 ms): turns, auto-rolls, a truck purchase, the end at
// the deadline, and the settlement report — including while the site is down. The first game is
// played on a held clock (docs/decisions/083) until its purchase and both kinds of roll are in, so
// that no 100 ms turn timer races a bot on a busy machine; then it runs out on its own timer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '#game/log.ts';
import { startBot } from '#tests/support/bot.ts';
import { mustConnect, stateOf, type ServerMessage } from '#tests/support/ws-client.ts';
import {
  eventually,
  makeRoom,
  sleep,
  startEnvironment,
  type Environment,
} from './support/environment';
import { gameOf, intentsOf, replay, rollProblems, rollsUntilTruckOffer } from './support/replay';
import type { FakeRoom } from '#tests/support/fake-site.ts';

const TIME_SCALE = 0.005;

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: TIME_SCALE, testClock: true });
});

afterAll(async () => {
  await env?.close();
});

const isEnded = (m: ServerMessage) => m.type === 'state' && stateOf(m).status === 'ended';
const logsOf = (messages: ServerMessage[]) =>
  messages.filter((m) => m.type === 'log').map((m) => m.entry as LogEntry);

/** A two-player room whose seeds send the first player to box20 early, so an offer is certain. */
function roomWithEarlyOffer(): FakeRoom {
  for (;;) {
    const room = makeRoom({ players: ['ann', 'ben'] });
    const rolls = rollsUntilTruckOffer(room, 0);
    if (rolls !== null && rolls <= 12) return room;
  }
}

describe('a complete game', () => {
  it('plays two bots to the end and reports one settlement whose rolls match the seeds', async () => {
    const room = roomWithEarlyOffer();
    await env.putRoom({ ...room, seats: room.seats.slice(0, 1), status: 'waiting' });
    await env.clock(room.roomId, 'hold');

    const spectator = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
    const ann = await startBot({
      url: env.ticketUrl(room.roomId, 'ann'),
      uid: 'ann',
      buyChance: 1,
    });
    // ben leaves his turns to the timer at first, then plays.
    const ben = await startBot({
      url: env.ticketUrl(room.roomId, 'ben'),
      uid: 'ben',
      mode: 'idle',
    });

    await env.putRoom({ ...room, status: 'active' });
    await spectator.waitFor((m) => m.type === 'state' && stateOf(m).status === 'countdown');
    expect(await env.clock(room.roomId, 'step')).toMatchObject({ status: 'active' });
    const rollsSoFar = () => logsOf(spectator.messages).filter((e) => e.type === 'dice_roll');
    const latestState = () =>
      spectator.messages
        .filter((m) => m.type === 'state')
        .map(stateOf)
        .at(-1);
    /**
     * Plays the held game until `done`: the bots move by themselves; once the watcher has seen every
     * roll and ann's offer (if any) is answered, ben's turn passes on his timer (a step) while he idles.
     */
    const playHeld = async (done: () => boolean, stepBen: boolean) => {
      for (let moves = 0; !done(); moves += 1) {
        expect(moves, 'moves on the held clock').toBeLessThan(200);
        const { rolls, currentPlayer } = await env.clock(room.roomId, 'read');
        await eventually(() => (latestState()?.lastRoll?.nonce ?? -1) >= rolls - 1);
        if (latestState()?.pendingPurchase === 'ann') {
          await eventually(() => done() || latestState()?.pendingPurchase !== 'ann');
        } else if (currentPlayer === 'ben' && stepBen) {
          await env.clock(room.roomId, 'step');
        } else {
          await eventually(
            async () => done() || (await env.clock(room.roomId, 'read')).rolls > rolls,
          );
        }
      }
    };

    await playHeld(
      () =>
        logsOf(spectator.messages).some((e) => e.type === 'truck_purchase' && e.player === 'ann') &&
        rollsSoFar().some((e) => e.player === 'ben' && e.auto),
      true,
    );
    ben.setMode('play');
    await playHeld(() => rollsSoFar().some((e) => e.player === 'ben' && !e.auto), false);
    // The rest of the game runs on its own timer, to its end.
    await env.clock(room.roomId, 'release');

    const ended = stateOf(await spectator.waitFor(isEnded, 20_000));
    expect(ended.result).toBeTruthy();
    expect(ended.turn?.currentPlayer).toBeNull();
    expect(ended.pendingPurchase).toBeNull();
    expect((ended.fairness as { serverSeed: string }).serverSeed).toBe(room.serverSeed);
    expect(ended.gameEndTime! - ended.gameStartTime!).toBe(room.timeMinutes * 60_000 * TIME_SCALE);

    const logs = logsOf(spectator.messages);
    const rolls = logs.filter((e) => e.type === 'dice_roll');
    expect(rollProblems(room, logs)).toEqual([]);
    expect(rolls.some((e) => e.player === 'ben' && e.auto)).toBe(true);
    expect(rolls.some((e) => e.player === 'ben' && !e.auto)).toBe(true);
    expect(rolls.some((e) => e.player === 'ann' && !e.auto)).toBe(true);
    expect(logs.some((e) => e.type === 'truck_purchase' && e.player === 'ann')).toBe(true);
    for (const entry of rolls) expect(entry.timestamp).toBeLessThan(ended.gameEndTime!);

    // The same intents replayed through the pure machine end in the same game.
    const replayed = replay(room, {
      timeScale: TIME_SCALE,
      countdownEndsAt: ended.countdownEndsAt!,
      intents: intentsOf(logs),
      until: ended.gameEndTime!,
    });
    expect(replayed.logs).toEqual(logs);
    expect(gameOf(replayed.view)).toEqual(gameOf(ended as never));

    // One settlement, acknowledged once, with everything the site needs to check it.
    const [settlement] = await eventually(() => {
      const calls = env.site.acknowledged(room.roomId);
      return calls.length > 0 && calls;
    });
    expect(settlement?.body).toMatchObject({
      roomId: room.roomId,
      joinedOrder: ['ann', 'ben'],
      endTime: ended.gameEndTime,
      winners: ended.result!.winners,
      statements: ended.result!.statements,
      boardState: ended.boardState,
    });
    expect(settlement?.body.logs).toEqual(logs);
    expect(settlement?.body.rolls).toEqual(
      rolls.map((e) => ({ nonce: e.nonce, roll: e.roll, player: e.player })),
    );
    const participants = settlement?.body.participants as Record<string, Record<string, unknown>>;
    expect(Object.keys(participants)).toEqual(['ann', 'ben']);
    expect(participants.ann?.balance).toBe(ended.participants.ann?.balance);

    // After the end: nothing changes, and the report is not sent again.
    const mark = ann.client.messages.length;
    ann.client.send(JSON.stringify({ type: 'roll' }));
    expect((await ann.client.waitFor((m) => m.type === 'error', 5_000, mark)).message).toBe(
      'The game is over.',
    );
    await sleep(1_500);
    expect(env.site.settlementCalls.filter((c) => c.roomId === room.roomId)).toHaveLength(1);
    const status = await (await fetch(`${env.party.httpUrl}/parties/main/${room.roomId}`)).json();
    expect(status).toMatchObject({ status: 'ended', settled: true, players: 2 });

    await Promise.all([ann.close(), ben.close(), spectator.close()]);
  });

  it('retries the settlement while the site is down and stops once it is acknowledged', async () => {
    const room = makeRoom({ players: ['cat', 'dan'], timeMinutes: 10 });
    // The site's push reaches the room server; the site's own endpoints answer 503.
    env.site.setDown(true);
    await env.putRoom(room);
    const cat = await startBot({ url: env.ticketUrl(room.roomId, 'cat'), uid: 'cat' });
    const dan = await startBot({ url: env.ticketUrl(room.roomId, 'dan'), uid: 'dan' });
    await cat.client.waitFor(isEnded, 20_000);

    const failed = await eventually(() => {
      const calls = env.site.settlementCalls.filter((c) => c.roomId === room.roomId);
      return calls.length >= 3 && calls;
    }, 20_000);
    expect(failed.every((c) => c.status === 503)).toBe(true);
    const gaps = failed.slice(1).map((call, i) => call.at - failed[i]!.at);
    // 1 s, then 2 s (real time, not scaled), with some slack for scheduling.
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_800);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);

    env.site.setDown(false);
    await eventually(() => env.site.acknowledged(room.roomId).length === 1, 20_000);
    const total = env.site.settlementCalls.filter((c) => c.roomId === room.roomId).length;
    await sleep(2_500);
    expect(env.site.acknowledged(room.roomId)).toHaveLength(1);
    expect(env.site.settlementCalls.filter((c) => c.roomId === room.roomId)).toHaveLength(total);
    await Promise.all([cat.close(), dan.close()]);
  });
});
