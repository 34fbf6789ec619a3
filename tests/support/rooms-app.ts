// The rooms, games and internal routers composed with auth and the Origin check exactly as the site
// mounts them, on a real HTTP server (port 0) over a fresh libSQL file. Money comes in through the
// ledger's own deposit path (db/payments), never through an HTTP route.
import { roomKeys, type RoomKeys } from '#wire/signing.ts';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express, { Router } from 'express';
import { accountIds, balanceOf, checkLedger } from '#db/ledger.ts';
import { users } from '#db/schema/people.ts';
import { accountRouter } from '#site/server/api/account.ts';
import { authRouter } from '#site/server/api/auth.ts';
import { challengeRouter } from '#site/server/api/challenge.ts';
import { cardsRouter } from '#site/server/api/cards.ts';
import { gamesRouter } from '#site/server/api/games.ts';
import { practiceRouter } from '#site/server/api/practice.ts';
import { internalRouter } from '#site/server/api/internal.ts';
import { responsiblePlayRouter } from '#site/server/api/responsible-play.ts';
import { meRouter } from '#site/server/api/me.ts';
import { roomsRouter } from '#site/server/api/rooms.ts';
import type { AuthConfig } from '#site/server/auth/config.ts';
import { requireSameOrigin } from '#site/server/auth/origin.ts';
import { roomServiceOf, type RoomsDeps } from '#site/server/rooms/deps.ts';
import type { PartyClient } from '#site/server/rooms/party-client.ts';
import type { RoomService } from '#site/server/rooms/service.ts';
import type { PublicRoom, RoomForParty } from '#wire/site-room.ts';
import { createTestDatabase, fundWallet, type TestDatabase } from './db';
import { HttpClient } from './http-client';

export const TEST_INTERNAL_SECRET = 'rooms-test-internal-secret';

/** A party client that records every push and can be told to fail. */
export interface RecordingPartyClient extends PartyClient {
  rooms: RoomForParty[];
  lobbies: PublicRoom[][];
  /** Sign-outs told to room servers (protocol call 5). */
  signOuts: { roomId: string; sessionKey: string }[];
  /** The next `count` calls throw, as an unreachable room server would. */
  failNext(count: number): void;
  failures: number;
}

export function recordingPartyClient(): RecordingPartyClient {
  let failing = 0;
  const client: RecordingPartyClient = {
    rooms: [],
    lobbies: [],
    signOuts: [],
    failures: 0,
    failNext(count) {
      failing = count;
    },
    async sendRoom(room) {
      if (failing > 0) {
        failing -= 1;
        client.failures += 1;
        throw new Error('room server unreachable');
      }
      client.rooms.push(structuredClone(room));
    },
    async sendLobby(rooms) {
      if (failing > 0) {
        failing -= 1;
        client.failures += 1;
        throw new Error('lobby unreachable');
      }
      client.lobbies.push(structuredClone(rooms));
    },
    async signOut(roomId, sessionKey) {
      client.signOuts.push({ roomId, sessionKey });
    },
    // A recording client holds no room server: it never says what a room holds.
    async roomStatus() {
      throw new Error('no room server');
    },
    async roomView() {
      throw new Error('no room server');
    },
  };
  return client;
}

export interface RoomsAppOptions {
  /** Start of the injected clock (ms); it only moves with `advance` unless `realClock`. */
  start?: number;
  /** Use Date.now (needed when a real room server checks signatures against its own clock). */
  realClock?: boolean;
  gameTimeScale?: number;
  /** The room servers; a recording fake when absent. */
  partyUrl?: string;
  partyPublicUrl?: string;
  adminEmails?: string[];
  internalSecret?: string;
}

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  client: HttpClient;
}

export interface RoomsApp {
  url: string;
  db: TestDatabase;
  deps: RoomsDeps;
  rooms: RoomService;
  /** Present unless a real `partyUrl` was given. */
  party: RecordingPartyClient | null;
  internalSecret: string;
  /** The keys derived from internalSecret that the room servers hold. */
  keys: RoomKeys;
  now(): number;
  advance(ms: number): void;
  client(address?: string): HttpClient;
  /** Signs a new player up through the API; `fundZmw` deposits that much through the ledger. */
  player(options?: { fundZmw?: number; firstName?: string; lastName?: string }): Promise<TestUser>;
  /** Grants the admin claim directly in the database. */
  makeAdmin(userId: string): Promise<void>;
  /** A guest session through the API. */
  guest(): Promise<TestUser>;
  /** Credits a completed deposit of `zmw` to the user's wallet (db/payments, not HTTP). */
  fund(userId: string, zmw: number): Promise<void>;
  /** Wallet balance in ngwee. */
  wallet(userId: string): Promise<number>;
  /** Every account's balance summed by kind, for conservation checks. */
  ledger(): Promise<{
    sum: number;
    byKind: Record<string, number>;
    report: Awaited<ReturnType<typeof checkLedger>>;
  }>;
  close(): Promise<void>;
}

let people = 0;

export async function startRoomsApp(options: RoomsAppOptions = {}): Promise<RoomsApp> {
  const db = await createTestDatabase();
  let clock = options.start ?? Date.UTC(2025, 0, 1, 8);
  const now = options.realClock ? () => Date.now() : () => clock;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const internalSecret = options.internalSecret ?? TEST_INTERNAL_SECRET;
  const party = options.partyUrl ? null : recordingPartyClient();

  const auth: AuthConfig = { publicUrl: url, adminEmails: options.adminEmails ?? [] };
  const deps: RoomsDeps = {
    database: db.database,
    auth,
    config: {
      internalSecret,
      partyUrl: options.partyUrl ?? 'http://127.0.0.1:9',
      partyPublicUrl: options.partyPublicUrl ?? options.partyUrl ?? 'ws://127.0.0.1:9',
      gameTimeScale: options.gameTimeScale ?? 1,
    },
    clock: now,
    ...(party ? { partyClient: party } : {}),
    pushRetry: { firstDelayMs: 10, maxDelayMs: 200, maxAttempts: 50 },
  };
  const authDeps = {
    database: db.database,
    config: auth,
    clock: now,
    onSignedOut: (sessionId: string, roomIds: string[]) =>
      roomServiceOf(deps).signedOut(sessionId, roomIds),
  };

  const api = Router();
  // The room servers' calls are signed instead of coming from the site's pages.
  api.use(internalRouter(deps));
  api.use(requireSameOrigin(url));
  api.use(
    authRouter(authDeps),
    accountRouter(authDeps),
    meRouter(authDeps),
    responsiblePlayRouter(authDeps),
    roomsRouter(deps),
    gamesRouter(deps),
    cardsRouter(deps),
    practiceRouter(deps),
    challengeRouter(deps),
  );

  const app = express();
  app.set('trust proxy', true);
  app.use('/api', api);
  server.on('request', app);

  async function fund(userId: string, zmw: number): Promise<void> {
    await fundWallet(db.database, userId, Math.round(zmw * 100), { now: now() });
  }

  const client = (address = '10.1.0.1') => new HttpClient(url, url, address);

  async function player(
    opts: { fundZmw?: number; firstName?: string; lastName?: string } = {},
  ): Promise<TestUser> {
    people += 1;
    const firstName = opts.firstName ?? `Player${people}`;
    const lastName = opts.lastName ?? 'Phiri';
    const email = `player.${people}.${randomUUID().slice(0, 8)}@example.zm`;
    const c = client(`10.2.${Math.floor(people / 250)}.${people % 250}`);
    const answer = await c.post('/api/auth/signup', {
      firstName,
      lastName,
      phone: '0971234567',
      email,
      password: 'correct-horse-battery',
      adult: true,
      terms: true,
    });
    if (answer.status !== 201) throw new Error(`signup failed: ${answer.status} ${answer.text}`);
    const id = (answer.json.user as { id: string }).id;
    if (opts.fundZmw) await fund(id, opts.fundZmw);
    return { id, email, firstName, lastName, client: c };
  }

  return {
    url,
    db,
    deps,
    rooms: roomServiceOf(deps),
    party,
    internalSecret,
    keys: roomKeys(internalSecret),
    now,
    advance(ms) {
      clock += ms;
    },
    client,
    player,
    async guest() {
      const c = client();
      const answer = await c.post('/api/auth/guest');
      if (answer.status !== 200) throw new Error(`guest failed: ${answer.status}`);
      const user = answer.json.user as { id: string };
      return { id: user.id, email: '', firstName: 'Guest', lastName: '', client: c };
    },
    fund,
    async makeAdmin(userId) {
      await db.database.write((tx) =>
        tx.update(users).set({ isAdmin: true }).where(eq(users.id, userId)),
      );
    },
    wallet: (userId) => balanceOf(db.database.read, accountIds.wallet(userId)),
    async ledger() {
      const rows = await db.database.client.execute(
        'select kind, coalesce(sum(balance), 0) as total from accounts group by kind',
      );
      const byKind: Record<string, number> = {};
      for (const row of rows.rows) byKind[String(row.kind)] = Number(row.total);
      const sum = Object.values(byKind).reduce((a, b) => a + b, 0);
      return { sum, byKind, report: await checkLedger(db.database.read) };
    },
    async close() {
      const service = roomServiceOf(deps);
      service.publisher.stop();
      await service.publisher.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.cleanup();
    },
  };
}

/** Opens a public 2-player room of ZMW 10 for 10 minutes through the API; its id. */
export async function openRoom(host: TestUser): Promise<string> {
  const created = await host.client.post('/api/rooms', {
    amount: 10,
    time: 10,
    maxPlayers: 2,
    privacy: 'Public',
  });
  if (created.status !== 201) {
    throw new Error(`POST /api/rooms answered ${created.status}: ${created.text}`);
  }
  return (created.json.room as { roomId: string }).roomId;
}
