// The test clock (docs/protocol.md, "The test clock"; docs/decisions/083): a test's call to one room
// server that holds, steps or releases that room's game clock (party/room/clock.ts), so that a test
// drives the game's time instead of racing it. Only a room server given `TEST_CLOCK_KEY` answers it
// (`npm start` gives that key only with `TEST_CLOCK=1`, which it refuses for a public site); any
// other answers 404. Signed like the site's calls, with the key of purpose `test-clock`.
//
//   POST /parties/main/:roomId/test-clock   {action}   → 200 the clock
import { z } from 'zod';
import { roomStatusSchema } from '#game/protocol.ts';

export const testClockPath = (roomId: string) =>
  `/parties/main/${encodeURIComponent(roomId)}/test-clock`;

/**
 * `hold`: from the moment the room waits for its clock (its countdown has begun, or a game runs) the
 * clock stands still: no countdown ends, no turn timer rolls, no game ends. `step`: a clock that
 * stands still moves to the room's next moment (a deadline, or a practice bot's move), which the
 * room then processes as it would have on time. `release`: the clock runs on from where it stood.
 * `read`: changes nothing.
 */
export const TEST_CLOCK_ACTIONS = ['hold', 'step', 'release', 'read'] as const;

export const testClockCallSchema = z.object({ action: z.enum(TEST_CLOCK_ACTIONS) });
export type TestClockCall = z.infer<typeof testClockCallSchema>;

/**
 * The answer to every action: the room's clock after it, and where the game is (what a test waits
 * for on the screen: a board may show a roll's turn line only once its dice has landed).
 */
export const testClockAnswerSchema = z.object({
  status: roomStatusSchema,
  /** Whose turn it is (uid), or null outside a game. */
  currentPlayer: z.string().nullable(),
  /** Rolls so far, automatic ones included. */
  rolls: z.number().int().nonnegative(),
  /** A test holds the clock. */
  held: z.boolean(),
  /** It stands still now (held, and the room waits for it). */
  stopped: z.boolean(),
  /** The game's time (ms epoch), which every log entry and deadline of the room is stamped in. */
  now: z.number(),
  /** The room's next moment (game time): its next deadline or bot move; null when none waits. */
  next: z.number().nullable(),
});
export type TestClockAnswer = z.infer<typeof testClockAnswerSchema>;

/** The call's body is a few bytes. */
export const TEST_CLOCK_BODY_LIMIT = 1024;
