import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  BUYING_HABITS,
  botSeats,
  botStyleOf,
  isBotUid,
  isPracticeView,
  nextBotMove,
  wantsTruck,
  type BotStyle,
} from '#game/bots.ts';
import { TURN_MS } from '#game/timing.ts';
import { intentEvent, type RoomView } from '#game/protocol.ts';
import { nextDeadline, roomMachine, type RoomEmitted, type RoomEvent } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import { roomInput } from './helpers';

const T0 = 1_700_000_000_000;

function viewWith(
  patch: Partial<RoomView> = {},
  me: Partial<RoomView['participants'][string]> = {},
) {
  const base: RoomView = {
    roomId: 'r',
    status: 'active',
    stake: 0,
    timeMinutes: 10,
    maxPlayers: 2,
    joinedOrder: ['u1', 'bot:bold:1'],
    participants: {
      u1: participant({}),
      'bot:bold:1': participant(me),
    },
    boardState: {},
    turn: { currentPlayer: 'u1', round: 1, deadline: T0 + TURN_MS },
    countdownEndsAt: T0 - 5_000,
    gameStartTime: T0,
    gameEndTime: T0 + 600_000,
    pendingPurchase: null,
    lastRoll: null,
    spectators: 0,
    fairness: { serverSeedHash: 'h', clientSeed: '', serverSeed: null },
    result: null,
  };
  return { ...base, ...patch };
}

function participant(patch: Partial<RoomView['participants'][string]>) {
  return {
    name: 'x',
    position: 0,
    balance: 5_100,
    trucks: 1,
    color: 'red' as const,
    homeBox: 'box2' as const,
    revenue: {},
    expenses: {},
    tax: 0,
    connected: true,
    ...patch,
  };
}

describe('bot seats', () => {
  it('names and numbers the styles in turn', () => {
    expect(botSeats(5)).toEqual([
      { uid: 'bot:balanced:1', name: 'Bot Balanced', style: 'balanced' },
      { uid: 'bot:careful:1', name: 'Bot Careful', style: 'careful' },
      { uid: 'bot:bold:1', name: 'Bot Bold', style: 'bold' },
      { uid: 'bot:balanced:2', name: 'Bot Balanced 2', style: 'balanced' },
      { uid: 'bot:careful:2', name: 'Bot Careful 2', style: 'careful' },
    ]);
  });

  it.each([
    ['bot:careful:1', 'careful'],
    ['bot:bold:3', 'bold'],
    ['bot:sneaky:1', null],
    ['5f0c…-uuid', null],
  ])('reads the style of %s', (uid, style) => {
    expect(botStyleOf(uid)).toBe(style);
  });

  it('tells a practice room by its bots', () => {
    expect(isPracticeView({ joinedOrder: ['u1', 'bot:bold:1'] })).toBe(true);
    expect(isPracticeView({ joinedOrder: ['u1', 'u2'] })).toBe(false);
    expect(isBotUid('robot')).toBe(false);
  });
});

describe('wantsTruck: when each style buys', () => {
  const uid = 'bot:bold:1';
  // [style, balance, trucks, share of the game left, buys?]
  it.each([
    ['bold', 1_500, 1, 0.01, true],
    ['bold', 1_499, 1, 0.9, false],
    ['bold', 9_000, 6, 0.9, false],
    ['balanced', 2_000, 1, 0.5, true],
    ['balanced', 1_999, 1, 0.5, false],
    ['balanced', 9_000, 1, 0.2, false],
    ['balanced', 9_000, 5, 0.9, false],
    ['careful', 3_500, 2, 0.6, true],
    ['careful', 3_499, 2, 0.6, false],
    ['careful', 9_000, 2, 0.4, false],
    ['careful', 9_000, 3, 0.9, false],
  ] as const)(
    '%s with %i cash and %i trucks, %f of the game left: %s',
    (style, balance, trucks, left, buys) => {
      const view = viewWith({}, { balance, trucks });
      const now = T0 + Math.round((1 - left) * 600_000);
      expect(wantsTruck(style as BotStyle, view, uid, now)).toBe(buys);
    },
  );
});

describe('nextBotMove', () => {
  it('does nothing on a human’s turn with no bot offer, nor outside play', () => {
    expect(nextBotMove(viewWith(), T0, 1)).toBeNull();
    expect(
      nextBotMove(
        viewWith({
          status: 'ended',
          turn: { currentPlayer: 'bot:bold:1', round: 1, deadline: null },
        }),
        T0,
        1,
      ),
    ).toBeNull();
  });

  it('rolls on its turn after the pause, scaled', () => {
    const view = viewWith({
      turn: { currentPlayer: 'bot:bold:1', round: 1, deadline: T0 + TURN_MS },
    });
    expect(nextBotMove(view, T0, 1)).toEqual({
      uid: 'bot:bold:1',
      message: { type: 'roll' },
      at: T0 + 1_500,
    });
    const quick = viewWith({ turn: { currentPlayer: 'bot:bold:1', round: 1, deadline: T0 + 200 } });
    expect(nextBotMove(quick, T0, 0.01)?.at).toBe(T0 + 15);
  });

  it('answers its offer before it rolls, after thinking as its style does', () => {
    const view = viewWith({
      turn: { currentPlayer: 'bot:bold:1', round: 1, deadline: T0 + TURN_MS },
      pendingPurchase: 'bot:bold:1',
      lastRoll: {
        player: 'bot:bold:1',
        roll: 6,
        newPosition: 19,
        extraTurn: true,
        nonce: 7,
        auto: false,
        timestamp: T0,
      },
    });
    expect(nextBotMove(view, T0, 1)).toEqual({
      uid: 'bot:bold:1',
      message: { type: 'buyTruck' },
      at: T0 + BUYING_HABITS.bold.thinkMs + 2 * 300,
    });
  });
});

// ---- property: bots alone never break a rule and always finish the game ----

function emittedFrom(actions: { type: string; params?: unknown }[]): RoomEmitted[] {
  return actions
    .filter((a) => a.type === 'xstate.emit')
    .map((a) => (a.params as { event: RoomEmitted }).event);
}

function playBotsOnly(serverSeed: string, botCount: number, timeMinutes: number) {
  const input = roomInput({ serverSeed, timeMinutes, maxPlayers: botCount, stakeNgwee: 0 });
  let [snapshot] = initialTransition(roomMachine, input);
  const emitted: RoomEmitted[] = [];
  const send = (event: RoomEvent) => {
    const [next, actions] = transition(roomMachine, snapshot, event);
    emitted.push(...emittedFrom(actions));
    snapshot = next;
  };
  send({
    type: 'SEATS',
    seats: botSeats(botCount).map(({ uid, name }) => ({ uid, name })),
    now: T0,
  });
  let now = T0;
  let moves = 0;
  for (let step = 0; step < 100_000 && snapshot.value !== 'ended'; step++) {
    const view = toView(snapshot, { spectators: 0 });
    // The bot sees what a browser sees: never the server seed while the game runs.
    expect(view.fairness.serverSeed).toBeNull();
    const move = nextBotMove(view, now, input.timeScale);
    const deadline = nextDeadline(snapshot);
    if (move && (deadline === null || move.at < deadline)) {
      now = Math.max(now, move.at);
      const decided = nextBotMove(toView(snapshot, { spectators: 0 }), now, input.timeScale);
      send(intentEvent(decided!.message, decided!.uid, now));
      moves += 1;
    } else if (deadline !== null) {
      now = Math.max(now, deadline);
      send({ type: 'TICK', now });
    } else {
      break;
    }
  }
  return { snapshot, emitted, moves };
}

describe('bots only', () => {
  it('shows bots as present: the room server plays for them, so they are never away', () => {
    const input = roomInput({
      serverSeed: 'ab'.repeat(32),
      timeMinutes: 5,
      maxPlayers: 2,
      stakeNgwee: 0,
    });
    const [start] = initialTransition(roomMachine, input);
    const [seated] = transition(roomMachine, start, {
      type: 'SEATS',
      seats: botSeats(2).map(({ uid, name }) => ({ uid, name })),
      now: T0,
    });
    const view = toView(seated, { spectators: 0 });
    expect(Object.values(view.participants).map((p) => p.connected)).toEqual([true, true]);
  });

  it('never break a rule, and the game always ends', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom(5, 10),
        (serverSeed, botCount, timeMinutes) => {
          const { snapshot, emitted, moves } = playBotsOnly(serverSeed, botCount, timeMinutes);
          expect(snapshot.value).toBe('ended');
          expect(emitted.filter((e) => e.type === 'refused')).toEqual([]);
          expect(moves).toBeGreaterThan(0);
          // The bots played: nobody's turn ran out.
          const rolls = emitted.flatMap((e) =>
            e.type === 'log' && e.entry.type === 'dice_roll' ? [e.entry] : [],
          );
          expect(rolls.length).toBeGreaterThan(0);
          expect(rolls.every((r) => !r.auto)).toBe(true);
          expect(Object.keys(snapshot.context.result?.lessons ?? {})).toHaveLength(botCount);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('think inside the turn timer, and differ by style on the same offer', () => {
    for (const style of ['careful', 'balanced', 'bold'] as const) {
      expect(BUYING_HABITS[style].thinkMs).toBeLessThan(TURN_MS);
    }
    const rich = viewWith({}, { balance: 3_000, trucks: 2 });
    const now = T0 + 100_000;
    expect(wantsTruck('bold', rich, 'bot:bold:1', now)).toBe(true);
    expect(wantsTruck('careful', rich, 'bot:bold:1', now)).toBe(false);
  });
});
