// The test clock through a real `partykit dev` given `TEST_CLOCK_KEY` (docs/decisions/083): a held
// room's clock stops once the room waits for it, so no countdown ends, no turn timer rolls and no
// game ends until the test steps it; every step is the room's next deadline, processed as it would
// have been on time; released, the game runs to its end, and its log is still one the site pays for
// (decision 021). A held clock survives a SIGKILL of the room server. The call is signed with its
// own key and refused like the site's calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiceRollEntry, LogEntry } from '#game/log.ts';
import { scaled, TURN_MS } from '#game/timing.ts';
import { checkTimeline } from '#site/server/rooms/report-timing.ts';
import type { TestClockCall } from '#wire/test-clock.ts';
import { startBot } from '#tests/support/bot.ts';
import { postTestClock } from '#tests/support/test-clock.ts';
import { mustConnect, stateOf, type ServerMessage } from '#tests/support/ws-client.ts';
import {
  eventually,
  makeRoom,
  sleep,
  startEnvironment,
  type Environment,
} from './support/environment';

// 10 minutes → 12 s, the turn timer → 400 ms, the countdown → 100 ms.
const TIME_SCALE = 0.02;
const TURN = scaled(TURN_MS, TIME_SCALE);

let env: Environment;

beforeAll(async () => {
  env = await startEnvironment({ timeScale: TIME_SCALE, testClock: true });
});

afterAll(async () => {
  await env?.close();
});

const clock = (roomId: string, action: TestClockCall['action']) => env.clock(roomId, action);

const isState = (status: string) => (m: ServerMessage) =>
  m.type === 'state' && stateOf(m).status === status;
const rollsOf = (messages: ServerMessage[]) =>
  messages
    .filter((m) => m.type === 'log' && (m.entry as LogEntry).type === 'dice_roll')
    .map((m) => m.entry as DiceRollEntry);

describe('the test clock', () => {
  it('refuses a call not signed with its key, a body not its shape, a room the site does not know, and a step while it runs', async () => {
    const room = makeRoom({ players: ['ann'], maxPlayers: 2 });
    await env.putRoom(room);
    const post = (key: string, roomId: string, body: unknown) =>
      postTestClock(env.party.httpUrl, key, roomId, body);

    for (const key of [env.keys.siteToRoom, env.secret]) {
      const answer = await post(key, room.roomId, { action: 'hold' });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
    }
    const invalid = await post(env.testClockKey, room.roomId, { action: 'pause' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'Invalid body', code: 'invalid_body' });
    const unknown = await post(env.testClockKey, makeRoom({ players: ['x'] }).roomId, {
      action: 'hold',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Room not found', code: 'room_not_found' });
    const running = await post(env.testClockKey, room.roomId, { action: 'step' });
    expect(running.status).toBe(409);
    expect(await running.json()).toEqual({
      error: 'The clock is not standing still',
      code: 'clock_running',
    });
  });

  it('held from the waiting room: stops with the countdown, steps deadline by deadline, and the released game ends as the site expects', async () => {
    const room = makeRoom({ players: ['ann', 'ben'] });
    await env.putRoom({ ...room, seats: room.seats.slice(0, 1) });
    // Nothing waits for the clock yet: it holds, but runs on.
    expect(await clock(room.roomId, 'hold')).toMatchObject({
      held: true,
      stopped: false,
      next: null,
    });

    const spectator = await mustConnect(env.ticketUrl(room.roomId, 'watcher'));
    const ann = await startBot({
      url: env.ticketUrl(room.roomId, 'ann'),
      uid: 'ann',
      mode: 'idle',
    });
    const ben = await startBot({
      url: env.ticketUrl(room.roomId, 'ben'),
      uid: 'ben',
      mode: 'idle',
    });
    const filledAt = Date.now();
    await env.putRoom(room);
    const counting = stateOf(await spectator.waitFor(isState('countdown')));

    // The countdown stands still: many times its length later, it has not ended.
    const stopped = await clock(room.roomId, 'hold');
    expect(stopped).toMatchObject({ held: true, stopped: true, next: counting.countdownEndsAt });
    await sleep(20 * scaled(5_000, TIME_SCALE));
    expect(await clock(room.roomId, 'hold')).toEqual(stopped);
    expect(spectator.messages.some(isState('active'))).toBe(false);

    // A step ends the countdown at its own time; the first turn's timer stands still.
    const dealt = await clock(room.roomId, 'step');
    expect(dealt).toMatchObject({
      status: 'active',
      stopped: true,
      now: counting.countdownEndsAt,
      currentPlayer: 'ann',
      rolls: 0,
    });
    const active = stateOf(await spectator.waitFor(isState('active')));
    expect(active.turn).toMatchObject({ currentPlayer: 'ann', deadline: dealt.now + TURN });
    expect(dealt.next).toBe(dealt.now + TURN);
    await sleep(5 * TURN);
    expect(rollsOf(spectator.messages)).toEqual([]);

    // A player's roll while it stands still is stamped with its time.
    ann.send('roll');
    await spectator.waitFor((m) => rollsOf([m]).length === 1);
    expect(rollsOf(spectator.messages)[0]).toMatchObject({
      player: 'ann',
      auto: false,
      timestamp: dealt.now,
    });
    // A step is the next turn's timer (ben's, or ann's again after a 6): the automatic roll exactly
    // on it. Reading changes nothing.
    const turn = await clock(room.roomId, 'read');
    expect(turn).toMatchObject({ stopped: true, now: dealt.now, rolls: 1 });
    expect(await clock(room.roomId, 'read')).toEqual(turn);
    const timer = await clock(room.roomId, 'step');
    expect(timer).toMatchObject({ now: dealt.now + TURN, rolls: 2 });
    await spectator.waitFor((m) => rollsOf([m]).length === 1 && rollsOf([m])[0]?.auto === true);
    expect(rollsOf(spectator.messages)[1]).toMatchObject({
      player: turn.currentPlayer,
      auto: true,
      timestamp: timer.now,
    });

    // Released, the game runs on from there to its end, and settles.
    ann.setMode('play');
    ben.setMode('play');
    const released = await clock(room.roomId, 'release');
    expect(released).toMatchObject({ held: false, stopped: false });
    expect(released.now).toBeGreaterThanOrEqual(timer.now);
    expect(released.now).toBeLessThan(Date.now());
    const ended = stateOf(await spectator.waitFor(isState('ended'), 30_000));
    expect(ended.gameEndTime! - ended.gameStartTime!).toBe(room.timeMinutes * 60_000 * TIME_SCALE);
    const [report] = await eventually(() => {
      const calls = env.site.acknowledged(room.roomId);
      return calls.length > 0 && calls;
    });
    // The log is still one the site pays for: the same checks the site makes before paying.
    expect(
      checkTimeline({
        logs: report!.body.logs as unknown[],
        reportedEndTime: report!.body.endTime as number,
        timeMinutes: room.timeMinutes,
        timeScale: TIME_SCALE,
        filledAt,
        now: Date.now(),
      }),
    ).toEqual({ ok: true });
    await Promise.all([ann.close(), ben.close(), spectator.close()]);
  });

  it('stays held where it stood across a SIGKILL of the room server', async () => {
    const room = makeRoom({ players: ['cat', 'dan'] });
    await env.putRoom(room);
    const cat = await startBot({
      url: env.ticketUrl(room.roomId, 'cat'),
      uid: 'cat',
      mode: 'idle',
    });
    await cat.waitForState((state) => state.status === 'active');
    const held = await clock(room.roomId, 'hold');
    expect(held).toMatchObject({ held: true, stopped: true });
    await cat.close();

    await env.restartParty();
    expect(await clock(room.roomId, 'hold')).toEqual(held);
    const again = await startBot({
      url: env.ticketUrl(room.roomId, 'cat'),
      uid: 'cat',
      mode: 'idle',
    });
    const restored = await again.waitForState((state) => state.status === 'active');
    expect(restored.turn?.deadline).toBe(held.next);
    // Many turns later, nothing has moved.
    await sleep(5 * TURN);
    expect(await clock(room.roomId, 'hold')).toEqual(held);
    expect(again.latest()?.lastRoll).toEqual(restored.lastRoll);
    await again.close();
  });
});
