// Reading rooms and shaping them for the two audiences: the public `room` of docs/api.md (never the
// server seed) and `RoomForParty` for the room server (with the seed, for the dice).
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { rooms, roomSeats } from '../../../db/schema';
import { ngweeToZmw } from '../../../game/view';
import { challengeDateOf } from '../challenge/games';
import { botSeatsOf } from '../practice/bot-seats';
import type { PublicRoom, RoomForParty } from './types';

export type RoomRow = typeof rooms.$inferSelect;
export type SeatRow = typeof roomSeats.$inferSelect;

export interface RoomWithSeats {
  room: RoomRow;
  /** In joinedOrder. */
  seats: SeatRow[];
  /** A daily challenge's Lusaka date (practice rooms only). */
  dailyChallenge?: string;
}

/** How many public rooms the list shows at most. */
export const PUBLIC_LIST_LIMIT = 100;

export async function loadRoom(q: Queryable, roomId: string): Promise<RoomWithSeats | null> {
  const [room] = await q.select().from(rooms).where(eq(rooms.roomId, roomId));
  if (!room) return null;
  const seats = await q
    .select()
    .from(roomSeats)
    .where(eq(roomSeats.roomId, roomId))
    .orderBy(asc(roomSeats.seatIndex));
  if (!room.practice) return { room, seats };
  const dailyChallenge = await challengeDateOf(q, roomId);
  return {
    room,
    seats: [...seats, ...(await botSeatsOf(q, room))],
    ...(dailyChallenge ? { dailyChallenge } : {}),
  };
}

export function toPublicRoom({ room, seats }: RoomWithSeats): PublicRoom {
  return {
    roomId: room.roomId,
    roomName: room.roomName,
    hostId: room.hostId,
    amount: ngweeToZmw(room.amount),
    time: room.timeMinutes,
    maxPlayers: room.maxPlayers,
    privacy: room.privacy,
    isActive: room.isActive,
    status: room.status,
    participants: Object.fromEntries(
      seats.map((seat) => [
        seat.userId,
        { uid: seat.userId, name: seat.name, joinedAt: new Date(seat.joinedAt).toISOString() },
      ]),
    ),
    joinedOrder: seats.map((seat) => seat.userId),
    createdAt: new Date(room.createdAt).toISOString(),
    serverSeedHash: room.serverSeedHash,
    ...(room.status === 'waiting' ? { closesAt: new Date(room.expiresAt).toISOString() } : {}),
    practice: room.practice,
  };
}

export function toRoomForParty({ room, seats, dailyChallenge }: RoomWithSeats): RoomForParty {
  return {
    roomId: room.roomId,
    stakeNgwee: room.amount,
    timeMinutes: room.timeMinutes,
    maxPlayers: room.maxPlayers,
    serverSeed: room.serverSeed,
    ...(dailyChallenge ? { dailyChallenge } : {}),
    // The site never uses 'countdown' itself: the room server runs the countdown.
    status: room.status === 'countdown' ? 'active' : room.status,
    seats: seats.map((seat) => ({
      uid: seat.userId,
      name: seat.name,
      clientSeed: seat.clientSeed ?? '',
    })),
  };
}

/** Public rooms still accepting players, newest first. */
export async function listPublicRooms(q: Queryable): Promise<PublicRoom[]> {
  const open = await q
    .select()
    .from(rooms)
    .where(and(eq(rooms.isActive, true), eq(rooms.privacy, 'Public'), eq(rooms.status, 'waiting')))
    .orderBy(desc(rooms.createdAt))
    .limit(PUBLIC_LIST_LIMIT);
  if (open.length === 0) return [];
  const seats = await q
    .select()
    .from(roomSeats)
    .where(
      inArray(
        roomSeats.roomId,
        open.map((room) => room.roomId),
      ),
    )
    .orderBy(asc(roomSeats.seatIndex));
  return open.map((room) =>
    toPublicRoom({ room, seats: seats.filter((seat) => seat.roomId === room.roomId) }),
  );
}
