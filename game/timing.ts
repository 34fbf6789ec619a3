// Every duration of a game in one place: what the room machine times, and what the site allows when
// it checks a reported game against the clock (docs/decisions/021). Pure numbers and arithmetic.

export const COUNTDOWN_MS = 5_000;
export const TURN_MS = 20_000;
export const MINUTE_MS = 60_000;

/**
 * How far the room server's clock may be ahead of the site's when the site compares a report with
 * its own clock (never scaled: clocks drift in real time). Inside one log every timestamp comes from
 * the room server's one clock and deadlines are applied at their own times (decision 007), so the
 * log's rhythm is checked exactly, with no allowance.
 */
export const SETTLEMENT_CLOCK_SKEW_MS = 5_000;

export function scaled(ms: number, timeScale: number): number {
  return Math.max(1, Math.round(ms * timeScale));
}

/** The game ends this long after its first roll. */
export function gameLength(timeMinutes: number, timeScale: number): number {
  return scaled(timeMinutes * MINUTE_MS, timeScale);
}

/**
 * How late the site's word that a room filled may reach its room server and still start the game
 * (a push retried while the room server restarts). Not scaled: it is a network's delay.
 */
export const START_DELIVERY_MS = 5_000;

/**
 * The latest a game's first roll can come, from the moment its last seat was taken: the countdown,
 * then a first roll left to the turn timer (the game's clock starts at the first roll).
 */
export function latestFirstRoll(filledAt: number, timeScale: number): number {
  return filledAt + scaled(COUNTDOWN_MS, timeScale) + scaled(TURN_MS, timeScale);
}

/** The latest a game can end, from the moment its last seat was taken. */
export function latestGameEnd(filledAt: number, timeMinutes: number, timeScale: number): number {
  return latestFirstRoll(filledAt, timeScale) + gameLength(timeMinutes, timeScale);
}
