// The site's rooms app and a real `partykit dev` (party/room.ts) on free ports, each pointed at the
// other with one internal secret, for the suites that play through real room sockets.
import path from 'node:path';
import { purposeKey } from '#wire/signing.ts';
import {
  freePort,
  removeDir,
  startPartykit,
  type PartykitServer,
} from '#tests/support/partykit.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';

const CONFIG = path.join(import.meta.dirname, 'partykit.e2e.json');

export interface RoomsWithParty {
  app: RoomsApp;
  /** The running `partykit dev` (a new one after `restartParty`). */
  party: PartykitServer;
  /** The test clock's key (`testClock`), or ''. */
  testClockKey: string;
  /**
   * A crash of the room server (SIGKILL), then a new one on the same port: on the same storage, or,
   * with `storage: 'lost'`, on an empty folder (its disk died with it).
   */
  restartParty(options?: { storage?: 'kept' | 'lost' }): Promise<PartykitServer>;
  /** Stops both and removes the room servers' storage. */
  close(): Promise<void>;
}

export async function startRoomsWithParty(options: {
  secret: string;
  /** GAME_TIME_SCALE on both sides (default 1). */
  timeScale?: number;
  /** Give the room server the test clock's key (docs/decisions/083). */
  testClock?: boolean;
}): Promise<RoomsWithParty> {
  const timeScale = options.timeScale ?? 1;
  const testClockKey = options.testClock ? purposeKey(options.secret, 'test-clock') : '';
  const port = await freePort();
  const app = await startRoomsApp({
    realClock: true,
    internalSecret: options.secret,
    gameTimeScale: timeScale,
    partyUrl: `http://127.0.0.1:${port}`,
    partyPublicUrl: `ws://127.0.0.1:${port}`,
  });
  const start = (persistDir?: string) =>
    startPartykit({
      config: CONFIG,
      port,
      ...(persistDir ? { persistDir } : {}),
      vars: {
        SITE_URL: app.url,
        INTERNAL_SECRET: options.secret,
        GAME_TIME_SCALE: String(timeScale),
        ...(testClockKey ? { TEST_CLOCK_KEY: testClockKey } : {}),
      },
    });
  let party: PartykitServer;
  try {
    party = await start();
  } catch (error) {
    await app.close();
    throw error;
  }
  const result: RoomsWithParty = {
    app,
    party,
    testClockKey,
    async restartParty({ storage = 'kept' } = {}) {
      await result.party.kill();
      if (storage === 'lost') await removeDir(result.party.persistDir);
      result.party = await start(result.party.persistDir);
      return result.party;
    },
    async close() {
      await result.party.stop();
      await removeDir(result.party.persistDir);
      await app.close();
    },
  };
  return result;
}
