// The room server's settings for `partykit dev`, handed over in a config file rather than with
// `--var` (a command line is readable by every local user in the process list). The file holds only
// the keys derived from INTERNAL_SECRET that a room server needs (docs/decisions/022), is readable
// by this user alone, and is removed once the room server has read it.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { purposeKey, roomKeys } from '#wire/signing.ts';
import { writePrivateFile } from '#site/server/data-dir.ts';

export const PARTY_CONFIG_FILE = 'partykit.local.json';

/** What the room server must never see: the site's own secrets and the providers' tokens. */
export const SITE_ONLY_VARIABLES = [
  'INTERNAL_SECRET',
  'SESSION_SECRET',
  'PAWAPAY_API_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'SMS_API_KEY',
  'DATABASE_AUTH_TOKEN',
] as const;

export interface PartySettings {
  /** The project's partykit.json (its paths are relative to it). */
  projectConfig: string;
  dataDir: string;
  siteUrl: string;
  internalSecret: string;
  gameTimeScale: number;
  /** `TEST_CLOCK=1`: the room server also gets the test clock's key (docs/decisions/083). */
  testClock: boolean;
}

function absolute(base: string, file: unknown): unknown {
  return typeof file === 'string' ? path.resolve(base, file) : file;
}

/** Writes the config file (mode 0600, replacing any left by a crash) and answers its path. */
export async function writePartyConfig(settings: PartySettings): Promise<string> {
  const base = path.dirname(settings.projectConfig);
  const project = JSON.parse(await readFile(settings.projectConfig, 'utf8')) as Record<
    string,
    unknown
  >;
  const parties = Object.fromEntries(
    Object.entries((project.parties ?? {}) as Record<string, unknown>).map(([name, file]) => [
      name,
      absolute(base, file),
    ]),
  );
  const keys = roomKeys(settings.internalSecret);
  const config = {
    ...project,
    main: absolute(base, project.main),
    parties,
    vars: {
      ...((project.vars ?? {}) as Record<string, unknown>),
      SITE_URL: settings.siteUrl,
      GAME_TIME_SCALE: String(settings.gameTimeScale),
      TICKET_KEY: keys.tickets,
      SITE_TO_ROOM_KEY: keys.siteToRoom,
      ROOM_TO_SITE_KEY: keys.roomToSite,
      ...(settings.testClock
        ? { TEST_CLOCK_KEY: purposeKey(settings.internalSecret, 'test-clock') }
        : {}),
    },
  };
  const file = path.resolve(settings.dataDir, PARTY_CONFIG_FILE);
  await removePartyConfig(file);
  await writePrivateFile(file, `${JSON.stringify(config, null, 2)}\n`, { flag: 'wx' });
  return file;
}

export async function removePartyConfig(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** The environment for the room server's process: the site's own secrets left out. */
export function partyEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of SITE_ONLY_VARIABLES) delete copy[name];
  return copy;
}
