// Create, join, leave and expire: each ONE write transaction (balance check, escrow of the stake,
// seat), then a background push to the room server and the lobby once it has committed.
import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, isNull, lte, max } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../../db/client';
import { accountIds, balanceOf, findTransfer, InsufficientFundsError } from '../../../db/ledger';
import { moneyKeys, refundStake, stake } from '../../../db/money';
import { rooms, roomSeats, users } from '../../../db/schema';
import { COUNTDOWN_MS, TURN_MS } from '../../../game/timing';
import { purposeKey, signTicket } from '../../../game/signing';
import { authMessages } from '../auth/messages';
import { refuse, roomMessages as m, type Refusal } from './messages';
import { createRoomPublisher, type RoomPublisher } from './publisher';
import { httpPartyClient, type PartyClient } from './party-client';
import {
  listPublicRooms,
  loadRoom,
  toPublicRoom,
  toRoomForParty,
  type RoomWithSeats,
} from './queries';
import {
  isRoomIdShaped,
  parseClientSeed,
  parseRoomSettings,
  ROOM_EXPIRY_MS,
  type RoomSettings,
} from './settings';
import { recordTicketRoom, ticketSessionKey } from './session-rooms';
import { tellSignOut } from './sign-out';
import type { PublicRoom, RoomForParty } from './types';

export interface RoomsConfig {
  /** Shared with the room servers: signs tickets and every internal call. */
  internalSecret: string;
  /** Where the site reaches the room servers, e.g. `http://127.0.0.1:1999`. */
  partyUrl: string;
  /** Where browsers reach them, e.g. `ws://localhost:1999` or `https://party.example.com`. */
  partyPublicUrl: string;
  /** Multiplies the room expiry (and every game duration on the room server). */
  gameTimeScale: number;
}

export interface RoomServiceDeps {
  database: Database;
  config: RoomsConfig;
  clock?: () => number;
  /** The HTTP pusher to the room servers; a recording fake in tests. */
  partyClient?: PartyClient;
  /** Backoff of background pushes (tests shorten it). */
  pushRetry?: { firstDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  log?: (message: string) => void;
}

/** Who is asking: the signed-in user a route guard let through. */
export interface Actor {
  id: string;
  firstName: string;
  lastName: string;
  isGuest: boolean;
}

export type Outcome<T> = ({ ok: true } & T) | Refusal;

export interface RoomService {
  create(actor: Actor, body: unknown): Promise<Outcome<{ room: PublicRoom }>>;
  join(actor: Actor, roomId: string, body: unknown): Promise<Outcome<{ room: PublicRoom }>>;
  /** `room` is null when the last player left and the room closed. */
  leave(actor: Actor, roomId: string): Promise<Outcome<{ room: PublicRoom | null }>>;
  get(roomId: string): Promise<PublicRoom | null>;
  listPublic(): Promise<PublicRoom[]>;
  /** Closes every room still waiting after its expiry and refunds the stakes; returns their ids. */
  expire(now?: number): Promise<string[]>;
  /**
   * Pushes again every started room whose game should have ended a while ago and is not settled. A
   * room server that restarted keeps no timer, and without a connection it would not wake up to
   * finish the game and report it; the push wakes it. Returns the rooms pushed.
   */
  wakeOverdue(now?: number): Promise<string[]>;
  /** A socket ticket bound to the session asking (refused once that session is gone). */
  ticket(
    actor: Actor,
    roomId: string,
    sessionId: string,
  ): Promise<Outcome<{ ticket: string; url: string }>>;
  /** Tells the rooms a signed-out session got tickets for (in the background, retried a little). */
  signedOut(sessionId: string, roomIds: readonly string[]): void;
  roomForParty(roomId: string): Promise<RoomForParty | null>;
  publisher: RoomPublisher;
}

/** Thrown inside a transaction to roll it back and answer a refusal. */
class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error);
  }
}

const LIVE_STATUSES = new Set(['waiting', 'countdown', 'active']);

/** How long after that a settlement may still be on its way before the room is woken. */
const OVERDUE_GRACE_MS = 60_000;

export function newRoomId(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(10));
}

export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  // Same as game/dice's hashServerSeed: SHA-256 hex of the seed string's UTF-8 bytes.
  const serverSeedHash = createHash('sha256').update(serverSeed, 'utf8').digest('hex');
  return { serverSeed, serverSeedHash };
}

export function seatName(actor: Pick<Actor, 'firstName' | 'lastName'>): string {
  return `${actor.firstName} ${actor.lastName}`.trim() || 'Player';
}

export function roomNameFor(firstName: string): string {
  return `${firstName.trim() || 'Player'}'s Room`;
}

/** `ws(s)://host/parties/main/<roomId>?ticket=…`, accepting an http(s) base too. */
export function roomSocketUrl(partyPublicUrl: string, roomId: string, ticket: string): string {
  const base = partyPublicUrl.replace(/\/+$/, '').replace(/^http(s?):\/\//, 'ws$1://');
  return `${base}/parties/main/${encodeURIComponent(roomId)}?ticket=${encodeURIComponent(ticket)}`;
}

async function userRow(q: Queryable, userId: string) {
  const [row] = await q.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The live room the user already sits in, if any (a stale pointer to a finished room is ignored). */
export async function liveRoomOf(
  q: Queryable,
  currentRoomId: string | null,
): Promise<string | null> {
  if (!currentRoomId) return null;
  const [room] = await q
    .select({ status: rooms.status })
    .from(rooms)
    .where(eq(rooms.roomId, currentRoomId));
  return room && LIVE_STATUSES.has(room.status) ? currentRoomId : null;
}

export async function setCurrentRoom(tx: Tx, userId: string, roomId: string | null, now: number) {
  await tx.update(users).set({ currentRoomId: roomId, updatedAt: now }).where(eq(users.id, userId));
}

/** Clears the pointer only where it still points at this room. */
async function clearCurrentRoom(tx: Tx, userId: string, roomId: string, now: number) {
  await tx
    .update(users)
    .set({ currentRoomId: null, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.currentRoomId, roomId)));
}

export function createRoomService(deps: RoomServiceDeps): RoomService {
  const { database, config } = deps;
  const clock = deps.clock ?? Date.now;
  const client =
    deps.partyClient ??
    httpPartyClient({ partyUrl: config.partyUrl, internalSecret: config.internalSecret, clock });
  const publisher = createRoomPublisher({
    client,
    loadRoom: async (roomId) => {
      const found = await loadRoom(database.read, roomId);
      return found ? toRoomForParty(found) : null;
    },
    loadLobby: () => listPublicRooms(database.read),
    ...(deps.pushRetry ? { retry: deps.pushRetry } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });

  function changed(roomId: string) {
    publisher.roomChanged(roomId);
    publisher.lobbyChanged();
  }

  /** Runs one write transaction; a RefusalError thrown inside rolls it back and is answered. */
  async function transact<T>(
    fn: (tx: Tx) => Promise<Outcome<T>>,
    insufficient?: Refusal,
  ): Promise<Outcome<T>> {
    try {
      return await database.write(fn);
    } catch (error) {
      if (error instanceof RefusalError) return error.refusal;
      if (insufficient && error instanceof InsufficientFundsError) return insufficient;
      throw error;
    }
  }

  async function create(actor: Actor, body: unknown): Promise<Outcome<{ room: PublicRoom }>> {
    const parsed = parseRoomSettings(body);
    if (!parsed.ok) return parsed;
    const seed = parseClientSeed(body);
    if (!seed.ok) return seed;
    const settings: RoomSettings = parsed.settings;
    const roomId = newRoomId();
    const { serverSeed, serverSeedHash } = newServerSeed();
    const insufficient = refuse(402, 'insufficient_funds', m.insufficientFundsToCreate);

    const outcome = await transact(async (tx) => {
      const now = clock();
      const user = await userRow(tx, actor.id);
      if (!user) return refuse(404, 'user_not_found', m.userNotFound);
      const current = await liveRoomOf(tx, user.currentRoomId);
      if (current) {
        return refuse(409, 'already_in_another_room', m.alreadyInAnotherRoom, { roomId: current });
      }
      if ((await balanceOf(tx, accountIds.wallet(actor.id))) < settings.stakeNgwee)
        return insufficient;

      await tx.insert(rooms).values({
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
        expiresAt: now + Math.round(ROOM_EXPIRY_MS * config.gameTimeScale),
      });
      await tx.insert(roomSeats).values({
        roomId,
        userId: actor.id,
        name: seatName(user),
        seatIndex: 0,
        clientSeed: seed.clientSeed,
        joinedAt: now,
      });
      await stake(tx, { roomId, userId: actor.id });
      await setCurrentRoom(tx, actor.id, roomId, now);
      const room = await loadRoom(tx, roomId);
      if (!room) throw new Error('room vanished inside its own transaction');
      return { ok: true as const, room: toPublicRoom(room) };
    }, insufficient);
    if (outcome.ok) changed(roomId);
    return outcome;
  }

  async function join(
    actor: Actor,
    roomId: string,
    body: unknown,
  ): Promise<Outcome<{ room: PublicRoom }>> {
    if (!isRoomIdShaped(roomId)) return refuse(404, 'room_not_found', m.invalidRoomId);
    const seed = parseClientSeed(body);
    if (!seed.ok) return seed;
    const insufficient = refuse(402, 'insufficient_funds', m.insufficientBalance);

    const outcome = await transact(async (tx) => {
      const now = clock();
      const found = await loadRoom(tx, roomId);
      if (!found) return refuse(404, 'room_not_found', m.invalidRoomId);
      const { room, seats } = found;
      if (room.status === 'closed' || room.status === 'ended') {
        return refuse(410, 'room_closed', m.roomClosed);
      }
      if (seats.some((seat) => seat.userId === actor.id)) {
        return refuse(409, 'already_in_this_room', m.alreadyInThisRoom, { roomId });
      }
      // A stake is taken once per room and player (db/money): who left cannot sit down again.
      if (await findTransfer(tx, moneyKeys.refund(roomId, actor.id))) {
        return refuse(409, 'left_room', m.leftRoom);
      }
      const user = await userRow(tx, actor.id);
      if (!user) return refuse(404, 'user_not_found', m.userNotFound);
      const current = await liveRoomOf(tx, user.currentRoomId);
      if (current) {
        return refuse(409, 'already_in_another_room', m.alreadyInAnotherRoom, { roomId: current });
      }
      if (room.status !== 'waiting' || !room.isActive || seats.length >= room.maxPlayers) {
        return refuse(409, 'room_full', m.roomFull);
      }
      if ((await balanceOf(tx, accountIds.wallet(actor.id))) < room.amount) return insufficient;

      const [last] = await tx
        .select({ seatIndex: max(roomSeats.seatIndex) })
        .from(roomSeats)
        .where(eq(roomSeats.roomId, roomId));
      await tx.insert(roomSeats).values({
        roomId,
        userId: actor.id,
        name: seatName(user),
        seatIndex: (last?.seatIndex ?? -1) + 1,
        clientSeed: seed.clientSeed,
        joinedAt: now,
      });
      await stake(tx, { roomId, userId: actor.id });
      await setCurrentRoom(tx, actor.id, roomId, now);
      if (seats.length + 1 === room.maxPlayers) {
        // The last seat: no more joins or leaves; the room server counts down and starts the game.
        await tx
          .update(rooms)
          .set({ isActive: false, status: 'active' })
          .where(eq(rooms.roomId, roomId));
      }
      const after = await loadRoom(tx, roomId);
      if (!after) throw new Error('room vanished inside its own transaction');
      return { ok: true as const, room: toPublicRoom(after) };
    }, insufficient);
    if (outcome.ok) changed(roomId);
    return outcome;
  }

  async function leave(
    actor: Actor,
    roomId: string,
  ): Promise<Outcome<{ room: PublicRoom | null }>> {
    if (!isRoomIdShaped(roomId)) return refuse(404, 'room_not_found', m.invalidRoomId);
    const outcome = await transact(async (tx) => {
      const now = clock();
      const found = await loadRoom(tx, roomId);
      if (!found) return refuse(404, 'room_not_found', m.invalidRoomId);
      const { room, seats } = found;
      if (room.status === 'closed' || room.status === 'ended') {
        return refuse(410, 'room_closed', m.roomClosed);
      }
      const mine = seats.find((seat) => seat.userId === actor.id);
      if (!mine) return refuse(409, 'not_in_room', m.notInRoom);
      if (room.status !== 'waiting') return refuse(409, 'room_started', m.cannotLeaveFull);

      await refundStake(tx, { roomId, userId: actor.id });
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
      const after = await loadRoom(tx, roomId);
      if (!after) throw new Error('room vanished inside its own transaction');
      return { ok: true as const, room: toPublicRoom(after) };
    });
    if (outcome.ok) changed(roomId);
    return outcome;
  }

  async function closeExpired(roomId: string, now: number): Promise<boolean> {
    return database.write(async (tx) => {
      const found = await loadRoom(tx, roomId);
      if (!found || found.room.status !== 'waiting' || found.room.expiresAt > now) return false;
      for (const seat of found.seats) {
        await refundStake(tx, { roomId, userId: seat.userId });
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
      .filter(({ timeMinutes, filledAt }) => {
        // The latest a game can end: the countdown, a first roll left to the turn timer, the game.
        const longest = (COUNTDOWN_MS + TURN_MS + timeMinutes * 60_000) * config.gameTimeScale;
        return filledAt !== null && now > filledAt + longest + OVERDUE_GRACE_MS;
      })
      .map(({ roomId }) => roomId);
    for (const roomId of overdue) publisher.roomChanged(roomId);
    return overdue;
  }

  const ticketKey = purposeKey(config.internalSecret, 'tickets');

  async function ticket(
    actor: Actor,
    roomId: string,
    sessionId: string,
  ): Promise<Outcome<{ ticket: string; url: string }>> {
    if (!isRoomIdShaped(roomId)) return refuse(404, 'room_not_found', m.invalidRoomId);
    const found = await loadRoom(database.read, roomId);
    if (!found) return refuse(404, 'room_not_found', m.invalidRoomId);
    const now = clock();
    // Recorded first, so that a sign-out from now on reaches this room; a session signed out in
    // the meantime gets nothing.
    const recorded = await database.write((tx) => recordTicketRoom(tx, sessionId, roomId, now));
    if (!recorded) return refuse(401, 'not_signed_in', authMessages.notLoggedIn);
    const seat = found.seats.find((s) => s.userId === actor.id);
    const name = seat?.name ?? (actor.isGuest ? 'Guest' : seatName(actor));
    const sessionKey = ticketSessionKey(sessionId);
    const signed = signTicket(ticketKey, { roomId, uid: actor.id, name, sessionKey }, now);
    return { ok: true, ticket: signed, url: roomSocketUrl(config.partyPublicUrl, roomId, signed) };
  }

  function signedOut(sessionId: string, roomIds: readonly string[]): void {
    const sessionKey = ticketSessionKey(sessionId);
    for (const roomId of roomIds) {
      void tellSignOut(client, roomId, sessionKey).catch((error: unknown) =>
        (deps.log ?? console.warn)(
          `[rooms] sign-out of a session not delivered to ${roomId}: ${String(error)}`,
        ),
      );
    }
  }

  return {
    create,
    join,
    leave,
    expire,
    wakeOverdue,
    ticket,
    signedOut,
    async get(roomId) {
      if (!isRoomIdShaped(roomId)) return null;
      const found = await loadRoom(database.read, roomId);
      return found ? toPublicRoom(found) : null;
    },
    listPublic: () => listPublicRooms(database.read),
    async roomForParty(roomId) {
      if (!isRoomIdShaped(roomId)) return null;
      const found: RoomWithSeats | null = await loadRoom(database.read, roomId);
      return found ? toRoomForParty(found) : null;
    },
    publisher,
  };
}
