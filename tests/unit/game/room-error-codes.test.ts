/**
 * The room socket's error codes: one registry, one table of words, and the room machine refuses only
 * with a registered code (the room server turns it into the words where it goes on the wire).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ROOM_ERROR_CODES, ROOM_ERROR_MESSAGES } from '#game/messages.ts';
import { applyRoll, buyTruck, declineTruck } from '#game/rules.ts';
import { roomMachine, type RoomEmitted, type RoomEvent } from '#game/room-machine.ts';
import { activeRoom, ctx, game, roomInput, seats, startRoom, T0, tickUntil } from './helpers';

const CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

describe('room error codes', () => {
  it('gives every code its words and no words without a code', () => {
    expect(new Set(ROOM_ERROR_CODES).size).toBe(ROOM_ERROR_CODES.length);
    expect(ROOM_ERROR_CODES.every((code) => CODE.test(code))).toBe(true);
    expect(Object.keys(ROOM_ERROR_MESSAGES).sort()).toEqual([...ROOM_ERROR_CODES].sort());
    expect(Object.values(ROOM_ERROR_MESSAGES).every((words) => words.trim() !== '')).toBe(true);
  });
});

/** Every `refused` the machine emitted, as it emitted it. */
function refusals(emitted: readonly RoomEmitted[]): unknown[] {
  return emitted.filter((event) => event.type === 'refused');
}

const INTENTS = ['ROLL', 'BUY_TRUCK', 'DECLINE_TRUCK'] as const;
const SENDERS = ['p1', 'p2', 'p3', 'spectator'] as const;

/** Every intent from every sender, at `now`. */
function everyIntent(now: number): RoomEvent[] {
  return INTENTS.flatMap((type) => SENDERS.map((by) => ({ type, by, now })));
}

describe('the room machine refuses with registered codes only', () => {
  it('before the start, in play, with an offer open, short of money, at the truck limit and once ended', () => {
    const seen: unknown[] = [];

    const waiting = startRoom();
    waiting.actor.send({ type: 'SEATS', seats: seats(2), now: T0 });
    for (const event of everyIntent(T0 + 1)) waiting.actor.send(event);
    seen.push(...refusals(waiting.emitted));

    const countdown = startRoom();
    countdown.actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
    for (const event of everyIntent(T0 + 1)) countdown.actor.send(event);
    seen.push(...refusals(countdown.emitted));

    const active = activeRoom();
    for (const event of everyIntent(T0 + 5001)) active.actor.send(event);
    tickUntil(active, () => ctx(active).game?.pendingPurchase != null);
    const at = (ctx(active).turnDeadline as number) - 1;
    for (const event of everyIntent(at)) active.actor.send(event);
    seen.push(...refusals(active.emitted));

    for (const patch of [{ balance: 1499 }, { trucks: 6 }]) {
      const offered = activeRoom();
      tickUntil(offered, () => ctx(offered).game?.pendingPurchase != null);
      const persisted = JSON.parse(JSON.stringify(offered.actor.getPersistedSnapshot()));
      const holder = persisted.context.game.pendingPurchase as string;
      Object.assign(persisted.context.game.players[holder], patch);
      const actor = createActor(roomMachine, { snapshot: persisted, input: roomInput() }).start();
      const emitted: RoomEmitted[] = [];
      actor.on('*', (event) => emitted.push(event));
      actor.send({
        type: 'BUY_TRUCK',
        by: holder,
        now: (persisted.context.turnDeadline as number) - 1,
      });
      seen.push(...refusals(emitted));
    }

    const ended = activeRoom();
    ended.actor.send({ type: 'TICK', now: T0 + 1_000_000 });
    for (const event of everyIntent(T0 + 1_000_001)) ended.actor.send(event);
    seen.push(...refusals(ended.emitted));

    const codes = seen.map((refusal) => (refusal as { code?: unknown }).code);
    expect(codes.filter((code) => !ROOM_ERROR_CODES.includes(code as never))).toEqual([]);
    expect(new Set(codes)).toEqual(
      new Set([
        'not_started',
        'not_your_turn',
        'player_not_found',
        'no_offer',
        'insufficient_balance',
        'max_trucks',
        'game_over',
      ]),
    );
  });

  it('and so do the rules it applies', () => {
    const state = game(3);
    const results = [
      applyRoll(state, { by: 'p1', roll: 0, nonce: 0, auto: false, now: T0 }),
      applyRoll(state, { by: 'p1', roll: 2.5, nonce: 0, auto: false, now: T0 }),
      applyRoll(state, { by: 'p2', roll: 3, nonce: 0, auto: false, now: T0 }),
      applyRoll(state, { by: 'ghost', roll: 3, nonce: 0, auto: false, now: T0 }),
      buyTruck(state, { by: 'p1', now: T0 }),
      declineTruck(state, { by: 'ghost', now: T0 }),
    ];
    const reasons = results.map((result) => (result.ok ? null : result.code));
    expect(reasons.filter((reason) => !ROOM_ERROR_CODES.includes(reason as never))).toEqual([]);
    expect(reasons).toContain('invalid_roll');
  });
});
