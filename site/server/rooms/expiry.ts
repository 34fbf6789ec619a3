// Rooms that time out: a room still waiting after its expiry closes and refunds every stake; a
// started room whose game should have been settled by now is pushed again to wake its server; and
// one whose room server answers that it holds no game (its storage was lost) is refunded.
import { and, eq, lte } from 'drizzle-orm';
import type { Database, Tx } from '#db/client.ts';
import { refundStake } from '#db/money.ts';
import { rooms } from '#db/schema/rooms.ts';
import { isBotUid } from '#game/bots.ts';
import { describeError } from '../auth/logging';

import { warnAs, logAdminError } from '../logging';
import type { PartyClient } from './party-client';
import type { RoomPublisher } from './publisher';
import { loadRoom, startedUnsettledRooms, type RoomWithSeats } from './queries';
import type { RoomService } from './service';
import { clearCurrentRoom } from './user-rooms';

/** How long after that a settlement may still be on its way before the room is woken. */
export const OVERDUE_GRACE_MS = 60_000;

export const LOST_GAME_MESSAGE =
  'The room server holds no game for this room after its end time (its storage was lost): every stake was refunded.';

export interface ExpiryDeps {
  database: Database;
  clock: () => number;
  gameTimeScale: number;
  publisher: RoomPublisher;
  client: Pick<PartyClient, 'roomStatus'>;
  changed: (roomId: string) => void;
  log?: (message: string) => void;
}

/** Closes a room and gives every stake back, in the caller's transaction. */
export async function closeAndRefund(tx: Tx, found: RoomWithSeats, now: number): Promise<void> {
  const { roomId } = found.room;
  for (const seat of found.seats) {
    if (isBotUid(seat.userId)) continue;
    await refundStake(tx, { roomId, userId: seat.userId, now });
    await clearCurrentRoom(tx, seat.userId, roomId, now);
  }
  await tx
    .update(rooms)
    .set({ status: 'closed', isActive: false, closedAt: now })
    .where(eq(rooms.roomId, roomId));
}

export function createExpiry(
  deps: ExpiryDeps,
): Pick<RoomService, 'expire' | 'wakeOverdue' | 'refundLost'> {
  const { database, clock, publisher, changed } = deps;
  const log = deps.log ?? warnAs('rooms');

  async function closeExpired(roomId: string, now: number): Promise<boolean> {
    return database.write(async (tx) => {
      const found = await loadRoom(tx, roomId);
      if (!found || found.room.status !== 'waiting' || found.room.expiresAt > now) return false;
      await closeAndRefund(tx, found, now);
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

  /** Started rooms, unsettled a minute after the latest their game could have ended. */
  async function overdueRooms(now: number): Promise<string[]> {
    const started = await startedUnsettledRooms(database.read, deps.gameTimeScale);
    return started
      .filter(({ latestEnd }) => now > latestEnd + OVERDUE_GRACE_MS)
      .map(({ roomId }) => roomId);
  }

  async function wakeOverdue(now = clock()): Promise<string[]> {
    const overdue = await overdueRooms(now);
    for (const roomId of overdue) publisher.roomChanged(roomId);
    return overdue;
  }

  async function closeLost(roomId: string, now: number): Promise<boolean> {
    return database.write(async (tx) => {
      const found = await loadRoom(tx, roomId);
      // A settlement that arrived meanwhile wins: the write queue orders the two.
      if (!found || found.room.status !== 'active' || found.room.settledAt !== null) return false;
      await closeAndRefund(tx, found, now);
      return true;
    });
  }

  /**
   * Only the room server's own word that it holds no game refunds a room: one that does not answer
   * may come back with its storage and report the game, so it is left for a later pass.
   */
  async function refundLost(now = clock()): Promise<string[]> {
    const refunded: string[] = [];
    for (const roomId of await overdueRooms(now)) {
      let status: string;
      try {
        ({ status } = await deps.client.roomStatus(roomId));
      } catch (error) {
        log(`no status from the room server of ${roomId}: ${describeError(error)}`);
        break; // the others live on the same room servers
      }
      if (status !== 'closed') continue;
      if (await closeLost(roomId, now)) {
        refunded.push(roomId);
        changed(roomId);
        await logAdminError(database, { message: LOST_GAME_MESSAGE, roomId }, now);
      }
    }
    return refunded;
  }

  return { expire, wakeOverdue, refundLost };
}
