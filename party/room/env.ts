// The room server's settings, from `--var` / partykit.json vars / the deployment's environment.
export interface PartyEnv {
  /** Shared with the site; empty means every signed call and ticket is refused. */
  internalSecret: string;
  /** Where protocol calls 2 and 3 go, without a trailing slash. */
  siteUrl: string;
  /** Multiplies every game duration (countdown, turn timer, game length). */
  timeScale: number;
}

export function readEnv(env: Record<string, unknown>): PartyEnv {
  const secret = env.INTERNAL_SECRET;
  const site = env.SITE_URL;
  const scale = Number(env.GAME_TIME_SCALE ?? 1);
  return {
    internalSecret: typeof secret === 'string' ? secret : '',
    siteUrl: typeof site === 'string' ? site.replace(/\/+$/, '') : '',
    timeScale: Number.isFinite(scale) && scale > 0 ? scale : 1,
  };
}
