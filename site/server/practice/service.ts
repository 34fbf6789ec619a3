// Practice games (contract section 7): the caller and 1–5 bots in a room that starts at once. No
// stake, no escrow, no ledger posting; the room is never listed and counts as the caller's current
// room until it ends. One write transaction, then the usual push to the room server.
// `{challenge: true}` starts the day's challenge instead (contract section 8, decision 088): the
// day's settings, and the day's seed with no player seed mixed in, so everyone rolls the same dice.
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { roomBots } from '#db/schema/rooms.ts';
import { users } from '#db/schema/people.ts';
import { botSeats } from '#game/bots.ts';
import { challengeOptions, challengeServerSeed } from '#game/challenge.ts';
import { hashServerSeed } from '#game/dice.ts';
import { challengeDateAt, challengeKeyOf } from '../challenge/day';
import { markChallengeGame } from '../challenge/games';
import { refuse, type Refusal } from '../api/refusals';
import { loadRoom, toPublicRoom } from '../rooms/queries';
import { roomServiceOf, type RoomsDeps } from '../rooms/deps';
import type { RoomPublisher } from '../rooms/publisher';
import { insertRoomWithHost, newRoomId, newServerSeed, seatName } from '../rooms/seating';
import type { Actor } from '../rooms/service';
import { liveRoomOf, setCurrentRoom } from '../rooms/user-rooms';
import { parseClientSeed, ROOM_EXPIRY_MS } from '../rooms/settings';
import type { PublicRoom } from '#wire/site-room.ts';
import { parseChallengeChoice, parsePracticeSettings, type PracticeSettings } from './settings';
import { clockOf } from '../clock';

export interface PracticeDeps {
  database: Database;
  publisher: RoomPublisher;
  gameTimeScale: number;
  /** The daily challenge's key (challenge/day.ts `challengeKeyOf`). */
  challengeKey: string;
  clock?: () => number;
}

/** The practice service's deps from the rooms' (its pushes go through the rooms' one publisher). */
export function practiceDepsOf(deps: RoomsDeps): PracticeDeps {
  return {
    database: deps.database,
    publisher: roomServiceOf(deps).publisher,
    gameTimeScale: deps.config.gameTimeScale,
    challengeKey: challengeKeyOf(deps.config.internalSecret),
    ...(deps.clock ? { clock: deps.clock } : {}),
  };
}

export function practiceRoomName(firstName: string): string {
  return `Practice · ${firstName.trim() || 'Player'}`;
}

export function challengeRoomName(date: string): string {
  return `Daily challenge · ${date}`;
}

/** What a new practice room is: its settings, its seed and name, and its challenge date if any. */
interface PracticeGame {
  timeMinutes: number;
  bots: number;
  serverSeed: string;
  serverSeedHash: string;
  roomName: string;
  challengeDate: string | null;
}

function practiceGame(settings: PracticeSettings, firstName: string): PracticeGame {
  return {
    ...settings,
    ...newServerSeed(),
    roomName: practiceRoomName(firstName),
    challengeDate: null,
  };
}

/** The challenge of the Lusaka day at `now`: the day's settings and the day's seed. */
function challengeGame(challengeKey: string, now: number): PracticeGame {
  const date = challengeDateAt(now);
  const { time, bots } = challengeOptions(date);
  const serverSeed = challengeServerSeed(challengeKey, date);
  return {
    timeMinutes: time,
    bots,
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    roomName: challengeRoomName(date),
    challengeDate: date,
  };
}

export async function createPractice(
  deps: PracticeDeps,
  actor: Actor,
  body: unknown,
): Promise<{ ok: true; room: PublicRoom } | Refusal> {
  const choice = parseChallengeChoice(body);
  if (!choice.ok) return choice;
  const parsed = choice.challenge ? null : parsePracticeSettings(body);
  if (parsed && !parsed.ok) return parsed;
  const seed = parseClientSeed(body);
  if (!seed.ok) return seed;
  const roomId = newRoomId();
  const clock = clockOf(deps);

  const outcome = await deps.database.write(async (tx) => {
    const now = clock();
    const [user] = await tx.select().from(users).where(eq(users.id, actor.id));
    if (!user) return refuse(404, 'user_not_found');
    const current = await liveRoomOf(tx, user.currentRoomId);
    if (current) {
      return { ...refuse(409, 'already_in_another_room'), roomId: current };
    }
    const game = parsed
      ? practiceGame(parsed.settings, user.firstName)
      : challengeGame(deps.challengeKey, now);
    // Every seat is taken at once: the room server counts down and starts the game.
    await insertRoomWithHost(
      tx,
      {
        roomId,
        roomName: game.roomName,
        hostId: actor.id,
        amount: 0,
        timeMinutes: game.timeMinutes,
        maxPlayers: game.bots + 1,
        privacy: 'Private',
        isActive: false,
        status: 'active',
        practice: true,
        serverSeed: game.serverSeed,
        serverSeedHash: game.serverSeedHash,
        createdAt: now,
        expiresAt: now + Math.round(ROOM_EXPIRY_MS * deps.gameTimeScale),
      },
      {
        userId: actor.id,
        name: seatName(user),
        clientSeed: game.challengeDate === null ? seed.clientSeed : null,
        joinedAt: now,
      },
    );
    await tx.insert(roomBots).values(
      botSeats(game.bots).map((bot, i) => ({
        roomId,
        uid: bot.uid,
        name: bot.name,
        seatIndex: i + 1,
      })),
    );
    if (game.challengeDate !== null) {
      await markChallengeGame(tx, { roomId, date: game.challengeDate, userId: actor.id });
    }
    await setCurrentRoom(tx, actor.id, roomId, now);
    const room = await loadRoom(tx, roomId);
    if (!room) throw new Error('room vanished inside its own transaction');
    return { ok: true as const, room: toPublicRoom(room) };
  });
  if (outcome.ok) deps.publisher.roomChanged(roomId);
  return outcome;
}
