// The room benchmark's settings: levels, time budget, windows and pacing (BENCH_QUICK shortens them).
import { QUICK } from '../support/report';

export const LEVELS = QUICK ? [10, 100] : [10, 100, 500, 1000];
/** The whole part must end by then (bench/run.ts stops it at 270 s). */
export const BUDGET_MS = QUICK ? 40_000 : 235_000;
/** Kept free at the end for the connect measurement and the clean-up. */
export const RESERVE_MS = QUICK ? 4_000 : 10_000;
export const WARMUP_MS = QUICK ? 500 : 1_500;
export const WINDOW_MS = QUICK ? 3_000 : 10_000;
/** How long a level may take to let its last rolls come back. */
export const DRAIN_MS = QUICK ? 3_000 : 8_000;
/** A roll unanswered for this long is counted as lost and the room goes on. */
export const LOST_MS = 15_000;
/**
 * At most one roll per room every 100 ms: a player rolls about every 400 ms (the four take turns),
 * well under the room server's limit of 10 messages a second per connection.
 */
export const ROLL_INTERVAL_MS = 100;
/**
 * Countdown 5 s × scale, turn timer 20 s × scale (must stay above the worst latency, or the timer's
 * auto-rolls interfere), game length 10 min × 60 s × scale (must outlast the run).
 */
export const TIME_SCALE = QUICK ? 0.4 : 1;
export const TIME_MINUTES = 10;
export const CONNECT_CONCURRENCY = 64;
export const PUSH_CONCURRENCY = 16;
export const CONNECT_TIMEOUT_MS = 15_000;
/** A level whose sockets fail to open beyond this share is where the series stops. */
export const MAX_CONNECT_FAILURES = 0.01;
