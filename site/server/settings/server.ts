// The processes and their addresses: what `npm start` runs, the ports, the data folder, the
// servers' shared secret, the origins each side uses, and the game clock's settings.
import { z } from 'zod';
import { blankAsUnset, flag, httpUrl, invalid, isLoopback, optional, port, secret } from './fields';

/** What `npm start` runs: both servers, the site alone, or the room server alone. */
export const START_MODES = ['all', 'site', 'party'] as const;
export type StartMode = (typeof START_MODES)[number];

/** Where browsers open the room sockets: ws(s), or http(s) turned into ws(s) for them. */
const partyPublicUrl = z
  .url({
    protocol: /^(wss?|https?)$/,
    error: 'must be a ws://, wss://, http:// or https:// URL',
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const serverVariables = z.object({
  START: z.preprocess(
    blankAsUnset,
    z.enum(START_MODES, { error: 'must be all, site or party' }).default('all'),
  ),
  PORT: port(3000),
  PARTY_PORT: port(1999),
  DATA_DIR: z.preprocess(blankAsUnset, z.string().default('data')),
  GAME_TIME_SCALE: z.preprocess(
    blankAsUnset,
    z.coerce.number().positive('must be a number above 0').max(1000).default(1),
  ),
  TEST_CLOCK: flag('tests only'),
  INTERNAL_SECRET: optional(secret),
  PUBLIC_URL: optional(httpUrl),
  PARTY_URL: optional(httpUrl),
  SITE_URL: optional(httpUrl),
  PARTY_PUBLIC_URL: optional(partyPublicUrl),
});

type ServerVariables = z.infer<typeof serverVariables>;

/** The origins each side uses, each from its variable or from the ports on this machine. */
export function addressesOf(e: ServerVariables) {
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    publicUrl,
    partyUrl: e.PARTY_URL ?? `http://127.0.0.1:${e.PARTY_PORT}`,
    siteUrl: e.SITE_URL ?? `http://127.0.0.1:${e.PORT}`,
    partyPublicUrl: e.PARTY_PUBLIC_URL ?? defaultPartyPublicUrl(publicUrl, e.PARTY_PORT),
  };
}

/** The site's host on `PARTY_PORT`, over wss when the site is https. */
function defaultPartyPublicUrl(publicUrl: string, partyPort: number): string {
  const site = new URL(publicUrl);
  return `${site.protocol === 'https:' ? 'wss' : 'ws'}://${site.hostname}:${partyPort}`;
}

/**
 * The test clock lets whoever holds its key stop a room's game clock: it is for a product started
 * for tests, which only this machine can use. Both servers in one process tree, and the site's
 * origin (the only one it accepts a change from) and the browsers' room address on this machine.
 */
export function assertOnlyThisMachine(
  start: StartMode,
  publicUrl: string,
  partyPublicUrl: string | undefined,
): void {
  if (start === 'all' && isLoopback(publicUrl) && (!partyPublicUrl || isLoopback(partyPublicUrl))) {
    return;
  }
  throw invalid([
    'TEST_CLOCK: is for tests only: it needs START=all and PUBLIC_URL ' +
      '(and PARTY_PUBLIC_URL, when set) on this machine (localhost, 127.0.0.1 or [::1]); a site ' +
      'that others can reach never runs with it',
  ]);
}
