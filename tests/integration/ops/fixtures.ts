// Rows the ops tests need that no route of the wallet harness makes: a room, a seat, a played game.
import type { Database } from '#db/client.ts';
import { gameHistory, rooms, roomSeats } from '#db/schema/rooms.ts';
import type { RoomStatus } from '#db/schema/rooms.ts';

export async function insertRoom(
  database: Database,
  hostId: string,
  status: RoomStatus,
  expiresAt = Date.now() + 60 * 60_000,
): Promise<string> {
  const roomId = crypto.randomUUID();
  await database.write((tx) =>
    tx.insert(rooms).values({
      roomId,
      roomName: `Room ${roomId.slice(0, 4)}`,
      hostId,
      amount: 1_000,
      timeMinutes: 10,
      maxPlayers: 2,
      privacy: 'Public',
      status,
      serverSeed: 'seed',
      serverSeedHash: 'hash',
      expiresAt,
    }),
  );
  return roomId;
}

export async function seatPlayer(
  database: Database,
  roomId: string,
  userId: string,
  seatIndex = 0,
) {
  await database.write((tx) =>
    tx.insert(roomSeats).values({ roomId, userId, name: 'Mutale B.', seatIndex }),
  );
}

/** A finished game in the player's history (a loss). */
export async function playedGame(database: Database, userId: string): Promise<string> {
  const roomId = await insertRoom(database, userId, 'closed');
  await seatPlayer(database, roomId, userId);
  await database.write((tx) =>
    tx.insert(gameHistory).values({ userId, roomId, result: 'lost', prize: 0 }),
  );
  return roomId;
}
