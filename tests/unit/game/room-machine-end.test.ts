/**
 * The room machine at the end of a game, and its purity: a pure `transition()` run and a
 * restart from a persisted snapshot.
 */
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyActorRef } from 'xstate';
import { lessonsOf } from '#game/lesson.ts';
import { nextDeadline, roomMachine, type RoomEmitted, type RoomEvent } from '#game/room-machine.ts';
import { roomViewSchema } from '#game/protocol.ts';
import { toView } from '#game/view.ts';
import { roomInput, seats, startRoom, T0, logsOf, activeRoom, tickUntil, ctx } from './helpers';

describe('room machine: the end', () => {
  function startedRoom() {
    const room = activeRoom({ timeMinutes: 1 });
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 6000 });
    return room;
  }

  it('ends at gameEndTime mid-turn, fixes the result and lets offers lapse', () => {
    const room = startedRoom();
    const end = T0 + 6000 + 60_000;
    expect(ctx(room).gameEndTime).toBe(end);
    // The last turn deadline before the end is T0 + 6000 + 40_000 + … ; tick just before the end.
    room.actor.send({ type: 'TICK', now: end - 1 });
    expect(room.actor.getSnapshot().value).toBe('active');
    room.emitted.length = 0;
    room.actor.send({ type: 'TICK', now: end });
    const snapshot = room.actor.getSnapshot();
    expect(snapshot.value).toBe('ended');
    expect(snapshot.context.game?.pendingPurchase).toBeNull();
    expect(snapshot.context.turnDeadline).toBeNull();
    expect(nextDeadline(snapshot)).toBeNull();
    const result = snapshot.context.result;
    expect(result?.endTime).toBe(end);
    expect(result?.totalPotNgwee).toBe(9000);
    expect(result?.winnerShareNgwee).toBe(7200 - (7200 % (result?.winners.length ?? 1)));
    expect(room.emitted).toEqual([{ type: 'changed' }, { type: 'finished', result }]);
  });

  it('writes every seat its lesson into the result and the view', () => {
    const room = startedRoom();
    tickUntil(room, () => room.actor.getSnapshot().value === 'ended');
    const { result, game } = ctx(room);
    expect(Object.keys(result?.lessons ?? {})).toEqual(['p1', 'p2', 'p3']);
    expect(result?.lessons).toEqual(
      lessonsOf({
        joinedOrder: game?.joinedOrder ?? [],
        players: game?.players ?? {},
        statements: result?.statements ?? {},
        winners: result?.winners ?? [],
      }),
    );
    const view = roomViewSchema.parse(toView(room.actor.getSnapshot(), { spectators: 0 }));
    expect(view.result?.lessons).toEqual(result?.lessons);
  });

  it('lets an open offer lapse when the game ends', () => {
    const room = activeRoom();
    tickUntil(room, () => ctx(room).game?.pendingPurchase != null);
    const persisted = JSON.parse(JSON.stringify(room.actor.getPersistedSnapshot()));
    const end = (persisted.context.turnDeadline as number) - 1;
    persisted.context.gameEndTime = end;
    const actor = createActor(roomMachine, { snapshot: persisted, input: roomInput() }).start();
    actor.send({ type: 'TICK', now: end });
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.game?.pendingPurchase).toBeNull();
    const holder = persisted.context.game.pendingPurchase as string;
    const emitted: RoomEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.send({ type: 'BUY_TRUCK', by: holder, now: end + 1 });
    expect(emitted).toEqual([{ type: 'refused', by: holder, code: 'game_over' }]);
  });

  it('ends first when the turn deadline falls exactly on the end', () => {
    const room = activeRoom({ timeMinutes: 1 });
    room.actor.send({ type: 'TICK', now: T0 + 25_000 }); // auto-roll starts the clock at T0 + 25 000
    const end = T0 + 25_000 + 60_000; // turn deadlines at +20, +40, +60 s: the third equals the end
    room.actor.send({ type: 'TICK', now: end + 100_000 });
    const rolls = logsOf(room.emitted).filter((e) => e.type === 'dice_roll');
    expect(rolls.every((r) => r.timestamp < end)).toBe(true);
    expect(rolls.at(-1)?.timestamp).toBe(end - 20_000);
    expect(ctx(room).result?.endTime).toBe(end);
  });

  it('a roll at gameEndTime ends the game instead', () => {
    const room = startedRoom();
    const end = ctx(room).gameEndTime as number;
    // Shift the turn deadlines off the end (60 s is a multiple of the 20 s timer).
    room.actor.send({ type: 'ROLL', by: ctx(room).game?.turn.currentPlayer ?? '', now: T0 + 7000 });
    tickUntil(room, () => (ctx(room).turnDeadline as number) > end);
    const by = ctx(room).game?.turn.currentPlayer as string;
    const nonce = ctx(room).nonce;
    room.emitted.length = 0;
    room.actor.send({ type: 'ROLL', by, now: end });
    expect(room.actor.getSnapshot().value).toBe('ended');
    expect(ctx(room).nonce).toBe(nonce);
    expect(room.emitted.map((e) => e.type)).toEqual(['changed', 'finished', 'refused']);
    expect(room.emitted.at(-1)).toEqual({ type: 'refused', by, code: 'game_over' });
  });

  it.each(['ROLL', 'BUY_TRUCK', 'DECLINE_TRUCK'] as const)('refuses %s once ended', (type) => {
    const room = startedRoom();
    room.actor.send({ type: 'TICK', now: T0 + 1_000_000 });
    const before = ctx(room);
    room.emitted.length = 0;
    room.actor.send({ type, by: 'p2', now: T0 + 1_000_001 });
    expect(room.emitted).toEqual([{ type: 'refused', by: 'p2', code: 'game_over' }]);
    expect(ctx(room)).toBe(before);
    room.actor.send({ type: 'PRESENCE', uid: 'p2', connected: true, now: T0 + 1_000_002 });
    expect(ctx(room).connected).toEqual({ p2: true });
  });

  it('ignores seat changes once the countdown has begun', () => {
    const room = startedRoom();
    const before = ctx(room);
    room.actor.send({ type: 'SEATS', seats: seats(2), closed: true, now: T0 + 7000 });
    expect(room.actor.getSnapshot().value).toBe('active');
    expect(ctx(room)).toBe(before);
  });
});

describe('room machine: purity and restarts', () => {
  function emittedFrom(actions: { type: string; params?: unknown }[]): RoomEmitted[] {
    return actions
      .filter((a) => a.type === 'xstate.emit')
      .map((a) => (a.params as { event: RoomEmitted }).event);
  }

  /** A whole game's events, with deadlines taken from the snapshot (a simulated alarm). */
  function script(): ((context: ReturnType<typeof ctx>) => RoomEvent)[] {
    const steps: ((context: ReturnType<typeof ctx>) => RoomEvent)[] = [
      () => ({ type: 'SEATS', seats: seats(3), now: T0 }),
      () => ({ type: 'PRESENCE', uid: 'p1', connected: true, now: T0 + 1 }),
      () => ({ type: 'TICK', now: T0 + 5000 }),
    ];
    for (let i = 0; i < 80; i++) {
      steps.push((c) => {
        const now = (c.turnDeadline ?? T0) - (i % 3 === 0 ? 0 : 7000);
        const pending = c.game?.pendingPurchase;
        if (pending && i % 2 === 0) return { type: 'BUY_TRUCK', by: pending, now };
        if (pending) return { type: 'DECLINE_TRUCK', by: pending, now };
        if (i % 3 === 0) return { type: 'TICK', now };
        return { type: 'ROLL', by: c.game?.turn.currentPlayer ?? 'p1', now };
      });
    }
    steps.push(() => ({ type: 'TICK', now: T0 + 100 * 60_000 }));
    return steps;
  }

  it('gives the same snapshots through the pure transition() as through an actor', () => {
    const room = startRoom(roomInput({ timeMinutes: 30 }));
    let [snapshot] = initialTransition(roomMachine, roomInput({ timeMinutes: 30 }));
    const pureEmitted: RoomEmitted[] = [];
    for (const step of script()) {
      const event = step(snapshot.context);
      room.actor.send(event);
      const [next, actions] = transition(roomMachine, snapshot, event);
      pureEmitted.push(...emittedFrom(actions));
      snapshot = next;
      expect(snapshot.context).toEqual(ctx(room));
      expect(snapshot.value).toEqual(room.actor.getSnapshot().value);
    }
    expect(snapshot.value).toBe('ended');
    expect(pureEmitted).toEqual(room.emitted);
  });

  it('restarts from a persisted snapshot mid-game and continues exactly as an uninterrupted twin', () => {
    const input = roomInput({ timeMinutes: 30 });
    const twin = startRoom(input);
    let restarted = startRoom(input);
    const steps = script();
    const cut = 40;
    steps.slice(0, cut).forEach((step) => {
      twin.actor.send(step(ctx(twin)));
      restarted.actor.send(step(ctx(restarted)));
    });
    expect(restarted.actor.getSnapshot().value).toBe('active');
    expect(ctx(restarted).nonce).toBeGreaterThan(5);

    const stored = JSON.stringify(restarted.actor.getPersistedSnapshot());
    (restarted.actor as AnyActorRef).stop();
    const actor = createActor(roomMachine, { snapshot: JSON.parse(stored), input });
    const emitted: RoomEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    restarted = { actor, emitted };
    twin.emitted.length = 0;

    steps.slice(cut).forEach((step) => {
      twin.actor.send(step(ctx(twin)));
      restarted.actor.send(step(ctx(restarted)));
    });
    expect(restarted.emitted).toEqual(twin.emitted);
    expect(logsOf(twin.emitted).length).toBeGreaterThan(10);
    expect(restarted.actor.getSnapshot().value).toBe('ended');
    expect(ctx(restarted)).toEqual(ctx(twin));
    expect(ctx(restarted).result).not.toBeNull();
  });
});
