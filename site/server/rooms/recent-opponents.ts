// The dashboard's lobby reads: the people a player last played for money (first names only, with the
// stake of the last game against each) and the rematches the other players of those games started
// that still wait for this player. Only reads; "Play again" and "Join" go through quick match and the
// normal join, with all their checks.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { gameHistory, rooms, roomSeats } from '#db/schema/rooms.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import { firstNameOf } from '#site/shared/first-name.ts';

/** How many of the player's latest games the lobby looks through. */
const GAMES_LOOKED_AT = 20;
/** How many opponents the dashboard shows. */
export const OPPONENTS_SHOWN = 6;

export interface WaitingRematch {
  /** The rematch's waiting room. */
  roomId: string;
  /** The finished game it follows. */
  fromRoomId: string;
  /** First name of the player who started it (the room's host). */
  startedBy: string;
  /** ZMW per player. */
  amount: number;
}

export interface RecentOpponent {
  uid: string;
  /** First name only. */
  name: string;
  /** ZMW: the stake of the last game played against them. */
  amount: number;
  /** A rematch of that game they sit in and this player does not, if one waits. */
  rematch: WaitingRematch | null;
}

export interface Lobby {
  opponents: RecentOpponent[];
  /** Newest game first. */
  rematches: WaitingRematch[];
}

export async function lobbyOf(q: Queryable, userId: string): Promise<Lobby> {
  const games = await q
    .select({ roomId: rooms.roomId, amount: rooms.amount, rematchRoomId: rooms.rematchRoomId })
    .from(gameHistory)
    .innerJoin(rooms, eq(rooms.roomId, gameHistory.roomId))
    .where(and(eq(gameHistory.userId, userId), eq(rooms.practice, false)))
    .orderBy(desc(gameHistory.createdAt), desc(gameHistory.id))
    .limit(GAMES_LOOKED_AT);
  if (games.length === 0) return { opponents: [], rematches: [] };

  const rematchIds = games.flatMap((game) => (game.rematchRoomId ? [game.rematchRoomId] : []));
  const seatRooms = [...games.map((game) => game.roomId), ...rematchIds];
  const [seats, waiting] = await Promise.all([
    q
      .select({ roomId: roomSeats.roomId, userId: roomSeats.userId, name: roomSeats.name })
      .from(roomSeats)
      .where(inArray(roomSeats.roomId, seatRooms)),
    rematchIds.length === 0
      ? Promise.resolve([])
      : q
          .select({ roomId: rooms.roomId, hostId: rooms.hostId, amount: rooms.amount })
          .from(rooms)
          .where(
            and(
              inArray(rooms.roomId, rematchIds),
              eq(rooms.status, 'waiting'),
              eq(rooms.isActive, true),
            ),
          ),
  ]);
  const seatsOf = (roomId: string) => seats.filter((seat) => seat.roomId === roomId);

  const rematchOf = new Map<string, WaitingRematch & { seated: Set<string> }>();
  for (const game of games) {
    const room = waiting.find((r) => r.roomId === game.rematchRoomId);
    if (!room) continue;
    const seated = seatsOf(room.roomId);
    if (seated.some((seat) => seat.userId === userId)) continue;
    const host = seated.find((seat) => seat.userId === room.hostId) ?? seated[0];
    rematchOf.set(game.roomId, {
      roomId: room.roomId,
      fromRoomId: game.roomId,
      startedBy: firstNameOf(host?.name ?? '') || 'A player',
      amount: ngweeToZmw(room.amount),
      seated: new Set(seated.map((seat) => seat.userId)),
    });
  }

  const opponents: RecentOpponent[] = [];
  for (const game of games) {
    const rematch = rematchOf.get(game.roomId);
    for (const seat of seatsOf(game.roomId)) {
      if (seat.userId === userId || opponents.some((o) => o.uid === seat.userId)) continue;
      if (opponents.length === OPPONENTS_SHOWN) break;
      opponents.push({
        uid: seat.userId,
        name: firstNameOf(seat.name) || 'Player',
        amount: ngweeToZmw(game.amount),
        rematch: rematch?.seated.has(seat.userId) ? withoutSeats(rematch) : null,
      });
    }
  }
  return { opponents, rematches: [...rematchOf.values()].map(withoutSeats) };
}

function withoutSeats({ seated: _seated, ...rematch }: WaitingRematch & { seated: Set<string> }) {
  return rematch;
}
