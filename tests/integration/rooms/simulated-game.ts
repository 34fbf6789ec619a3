// Plays a game with the real rules and dice, the way a room server would, and builds the settlement
// report (protocol call 3) it would send. Used to test the site's settlement alone.
import { BOARD, HOME_BOXES } from '../../../game/board';
import { combineClientSeeds, rollDie } from '../../../game/dice';
import { createGame } from '../../../game/game-state';
import type { LogEntry } from '../../../game/log';
import { winnersOf } from '../../../game/payout';
import { applyRoll, buyTruck } from '../../../game/rules';
import { statementsOf } from '../../../game/statement';
import type { RoomForParty } from '../../../site/server/rooms/types';

export interface SettlementReportBody {
  roomId: string;
  joinedOrder: string[];
  participants: Record<string, Record<string, unknown>>;
  boardState: Record<string, { owner: string | null; trucks: number }>;
  endTime: number;
  winners: string[];
  statements: Record<string, Record<string, number>>;
  logs: LogEntry[];
  rolls: { nonce: number; roll: number; player: string }[];
}

export function playSimulatedGame(
  room: RoomForParty,
  options: { rolls: number; random: () => number; start: number },
): SettlementReportBody {
  const clientSeed = combineClientSeeds(room.seats.map((s) => s.clientSeed));
  let state = createGame({ players: room.seats.map(({ uid, name }) => ({ uid, name })) });
  const logs: LogEntry[] = [];
  const rolls: SettlementReportBody['rolls'] = [];
  let now = options.start;
  for (let nonce = 0; nonce < options.rolls; nonce += 1) {
    now += 1 + Math.floor(options.random() * 3000);
    const by = state.turn.currentPlayer;
    const roll = rollDie(room.serverSeed, clientSeed, nonce);
    const result = applyRoll(state, { by, roll, nonce, auto: options.random() < 0.1, now });
    if (!result.ok) throw new Error(result.reason);
    state = result.state;
    logs.push(...result.logs);
    rolls.push({ nonce, roll, player: by });
    if (state.pendingPurchase && options.random() < 0.6) {
      const bought = buyTruck(state, { by: state.pendingPurchase, now: now + 1 });
      if (bought.ok) {
        state = bought.state;
        logs.push(...bought.logs);
      }
    }
  }
  const statements = statementsOf(state.players);
  const players = state.joinedOrder.map((uid) => state.players[uid]!);
  const homes = new Map(players.map((p) => [p.homeBox as string, p]));
  return {
    roomId: room.roomId,
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
    boardState: Object.fromEntries(
      BOARD.map((box) => {
        const owner = (HOME_BOXES as readonly string[]).includes(box.id)
          ? homes.get(box.id)
          : undefined;
        return [box.id, { owner: owner?.uid ?? null, trucks: owner?.trucks ?? 0 }];
      }),
    ),
    endTime: now + 1000,
    winners: winnersOf(state.joinedOrder, statements),
    statements: statements as unknown as Record<string, Record<string, number>>,
    logs,
    rolls,
  };
}
