// A test's moves of the room's clock (call `test-clock`: wire/test-clock.ts, docs/decisions/083)
// and the answer it gets: the clock's state and what the room waits for.
import { toView } from '#game/view.ts';
import type { TestClockAnswer, TestClockCall } from '#wire/test-clock.ts';
import type { RoomClock } from './clock';
import type { RoomActor } from './room-actor';

/**
 * Moves the clock as `action` says (`read` leaves it). `nextMoment` reads the room's next moment
 * at the clock's current time. True when the clock may have moved (it is then to be stored).
 */
export function moveClock(
  clock: RoomClock,
  action: TestClockCall['action'],
  wall: number,
  nextMoment: () => number | null,
): boolean {
  if (action === 'read') return false;
  if (action === 'hold') {
    clock.hold();
    clock.follow(clock.now(wall), wall, nextMoment() !== null);
  } else if (action === 'release') {
    clock.release(wall);
  } else {
    const next = nextMoment();
    if (next !== null) clock.stepTo(next);
  }
  return true;
}

export function clockAnswer(
  actor: RoomActor,
  clock: RoomClock,
  now: number,
  next: number | null,
): TestClockAnswer {
  const view = toView(actor.getSnapshot(), { spectators: 0 });
  return {
    status: view.status,
    currentPlayer: view.status === 'active' ? view.turn.currentPlayer : null,
    rolls: actor.getSnapshot().context.nonce,
    held: clock.held,
    stopped: clock.stopped,
    now,
    next,
  };
}
