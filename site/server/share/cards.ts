// What each share card shows, read from the database: a room (its host, stake, seats, closing time)
// and a finished game (its podium by net profit, the prize). First names only (site/shared/first-name):
// a card is public to whoever holds the room's id.
import { PLAYER_COLORS } from '#game/board.ts';
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { pictureView, type PictureSeat } from '#site/shared/art/picture.ts';
import { firstNameOf } from '#site/shared/first-name.ts';
import type { Queryable } from '#db/client.ts';
import { ngweeToZmw, zmwToNgwee } from '#game/ngwee.ts';
import { loadFinishedGame } from '../rooms/games';
import { loadRoom } from '../rooms/queries';
import type { ResultCard, RoomCard } from './card-svg';

const shownName = (name: string) => firstNameOf(name) || 'Player';
const colorOf = (seat: number) => PLAYER_COLORS[seat % PLAYER_COLORS.length]!;

/** A room's card; null for a room that does not exist or a practice game (nothing to join). */
export async function loadRoomCard(q: Queryable, roomId: string): Promise<RoomCard | null> {
  const found = await loadRoom(q, roomId);
  if (!found || found.room.practice) return null;
  const { room, seats } = found;
  const status =
    room.status === 'waiting' ? 'waiting' : room.status === 'closed' ? 'closed' : 'started';
  const pictured: PictureSeat[] = seats.map((seat) => ({
    uid: seat.userId,
    name: shownName(seat.name),
    position: -1,
    trucks: 1,
  }));
  const view = pictureView(pictured, {
    roomId,
    status: status === 'waiting' ? 'waiting' : status === 'closed' ? 'closed' : 'countdown',
    maxPlayers: room.maxPlayers,
    timeMinutes: room.timeMinutes,
    stake: ngweeToZmw(room.amount),
    turn: { currentPlayer: null, round: 0, deadline: null },
  });
  return {
    seated: pictured.map((seat, i) => ({ name: seat.name, color: colorOf(i) })),
    maxPlayers: room.maxPlayers,
    stakeZmw: ngweeToZmw(room.amount),
    closesAt: status === 'waiting' ? room.expiresAt : null,
    status,
    board: boardModel(view),
  };
}

/** The game's last roll, as a room's view carries it (null before any). */
function lastRollOf(logs: readonly LogEntry[]): RoomView['lastRoll'] {
  for (let i = logs.length - 1; i >= 0; i--) {
    const entry = logs[i]!;
    if (entry.type === 'dice_roll') {
      const { type: _type, ...roll } = entry;
      return roll;
    }
  }
  return null;
}

/** A finished game's card; null until the game is settled. */
export async function loadResultCard(q: Queryable, roomId: string): Promise<ResultCard | null> {
  const game = await loadFinishedGame(q, roomId);
  if (!game) return null;
  const seats = game.joinedOrder.flatMap((uid, seat) => {
    const p = game.participants[uid];
    return p
      ? [{ uid, seat, name: shownName(p.name), position: p.position, trucks: p.trucks }]
      : [];
  });
  const netProfit = (uid: string) => game.statements[uid]?.netProfit ?? 0;
  const podium = [...seats]
    .sort((a, b) => netProfit(b.uid) - netProfit(a.uid) || a.seat - b.seat)
    .slice(0, 3)
    .map((s) => ({
      name: s.name,
      color: colorOf(s.seat),
      netProfit: netProfit(s.uid),
      winner: game.winners.includes(s.uid),
    }));
  const view = pictureView(seats, {
    roomId,
    status: 'ended',
    maxPlayers: Math.max(2, seats.length),
    boardState: game.boardState,
    turn: { currentPlayer: null, round: 0, deadline: null },
    // The die as the board showed it when the game ended.
    lastRoll: lastRollOf(game.logs),
  });
  const practice = game.practice === true;
  const players = game.joinedOrder.length;
  const winners = Math.max(1, game.winners.length);
  return {
    podium,
    players,
    endTime: game.endTime,
    stakeZmw:
      practice || players === 0
        ? null
        : ngweeToZmw(Math.floor(zmwToNgwee(game.totalPot) / players)),
    // Each winner's share, floored to the ngwee as the payout does (game/payout).
    prizeZmw: practice ? null : ngweeToZmw(Math.floor(zmwToNgwee(game.winnerShare) / winners)),
    board: { ...boardModel(view), winners: game.winners },
  };
}
