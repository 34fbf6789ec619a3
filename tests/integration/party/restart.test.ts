// Killing `partykit dev` (SIGKILL to its process group) at every stage of a game and starting it again
// on the same storage folder resumes the same game: same deadlines, same next roll, and one
// acknowledged settlement. Checked against an uninterrupted replay of the same seeds and intents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiceRollEntry, LogEntry } from '#game/log.ts';
import { TIME_OPTIONS_MINUTES } from '#game/room-options.ts';
import { startBot, type Bot } from '#tests/support/bot.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { mustConnect, stateOf, type TestClient, type WireState } from '#tests/support/ws-client.ts';
import {
  eventually,
  makeRoom,
  sleep,
  startEnvironment,
  type Environment,
} from './support/environment';
import { gameOf, intentsOf, replay, rollProblems } from './support/replay';

// The turn timer → 400 ms, the countdown → 100 ms: turns fall due while the server is down. The game
// is the longest there is, 60 minutes → 72 s, so that it is still running after the first two
// restarts however slow they are: on a 2-core machine beside a second suite, a 10-minute game (12 s)
// ended while partykit dev restarted in the countdown.
const TIME_SCALE = 0.02;
const GAME_MINUTES = Math.max(...TIME_OPTIONS_MINUTES);

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: TIME_SCALE });
});

afterAll(async () => {
  await env?.close();
});

const latestState = (client: TestClient): WireState | undefined => {
  const states = client.messages.filter((m) => m.type === 'state');
  const last = states[states.length - 1];
  return last ? stateOf(last) : undefined;
};

describe('restarts of the room server', () => {
  it('resumes the same game after kills while waiting, in the countdown, mid-turn and at the end', async () => {
    const room = makeRoom({ players: ['ann', 'ben'], timeMinutes: GAME_MINUTES });
    let bots: Bot[] = [];
    const startBots = async (mode: 'play' | 'idle') => {
      bots = await Promise.all(
        ['ann', 'ben'].map((uid, i) =>
          startBot({
            url: env.ticketUrl(room.roomId, uid),
            uid,
            mode,
            random: seededRandom(i + 7),
            buyChance: 0.7,
          }),
        ),
      );
    };
    const watch = async () => {
      const client = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
      await client.waitFor((m) => m.type === 'state');
      return client;
    };

    // 1. Waiting, one seat of two: restored from storage, not pulled from the site again.
    await env.putRoom({ ...room, seats: room.seats.slice(0, 1) });
    const first = await watch();
    expect(latestState(first)).toMatchObject({ status: 'waiting', joinedOrder: ['ann'] });
    const pullsBefore = env.site.pulls.get(room.roomId) ?? 0;
    await env.restartParty();
    let watcher = await watch();
    expect(latestState(watcher)).toMatchObject({ status: 'waiting', joinedOrder: ['ann'] });
    expect(env.site.pulls.get(room.roomId) ?? 0).toBe(pullsBefore);

    // 2. In the countdown: the last seat fills, the server dies at once.
    await env.putRoom({ ...room, status: 'active' });
    const countdown = await watcher.waitFor(
      (m) => m.type === 'state' && stateOf(m).status !== 'waiting',
    );
    const countdownEndsAt = stateOf(countdown).countdownEndsAt;
    expect(countdownEndsAt).not.toBeNull();
    await env.restartParty();

    // The turns that passed while it was down were rolled for the players, at their deadlines.
    watcher = await watch();
    const resumed = latestState(watcher)!;
    expect(resumed.status).toBe('active');
    expect(resumed.countdownEndsAt).toBe(countdownEndsAt);
    const gameEndTime = resumed.gameEndTime;
    expect(gameEndTime).not.toBeNull();

    // 3. Mid-turn: the bots play a few rolls, then idle; the server dies with a turn pending.
    await startBots('play');
    await watcher.waitFor(
      (m) => m.type === 'state' && (stateOf(m).lastRoll?.nonce ?? 0) >= 8,
      10_000,
    );
    for (const bot of bots) bot.setMode('idle');
    // Die at a random moment of the pending turn (a turn lasts 400 ms here).
    await sleep(100 + Math.floor(Math.random() * 250));
    const beforeKill = latestState(watcher)!;
    expect(beforeKill.status).toBe('active');
    const pending = {
      player: beforeKill.turn!.currentPlayer!,
      deadline: beforeKill.turn!.deadline!,
    };
    const nextNonce = (beforeKill.lastRoll?.nonce ?? -1) + 1;
    await env.restartParty();
    watcher = await watch();
    expect(latestState(watcher)!.gameEndTime).toBe(gameEndTime);
    await startBots('play');

    // 4. At the end, before the site has the settlement: the site is down, then the server dies.
    env.site.setDown(true);
    const ended = stateOf(
      await watcher.waitFor(
        (m) => m.type === 'state' && stateOf(m).status === 'ended',
        Math.max(0, gameEndTime! - Date.now()) + 20_000,
      ),
    );
    await eventually(() => env.site.settlementCalls.some((c) => c.roomId === room.roomId));
    await Promise.all(bots.map((bot) => bot.close()));
    await env.restartParty();
    env.site.setDown(false);
    // A dev server does not keep alarms across its own restarts: the next visit wakes the room,
    // which retries the overdue settlement at once.
    watcher = await watch();
    expect(gameOf(latestState(watcher)! as never)).toEqual(gameOf(ended as never));
    await eventually(() => env.site.acknowledged(room.roomId).length === 1, 15_000);

    const [settlement] = env.site.acknowledged(room.roomId);
    const logs = settlement!.body.logs as LogEntry[];
    expect(rollProblems(room, logs)).toEqual([]);

    // The roll that was pending at the kill happened at its own deadline, for the same player.
    const next = logs.find(
      (e): e is DiceRollEntry => e.type === 'dice_roll' && e.nonce === nextNonce,
    );
    expect(next).toMatchObject({ player: pending.player, auto: true, timestamp: pending.deadline });

    // An uninterrupted replay of the same seeds and intents ends in the same game.
    const replayed = replay(room, {
      timeScale: TIME_SCALE,
      countdownEndsAt: countdownEndsAt!,
      intents: intentsOf(logs),
      until: gameEndTime!,
    });
    expect(replayed.logs).toEqual(logs);
    expect(gameOf(replayed.view)).toEqual(gameOf(ended as never));
    expect(settlement!.body).toMatchObject({
      winners: ended.result!.winners,
      statements: ended.result!.statements,
      endTime: gameEndTime,
    });

    // Acknowledged once; nothing more is sent.
    const calls = env.site.settlementCalls.filter((c) => c.roomId === room.roomId).length;
    await sleep(2_000);
    expect(env.site.acknowledged(room.roomId)).toHaveLength(1);
    expect(env.site.settlementCalls.filter((c) => c.roomId === room.roomId)).toHaveLength(calls);
    await watcher.close();
  }, 240_000); // a 72 s game and four restarts of partykit dev: slow on a loaded 2-core machine

  it('still tells a reconnecting player of the rematch the site pushed before the restart', async () => {
    const room = makeRoom({ players: ['ann'], maxPlayers: 3 });
    const rematch = { roomId: 'rematch-after-restart', hostId: 'ben', hostName: 'Ben' };
    await env.putRoom(room);
    await env.putRoom({ ...room, rematch });
    const ann = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    await ann.waitFor((m) => m.type === 'state' && stateOf(m).rematch?.roomId === rematch.roomId);
    await ann.close();
    const pullsBefore = env.site.pulls.get(room.roomId) ?? 0;

    await env.restartParty();
    const back = await mustConnect(env.ticketUrl(room.roomId, 'ann'));
    const first = stateOf(await back.waitFor((m) => m.type === 'state'));
    expect(first.rematch).toEqual(rematch);
    // From the room's own storage: the site was not asked again.
    expect(env.site.pulls.get(room.roomId) ?? 0).toBe(pullsBefore);
    await back.close();
  }, 60_000);
});
