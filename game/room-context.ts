// The room machine's context and the pure steps its actions take. Every deadline is plain data here
// (no live timers), so a shell can persist the snapshot and drive everything from one alarm.
import { combineClientSeeds, hashServerSeed, rollDie } from './dice';
import { createGame, type GameState } from './game-state';
import { lessonsOf, type Lessons } from './lesson';
import type { LogEntry } from './log';
import type { RoomErrorCode } from './messages';
import { payoutOf, winnersOf, type Payout } from './payout';
import { applyRoll, buyTruck, closeGame, declineTruck } from './rules';
import { statementsOf, type Statement } from './statement';
import { COUNTDOWN_MS, TURN_MS, gameLength, scaled } from './timing';

export interface RoomInput {
  roomId: string;
  stakeNgwee: number;
  timeMinutes: number;
  maxPlayers: number;
  /** Hex string drawn by the site; never leaves the server before the game ends. */
  serverSeed: string;
  /** Multiplies every duration (countdown, turn timer, game length); 1 in production. */
  timeScale: number;
  /**
   * A daily challenge's Lusaka date (decision 088): its seed is that day's, the same in every room
   * of the day, so the site reveals it the next day and the room never does.
   */
  dailyChallenge?: string;
}

export interface Seat {
  uid: string;
  name: string;
  clientSeed: string;
}

export interface GameResult extends Payout {
  statements: Record<string, Statement>;
  /** Each player's business lesson (game/lesson.ts). */
  lessons: Lessons;
  endTime: number;
}

export interface RoomContext extends RoomInput {
  serverSeedHash: string;
  /** In joinedOrder. */
  seats: Seat[];
  /** Seated uids with at least one open connection (spectators are never kept here). */
  connected: Record<string, true>;
  countdownEndsAt: number | null;
  game: GameState | null;
  turnDeadline: number | null;
  /** The number of the next roll (0, 1, 2 … over the whole game, auto-rolls included). */
  nonce: number;
  /** Set at the first roll: the game clock starts then. */
  gameStartTime: number | null;
  gameEndTime: number | null;
  result: GameResult | null;
}

export type Deadline = 'countdown' | 'game end' | 'turn timer';

export function initialContext(input: RoomInput): RoomContext {
  return {
    ...input,
    serverSeedHash: hashServerSeed(input.serverSeed),
    seats: [],
    connected: {},
    countdownEndsAt: null,
    game: null,
    turnDeadline: null,
    nonce: 0,
    gameStartTime: null,
    gameEndTime: null,
    result: null,
  };
}

export interface SeatInput {
  uid: string;
  name: string;
  clientSeed?: string | undefined;
}

export function seatsAreValid(seats: readonly SeatInput[], maxPlayers: number): boolean {
  const uids = seats.map((s) => s.uid);
  return (
    seats.length <= maxPlayers &&
    uids.every((uid) => typeof uid === 'string' && uid.length > 0) &&
    new Set(uids).size === uids.length
  );
}

export function toSeats(seats: readonly SeatInput[]): Seat[] {
  return seats.map(({ uid, name, clientSeed }) => ({ uid, name, clientSeed: clientSeed ?? '' }));
}

/** The earliest pending deadline (ms epoch), or null when nothing is waiting for the clock. */
export function nextDeadlineOf(context: RoomContext): number | null {
  if (context.result !== null) return null;
  if (context.game !== null) {
    const times = [context.turnDeadline, context.gameEndTime].filter((t) => t !== null);
    return times.length === 0 ? null : Math.min(...times);
  }
  return context.countdownEndsAt;
}

/**
 * Which deadline is due at `now`, the earliest first. When the turn timer and the game end fall on
 * the same moment the game ends: a roll at or after gameEndTime never happens.
 */
export function dueDeadline(context: RoomContext, now: number): Deadline | null {
  if (context.result !== null) return null;
  if (context.game === null) {
    return context.countdownEndsAt !== null && context.countdownEndsAt <= now ? 'countdown' : null;
  }
  const { gameEndTime, turnDeadline } = context;
  if (gameEndTime !== null && gameEndTime <= now) {
    if (turnDeadline === null || gameEndTime <= turnDeadline) return 'game end';
  }
  if (turnDeadline !== null && turnDeadline <= now) return 'turn timer';
  return null;
}

export function startCountdown(context: RoomContext, now: number): Partial<RoomContext> {
  return { countdownEndsAt: now + scaled(COUNTDOWN_MS, context.timeScale) };
}

/** The countdown ended: the first in joinedOrder gets the first turn, in round 1. */
export function dealBoard(context: RoomContext): Partial<RoomContext> {
  const startedAt = context.countdownEndsAt as number;
  return {
    game: createGame({ players: context.seats }),
    turnDeadline: startedAt + scaled(TURN_MS, context.timeScale),
  };
}

export type Step =
  | { ok: true; context: Partial<RoomContext>; logs: LogEntry[] }
  | { ok: false; code: RoomErrorCode };

/** A roll for `by` at `at`: the die comes from the seeds and the nonce, and the clock starts at the first roll. */
export function rollStep(context: RoomContext, by: string, at: number, auto: boolean): Step {
  const game = context.game as GameState;
  const clientSeed = combineClientSeeds(context.seats.map((s) => s.clientSeed));
  const roll = rollDie(context.serverSeed, clientSeed, context.nonce);
  const result = applyRoll(game, { by, roll, nonce: context.nonce, auto, now: at });
  if (!result.ok) return result;
  const gameStartTime = context.gameStartTime ?? at;
  return {
    ok: true,
    context: {
      game: result.state,
      nonce: context.nonce + 1,
      turnDeadline: at + scaled(TURN_MS, context.timeScale),
      gameStartTime,
      gameEndTime:
        context.gameEndTime ?? gameStartTime + gameLength(context.timeMinutes, context.timeScale),
    },
    logs: result.logs,
  };
}

export function offerStep(
  context: RoomContext,
  answer: 'buy' | 'decline',
  by: string,
  now: number,
): Step {
  const move = answer === 'buy' ? buyTruck : declineTruck;
  const result = move(context.game as GameState, { by, now });
  return result.ok ? { ok: true, context: { game: result.state }, logs: result.logs } : result;
}

/** The game ends at gameEndTime whatever the turn: offers lapse and the result is fixed. */
export function finishStep(context: RoomContext): Partial<RoomContext> & { result: GameResult } {
  const game = closeGame(context.game as GameState);
  const statements = statementsOf(game.players);
  const winners = winnersOf(game.joinedOrder, statements);
  return {
    game,
    turnDeadline: null,
    result: {
      ...payoutOf(context.stakeNgwee, game.joinedOrder, winners),
      statements,
      lessons: lessonsOf({
        joinedOrder: game.joinedOrder,
        players: game.players,
        statements,
        winners,
      }),
      endTime: context.gameEndTime as number,
    },
  };
}

export function presenceStep(
  context: RoomContext,
  uid: string,
  connected: boolean,
): Partial<RoomContext> {
  const next = { ...context.connected };
  if (connected) next[uid] = true;
  else delete next[uid];
  return { connected: next };
}

/**
 * The presence of those seated now: `online` (when the event says who has a socket) or what was
 * known before. A player who gave up the seat leaves no trace.
 */
export function seatedPresence(
  connected: RoomContext['connected'],
  seats: readonly Seat[],
  online?: readonly string[],
): RoomContext['connected'] {
  const live = online ? new Set(online) : null;
  const kept: RoomContext['connected'] = {};
  for (const { uid } of seats) {
    if (live ? live.has(uid) : connected[uid] === true) kept[uid] = true;
  }
  return kept;
}
