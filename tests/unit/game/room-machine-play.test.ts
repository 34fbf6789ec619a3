/**
 * The room machine in play: turns, rolls, purchases, timers and refusals while active.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { nextDeadline, roomMachine, type RoomEmitted } from '#game/room-machine.ts';
import { rollDie } from '#game/dice.ts';
import { SEED, roomInput, T0, CLIENT_SEED, logsOf, activeRoom, tickUntil, ctx } from './helpers';

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
    ['p2', 'not_your_turn'],
    ['spectator', 'player_not_found'],
  ])('refuses a roll by %s and changes nothing', (by, code) => {
    const room = activeRoom();
    const before = ctx(room);
    room.actor.send({ type: 'ROLL', by, now: T0 + 6000 });
    expect(room.emitted).toEqual([{ type: 'refused', by, code }]);
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
        code: 'not_your_turn',
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
    expect(room.emitted).toEqual([{ type: 'refused', by: other, code: 'no_offer' }]);

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
    expect(room.emitted.at(-1)).toEqual({ type: 'refused', by: holder, code: 'no_offer' });
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
    expect(emitted).toEqual([{ type: 'refused', by: holder, code: 'insufficient_balance' }]);
    expect(actor.getSnapshot().context).toBe(before);
    expect(before.game?.pendingPurchase).toBe(holder);
  });
});
