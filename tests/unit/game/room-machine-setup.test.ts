/**
 * The room machine before play: waiting for seats and the countdown to the first turn.
 */
import { describe, expect, it } from 'vitest';
import { nextDeadline } from '#game/room-machine.ts';
import { roomInput, seats, startRoom, T0, type Room, logsOf, ctx } from './helpers';

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
      expect(emitted.at(-1)).toEqual({ type: 'refused', by: 'p1', code: 'not_started' });
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
    expect(emitted.at(-1)).toEqual({ type: 'refused', by: 'p1', code: 'not_started' });
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
