// Quick match (`POST /api/rooms/quick {amount}`): which public waiting room a player is seated in.
// The seating itself is `seating.ts`'s join or create, with every check they make.
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { findTransfer } from '#db/ledger.ts';
import { moneyKeys } from '#db/money.ts';
import { rooms, roomSeats } from '#db/schema/rooms.ts';

/** How many candidate rooms one quick match looks at (closest to full first). */
const CANDIDATES = 20;

/**
 * The public waiting room at this stake with the fewest free seats (the oldest among equals) that still
 * has a seat, has not passed its expiry and that the user never left (a stake is taken once per room
 * and player); null when there is none. Read inside the seating transaction.
 */
export async function quickMatchCandidate(
  tx: Tx,
  userId: string,
  stakeNgwee: number,
  now: number,
): Promise<string | null> {
  const seated = count(roomSeats.userId);
  const free = sql<number>`${rooms.maxPlayers} - count(${roomSeats.userId})`;
  const open = await tx
    .select({ roomId: rooms.roomId, maxPlayers: rooms.maxPlayers, seated })
    .from(rooms)
    .innerJoin(roomSeats, eq(roomSeats.roomId, rooms.roomId))
    .where(
      and(
        eq(rooms.isActive, true),
        eq(rooms.privacy, 'Public'),
        eq(rooms.status, 'waiting'),
        eq(rooms.practice, false),
        eq(rooms.amount, stakeNgwee),
        gt(rooms.expiresAt, now),
      ),
    )
    .groupBy(rooms.roomId)
    .orderBy(asc(free), asc(rooms.createdAt), asc(rooms.roomId))
    .limit(CANDIDATES);
  for (const room of open) {
    if (room.seated >= room.maxPlayers) continue;
    if (await findTransfer(tx, moneyKeys.refund(room.roomId, userId))) continue;
    return room.roomId;
  }
  return null;
}
