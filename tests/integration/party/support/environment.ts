// One test environment: the fake site and a real `partykit dev` running party/room.ts and
// party/lobby-server.ts (tests/integration/party/partykit.test.json), wired with the same secret.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  addressKey,
  purposeKey,
  roomKeys,
  signLobbyTicket,
  signTicket,
  type RoomKeys,
} from '#wire/signing.ts';
import type { TestClockAnswer, TestClockCall } from '#wire/test-clock.ts';
import { pushRoom, startFakeSite, type FakeRoom, type FakeSite } from '#tests/support/fake-site.ts';
import { moveTestClock } from '#tests/support/test-clock.ts';
import { removeDir, startPartykit, tempDir, type PartykitServer } from '#tests/support/partykit.ts';

export const TEST_CONFIG = path.resolve(import.meta.dirname, '../partykit.test.json');

export interface Environment {
  site: FakeSite;
  party: PartykitServer;
  /** INTERNAL_SECRET, as the site holds it. */
  secret: string;
  /** What the room server holds instead of it. */
  keys: RoomKeys;
  /** The test clock's key (`TEST_CLOCK_KEY`), or '' when the room server has no test clock. */
  testClockKey: string;
  timeScale: number;
  /** The socket URL the site's ticket call would hand out. */
  ticketUrl(roomId: string, uid: string, name?: string, now?: number): string;
  /** The lobby socket URL the site's lobby ticket call would hand out to `address`. */
  lobbyUrl(address?: string, now?: number): string;
  /** The room's test clock (`testClock` environments): hold, step, release or read it. */
  clock(roomId: string, action: TestClockCall['action']): Promise<TestClockAnswer>;
  /** Registers the room with the fake site and pushes it to its room server (call 1). */
  putRoom(room: FakeRoom): Promise<void>;
  /** Where the room servers keep their storage (`partykit dev --persist`). */
  persistDir: string;
  /**
   * SIGKILL the room server and start it again on the same port and storage; `whileDown` runs in
   * between (e.g. to rewrite what is stored).
   */
  restartParty(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export async function startEnvironment(options: {
  timeScale: number;
  /** Give the room server the test clock's key, as `npm start` does with `TEST_CLOCK=1`. */
  testClock?: boolean;
}): Promise<Environment> {
  const secret = randomBytes(32).toString('hex');
  const site = await startFakeSite({ secret });
  const persistDir = await tempDir('zt-party-state-');
  const keys = roomKeys(secret);
  const testClockKey = options.testClock ? purposeKey(secret, 'test-clock') : '';
  // The room server gets only the derived keys, as `npm start` runs it.
  const vars = {
    SITE_URL: site.url,
    TICKET_KEY: keys.tickets,
    SITE_TO_ROOM_KEY: keys.siteToRoom,
    ROOM_TO_SITE_KEY: keys.roomToSite,
    GAME_TIME_SCALE: String(options.timeScale),
    ...(testClockKey ? { TEST_CLOCK_KEY: testClockKey } : {}),
  };
  let party = await startPartykit({ config: TEST_CONFIG, persistDir, vars });

  const environment: Environment = {
    site,
    get party() {
      return party;
    },
    secret,
    keys,
    persistDir,
    testClockKey,
    timeScale: options.timeScale,
    ticketUrl(roomId, uid, name = uid, now = Date.now()) {
      const ticket = signTicket(keys.tickets, { roomId, uid, name }, now);
      return `${party.wsUrl}/parties/main/${encodeURIComponent(roomId)}?ticket=${ticket}`;
    },
    lobbyUrl(address = '10.0.0.1', now = Date.now()) {
      const ticket = signLobbyTicket(keys.tickets, addressKey(keys.tickets, address), now);
      return `${party.wsUrl}/parties/lobby/main?ticket=${ticket}`;
    },
    clock(roomId, action) {
      return moveTestClock(party.httpUrl, testClockKey, roomId, action);
    },
    async putRoom(room) {
      site.rooms.set(room.roomId, structuredClone(room));
      const response = await pushRoom(party.httpUrl, secret, room);
      if (response.status !== 200) {
        throw new Error(
          `push of ${room.roomId} answered ${response.status}: ${await response.text()}`,
        );
      }
    },
    async restartParty(whileDown) {
      await party.kill();
      await whileDown?.();
      party = await startPartykit({ config: TEST_CONFIG, persistDir, vars, port: party.port });
    },
    async close() {
      await party.stop();
      await site.close();
      await removeDir(persistDir);
    },
  };
  return environment;
}

let roomCounter = 0;

/** A room in the shape of protocol call 1/2, with fresh seeds. */
export function makeRoom(options: {
  players: string[];
  maxPlayers?: number;
  timeMinutes?: number;
  stakeNgwee?: number;
  status?: FakeRoom['status'];
}): FakeRoom {
  roomCounter += 1;
  return {
    roomId: `r${Date.now().toString(36)}${roomCounter}${randomBytes(3).toString('hex')}`,
    stakeNgwee: options.stakeNgwee ?? 1000,
    timeMinutes: options.timeMinutes ?? 10,
    maxPlayers: options.maxPlayers ?? options.players.length,
    serverSeed: randomBytes(32).toString('hex'),
    status: options.status ?? 'waiting',
    seats: options.players.map((uid) => ({
      uid,
      name: `Player ${uid}`,
      clientSeed: randomBytes(8).toString('hex'),
    })),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined/false. */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
