// The room server's settings for `partykit dev`, handed over in a config file rather than with
// `--var` (a command line is readable by every local user in the process list). The file holds only
// the keys derived from INTERNAL_SECRET that a room server needs (docs/decisions/022), is readable
// by this user alone, and is removed once the room server has read it.
import { CONFIG_VARIABLES } from '#site/server/settings/environment.ts';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RoomServerVars } from '#party/room/env.ts';
import { purposeKey, roomKeys } from '#wire/signing.ts';
import { writePrivateFile } from '#site/server/data-dir.ts';

export const PARTY_CONFIG_FILE = 'partykit.local.json';

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

/** The three keys a room server needs (decision 022), under the names it reads them by. */
export function roomKeyVars(
  internalSecret: string,
): Pick<RoomServerVars, 'TICKET_KEY' | 'SITE_TO_ROOM_KEY' | 'ROOM_TO_SITE_KEY'> {
  const keys = roomKeys(internalSecret);
  return {
    TICKET_KEY: keys.tickets,
    SITE_TO_ROOM_KEY: keys.siteToRoom,
    ROOM_TO_SITE_KEY: keys.roomToSite,
  };
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
  const vars: RoomServerVars = {
    SITE_URL: settings.siteUrl,
    GAME_TIME_SCALE: String(settings.gameTimeScale),
    ...roomKeyVars(settings.internalSecret),
    ...(settings.testClock
      ? { TEST_CLOCK_KEY: purposeKey(settings.internalSecret, 'test-clock') }
      : {}),
  };
  const config = {
    ...project,
    main: absolute(base, project.main),
    parties,
    vars: { ...((project.vars ?? {}) as Record<string, unknown>), ...vars },
  };
  const file = path.resolve(settings.dataDir, PARTY_CONFIG_FILE);
  await removePartyConfig(file);
  await writePrivateFile(file, `${JSON.stringify(config, null, 2)}\n`, { flag: 'wx' });
  return file;
}

export async function removePartyConfig(file: string): Promise<void> {
  await rm(file, { force: true });
}

/**
 * The environment for the room server's process: none of the site's settings (its secrets, the
 * providers' tokens, SMTP_URL's password among them). The room server's own settings come from the
 * config file above, never from its environment.
 */
export function partyEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of CONFIG_VARIABLES) delete copy[name];
  return copy;
}
