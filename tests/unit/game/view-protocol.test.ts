import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  intentEvent,
  parseClientMessage,
  parseServerMessage,
  roomViewSchema,
  type ServerMessage,
} from '#game/protocol.ts';
import { ROOM_ERROR_MESSAGES } from '#game/messages.ts';
import { hashServerSeed } from '#game/dice.ts';
import type { logEntrySchema, LogEntry } from '#game/log.ts';
import { nextDeadline, type RoomEmitted } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import { SEED, roomInput, seats, startRoom } from './helpers';

const T0 = 1_700_000_000_000;

function playedRoom() {
  const room = startRoom(roomInput({ timeMinutes: 1, stakeNgwee: 3050 }));
  room.actor.send({ type: 'SEATS', seats: seats(3), now: T0 });
  room.actor.send({ type: 'PRESENCE', uid: 'p2', connected: true, now: T0 });
  return room;
}

describe('toView', () => {
  it('shows a waiting room with its seats and no seed', () => {
    const { actor } = startRoom();
    actor.send({ type: 'SEATS', seats: seats(2), now: T0 });
    actor.send({ type: 'PRESENCE', uid: 'p1', connected: true, now: T0 });
    const view = toView(actor.getSnapshot(), { spectators: 4 });
    expect(roomViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      roomId: 'room-1',
      status: 'waiting',
      stake: 30,
      timeMinutes: 10,
      maxPlayers: 3,
      joinedOrder: ['p1', 'p2'],
      turn: { currentPlayer: null, round: 0, deadline: null },
      countdownEndsAt: null,
      gameStartTime: null,
      gameEndTime: null,
      pendingPurchase: null,
      lastRoll: null,
      spectators: 4,
      result: null,
      fairness: {
        serverSeedHash: hashServerSeed(SEED),
        clientSeed: 'client-1:client-2',
        serverSeed: null,
      },
    });
    expect(view.participants.p1).toEqual({
      name: 'Player 1',
      position: -1,
      balance: 5100,
      trucks: 1,
      color: 'red',
      homeBox: 'box2',
      revenue: {},
      expenses: {},
      tax: 0,
      connected: true,
    });
    expect(view.participants.p2?.connected).toBe(false);
    expect(Object.keys(view.boardState)).toHaveLength(20);
    expect(view.boardState.box2).toEqual({ owner: 'p1', trucks: 1 });
    expect(view.boardState.box6).toEqual({ owner: 'p2', trucks: 1 });
    expect(view.boardState.box9).toEqual({ owner: null, trucks: 0 });
    expect(view.boardState.box20).toEqual({ owner: null, trucks: 0 });
  });

  it('never carries the server seed before the end, and reveals it after', () => {
    const room = playedRoom();
    const seen: string[] = [];
    const check = () => {
      const view = toView(room.actor.getSnapshot(), { spectators: 0 });
      seen.push(view.status);
      const json = JSON.stringify(view);
      if (view.status === 'ended') {
        expect(view.fairness.serverSeed).toBe(SEED);
      } else {
        expect(json).not.toContain(SEED);
        expect(view.fairness.serverSeed).toBeNull();
      }
      expect(roomViewSchema.parse(view)).toEqual(view);
    };
    check();
    room.actor.send({ type: 'TICK', now: T0 + 5000 });
    check();
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 6000 });
    check();
    for (let i = 0; i < 10 && nextDeadline(room.actor.getSnapshot()) !== null; i++) {
      room.actor.send({ type: 'TICK', now: nextDeadline(room.actor.getSnapshot()) as number });
      check();
    }
    expect(seen[0]).toBe('countdown');
    expect(seen).toContain('active');
    expect(seen.at(-1)).toBe('ended');
  });

  it('shows the turn, its deadline, the last roll and the players in play', () => {
    const room = playedRoom();
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 6000 });
    const { context } = room.actor.getSnapshot();
    const view = toView(room.actor.getSnapshot(), { spectators: 1 });
    expect(view.status).toBe('active');
    expect(view.turn).toEqual({
      currentPlayer: context.game?.turn.currentPlayer,
      round: 1,
      deadline: T0 + 26_000,
    });
    expect(view.lastRoll).toEqual(context.game?.lastRoll);
    expect(view.gameStartTime).toBe(T0 + 6000);
    expect(view.gameEndTime).toBe(T0 + 66_000);
    expect(view.countdownEndsAt).toBe(T0 + 5000);
    expect(view.participants.p1?.position).toBe(context.game?.players.p1?.position);
    expect(view.participants.p2?.connected).toBe(true);
  });

  it('gives the result in ZMW once ended', () => {
    const room = playedRoom();
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 6000 });
    room.actor.send({ type: 'TICK', now: T0 + 1_000_000 });
    const { context } = room.actor.getSnapshot();
    const view = toView(room.actor.getSnapshot(), { spectators: 0 });
    const n = context.result?.winners.length ?? 0;
    // pot 3 × 3050 = 9150 ngwee; 80 % = 7320; split between n winners.
    const each = Math.floor(7320 / n);
    expect(view.result).toEqual({
      winners: context.result?.winners,
      totalPot: 91.5,
      winnerShare: (each * n) / 100,
      systemShare: (9150 - each * n) / 100,
      statements: context.result?.statements,
      lessons: context.result?.lessons,
    });
    expect(view.turn.currentPlayer).toBeNull();
    expect(view.turn.deadline).toBeNull();
  });

  it('shows a closed room', () => {
    const { actor } = startRoom();
    actor.send({ type: 'SEATS', seats: [], closed: true, now: T0 });
    expect(toView(actor.getSnapshot(), { spectators: 0 }).status).toBe('closed');
  });

  it('works on a persisted snapshot as stored', () => {
    const room = playedRoom();
    room.actor.send({ type: 'ROLL', by: 'p1', now: T0 + 6000 });
    const stored = JSON.parse(JSON.stringify(room.actor.getPersistedSnapshot()));
    expect(toView(stored, { spectators: 2 })).toEqual(
      toView(room.actor.getSnapshot(), { spectators: 2 }),
    );
  });
});

describe('client messages', () => {
  it.each([
    ['{"type":"roll"}', { type: 'roll' }],
    ['{"type":"buyTruck"}', { type: 'buyTruck' }],
    [' { "type" : "declineTruck" } ', { type: 'declineTruck' }],
  ])('accepts %s', (raw, message) => {
    expect(parseClientMessage(raw)).toEqual({ ok: true, message });
  });

  it.each([
    ['not json', 'Message is not valid JSON.'],
    ['', 'Message is not valid JSON.'],
    ['{"type":"roll","value":6}', 'Unknown or malformed message.'],
    ['{"type":"setBalance","balance":1e9}', 'Unknown or malformed message.'],
    ['{"type":"join"}', 'Unknown or malformed message.'],
    ['["roll"]', 'Unknown or malformed message.'],
    ['null', 'Unknown or malformed message.'],
    ['"roll"', 'Unknown or malformed message.'],
  ])('refuses %j', (raw, reason) => {
    expect(parseClientMessage(raw)).toEqual({ ok: false, reason });
  });

  it('refuses anything above 4 KiB, counted in UTF-8 bytes', () => {
    expect(MAX_CLIENT_MESSAGE_BYTES).toBe(4096);
    const padded = (n: number, ch: string) => `{"type":"roll"}${ch.repeat(n)}`;
    const base = '{"type":"roll"}'.length;
    expect(parseClientMessage(padded(4096 - base, ' ')).ok).toBe(true);
    expect(parseClientMessage(padded(4097 - base, ' '))).toEqual({
      ok: false,
      reason: 'Message too large.',
    });
    // 1400 × "é" is 1400 UTF-16 units but 2800 bytes; 1500 × "€" is 4500 bytes.
    expect(parseClientMessage(`{"type":"roll","x":"${'é'.repeat(1400)}"}`)).toEqual({
      ok: false,
      reason: 'Unknown or malformed message.',
    });
    expect(parseClientMessage(`{"type":"roll","x":"${'€'.repeat(1500)}"}`)).toEqual({
      ok: false,
      reason: 'Message too large.',
    });
  });

  it('turns an intent into the machine event for its sender', () => {
    expect(intentEvent({ type: 'roll' }, 'p1', 5)).toEqual({ type: 'ROLL', by: 'p1', now: 5 });
    expect(intentEvent({ type: 'buyTruck' }, 'p2', 6)).toEqual({
      type: 'BUY_TRUCK',
      by: 'p2',
      now: 6,
    });
    expect(intentEvent({ type: 'declineTruck' }, 'p3', 7)).toEqual({
      type: 'DECLINE_TRUCK',
      by: 'p3',
      now: 7,
    });
  });
});

describe('server messages', () => {
  it('round-trips every message a game produces', () => {
    const room = playedRoom();
    room.actor.send({ type: 'TICK', now: T0 + 5000 });
    for (let i = 0; i < 6; i++) {
      room.actor.send({ type: 'TICK', now: nextDeadline(room.actor.getSnapshot()) as number });
    }
    room.actor.send({ type: 'ROLL', by: 'nobody', now: T0 + 100_000 });
    const messages = room.emitted.flatMap((e: RoomEmitted): ServerMessage[] => {
      if (e.type === 'log') return [{ type: 'log', entry: e.entry }];
      if (e.type === 'refused')
        return [{ type: 'error', message: ROOM_ERROR_MESSAGES[e.code], code: e.code }];
      return [];
    });
    messages.push({
      type: 'state',
      version: 1,
      state: toView(room.actor.getSnapshot(), { spectators: 0 }),
    });
    messages.push({ type: 'patch', version: 2, patch: { spectators: 1 } });
    expect(messages.length).toBeGreaterThan(6);
    for (const message of messages) {
      expect(parseServerMessage(JSON.stringify(message))).toEqual({ ok: true, message });
    }
  });

  it('refuses what the server never sends', () => {
    expect(parseServerMessage('{"type":"state","state":{}}').ok).toBe(false);
    expect(parseServerMessage('{"type":"log","entry":{"type":"dice_roll","roll":7}}').ok).toBe(
      false,
    );
    expect(parseServerMessage('{"type":"error"}').ok).toBe(false);
    expect(parseServerMessage('{').ok).toBe(false);
  });

  it('describes log entries with the same type as the rules', () => {
    expectTypeOf<z.infer<typeof logEntrySchema>>().toEqualTypeOf<LogEntry>();
  });
});
