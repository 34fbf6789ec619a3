// The room server's settings, from partykit.json vars / a `--config` file / the deployment's
// environment. It needs only the three keys derived from INTERNAL_SECRET (docs/decisions/022):
// `TICKET_KEY`, `SITE_TO_ROOM_KEY` and `ROOM_TO_SITE_KEY`; given INTERNAL_SECRET instead (a
// deployment's `partykit env add`), it derives them itself. `TEST_CLOCK_KEY` (a product started for
// tests only, docs/decisions/083) is never derived: without it the room has no test clock.
import { roomKeys, type RoomKeys } from '#wire/signing.ts';

/**
 * The vars `npm start` writes for `partykit dev` (scripts/party-config.ts), by name: the one list
 * both sides hold to. A deployment may give `INTERNAL_SECRET` instead of the three keys.
 */
export interface RoomServerVars {
  SITE_URL: string;
  GAME_TIME_SCALE: string;
  TICKET_KEY: string;
  SITE_TO_ROOM_KEY: string;
  ROOM_TO_SITE_KEY: string;
  TEST_CLOCK_KEY?: string;
}

export interface PartyEnv {
  /** Empty keys mean every signed call and ticket is refused. */
  keys: RoomKeys;
  /** Where protocol calls 2 and 3 go, without a trailing slash. */
  siteUrl: string;
  /** Multiplies every game duration (countdown, turn timer, game length). */
  timeScale: number;
  /** Signs the test clock's calls (wire/test-clock.ts); empty: the room has no test clock. */
  testClockKey: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function readEnv(
  env: Partial<Record<keyof RoomServerVars | 'INTERNAL_SECRET', unknown>>,
): PartyEnv {
  const derived = roomKeys(text(env.INTERNAL_SECRET));
  const site = env.SITE_URL;
  const scale = Number(env.GAME_TIME_SCALE ?? 1);
  return {
    keys: {
      tickets: text(env.TICKET_KEY) || derived.tickets,
      siteToRoom: text(env.SITE_TO_ROOM_KEY) || derived.siteToRoom,
      roomToSite: text(env.ROOM_TO_SITE_KEY) || derived.roomToSite,
    },
    siteUrl: typeof site === 'string' ? site.replace(/\/+$/, '') : '',
    timeScale: Number.isFinite(scale) && scale > 0 ? scale : 1,
    testClockKey: text(env.TEST_CLOCK_KEY),
  };
}
