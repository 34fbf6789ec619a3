// Practice games (contract section 7): the caller and 1–5 bots in a room that starts at once. No
// stake, no escrow, no ledger posting; the room is never listed and counts as the caller's current
// room until it ends. One write transaction, then the usual push to the room server.
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { roomBots, users } from '../../../db/schema';
import { botSeats } from '../../../game/bots';
import { refuse, roomMessages as m, type Refusal } from '../rooms/messages';
import { loadRoom, toPublicRoom } from '../rooms/queries';
import type { RoomPublisher } from '../rooms/publisher';
import { insertRoomWithHost, newRoomId, newServerSeed, seatName } from '../rooms/seating';
import type { Actor } from '../rooms/service';
import { liveRoomOf, setCurrentRoom } from '../rooms/user-rooms';
import { parseClientSeed, ROOM_EXPIRY_MS } from '../rooms/settings';
import type { PublicRoom } from '../rooms/types';
import { parsePracticeSettings } from './settings';

export interface PracticeDeps {
  database: Database;
  publisher: RoomPublisher;
  gameTimeScale: number;
  clock?: () => number;
}

export function practiceRoomName(firstName: string): string {
  return `Practice · ${firstName.trim() || 'Player'}`;
}

export async function createPractice(
  deps: PracticeDeps,
  actor: Actor,
  body: unknown,
): Promise<{ ok: true; room: PublicRoom } | Refusal> {
  const parsed = parsePracticeSettings(body);
  if (!parsed.ok) return parsed;
  const seed = parseClientSeed(body);
  if (!seed.ok) return seed;
  const { timeMinutes, bots } = parsed.settings;
  const roomId = newRoomId();
  const { serverSeed, serverSeedHash } = newServerSeed();
  const clock = deps.clock ?? Date.now;

  const outcome = await deps.database.write(async (tx) => {
    const now = clock();
    const [user] = await tx.select().from(users).where(eq(users.id, actor.id));
    if (!user) return refuse(404, 'user_not_found', m.userNotFound);
    const current = await liveRoomOf(tx, user.currentRoomId);
    if (current) {
      return refuse(409, 'already_in_another_room', m.alreadyInAnotherRoom, { roomId: current });
    }
    // Every seat is taken at once: the room server counts down and starts the game.
    await insertRoomWithHost(
      tx,
      {
        roomId,
        roomName: practiceRoomName(user.firstName),
        hostId: actor.id,
        amount: 0,
        timeMinutes,
        maxPlayers: bots + 1,
        privacy: 'Private',
        isActive: false,
        status: 'active',
        practice: true,
        serverSeed,
        serverSeedHash,
        createdAt: now,
        expiresAt: now + Math.round(ROOM_EXPIRY_MS * deps.gameTimeScale),
      },
      { userId: actor.id, name: seatName(user), clientSeed: seed.clientSeed, joinedAt: now },
    );
    await tx.insert(roomBots).values(
      botSeats(bots).map((bot, i) => ({
        roomId,
        uid: bot.uid,
        name: bot.name,
        seatIndex: i + 1,
      })),
    );
    await setCurrentRoom(tx, actor.id, roomId, now);
    const room = await loadRoom(tx, roomId);
    if (!room) throw new Error('room vanished inside its own transaction');
    return { ok: true as const, room: toPublicRoom(room) };
  });
  if (outcome.ok) deps.publisher.roomChanged(roomId);
  return outcome;
}
