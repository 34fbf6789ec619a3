// Protocol call 3: a room server reports a finished game; the site checks everything it can, then
// pays once. Each refusal is answered 4xx with a code and whether a later try could succeed (only a
// report that came too early can), and is written to the operator's error log.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { settleRoom } from '#db/money.ts';
import { adminRevenue, adminTotals } from '#db/schema/operator.ts';
import { gameHistory, gameResults, rooms, type GameOutcome } from '#db/schema/rooms.ts';
import { users } from '#db/schema/people.ts';
import { combineClientSeeds } from '#game/dice.ts';
import { isBotUid } from '#game/bots.ts';
import { lessonsOf } from '#game/lesson.ts';
import { payoutOf, winnersOf } from '#game/payout.ts';
import { canonicalJson } from '#game/replay.ts';
import { latestGameEnd } from '#game/timing.ts';
import { boardStateOf } from '#game/view.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import {
  settlementReportSchema,
  type SettlementAnswer as AnswerBody,
  type SettlementReport,
} from '#wire/settlement.ts';
import { callRefusal, type CallRefusalCode } from '#wire/site-room.ts';
import { RefusalError } from '../api/refusals';
import { describeError } from '../auth/logging';
import { recordChallengeFinish } from '../challenge/results';

import { logFailure, logAdminError } from '../logging';
import { closeAndRefund } from './expiry';
import { loadRoom } from './queries';
import { checkTimeline } from './report-timing';
import type { FinishedGame } from './settlement-record';
import { rulesFor, type GameRules } from './settlement-rules';

export interface SettlementDeps {
  database: Database;
  clock: () => number;
  /** The site's own GAME_TIME_SCALE: a report never says how long its game was. */
  timeScale: number;
}

export interface SettlementAnswer {
  status: number;
  body: AnswerBody;
}

const SETTLED: SettlementAnswer = { status: 200, body: { ok: true, settled: true } };

/** How a refused or failed settlement starts its row in the operator's error log (alerts read it). */
export const SETTLEMENT_REFUSED = 'Settlement refused: ';
export const SETTLEMENT_FAILED = 'Settlement failed';
/** A game played under rules the site no longer has: its stakes were returned instead. */
export const SETTLEMENT_REFUNDED = 'Settlement refunded: ';

/** A refused settlement, thrown: answered `{error, code, retry}` and logged with its details. */
function refused(
  status: number,
  code: CallRefusalCode,
  reason: string,
  details?: unknown,
  retry = false,
): RefusalError<CallRefusalCode> {
  return new RefusalError({ ok: false, status, code, error: reason, details, retry });
}

const MISMATCH = 'settlement_mismatch' satisfies CallRefusalCode;

const PARTICIPANT_FIELDS = ['position', 'balance', 'trucks', 'revenue', 'expenses', 'tax'] as const;

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

function parseReport(roomId: string, rawBody: string): SettlementReport {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw refused(400, 'settlement_malformed', 'The settlement body is not valid JSON.');
  }
  const parsed = settlementReportSchema.safeParse(json);
  if (!parsed.success) {
    throw refused(400, 'settlement_malformed', 'The settlement body has the wrong shape.', {
      issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path, message: i.message })),
    });
  }
  if (parsed.data.roomId !== roomId) {
    throw refused(400, 'settlement_wrong_room', 'The settlement names another room.', {
      bodyRoomId: parsed.data.roomId,
    });
  }
  return parsed.data;
}

/** Everything but the payment: the players, every roll, the log, the statements and the winners. */
async function verify(
  deps: SettlementDeps,
  roomId: string,
  report: SettlementReport,
  rules: GameRules,
) {
  const found = await loadRoom(deps.database.read, roomId);
  if (!found) throw refused(404, 'room_not_found', 'Unknown room.');
  const { room, seats } = found;
  if (room.settledAt !== null) return null;
  if (room.status !== 'active' && room.status !== 'countdown') {
    throw refused(409, 'room_not_active', `The room is ${room.status}, not active.`);
  }
  const seatOrder = seats.map((seat) => seat.userId);
  if (
    seats.length !== room.maxPlayers ||
    canonicalJson(report.joinedOrder) !== canonicalJson(seatOrder) ||
    !sameMembers(Object.keys(report.participants), seatOrder)
  ) {
    throw refused(409, 'settlement_wrong_players', 'The players are not the seated players.', {
      seats: seatOrder,
      joinedOrder: report.joinedOrder,
      participants: Object.keys(report.participants),
    });
  }

  const replay = rules.replay({
    seats: seats.map((seat) => ({
      uid: seat.userId,
      name: seat.name,
      clientSeed: seat.clientSeed,
    })),
    serverSeed: room.serverSeed,
    logs: report.logs,
    rolls: report.rolls,
  });
  if (!replay.ok) {
    throw refused(
      422,
      'settlement_replay_failed',
      `Replay failed: ${replay.reason}`,
      replay.details,
    );
  }
  const timeline = checkTimeline({
    logs: report.logs,
    reportedEndTime: report.endTime,
    timeMinutes: room.timeMinutes,
    timeScale: deps.timeScale,
    filledAt: Math.max(...seats.map((seat) => seat.joinedAt)),
    now: deps.clock(),
  });
  if (!timeline.ok) {
    const status = timeline.retry ? 409 : 422;
    throw refused(status, timeline.code, timeline.reason, timeline.details, timeline.retry);
  }

  for (const uid of seatOrder) {
    const replayed = replay.state.players[uid];
    const reported = report.participants[uid];
    for (const key of PARTICIPANT_FIELDS) {
      if (!replayed || !reported || canonicalJson(replayed[key]) !== canonicalJson(reported[key])) {
        throw refused(422, MISMATCH, `The final ${key} of a player differs from the replay.`, {
          uid,
          replayed: replayed?.[key],
          reported: reported?.[key],
        });
      }
    }
  }

  const boardState = boardStateOf(Object.values(replay.state.players));
  if (canonicalJson(boardState) !== canonicalJson(report.boardState)) {
    throw refused(422, MISMATCH, 'The board differs from the replay.', {
      replayed: boardState,
      reported: report.boardState,
    });
  }

  const statements = rules.statements(replay.state.players);
  if (canonicalJson(statements) !== canonicalJson(report.statements)) {
    throw refused(422, MISMATCH, 'The statements differ from the replay.', {
      recomputed: statements,
      reported: report.statements,
    });
  }
  const winners = winnersOf(seatOrder, statements);
  if (!sameMembers(winners, report.winners)) {
    throw refused(422, MISMATCH, 'The winners differ from the statements.', {
      recomputed: winners,
      reported: report.winners,
    });
  }
  const payout = payoutOf(room.amount, seatOrder, winners);
  const game: FinishedGame = {
    roomId,
    joinedOrder: seatOrder,
    participants: report.participants,
    boardState,
    endTime: new Date(report.endTime).toISOString(),
    winners,
    totalPot: ngweeToZmw(payout.totalPotNgwee),
    winnerShare: ngweeToZmw(payout.winnerShareNgwee),
    systemShare: ngweeToZmw(payout.systemShareNgwee),
    statements,
    fairness: {
      serverSeed: room.serverSeed,
      serverSeedHash: room.serverSeedHash,
      clientSeed: combineClientSeeds(seats.map((seat) => seat.clientSeed ?? '')),
    },
    logs: report.logs,
    practice: room.practice,
    ...(found.dailyChallenge ? { dailyChallenge: found.dailyChallenge } : {}),
    lessons: lessonsOf({
      joinedOrder: seatOrder,
      players: replay.state.players,
      statements,
      winners,
    }),
  };
  return { game, payout, seatOrder };
}

function outcomeOf(uid: string, winners: readonly string[]): GameOutcome {
  if (!winners.includes(uid)) return 'lost';
  return winners.length === 1 ? 'won' : 'tied';
}

type Verified = NonNullable<Awaited<ReturnType<typeof verify>>>;

/** The payment and every record of the finished game, in ONE write transaction. */
async function pay(deps: SettlementDeps, roomId: string, { game, payout, seatOrder }: Verified) {
  await deps.database.write(async (tx) => {
    const now = deps.clock();
    const [room] = await tx.select().from(rooms).where(eq(rooms.roomId, roomId));
    // A duplicate that raced this one past verification: the first one paid.
    if (!room || room.settledAt !== null) return;
    if (room.status !== 'active' && room.status !== 'countdown') {
      throw refused(409, 'room_not_active', `The room is ${room.status}, not active.`);
    }
    // A practice game moves no money and earns the operator nothing (contract section 7).
    if (!room.practice) {
      await settleRoom(tx, {
        roomId,
        payouts: seatOrder.map((uid) => ({ userId: uid, amount: payout.payouts[uid] ?? 0 })),
        systemShare: payout.systemShareNgwee,
        now,
      });
      await tx.insert(adminRevenue).values({
        roomId,
        amount: payout.systemShareNgwee,
        totalPot: payout.totalPotNgwee,
        numberOfPlayers: seatOrder.length,
        timestamp: now,
      });
      await tx
        .insert(adminTotals)
        .values({ key: 'totalRevenue', total: payout.systemShareNgwee, lastUpdated: now })
        .onConflictDoUpdate({
          target: adminTotals.key,
          set: { total: sql`${adminTotals.total} + ${payout.systemShareNgwee}`, lastUpdated: now },
        });
    }
    await tx.insert(gameHistory).values(
      seatOrder
        .filter((uid) => !isBotUid(uid))
        .map((uid) => ({
          userId: uid,
          roomId,
          result: outcomeOf(uid, payout.winners),
          prize: payout.payouts[uid] ?? 0,
          createdAt: now,
        })),
    );
    await tx.insert(gameResults).values({ roomId, record: JSON.stringify(game), settledAt: now });
    // The day's first finish counts, here in the same transaction: once per player and day.
    if (game.dailyChallenge) await recordChallengeFinish(tx, game);
    await tx
      .update(users)
      .set({ currentRoomId: null, updatedAt: now })
      .where(and(inArray(users.id, seatOrder), eq(users.currentRoomId, roomId)));
    await tx
      .update(rooms)
      .set({ status: 'ended', isActive: false, closedAt: now, settledAt: now })
      .where(eq(rooms.roomId, roomId));
  });
}

/**
 * A game played under rules the site no longer has cannot be replayed, so nobody can be paid for it:
 * every stake goes back and the room closes, once the game's latest end has passed (so a report
 * cannot cut a game short this way), in one transaction that re-checks the room. A repeat answers the
 * same.
 */
async function refundRetired(
  deps: SettlementDeps,
  roomId: string,
  rulesVersion: number,
): Promise<SettlementAnswer> {
  const outcome = await deps.database.write(async (tx) => {
    const found = await loadRoom(tx, roomId);
    if (!found) throw refused(404, 'room_not_found', 'Unknown room.');
    const { room, seats } = found;
    if (room.settledAt !== null) return 'paid' as const;
    if (room.status === 'closed') return 'refunded before' as const;
    if (room.status !== 'active' && room.status !== 'countdown') {
      throw refused(409, 'room_not_active', `The room is ${room.status}, not active.`);
    }
    const filledAt = Math.max(...seats.map((seat) => seat.joinedAt));
    const end = latestGameEnd(filledAt, room.timeMinutes, deps.timeScale);
    if (deps.clock() < end) {
      throw refused(
        409,
        'settlement_too_early',
        'The game may still be running.',
        { latestEnd: end },
        true,
      );
    }
    await closeAndRefund(tx, found, deps.clock());
    return 'refunded' as const;
  });
  if (outcome === 'paid') return SETTLED;
  if (outcome === 'refunded') {
    await logRefusal(
      deps,
      roomId,
      `${SETTLEMENT_REFUNDED}the game was played under rules ${rulesVersion}, which this site no longer has; every stake was returned.`,
      { rulesVersion },
    );
  }
  return { status: 200, body: { ok: true, settled: true, refunded: true } };
}

async function logRefusal(deps: SettlementDeps, roomId: string, message: string, details: unknown) {
  try {
    await logAdminError(deps.database, { message, details, roomId }, deps.clock());
  } catch (error) {
    logFailure('rooms', 'admin log failed', error);
  }
}

/** Idempotent per room: a repeat of a settled room answers 200 and pays nothing. */
export async function settleReportedGame(
  deps: SettlementDeps,
  roomId: string,
  rawBody: string,
): Promise<SettlementAnswer> {
  try {
    const report = parseReport(roomId, rawBody);
    const lookup = rulesFor(report.rulesVersion);
    if (lookup.kind === 'newer') {
      throw refused(
        409,
        'settlement_rules_newer',
        `The game was played under rules ${report.rulesVersion}, newer than this site's.`,
        { rulesVersion: report.rulesVersion },
        true,
      );
    }
    if (lookup.kind === 'retired') return await refundRetired(deps, roomId, report.rulesVersion);
    const verified = await verify(deps, roomId, report, lookup.rules);
    if (verified) await pay(deps, roomId, verified);
    return SETTLED;
  } catch (error) {
    if (error instanceof RefusalError) {
      const { status, error: reason, code, details, retry } = error.refusal;
      await logRefusal(deps, roomId, `${SETTLEMENT_REFUSED}${reason}`, details ?? null);
      return { status, body: { error: reason, code, retry: retry ?? false } };
    }
    await logRefusal(deps, roomId, SETTLEMENT_FAILED, { error: describeError(error) });
    logFailure('rooms', `settlement of ${roomId} failed`, error);
    return {
      status: 500,
      body: { ...callRefusal('settlement_failed'), retry: true },
    };
  }
}
