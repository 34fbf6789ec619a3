// The game's clock, driven by the test (docs/decisions/083): the product runs with TEST_CLOCK=1, so a
// test can hold a room's clock and no countdown ends, no turn timer rolls for a player and no game
// ends while a browser (on a busy machine, slowly) is still reading or pressing something. The test
// then moves the game on itself: by the players' own moves, a `step` to the room's next deadline,
// or a `release` that lets the game run on from where it stood.
import { expect } from './fixtures';
import { moveTestClock } from '#tests/support/test-clock.ts';
import type { TestClockAnswer, TestClockCall } from '#wire/test-clock.ts';

function clockCall(roomId: string, action: TestClockCall['action']): Promise<TestClockAnswer> {
  const partyUrl = process.env.E2E_PARTY_URL;
  const key = process.env.E2E_TEST_CLOCK_KEY;
  if (!partyUrl || !key) {
    throw new Error(
      'E2E_PARTY_URL and E2E_TEST_CLOCK_KEY are not set: run the suite with `npm run ' +
        'test:browser`, or give them for a product started with TEST_CLOCK=1',
    );
  }
  return moveTestClock(partyUrl, key, roomId, action);
}

/**
 * Holds the room's clock. In a waiting room it stands still from the moment the last seat is taken
 * (the countdown's start); in a running game at once.
 */
export function holdClock(roomId: string): Promise<TestClockAnswer> {
  return clockCall(roomId, 'hold');
}

/** The held clock moves to the room's next deadline, which happens as it would have on time. */
export function stepClock(roomId: string): Promise<TestClockAnswer> {
  return clockCall(roomId, 'step');
}

/** The clock runs on from where it stood (the game plays out by itself on its turn timer). */
export function releaseClock(roomId: string): Promise<TestClockAnswer> {
  return clockCall(roomId, 'release');
}

/**
 * A room held while it waited, whose last seat has now been taken: once the room server has the full
 * room (the site pushes it after the join's answer) its countdown stands still.
 */
export async function heldCountdown(roomId: string): Promise<void> {
  await expect
    .poll(async () => (await holdClock(roomId)).status, { intervals: [100, 200, 500] })
    .toBe('countdown');
}

/**
 * A room held while it waited, whose last seat has now been taken: once the room server has the full
 * room (the site pushes it after the join's answer) its countdown stands still, and one step ends
 * it. The game is then on, at the first player's turn, and stands still there.
 */
export async function startHeldGame(roomId: string): Promise<void> {
  await heldCountdown(roomId);
  const started = await stepClock(roomId);
  expect(started).toMatchObject({ status: 'active', stopped: true });
}

/** Where the room's clock stands, and whose turn it is (the server's word), changing nothing. */
export function readClock(roomId: string): Promise<TestClockAnswer> {
  return clockCall(roomId, 'read');
}

/**
 * Steps the held clock turn timer by turn timer (each one the server's roll for the player whose
 * turn it is; after a 6 that player's turn again) until the turn is `uid`'s. A board shows a roll's
 * turn line once its dice has landed: wait for the line itself after this.
 */
export async function stepUntilTurnOf(roomId: string, uid: string): Promise<void> {
  let clock = await readClock(roomId);
  for (let steps = 0; clock.currentPlayer !== uid; steps += 1) {
    expect(steps, `turn timers stepped before ${uid}'s turn`).toBeLessThan(20);
    clock = await stepClock(roomId);
  }
}
