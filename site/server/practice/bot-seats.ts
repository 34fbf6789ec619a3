// A practice room's bots as seats after its player's, so that the room server, the settlement check
// and the public room see one list in joinedOrder.
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { roomBots, type rooms, type roomSeats } from '#db/schema/rooms.ts';

type SeatRow = typeof roomSeats.$inferSelect;

export async function botSeatsOf(
  q: Queryable,
  room: Pick<typeof rooms.$inferSelect, 'roomId' | 'createdAt'>,
): Promise<SeatRow[]> {
  const bots = await q
    .select()
    .from(roomBots)
    .where(eq(roomBots.roomId, room.roomId))
    .orderBy(asc(roomBots.seatIndex));
  return bots.map((bot) => ({
    roomId: bot.roomId,
    userId: bot.uid,
    name: bot.name,
    seatIndex: bot.seatIndex,
    clientSeed: null,
    joinedAt: room.createdAt,
  }));
}
