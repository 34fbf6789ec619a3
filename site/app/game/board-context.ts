// What the board's machine (board-machine.ts) works with: the events it hears (the room socket's,
// the person's, the motion's timer), what it asks the screen to do, its context (the board's one
// view of the room and what is still to be revealed of it), the words it says, and the questions
// the machine and the screen ask of a view (whose turn, an open offer, game over).
import type { LogEntry } from '#game/log.ts';
import { ROOM_ERROR_MESSAGES } from '#game/messages.ts';
import type { IntentMessage, RoomView } from '#game/protocol.ts';
import type { Reveal } from './motion-plan';
import type { MotionState } from './reveal-queue';
import type { Marker } from './room-marker';

export const NOT_YOUR_TURN = ROOM_ERROR_MESSAGES.not_your_turn;
export const ROLL_IN_PROGRESS = 'Dice roll in progress. Please wait.';
export const ROLL_NOT_CONNECTED = 'Not connected. Reconnecting… press Roll again in a moment.';
export const OFFER_NOT_CONNECTED = 'Not connected. Reconnecting… try again in a moment.';
/** A closed room, or a person the room does not seat, leaves for the dashboard this much later. */
export const REDIRECT_MS = 5_000;
/** Keeps at most this many entries in memory (the finished game's record holds all of them). */
export const MAX_LOGS = 500;

/** What the room socket reports (site/app/game/use-room-socket.ts). */
export type RoomSocketEvent =
  | { type: 'socket.open' }
  | { type: 'socket.close' }
  | { type: 'socket.state'; view: RoomView; now: number }
  | { type: 'socket.log'; entry: LogEntry }
  | { type: 'socket.error'; message: string; code: string | null; now: number }
  /** The socket gave up for good: the ticket call's refusal (e.g. 404 for an unknown room). */
  | { type: 'socket.failed'; message: string; status: number }
  /** The browser lost its network (the `offline` event): nothing can reach the room. */
  | { type: 'browser.offline' }
  /** The network is back (the `online` event): the socket reconnects and the room resyncs. */
  | { type: 'browser.online' };

export type BoardEvent =
  | RoomSocketEvent
  | { type: 'roll' }
  | { type: 'buy' }
  | { type: 'decline' }
  /** Game over: the popup put away to study the board, or brought back. */
  | { type: 'result.hide' }
  | { type: 'result.show' }
  /** The socket was not open when an emitted intent was to go out. */
  | { type: 'send.failed'; message: IntentMessage }
  /** The playing step's time is up (the screen's timer, use-motion-director.ts). */
  | { type: 'motion.stepDone'; id: string; index: number; now: number }
  /** Reveals end at once (reduced motion, or the page hidden), or play again. */
  | { type: 'motion.instant'; instant: boolean }
  /** The "while you were away" list read and put away. */
  | { type: 'away.dismiss' }
  // Raised by the machine itself:
  | { type: 'view.rolled'; player: string }
  | { type: 'request.answered' };

export type BoardEmitted =
  | { type: 'send'; message: IntentMessage }
  /** The turn became the player's; `deadline` is when the server rolls for them (ms), or null. */
  | { type: 'yourTurn'; deadline: number | null }
  | { type: 'gameOver' }
  /** A reveal's step begins (its sounds play): `ms` is how long it takes. */
  | { type: 'reveal.step'; reveal: Reveal; index: number; ms: number }
  /** A reveal ended (its line is said); `instant` when it ended without playing. */
  | { type: 'reveal.end'; reveal: Reveal; instant: boolean };

export interface BoardContext {
  me: string;
  /** The room as the server last said it: the board's one view of it. */
  view: RoomView | null;
  /** Log entries received since the socket last opened and already shown, in order. */
  logs: LogEntry[];
  /** Entries of a change whose state has not come yet (they are planned when it does). */
  pending: LogEntry[];
  /** Whether the entries of the roll last heard belong to the log already (`history`). */
  heard: { rollAt: number; history: boolean } | null;
  /** What is still to be shown, and what plays now. */
  motion: MotionState;
  /** Reveals end at once: reduced motion, or the page is hidden. */
  instant: boolean;
  /** The socket (re)opened: its first state is the room as it stands, with nothing to reveal. */
  fresh: boolean;
  /** The room as the board last knew it before the socket dropped (for "while you were away"). */
  awayFrom: Marker | null;
  /** What happened while the socket was down, from the log the room resends; null when none. */
  away: { from: Marker; entries: LogEntry[] } | null;
  /** What the dice bar says; `id` grows with every message, so repeated words are announced. */
  message: { text: string; id: number } | null;
  said: number;
  /** What the purchase popup says (a refusal of the purchase, not connected). */
  purchaseMessage: string | null;
  /** Leaving for the dashboard at `at`, because of `reason` (the room's own words). */
  redirect: { reason: string; at: number } | null;
  gameOverAt: number | null;
  failure: { message: string; status: number } | null;
  /** The browser says it has no network. */
  offline: boolean;
  /** Game over: the result popup is shown (the board stays under it, and after it). */
  resultShown: boolean;
}

export function isMyTurn(view: RoomView | null, me: string): boolean {
  return view?.status === 'active' && view.turn.currentPlayer === me;
}

/** The truck offer is open for `me` (the server's word: the popup shows it). */
export function hasOffer(view: RoomView | null, me: string): boolean {
  return view?.status === 'active' && view.pendingPurchase === me && view.joinedOrder.includes(me);
}

export function isGameOver(view: RoomView): boolean {
  return view.status === 'ended' && view.result !== null;
}

/** The turn is the player's to play: the room says so and the board has shown everything. */
export function isMyTurnShown(context: Pick<BoardContext, 'view' | 'me' | 'motion'>): boolean {
  return isMyTurn(context.view, context.me) && context.motion.reveals.length === 0;
}
