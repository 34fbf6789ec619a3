// When the room must next wake: the machine's next deadline or a bot's next move (both on the
// game's clock), the moment a socket would count as silent, and the held clock following the game.
import { nextDeadline } from '#game/room-machine.ts';
import { nextBotMoveAt } from './bots';
import type { ClockState, RoomClock } from './clock';
import type { RoomActor } from './room-actor';

/** The room's next moment on the game's clock: its next deadline or bot move, or null. */
export function nextMoment(actor: RoomActor | null, now: number, timeScale: number): number | null {
  if (!actor) return null;
  const times = [nextDeadline(actor.getSnapshot()), nextBotMoveAt(actor, now, timeScale)].filter(
    (t) => t !== null,
  );
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * The wall time the alarm must fire for the room's own reasons (the next moment, none while a test
 * holds the clock still, and the next socket silence), or null.
 */
export function wakeAt(
  clock: RoomClock,
  next: number | null,
  silenceAt: number | null,
  wall: number,
): number | null {
  const times = [next === null ? null : clock.wallTimeOf(next, wall), silenceAt].filter(
    (t) => t !== null,
  );
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * After a change at game time `time`: a held clock stops once the room waits for it, and runs
 * on once the game is over. Answers the clock's state when that moved it (to be stored).
 */
export function followClock(
  clock: RoomClock,
  time: number,
  wall: number,
  waiting: () => boolean,
): ClockState | undefined {
  if (!clock.held && !clock.stopped) return undefined;
  const before = JSON.stringify(clock.snapshot());
  clock.follow(time, wall, waiting());
  const after = clock.snapshot();
  return JSON.stringify(after) === before ? undefined : after;
}
