// Create, join and leave: each ONE write transaction (the stake through takeStake, the seat),
// then a background push to the room server and the lobby once it has committed.
import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, max } from 'drizzle-orm';
import type { Database, Tx } from '#db/client.ts';
import { findTransfer, InsufficientFundsError } from '#db/ledger.ts';
import { moneyKeys, refundStake } from '#db/money.ts';
import { rooms, roomSeats } from '#db/schema/rooms.ts';
import { hashServerSeed } from '#game/dice.ts';
import { QUICK_MATCH } from '#game/room-options.ts';
import { playRefusalOf } from '../responsible-play/refusals';
import { assertMayPlay, takeStake } from '../responsible-play/stake';
import { refuse, RefusalError, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';
import { loadRoom, toPublicRoom } from './queries';
import { quickMatchCandidate } from './quick-match';
import type { Actor, Outcome, RoomService } from './service';
import type { PublicRoom } from '#wire/site-room.ts';
import {
  isRoomIdShaped,
  parseClientSeed,
  parseQuickMatch,
  parseRoomSettings,
  ROOM_EXPIRY_MS,
  type RoomSettings,
} from './settings';
import { clearCurrentRoom, liveRoomOf, setCurrentRoom, userRow } from './user-rooms';

export interface SeatingDeps {
  database: Database;
  clock: () => number;
  /** Multiplies the room expiry. */
  gameTimeScale: number;
  /** Called once a change has committed: pushes the room and the lobby. */
  changed: (roomId: string) => void;
}

/** A new room and its host's seat (index 0): how every room, real or practice, begins. */
export async function insertRoomWithHost(
  tx: Tx,
  room: typeof rooms.$inferInsert & { roomId: string },
  host: { userId: string; name: string; clientSeed: string | null; joinedAt: number },
): Promise<void> {
  await tx.insert(rooms).values(room);
  await tx.insert(roomSeats).values({ roomId: room.roomId, seatIndex: 0, ...host });
}

export function newRoomId(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(10));
}

/** A fresh secret seed for the dice and its published hash (game/dice). */
export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

export function seatName(actor: Pick<Actor, 'firstName' | 'lastName'>): string {
  return `${actor.firstName} ${actor.lastName}`.trim() || 'Player';
}

export function roomNameFor(firstName: string): string {
  return `${firstName.trim() || 'Player'}'s Room`;
}

/** The room with its seats, while it is still open to joins and leaves. */
async function openRoom(tx: Tx, roomId: string) {
  const found = await loadRoom(tx, roomId);
  if (!found) return refuse(404, 'room_not_found');
  if (found.room.status === 'closed' || found.room.status === 'ended') {
    return refuse(410, 'room_closed');
  }
  return { ok: true as const, ...found };
}

/** The user, when they sit in no other live room (a user plays in one room at a time). */
async function freeToSit(tx: Tx, userId: string) {
  const user = await userRow(tx, userId);
  if (!user) return refuse(404, 'user_not_found');
  const current = await liveRoomOf(tx, user.currentRoomId);
  if (current) {
    return { ...refuse(409, 'already_in_another_room'), roomId: current };
  }
  return { ok: true as const, user };
}

/** The answer of a change: the room as it stands inside the transaction that changed it. */
async function roomAsItStands(tx: Tx, roomId: string): Promise<{ ok: true; room: PublicRoom }> {
  const room = await loadRoom(tx, roomId);
  if (!room) throw new Error('room vanished inside its own transaction');
  return { ok: true, room: toPublicRoom(room) };
}

export function createSeating(
  deps: SeatingDeps,
): Pick<RoomService, 'create' | 'join' | 'leave' | 'quick'> {
  const { database, clock, changed } = deps;

  /**
   * Runs one write transaction on a room; a RefusalError thrown inside rolls it back and is
   * answered. Once a change has committed, the room and the lobby are pushed.
   */
  async function transact<T>(
    roomId: string,
    fn: (tx: Tx) => Promise<Outcome<T>>,
    insufficient?: Refusal,
  ): Promise<Outcome<T>> {
    const outcome = await run(fn, insufficient);
    if (outcome.ok) changed(roomId);
    return outcome;
  }

  /** One write transaction; a refusal thrown inside rolls it back and is answered. */
  async function run<T>(
    fn: (tx: Tx) => Promise<Outcome<T>>,
    insufficient?: Refusal,
  ): Promise<Outcome<T>> {
    try {
      return await database.write(fn);
    } catch (error) {
      if (error instanceof RefusalError) return error.refusal;
      if (insufficient && error instanceof InsufficientFundsError) return insufficient;
      const played = playRefusalOf(error);
      if (played) return refuse(played.status, played.code, played.error);
      throw error;
    }
  }

  /** A new room with the actor as its host, inside the caller's transaction. */
  async function createIn(
    tx: Tx,
    actor: Actor,
    settings: RoomSettings,
    clientSeed: string | null,
    roomId: string,
  ): Promise<Outcome<{ room: PublicRoom }>> {
    const now = clock();
    const { serverSeed, serverSeedHash } = newServerSeed();
    await assertMayPlay(tx, actor.id, now);
    const free = await freeToSit(tx, actor.id);
    if (!free.ok) return free;
    const { user } = free;
    await insertRoomWithHost(
      tx,
      {
        roomId,
        roomName: roomNameFor(user.firstName),
        hostId: actor.id,
        amount: settings.stakeNgwee,
        timeMinutes: settings.timeMinutes,
        maxPlayers: settings.maxPlayers,
        privacy: settings.privacy,
        isActive: true,
        status: 'waiting',
        serverSeed,
        serverSeedHash,
        createdAt: now,
        expiresAt: now + Math.round(ROOM_EXPIRY_MS * deps.gameTimeScale),
      },
      { userId: actor.id, name: seatName(user), clientSeed, joinedAt: now },
    );
    // The terms, an exclusion, the loss limits, then the wallet: a refusal rolls the room back.
    await takeStake(tx, { roomId, userId: actor.id, now });
    await setCurrentRoom(tx, actor.id, roomId, now);
    return roomAsItStands(tx, roomId);
  }

  /** The actor takes the next seat of a room, inside the caller's transaction. */
  async function joinIn(
    tx: Tx,
    actor: Actor,
    roomId: string,
    clientSeed: string | null,
  ): Promise<Outcome<{ room: PublicRoom }>> {
    const now = clock();
    const found = await openRoom(tx, roomId);
    if (!found.ok) return found;
    const { room, seats } = found;
    if (seats.some((seat) => seat.userId === actor.id)) {
      return { ...refuse(409, 'already_in_this_room'), roomId };
    }
    await assertMayPlay(tx, actor.id, now);
    // A stake is taken once per room and player (db/money): who left cannot sit down again.
    if (await findTransfer(tx, moneyKeys.refund(roomId, actor.id))) {
      return refuse(409, 'left_room');
    }
    const free = await freeToSit(tx, actor.id);
    if (!free.ok) return free;
    const { user } = free;
    if (room.status !== 'waiting' || !room.isActive || seats.length >= room.maxPlayers) {
      return refuse(409, 'room_full');
    }
    // The terms, an exclusion, the loss limits, then the wallet (before the seat is written).
    await takeStake(tx, { roomId, userId: actor.id, now });

    const [last] = await tx
      .select({ seatIndex: max(roomSeats.seatIndex) })
      .from(roomSeats)
      .where(eq(roomSeats.roomId, roomId));
    await tx.insert(roomSeats).values({
      roomId,
      userId: actor.id,
      name: seatName(user),
      seatIndex: (last?.seatIndex ?? -1) + 1,
      clientSeed,
      joinedAt: now,
    });
    await setCurrentRoom(tx, actor.id, roomId, now);
    if (seats.length + 1 === room.maxPlayers) {
      // The last seat: no more joins or leaves; the room server counts down and starts the game.
      await tx
        .update(rooms)
        .set({ isActive: false, status: 'active' })
        .where(eq(rooms.roomId, roomId));
    }
    return roomAsItStands(tx, roomId);
  }

  async function create(actor: Actor, body: unknown): Promise<Outcome<{ room: PublicRoom }>> {
    const parsed = parseRoomSettings(body);
    if (!parsed.ok) return parsed;
    const seed = parseClientSeed(body);
    if (!seed.ok) return seed;
    const roomId = newRoomId();
    const insufficient = refuse(
      402,
      'insufficient_funds',
      refusalWords('insufficient_funds', 'create'),
    );
    return transact(
      roomId,
      (tx) => createIn(tx, actor, parsed.settings, seed.clientSeed, roomId),
      insufficient,
    );
  }

  async function join(
    actor: Actor,
    roomId: string,
    body: unknown,
  ): Promise<Outcome<{ room: PublicRoom }>> {
    if (!isRoomIdShaped(roomId)) return refuse(404, 'room_not_found');
    const seed = parseClientSeed(body);
    if (!seed.ok) return seed;
    const insufficient = refuse(
      402,
      'insufficient_funds',
      refusalWords('insufficient_funds', 'join'),
    );
    return transact(roomId, (tx) => joinIn(tx, actor, roomId, seed.clientSeed), insufficient);
  }

  /**
   * Quick match: in ONE transaction, the public waiting room at that stake closest to full (oldest
   * first) that the actor may still sit in, else a new public room of `QUICK_MATCH`'s shape. The
   * writes queue one at a time, so two players never both take a room's last seat, and one player
   * asking twice at once sits once (the second finds them seated: `already_in_another_room`).
   */
  async function quick(actor: Actor, body: unknown): Promise<Outcome<{ room: PublicRoom }>> {
    const stake = parseQuickMatch(body);
    if (!stake.ok) return stake;
    const seed = parseClientSeed(body);
    if (!seed.ok) return seed;
    const newId = newRoomId();
    const insufficient = refuse(
      402,
      'insufficient_funds',
      refusalWords('insufficient_funds', 'join'),
    );
    const outcome = await run(async (tx) => {
      const roomId = await quickMatchCandidate(tx, actor.id, stake.stakeNgwee, clock());
      if (roomId) return joinIn(tx, actor, roomId, seed.clientSeed);
      const settings: RoomSettings = { stakeNgwee: stake.stakeNgwee, ...QUICK_MATCH };
      return createIn(tx, actor, settings, seed.clientSeed, newId);
    }, insufficient);
    if (outcome.ok) changed(outcome.room.roomId);
    return outcome;
  }

  async function leave(
    actor: Actor,
    roomId: string,
  ): Promise<Outcome<{ room: PublicRoom | null }>> {
    if (!isRoomIdShaped(roomId)) return refuse(404, 'room_not_found');
    return transact(roomId, async (tx) => {
      const now = clock();
      const found = await openRoom(tx, roomId);
      if (!found.ok) return found;
      const { room, seats } = found;
      const mine = seats.find((seat) => seat.userId === actor.id);
      if (!mine) return refuse(409, 'not_in_room');
      if (room.status !== 'waiting') return refuse(409, 'room_started');

      await refundStake(tx, { roomId, userId: actor.id, now });
      await tx
        .delete(roomSeats)
        .where(and(eq(roomSeats.roomId, roomId), eq(roomSeats.userId, actor.id)));
      await clearCurrentRoom(tx, actor.id, roomId, now);
      const rest = seats.filter((seat) => seat.userId !== actor.id);
      const [nextHost] = rest;
      if (!nextHost) {
        await tx
          .update(rooms)
          .set({ status: 'closed', isActive: false, closedAt: now })
          .where(eq(rooms.roomId, roomId));
        return { ok: true as const, room: null };
      }
      if (room.hostId === actor.id) {
        const host = await userRow(tx, nextHost.userId);
        await tx
          .update(rooms)
          .set({ hostId: nextHost.userId, roomName: roomNameFor(host?.firstName ?? nextHost.name) })
          .where(eq(rooms.roomId, roomId));
      }
      return roomAsItStands(tx, roomId);
    });
  }

  return { create, join, leave, quick };
}
