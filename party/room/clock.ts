// The room's game clock: the `now` of every machine event, and so of every deadline (countdown,
// turn timer, game end) and every practice bot's pause. Signatures, tickets, message rates,
// heartbeats and settlement retries keep the wall clock.
//
// In a product started for tests (`TEST_CLOCK_KEY`, wire/test-clock.ts) a test may hold a room's
// clock: from the moment the room waits for its clock (the countdown has begun, or a game runs) the
// clock stands still, so no turn timer rolls and no game ends while a slow browser is still acting;
// `step` moves it to the room's next moment (a deadline or a bot's move), and `release` lets it run
// on from where it stood. Without a test clock, and until a test holds the room, it reads the wall
// clock exactly.
//
// The held clock only ever stands still or moves forward, and it never stands still before the
// room's last seat is taken, so its log stays what the site checks before paying (decision 021):
// every entry after the seats were filled, in order, on the turn timer's beat.

/** What the clock keeps (in memory and, once a test has held it, under `clock` in storage). */
export interface ClockState {
  /** A test asked the clock to stand still. */
  held: boolean;
  /** Where it stands still (game time), or null while it runs. */
  stoppedAt: number | null;
  /** How far it runs behind the wall clock (ms; negative once a step moved it ahead). */
  behind: number;
}

export const RUNNING: ClockState = { held: false, stoppedAt: null, behind: 0 };

export class RoomClock {
  private state: ClockState;

  constructor(state: ClockState = RUNNING) {
    this.state = { ...state };
  }

  /** The game's time when the wall clock reads `wall`. */
  now(wall: number): number {
    return this.state.stoppedAt ?? wall - this.state.behind;
  }

  /**
   * When (wall clock) the game's clock reaches `time`: at once for a time it has reached while it
   * stands still, never for one it has not.
   */
  wallTimeOf(time: number, wall: number): number | null {
    const { stoppedAt } = this.state;
    if (stoppedAt === null) return time + this.state.behind;
    return time <= stoppedAt ? wall : null;
  }

  get held(): boolean {
    return this.state.held;
  }

  get stopped(): boolean {
    return this.state.stoppedAt !== null;
  }

  snapshot(): ClockState {
    return { ...this.state };
  }

  hold(): void {
    this.state.held = true;
  }

  release(wall: number): void {
    this.state.held = false;
    this.run(wall);
  }

  /**
   * After every change: a held clock stops at `time` (the change's game time) once the room waits
   * for it, and runs again from where it stood once the room no longer does (the game is over).
   */
  follow(time: number, wall: number, waiting: boolean): void {
    if (this.state.held && waiting && this.state.stoppedAt === null) this.state.stoppedAt = time;
    else if (!waiting) this.run(wall);
  }

  /** A stopped clock moves to `time` (never back); answers whether it stood still to move. */
  stepTo(time: number): boolean {
    const { stoppedAt } = this.state;
    if (stoppedAt === null) return false;
    this.state.stoppedAt = Math.max(stoppedAt, time);
    return true;
  }

  private run(wall: number): void {
    const { stoppedAt } = this.state;
    if (stoppedAt === null) return;
    this.state.stoppedAt = null;
    this.state.behind = wall - stoppedAt;
  }
}
