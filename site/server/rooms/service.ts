// The room service: seating (create, join, leave), expiry, tickets and the reads, put together
// over one publisher that pushes each committed change to the room server and the lobby.
import type { Database } from '#db/client.ts';
import { createExpiry } from './expiry';
import type { Refusal } from '../api/refusals';
import { createRoomPublisher, type RoomPublisher } from './publisher';
import { httpPartyClient, type PartyClient } from './party-client';
import { listPublicRooms, loadRoom, toPublicRoom, toRoomForParty } from './queries';
import { createSeating } from './seating';
import { isRoomIdShaped } from './settings';
import { createTickets } from './tickets';
import type { PublicRoom, RoomForParty } from '#wire/site-room.ts';
import { clockOf } from '../clock';

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
  /** Quick match: the public waiting room at `{amount}` closest to full, or a new one. */
  quick(actor: Actor, body: unknown): Promise<Outcome<{ room: PublicRoom }>>;
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
  /**
   * Refunds every started room past its end time whose room server answers that it holds no game
   * (its storage was lost): the room closes and every stake goes back. Returns the rooms refunded.
   */
  refundLost(now?: number): Promise<string[]>;
  /**
   * A socket ticket bound to the session asking (refused once that session is gone), carrying the
   * address it asked from (`clientAddress`), by which the room caps its watchers.
   */
  ticket(
    actor: Actor,
    roomId: string,
    sessionId: string,
    address?: string,
  ): Promise<Outcome<{ ticket: string; url: string }>>;
  /** A lobby socket's ticket, counted by the address that asked for it (`clientAddress`). */
  lobbyTicket(address: string): { ticket: string; url: string };
  /** Tells the rooms a signed-out session got tickets for (in the background, retried a little). */
  signedOut(sessionId: string, roomIds: readonly string[]): void;
  roomForParty(roomId: string): Promise<RoomForParty | null>;
  publisher: RoomPublisher;
}

export function createRoomService(deps: RoomServiceDeps): RoomService {
  const { database, config } = deps;
  const { gameTimeScale } = config;
  const clock = clockOf(deps);
  const client =
    deps.partyClient ??
    httpPartyClient({ partyUrl: config.partyUrl, internalSecret: config.internalSecret, clock });
  const publisher = createRoomPublisher({
    client,
    loadRoom: async (roomId) => {
      const found = await loadRoom(database.read, roomId);
      return found ? toRoomForParty(found, { now: clock(), timeScale: gameTimeScale }) : null;
    },
    loadLobby: () => listPublicRooms(database.read),
    ...(deps.pushRetry ? { retry: deps.pushRetry } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });

  function changed(roomId: string) {
    publisher.roomChanged(roomId);
    publisher.lobbyChanged();
  }

  return {
    ...createSeating({ database, clock, gameTimeScale, changed }),
    ...createExpiry({ database, clock, gameTimeScale, publisher, client, changed, log: deps.log }),
    ...createTickets({ database, config, clock, client, log: deps.log }),
    async get(roomId) {
      if (!isRoomIdShaped(roomId)) return null;
      const found = await loadRoom(database.read, roomId);
      return found ? toPublicRoom(found) : null;
    },
    listPublic: () => listPublicRooms(database.read),
    async roomForParty(roomId) {
      if (!isRoomIdShaped(roomId)) return null;
      const found = await loadRoom(database.read, roomId);
      return found ? toRoomForParty(found, { now: clock(), timeScale: gameTimeScale }) : null;
    },
    publisher,
  };
}
