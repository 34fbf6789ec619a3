// Reading rooms and shaping them for the two audiences: the public `room` of docs/api.md (never the
// server seed) and `RoomForParty` for the room server (with the seed, for the dice).
import { and, asc, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { rooms, roomSeats } from '#db/schema/rooms.ts';
import { latestFirstRoll, latestGameEnd, START_DELIVERY_MS } from '#game/timing.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import { challengeDateOf } from '../challenge/games';
import { botSeatsOf } from '../practice/bot-seats';
import { firstNameOf } from '#site/shared/first-name.ts';
import type { PublicRoom, RoomForParty } from '#wire/site-room.ts';

export type RoomRow = typeof rooms.$inferSelect;
export type SeatRow = typeof roomSeats.$inferSelect;

export interface RoomWithSeats {
  room: RoomRow;
  /** In joinedOrder. */
  seats: SeatRow[];
  /** A daily challenge's Lusaka date (practice rooms only). */
  dailyChallenge?: string;
  /** A finished game's rematch, while its room is open: the room and who started it. */
  rematch?: NonNullable<RoomForParty['rematch']>;
}

/** The rematch room linked from a finished game, with its host, unless it has closed. */
async function rematchOf(q: Queryable, rematchRoomId: string) {
  const [room] = await q.select().from(rooms).where(eq(rooms.roomId, rematchRoomId));
  if (!room || room.status === 'closed') return undefined;
  const [host] = await q
    .select()
    .from(roomSeats)
    .where(and(eq(roomSeats.roomId, rematchRoomId), eq(roomSeats.userId, room.hostId)));
  if (!host) return undefined;
  return {
    roomId: room.roomId,
    hostId: host.userId,
    hostName: firstNameOf(host.name) || 'A player',
  };
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
  if (!room.practice) {
    const rematch = room.rematchRoomId ? await rematchOf(q, room.rematchRoomId) : undefined;
    return { room, seats, ...(rematch ? { rematch } : {}) };
  }
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

/** When the last seat of a room was taken (its bots sit from the start). */
export function filledAt(seats: readonly SeatRow[]): number {
  return Math.max(...seats.map((seat) => seat.joinedAt));
}

/**
 * A started room whose game must have begun by now: a room server that does not hold that game
 * (it lost its storage, or never heard of the room in time) is told the room is closed, so it never
 * starts the game late, from the beginning; one that holds it ignores seats once the game started.
 * The sweeper refunds such a room once its end time has passed (`expiry.ts`).
 */
export function pastItsStart(found: RoomWithSeats, now: number, timeScale: number): boolean {
  const { room, seats } = found;
  if (room.status !== 'active' && room.status !== 'countdown') return false;
  if (seats.length === 0) return false;
  return now > latestFirstRoll(filledAt(seats), timeScale) + START_DELIVERY_MS;
}

export function toRoomForParty(
  found: RoomWithSeats,
  clock: { now: number; timeScale: number },
): RoomForParty {
  const { room, seats, dailyChallenge, rematch } = found;
  const started = room.status === 'countdown' ? 'active' : room.status;
  return {
    roomId: room.roomId,
    stakeNgwee: room.amount,
    timeMinutes: room.timeMinutes,
    maxPlayers: room.maxPlayers,
    serverSeed: room.serverSeed,
    ...(dailyChallenge ? { dailyChallenge } : {}),
    ...(rematch ? { rematch } : {}),
    // The site never uses 'countdown' itself: the room server runs the countdown.
    status: pastItsStart(found, clock.now, clock.timeScale) ? 'closed' : started,
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

/**
 * Every started room not settled yet, with the latest its game could end (from its last seat):
 * what the sweeper wakes and refunds, and the settlement lag the metrics report.
 */
export async function startedUnsettledRooms(
  q: Queryable,
  timeScale: number,
): Promise<{ roomId: string; latestEnd: number }[]> {
  const started = await q
    .select({
      roomId: rooms.roomId,
      timeMinutes: rooms.timeMinutes,
      filledAt: max(roomSeats.joinedAt),
    })
    .from(rooms)
    .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.roomId))
    .where(and(eq(rooms.status, 'active'), isNull(rooms.settledAt)))
    .groupBy(rooms.roomId);
  return started.flatMap(({ roomId, timeMinutes, filledAt }) =>
    filledAt === null
      ? []
      : [{ roomId, latestEnd: latestGameEnd(filledAt, timeMinutes, timeScale) }],
  );
}
