import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyActorRef } from 'xstate';
import {
  MESSAGES,
  combineClientSeeds,
  lessonsOf,
  nextDeadline,
  rollDie,
  roomMachine,
  roomViewSchema,
  toView,
  type LogEntry,
  type RoomEmitted,
  type RoomEvent,
} from '../../../game';
import { SEED, roomInput, seats, startRoom } from './helpers';

const T0 = 1_700_000_000_000;
const CLIENT_SEED = combineClientSeeds(seats(3).map((s) => s.clientSeed));

type Room = ReturnType<typeof startRoom>;

function logsOf(emitted: RoomEmitted[]): LogEntry[] {
  return emitted.flatMap((e) => (e.type === 'log' ? [e.entry] : []));
}

/** A 3-player room whose countdown ended at T0 + 5000: p1 to roll, deadline T0 + 25000. */
function activeRoom(patch = {}): Room {
  const room = startRoom(roomInput(patch));
  room.actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
  room.actor.send({ type: 'TICK', now: T0 + 5000 });
  room.emitted.length = 0;
  return room;
}

/** Lets the turn timer roll until `done` holds (each TICK at the next deadline). */
function tickUntil(room: Room, done: () => boolean, limit = 2000): void {
  for (let i = 0; i < limit && !done(); i++) {
    const at = nextDeadline(room.actor.getSnapshot());
    if (at === null) throw new Error('no deadline left');
    room.actor.send({ type: 'TICK', now: at });
  }
  if (!done()) throw new Error('condition never held');
}

function ctx(room: Room) {
  return room.actor.getSnapshot().context;
}

describe('room machine: waiting', () => {
  it('starts waiting with nothing to wake up for', () => {
    const { actor } = startRoom();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(nextDeadline(actor.getSnapshot())).toBeNull();
    expect(ctx({ actor } as Room).serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes the seats the site sends, in joinedOrder', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: [{ uid: 'p1', name: 'Ann' }], now: T0 });
    actor.send({ type: 'SEATS', seats: seats(2), now: T0 + 1 });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.seats).toEqual(seats(2));
    expect(emitted).toEqual([{ type: 'changed' }, { type: 'changed' }]);
  });

  it('ignores seat lists that are too long or repeat a player', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(4), now: T0 });
    actor.send({ type: 'SEATS', seats: [...seats(1), ...seats(1)], now: T0 });
    expect(actor.getSnapshot().context.seats).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it.each(['ROLL', 'BUY_TRUCK', 'DECLINE_TRUCK'] as const)(
    'refuses %s before the start',
    (type) => {
      const { actor, emitted } = startRoom();
      actor.send({ type: 'SEATS', seats: seats(2), now: T0 });
      const before = actor.getSnapshot().context;
      actor.send({ type, by: 'p1', now: T0 + 1 });
      expect(emitted.at(-1)).toEqual({ type: 'refused', by: 'p1', message: MESSAGES.notStarted });
      expect(actor.getSnapshot().context).toBe(before);
    },
  );

  it('closes for good when the site closes the room', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(1), now: T0 });
    actor.send({ type: 'SEATS', seats: [], closed: true, now: T0 + 1 });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.seats).toEqual([]);
    expect(emitted.at(-1)).toEqual({ type: 'changed' });
    actor.send({ type: 'SEATS', seats: seats(3), now: T0 + 2 });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(nextDeadline(actor.getSnapshot())).toBeNull();
  });

  it('tracks which seated players are connected, and says so only on a change', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(2), now: T0 });
    emitted.length = 0;
    actor.send({ type: 'PRESENCE', uid: 'p1', connected: true, now: T0 });
    actor.send({ type: 'PRESENCE', uid: 'p1', connected: true, now: T0 });
    actor.send({ type: 'PRESENCE', uid: 'p2', connected: true, now: T0 });
    actor.send({ type: 'PRESENCE', uid: 'p2', connected: false, now: T0 });
    expect(actor.getSnapshot().context.connected).toEqual({ p1: true });
    expect(emitted).toHaveLength(3);
  });

  it('keeps spectators out: their presence never changes the persisted snapshot', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(2), now: T0 });
    actor.send({ type: 'PRESENCE', uid: 'p1', connected: true, now: T0 });
    emitted.length = 0;
    const before = JSON.stringify(actor.getPersistedSnapshot());
    for (let i = 0; i < 50; i++) {
      actor.send({ type: 'PRESENCE', uid: `watcher-${i}`, connected: true, now: T0 + i });
    }
    for (let i = 0; i < 50; i += 2) {
      actor.send({ type: 'PRESENCE', uid: `watcher-${i}`, connected: false, now: T0 + 100 + i });
    }
    expect(emitted).toEqual([]);
    expect(JSON.stringify(actor.getPersistedSnapshot())).toBe(before);
  });

  it('takes the presence of the newly seated from the seats event', () => {
    const { actor } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(1), now: T0 });
    actor.send({ type: 'SEATS', seats: seats(2), online: ['p2', 'watcher'], now: T0 + 1 });
    expect(actor.getSnapshot().context.connected).toEqual({ p2: true });
  });

  it('drops the presence of a player who gives up the seat', () => {
    const { actor } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(2), now: T0 });
    actor.send({ type: 'PRESENCE', uid: 'p2', connected: true, now: T0 });
    actor.send({ type: 'SEATS', seats: seats(1), now: T0 + 1 });
    expect(actor.getSnapshot().context.connected).toEqual({});
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('"p2"');
  });
});

describe('room machine: countdown', () => {
  it('starts a 5 s countdown when the last seat fills', () => {
    const { actor } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
    expect(actor.getSnapshot().value).toBe('countdown');
    expect(actor.getSnapshot().context.countdownEndsAt).toBe(T0 + 5000);
    expect(nextDeadline(actor.getSnapshot())).toBe(T0 + 5000);
  });

  it('refuses moves and waits until the countdown is over', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
    actor.send({ type: 'ROLL', by: 'p1', now: T0 + 4999 });
    actor.send({ type: 'TICK', now: T0 + 4999 });
    expect(actor.getSnapshot().value).toBe('countdown');
    expect(emitted.at(-1)).toEqual({ type: 'refused', by: 'p1', message: MESSAGES.notStarted });
  });

  it('deals the board at the end: first in joinedOrder, round 1, a 20 s turn timer', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
    actor.send({ type: 'TICK', now: T0 + 5000 });
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('active');
    expect(context.game?.turn).toEqual({ currentPlayer: 'p1', round: 1 });
    expect(context.game?.joinedOrder).toEqual(['p1', 'p2', 'p3']);
    expect(context.turnDeadline).toBe(T0 + 25_000);
    expect(context.gameStartTime).toBeNull();
    expect(context.gameEndTime).toBeNull();
    expect(nextDeadline(context)).toBe(T0 + 25_000);
    expect(emitted.at(-1)).toEqual({ type: 'changed' });
  });

  it('scales every duration by timeScale', () => {
    const room = startRoom(roomInput({ timeScale: 0.01 }));
    room.actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
    expect(ctx(room).countdownEndsAt).toBe(T0 + 50);
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 60 });
    expect(ctx(room).turnDeadline).toBe(T0 + 60 + 200);
    expect(ctx(room).gameEndTime).toBe(T0 + 60 + 6000);
  });

  it('handles a late roll after the countdown in time order: start first, then the roll', () => {
    const { actor, emitted } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
    actor.send({ type: 'ROLL', by: 'p1', now: T0 + 7000 });
    expect(actor.getSnapshot().value).toBe('active');
    expect(logsOf(emitted)[0]).toMatchObject({ type: 'dice_roll', player: 'p1', nonce: 0 });
  });
});

describe('room machine: active', () => {
  it('rolls the provably-fair die for the current player and starts the game clock', () => {
    const room = activeRoom();
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 6000 });
    const roll = rollDie(SEED, CLIENT_SEED, 0);
    expect(logsOf(room.emitted)[0]).toEqual({
      type: 'dice_roll',
      player: 'p1',
      roll,
      newPosition: roll - 1,
      extraTurn: roll === 6,
      nonce: 0,
      auto: false,
      timestamp: T0 + 6000,
    });
    expect(room.emitted.at(-1)).toEqual({ type: 'changed' });
    const context = ctx(room);
    expect(context.nonce).toBe(1);
    expect(context.gameStartTime).toBe(T0 + 6000);
    expect(context.gameEndTime).toBe(T0 + 6000 + 10 * 60_000);
    expect(context.turnDeadline).toBe(T0 + 26_000);
  });

  it('keeps the clock started by the first roll', () => {
    const room = activeRoom();
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 6000 });
    tickUntil(room, () => ctx(room).nonce === 5);
    expect(ctx(room).gameStartTime).toBe(T0 + 6000);
    expect(ctx(room).gameEndTime).toBe(T0 + 6000 + 600_000);
  });

  it.each([
    ['p2', MESSAGES.notYourTurn],
    ['spectator', MESSAGES.playerNotFound],
  ])('refuses a roll by %s and changes nothing', (by, message) => {
    const room = activeRoom();
    const before = ctx(room);
    room.actor.send({ type: 'ROLL', by, now: T0 + 6000 });
    expect(room.emitted).toEqual([{ type: 'refused', by, message }]);
    expect(ctx(room)).toBe(before);
  });

  it('rolls for a player who lets the turn timer run out', () => {
    const room = activeRoom();
    room.actor.send({ type: 'TICK', now: T0 + 24_999 });
    expect(ctx(room).nonce).toBe(0);
    room.actor.send({ type: 'TICK', now: T0 + 25_000 });
    expect(logsOf(room.emitted)[0]).toMatchObject({
      type: 'dice_roll',
      player: 'p1',
      roll: rollDie(SEED, CLIENT_SEED, 0),
      nonce: 0,
      auto: true,
      timestamp: T0 + 25_000,
    });
    expect(ctx(room).gameStartTime).toBe(T0 + 25_000);
    expect(ctx(room).turnDeadline).toBe(T0 + 45_000);
  });

  it('rolls once per passed deadline, each at its own time, when the alarm comes late', () => {
    const room = activeRoom();
    room.actor.send({ type: 'TICK', now: T0 + 25_000 + 3 * 20_000 + 5 });
    const rolls = logsOf(room.emitted).filter((e) => e.type === 'dice_roll');
    expect(rolls.map((r) => [r.nonce, r.timestamp, r.auto])).toEqual([
      [0, T0 + 25_000, true],
      [1, T0 + 45_000, true],
      [2, T0 + 65_000, true],
      [3, T0 + 85_000, true],
    ]);
    rolls.forEach((r) => expect(r.roll).toBe(rollDie(SEED, CLIENT_SEED, r.nonce)));
    expect(ctx(room).turnDeadline).toBe(T0 + 105_000);
  });

  it('processes a passed turn deadline before a late roll', () => {
    const room = activeRoom();
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 30_000 });
    const rolls = logsOf(room.emitted).filter((e) => e.type === 'dice_roll');
    expect(rolls[0]).toMatchObject({ player: 'p1', auto: true, timestamp: T0 + 25_000 });
    if (rolls[0]?.extraTurn) {
      expect(rolls[1]).toMatchObject({ player: 'p1', auto: false, nonce: 1 });
    } else {
      expect(rolls).toHaveLength(1);
      expect(room.emitted.at(-1)).toEqual({
        type: 'refused',
        by: 'p1',
        message: MESSAGES.notYourTurn,
      });
    }
  });

  it('offers a truck on box20 and lets its holder buy it', () => {
    const room = activeRoom();
    tickUntil(room, () => ctx(room).game?.pendingPurchase != null);
    const holder = ctx(room).game?.pendingPurchase as string;
    const other = ['p1', 'p2', 'p3'].find((p) => p !== holder) as string;
    const at = (nextDeadline(room.actor.getSnapshot()) as number) - 1;
    room.emitted.length = 0;

    room.actor.send({ type: 'BUY_TRUCK', by: other, now: at });
    expect(room.emitted).toEqual([{ type: 'refused', by: other, message: MESSAGES.noOffer }]);

    const trucks = ctx(room).game?.players[holder]?.trucks ?? 0;
    room.actor.send({ type: 'BUY_TRUCK', by: holder, now: at });
    expect(logsOf(room.emitted)).toEqual([
      { type: 'truck_purchase', player: holder, cost: 1500, newTrucks: trucks + 1, timestamp: at },
    ]);
    expect(ctx(room).game?.pendingPurchase).toBeNull();
    expect(ctx(room).game?.players[holder]?.trucks).toBe(trucks + 1);
  });

  it('lets the holder decline, and refuses a second answer', () => {
    const room = activeRoom();
    tickUntil(room, () => ctx(room).game?.pendingPurchase != null);
    const holder = ctx(room).game?.pendingPurchase as string;
    const at = (nextDeadline(room.actor.getSnapshot()) as number) - 1;
    room.emitted.length = 0;
    room.actor.send({ type: 'DECLINE_TRUCK', by: holder, now: at });
    expect(room.emitted).toEqual([
      {
        type: 'log',
        entry: { type: 'truck_declined', player: holder, lapsed: false, timestamp: at },
      },
      { type: 'changed' },
    ]);
    expect(ctx(room).game?.pendingPurchase).toBeNull();
    room.actor.send({ type: 'DECLINE_TRUCK', by: holder, now: at });
    expect(room.emitted.at(-1)).toEqual({ type: 'refused', by: holder, message: MESSAGES.noOffer });
  });

  it('refuses a purchase without the balance, keeping the offer open', () => {
    const room = activeRoom();
    tickUntil(room, () => ctx(room).game?.pendingPurchase != null);
    // Restore the room from its persisted snapshot with the holder's balance just short.
    const persisted = JSON.parse(JSON.stringify(room.actor.getPersistedSnapshot()));
    const holder = persisted.context.game.pendingPurchase as string;
    persisted.context.game.players[holder].balance = 1499;
    const actor = createActor(roomMachine, { snapshot: persisted, input: roomInput() }).start();
    const emitted: RoomEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    const before = actor.getSnapshot().context;
    actor.send({ type: 'BUY_TRUCK', by: holder, now: (before.turnDeadline as number) - 1 });
    expect(emitted).toEqual([
      { type: 'refused', by: holder, message: MESSAGES.insufficientBalance },
    ]);
    expect(actor.getSnapshot().context).toBe(before);
    expect(before.game?.pendingPurchase).toBe(holder);
  });
});

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
    expect(emitted).toEqual([{ type: 'refused', by: holder, message: MESSAGES.gameOver }]);
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
    expect(room.emitted.at(-1)).toEqual({ type: 'refused', by, message: MESSAGES.gameOver });
  });

  it.each(['ROLL', 'BUY_TRUCK', 'DECLINE_TRUCK'] as const)('refuses %s once ended', (type) => {
    const room = startedRoom();
    room.actor.send({ type: 'TICK', now: T0 + 1_000_000 });
    const before = ctx(room);
    room.emitted.length = 0;
    room.actor.send({ type, by: 'p2', now: T0 + 1_000_001 });
    expect(room.emitted).toEqual([{ type: 'refused', by: 'p2', message: MESSAGES.gameOver }]);
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
