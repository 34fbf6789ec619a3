// The room server's side of practice bots: the bot policy (game/bots.ts) reads the view a browser
// gets, and its move goes through the machine as the same intent a player sends. When a bot moves
// follows from the stored state alone, so the room's one alarm covers it and a restart resumes it.
import { intentEvent } from '#game/protocol.ts';
import { nextBotMove, type BotMove } from '#game/bots.ts';
import { toView } from '#game/view.ts';
import type { RoomEvent } from '#game/room-machine.ts';
import type { RoomActor } from './room-actor';

/** At most this many bot moves per wake-up (each one waits for its pause, so few are ever due). */
export const MAX_BOT_MOVES_PER_TICK = 20;

function moveOf(actor: RoomActor | null, now: number, timeScale: number): BotMove | null {
  if (!actor || actor.getSnapshot().status !== 'active') return null;
  return nextBotMove(toView(actor.getSnapshot(), { spectators: 0 }), now, timeScale);
}

/** When the next bot move is due (ms epoch), or null. */
export function nextBotMoveAt(
  actor: RoomActor | null,
  now: number,
  timeScale: number,
): number | null {
  return moveOf(actor, now, timeScale)?.at ?? null;
}

/** The machine event of the bot move due at `now`, or null. */
export function dueBotEvent(
  actor: RoomActor | null,
  now: number,
  timeScale: number,
): RoomEvent | null {
  const move = moveOf(actor, now, timeScale);
  return move && move.at <= now ? intentEvent(move.message, move.uid, now) : null;
}
