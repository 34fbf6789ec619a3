// The spectator count is connection state: it reaches clients in the next `state` (the view's
// `spectators`), never through the machine or storage. A burst of joins or leaves is announced once,
// at most every ROOM_LIMITS.spectatorCountEveryMs, instead of a whole state to everyone per join.
import { ROOM_LIMITS } from './limits';

export class SpectatorCount {
  /** The count in the last state sent to everyone. */
  sent = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** Runs `announce` once after the interval (later calls in between join that one). */
  schedule(announce: () => void): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      announce();
    }, ROOM_LIMITS.spectatorCountEveryMs);
  }
}
