// What leaves the room: a projected view (docs/protocol.md), never the snapshot itself. The server
// seed appears only once the game has ended.
import { BOARD, HOME_BOXES } from './board';
import { isBotUid } from './bots';
import { combineClientSeeds } from './dice';
import { newPlayer, type Player } from './game-state';
import { ngweeToZmw } from './ngwee';
import type { ParticipantView, ResultView, RoomView } from './protocol';
import type { GameResult, RoomContext } from './room-context';

export interface RoomSnapshotLike {
  value: unknown;
  context: RoomContext;
}

const STATUSES = ['waiting', 'countdown', 'active', 'ended', 'closed'] as const;

function statusOf(value: unknown): RoomView['status'] {
  const status = STATUSES.find((s) => s === value);
  if (!status) throw new Error(`Unknown room state ${JSON.stringify(value)}`);
  return status;
}

function playersOf(context: RoomContext): Player[] {
  if (context.game) {
    return context.game.joinedOrder.map((uid) => context.game?.players[uid] as Player);
  }
  return context.seats.map((seat, i) => newPlayer(seat, i));
}

function participantView(player: Player, context: RoomContext): ParticipantView {
  return {
    name: player.name,
    position: player.position,
    balance: player.balance,
    trucks: player.trucks,
    color: player.color,
    homeBox: player.homeBox,
    revenue: { ...player.revenue },
    expenses: { ...player.expenses },
    tax: player.tax,
    // Bots are played by the room server itself: always present.
    connected: context.connected[player.uid] === true || isBotUid(player.uid),
  };
}

/** Each box: its home owner and their trucks, or `{owner: null, trucks: 0}`. */
export function boardStateOf(players: readonly Player[]): RoomView['boardState'] {
  const owners = new Map(players.map((p) => [p.homeBox as string, p]));
  return Object.fromEntries(
    BOARD.map((box) => {
      const owner = (HOME_BOXES as readonly string[]).includes(box.id)
        ? owners.get(box.id)
        : undefined;
      return [box.id, { owner: owner?.uid ?? null, trucks: owner?.trucks ?? 0 }];
    }),
  );
}

export function resultView(result: GameResult): ResultView {
  return {
    winners: [...result.winners],
    totalPot: ngweeToZmw(result.totalPotNgwee),
    winnerShare: ngweeToZmw(result.winnerShareNgwee),
    systemShare: ngweeToZmw(result.systemShareNgwee),
    statements: Object.fromEntries(
      Object.entries(result.statements).map(([u, s]) => [u, { ...s }]),
    ),
    lessons: Object.fromEntries(
      Object.entries(result.lessons).map(([u, points]) => [u, points.map((p) => ({ ...p }))]),
    ),
  };
}

export function toView(
  snapshot: RoomSnapshotLike,
  { spectators }: { spectators: number },
): RoomView {
  const { context } = snapshot;
  const status = statusOf(snapshot.value);
  const players = playersOf(context);
  const game = context.game;
  return {
    roomId: context.roomId,
    status,
    stake: ngweeToZmw(context.stakeNgwee),
    timeMinutes: context.timeMinutes,
    maxPlayers: context.maxPlayers,
    joinedOrder: players.map((p) => p.uid),
    participants: Object.fromEntries(players.map((p) => [p.uid, participantView(p, context)])),
    boardState: boardStateOf(players),
    turn: {
      currentPlayer: game && status === 'active' ? game.turn.currentPlayer : null,
      round: game ? game.turn.round : 0,
      deadline: status === 'active' ? context.turnDeadline : null,
    },
    countdownEndsAt: context.countdownEndsAt,
    gameStartTime: context.gameStartTime,
    gameEndTime: context.gameEndTime,
    pendingPurchase: game?.pendingPurchase ?? null,
    lastRoll: game?.lastRoll ? { ...game.lastRoll } : null,
    spectators,
    fairness: {
      serverSeedHash: context.serverSeedHash,
      clientSeed: combineClientSeeds(context.seats.map((s) => s.clientSeed)),
      serverSeed: status === 'ended' && !context.dailyChallenge ? context.serverSeed : null,
    },
    ...(context.dailyChallenge ? { dailyChallenge: context.dailyChallenge } : {}),
    result: context.result ? resultView(context.result) : null,
  };
}
