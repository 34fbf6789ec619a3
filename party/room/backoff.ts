// Delay before the next settlement attempt: 1 s, 2 s, 4 s … capped at 60 s. Real time, never scaled
// by GAME_TIME_SCALE: it paces calls to the site, not the game.
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 60_000;

/** `failures` = how many attempts have failed so far (≥ 1). */
export function retryDelay(failures: number): number {
  const exponent = Math.max(0, Math.min(failures - 1, 16));
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
}
