// Plays a game with the real rules and dice, the way a room server would (the turn timer on its
// beat, the game run to its end time), and builds the settlement report (protocol call 3) it would
// send. Used to test the site's settlement alone.
import { combineClientSeeds, rollDie } from '#game/dice.ts';
import { createGame, type GameState } from '#game/game-state.ts';
import type { LogEntry } from '#game/log.ts';
import { winnersOf } from '#game/payout.ts';
import { rollsOf } from '#game/replay.ts';
import { applyRoll, buyTruck, declineTruck, RULES_VERSION } from '#game/rules.ts';
import { statementsOf } from '#game/statement.ts';
import { boardStateOf } from '#game/view.ts';
import { COUNTDOWN_MS, TURN_MS, gameLength, scaled } from '#game/timing.ts';
import type { SettlementReport } from '#wire/settlement.ts';
import type { RoomForParty } from '#wire/site-room.ts';

/** The report of protocol call 3, as a room server sends it. */
export type SettlementReportBody = SettlementReport;

export function playSimulatedGame(
  room: RoomForParty,
  options: { random: () => number; filledAt: number; timeScale: number },
): SettlementReportBody {
  const { random, timeScale } = options;
  const clientSeed = combineClientSeeds(room.seats.map((s) => s.clientSeed));
  let state = createGame({ players: room.seats.map(({ uid, name }) => ({ uid, name })) });
  const logs: LogEntry[] = [];
  const turn = scaled(TURN_MS, timeScale);
  // The room server hears of the full room a little after the site seated the last player.
  let now = options.filledAt + scaled(COUNTDOWN_MS, timeScale) + Math.floor(random() * 50);
  let end = Number.POSITIVE_INFINITY;
  for (let nonce = 0; ; nonce += 1) {
    const auto = random() < 0.1;
    const at = auto ? now + turn : now + 2 + Math.floor(random() * (turn - 2));
    if (at >= end) break;
    now = at;
    if (nonce === 0) end = now + gameLength(room.timeMinutes, timeScale);
    const by = state.turn.currentPlayer;
    const roll = rollDie(room.serverSeed, clientSeed, nonce);
    const result = applyRoll(state, { by, roll, nonce, auto, now });
    if (!result.ok) throw new Error(result.code);
    state = result.state;
    logs.push(...result.logs);
    const holder = state.pendingPurchase;
    const choice = random();
    if (holder && now + 1 < end && choice < 0.8) {
      const answer = choice < 0.5 ? buyTruck : declineTruck;
      const answered = answer(state, { by: holder, now: now + 1 });
      if (answered.ok) {
        state = answered.state;
        logs.push(...answered.logs);
      }
    }
  }
  return reportOf(room.roomId, state, logs, end);
}

/** The report a room server builds from its final state and log. */
export function reportOf(
  roomId: string,
  state: GameState,
  logs: LogEntry[],
  endTime: number,
): SettlementReportBody {
  const statements = statementsOf(state.players);
  const players = state.joinedOrder.map((uid) => state.players[uid]!);
  return {
    roomId,
    rulesVersion: RULES_VERSION,
    joinedOrder: state.joinedOrder,
    participants: Object.fromEntries(
      players.map((p) => [
        p.uid,
        {
          name: p.name,
          position: p.position,
          balance: p.balance,
          trucks: p.trucks,
          color: p.color,
          homeBox: p.homeBox,
          revenue: p.revenue,
          expenses: p.expenses,
          tax: p.tax,
          connected: true,
        },
      ]),
    ),
    boardState: boardStateOf(players),
    endTime,
    winners: winnersOf(state.joinedOrder, statements),
    statements,
    logs,
    rolls: rollsOf(logs),
  };
}

/** Re-plays a (possibly doctored) log through the rules into a self-consistent report, as a forger
 * holding the key would. */
export function reportFromLog(
  room: RoomForParty,
  logs: LogEntry[],
  endTime: number,
): SettlementReportBody {
  let state = createGame({ players: room.seats.map(({ uid, name }) => ({ uid, name })) });
  const kept: LogEntry[] = [];
  for (const entry of logs) {
    let result;
    if (entry.type === 'dice_roll') {
      result = applyRoll(state, {
        by: entry.player,
        roll: entry.roll,
        nonce: entry.nonce,
        auto: entry.auto,
        now: entry.timestamp,
      });
    } else if (entry.type === 'truck_purchase') {
      result = buyTruck(state, { by: entry.player, now: entry.timestamp });
    } else if (entry.type === 'truck_declined' && !entry.lapsed) {
      result = declineTruck(state, { by: entry.player, now: entry.timestamp });
    } else {
      continue;
    }
    if (!result.ok) throw new Error(result.code);
    state = result.state;
    kept.push(...result.logs);
  }
  return reportOf(room.roomId, state, kept, endTime);
}
