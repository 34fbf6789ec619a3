// Rooms for the operator: every live room, and those still unsettled past their end (the sweeper or
// the room server should have finished them; they need a look).
import { and, asc, count, inArray, isNull, lt, or, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { roomSeats, rooms } from '#db/schema/rooms.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import { LIVE_STATUSES } from '../rooms/user-rooms';

/** A room this long past its end without a settlement is stuck, not merely on its way. */
export const STUCK_AFTER_MS = 2 * 60_000;
const ROOMS_SHOWN = 200;

type RoomRow = typeof rooms.$inferSelect;

export async function roomsForOperator(db: Queryable, now: number) {
  const live = [...LIVE_STATUSES] as RoomRow['status'][];
  // Seats per room, joined by id (a correlated subquery's unqualified column would count them all).
  const seated = db
    .select({ roomId: roomSeats.roomId, players: count().as('players') })
    .from(roomSeats)
    .groupBy(roomSeats.roomId)
    .as('seated');
  const rows = await db
    .select({ room: rooms, players: seated.players })
    .from(rooms)
    .leftJoin(seated, eq(seated.roomId, rooms.roomId))
    .where(
      or(
        inArray(rooms.status, live),
        and(eq(rooms.status, 'ended'), isNull(rooms.settledAt), lt(rooms.expiresAt, now)),
      ),
    )
    .orderBy(asc(rooms.expiresAt))
    .limit(ROOMS_SHOWN);
  const views = rows.map(({ room, players }) => ({
    roomId: room.roomId,
    roomName: room.roomName,
    status: room.status,
    stake: ngweeToZmw(room.amount),
    players: Number(players ?? 0),
    maxPlayers: room.maxPlayers,
    createdAt: new Date(room.createdAt).toISOString(),
    expiresAt: new Date(room.expiresAt).toISOString(),
    stuck: room.settledAt === null && room.expiresAt + STUCK_AFTER_MS < now,
  }));
  return { live: views.filter((r) => !r.stuck), stuck: views.filter((r) => r.stuck) };
}
