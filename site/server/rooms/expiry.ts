// Rooms that time out: a room still waiting after its expiry closes and refunds every stake; a
// started room whose game should have been settled by now is pushed again to wake its server.
import { and, eq, isNull, lte, max } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { refundStake } from '../../../db/money';
import { rooms, roomSeats } from '../../../db/schema';
import { latestGameEnd } from '../../../game/timing';
import type { RoomPublisher } from './publisher';
import { loadRoom } from './queries';
import type { RoomService } from './service';
import { clearCurrentRoom } from './user-rooms';

/** How long after that a settlement may still be on its way before the room is woken. */
const OVERDUE_GRACE_MS = 60_000;

export interface ExpiryDeps {
  database: Database;
  clock: () => number;
  gameTimeScale: number;
  publisher: RoomPublisher;
  changed: (roomId: string) => void;
}

export function createExpiry(deps: ExpiryDeps): Pick<RoomService, 'expire' | 'wakeOverdue'> {
  const { database, clock, publisher, changed } = deps;

  async function closeExpired(roomId: string, now: number): Promise<boolean> {
    return database.write(async (tx) => {
      const found = await loadRoom(tx, roomId);
      if (!found || found.room.status !== 'waiting' || found.room.expiresAt > now) return false;
      for (const seat of found.seats) {
        await refundStake(tx, { roomId, userId: seat.userId, now });
        await clearCurrentRoom(tx, seat.userId, roomId, now);
      }
      await tx
        .update(rooms)
        .set({ status: 'closed', isActive: false, closedAt: now })
        .where(eq(rooms.roomId, roomId));
      return true;
    });
  }

  async function expire(now = clock()): Promise<string[]> {
    const due = await database.read
      .select({ roomId: rooms.roomId })
      .from(rooms)
      .where(and(eq(rooms.status, 'waiting'), lte(rooms.expiresAt, now)));
    const closed: string[] = [];
    // One transaction per room: each re-checks, so a last-second join wins or loses cleanly.
    for (const { roomId } of due) {
      if (await closeExpired(roomId, now)) {
        closed.push(roomId);
        changed(roomId);
      }
    }
    return closed;
  }

  async function wakeOverdue(now = clock()): Promise<string[]> {
    const started = await database.read
      .select({
        roomId: rooms.roomId,
        timeMinutes: rooms.timeMinutes,
        filledAt: max(roomSeats.joinedAt),
      })
      .from(rooms)
      .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.roomId))
      .where(and(eq(rooms.status, 'active'), isNull(rooms.settledAt)))
      .groupBy(rooms.roomId);
    const overdue = started
      .filter(
        ({ timeMinutes, filledAt }) =>
          filledAt !== null &&
          now > latestGameEnd(filledAt, timeMinutes, deps.gameTimeScale) + OVERDUE_GRACE_MS,
      )
      .map(({ roomId }) => roomId);
    for (const roomId of overdue) publisher.roomChanged(roomId);
    return overdue;
  }

  return { expire, wakeOverdue };
}
