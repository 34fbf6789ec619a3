// The board's interaction as a state machine: what the room socket says (state, log, error, open,
// close) and what the person does (roll, buy, decline) move it; it decides what the dice bar and
// the purchase popup say and which intents go to the room. Pure: it sends nothing itself, it emits
// `send` (an intent for the socket), `yourTurn` (the turn cues) and `gameOver` (the wallet changed)
// for the screen to carry out. The browser's online/offline events and the socket's heartbeat
// (use-room-socket.ts) count as connection events: offline is reconnecting, and Roll waits.
//
// It keeps the board's one view of the room, and what has not been shown of it yet: each change's
// log entries (they come just before its state) are planned into reveals (motion-plan.ts) that
// play one after another (reveal-queue.ts); the screen's timer says when a step's time is up. The
// board draws the view rolled back by what is still to come (shown-view.ts), so the die, the
// trucks, the money and every line appear in order and never before their motion ends. The turn
// is the player's to roll once the board has caught up with the room.
import { and, assign, emit, enqueueActions, not, raise, setup, stateIn } from 'xstate';
import type { LogEntry } from '#game/log.ts';
import { ROOM_ERROR_MESSAGES, type RoomErrorCode } from '#game/messages.ts';
import type { IntentMessage, RoomView } from '#game/protocol.ts';
import { castOf, planChange, planStartOf, type Reveal } from './motion-plan';
import {
  dropAll,
  finishAll,
  idleMotion,
  learnTurn,
  stepDone,
  enqueue as enqueueReveals,
  type Ended,
  type MotionState,
  type MotionUpdate,
} from './reveal-queue';
import { followsRoll, isNewer, markerOf, type Marker } from './room-marker';

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

function trimmed(logs: readonly LogEntry[], more: readonly LogEntry[]): LogEntry[] {
  const all = more.length === 0 ? [...logs] : [...logs, ...more];
  return all.length > MAX_LOGS ? all.slice(all.length - MAX_LOGS) : all;
}

/** The entries of the reveals that ended, for the log. */
function entriesOf(ended: readonly Ended[]): LogEntry[] {
  return ended.flatMap((e) => e.reveal.entries);
}

/** Tells the screen what ended and what began after a change of the motion. */
function announceMotion(
  before: MotionState,
  update: MotionUpdate,
  enqueue: { emit: (event: BoardEmitted) => void },
): void {
  for (const { reveal, instant } of update.ended) {
    enqueue.emit({ type: 'reveal.end', reveal, instant });
  }
  const step = update.motion.step;
  const head = update.motion.reveals[0];
  const was = before.step;
  if (
    step &&
    head &&
    (was?.id !== step.id || was.index !== step.index || update.ended.length > 0)
  ) {
    enqueue.emit({ type: 'reveal.step', reveal: head, index: step.index, ms: step.ms });
  }
}

function sayAssign(context: BoardContext, text: string): Partial<BoardContext> {
  return { message: { text, id: context.said + 1 }, said: context.said + 1 };
}

const BUYING = { connected: { offer: 'buying' } } as const;

/** Connecting or reconnecting: the room's first state decides where the board is. */
const untilConnected = {
  'socket.state': [
    { guard: 'the game is over', target: 'over', actions: 'take the view' },
    { target: 'connected', actions: 'take the view' },
  ],
  'socket.error': [
    { guard: 'the room is not loaded', target: 'failed' },
    { actions: 'hear the refusal' },
  ],
} as const;

export const boardMachine = setup({
  types: {} as {
    context: BoardContext;
    events: BoardEvent;
    input: { me: string };
    emitted: BoardEmitted;
  },
  guards: {
    'my turn': ({ context }) => isMyTurnShown(context),
    'not my turn': ({ context }) => !isMyTurnShown(context),
    'my roll landed': ({ context, event }) =>
      event.type === 'view.rolled' && event.player === context.me,
    'an offer for me': ({ context }) => hasOffer(context.view, context.me),
    'no offer for me': ({ context }) => !hasOffer(context.view, context.me),
    'the game is over': ({ event }) => event.type === 'socket.state' && isGameOver(event.view),
    'the room is not loaded': ({ event }) =>
      event.type === 'socket.error' && event.code === ('room_not_loaded' satisfies RoomErrorCode),
    'not a player': ({ event }) =>
      event.type === 'socket.error' && event.code === ('not_a_player' satisfies RoomErrorCode),
    buying: stateIn(BUYING),
  },
  actions: {
    /**
     * A new state: keep it (the board's one view), note a closed room, plan the change's reveals
     * from the entries that came before it, and tell the dice whose roll landed. The first state of
     * a socket is the room as it stands: nothing to reveal (the log follows it).
     */
    'take the view': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.state') return;
      const view = event.view;
      if (view.status === 'closed' && !context.redirect) {
        enqueue.assign({
          redirect: { reason: ROOM_ERROR_MESSAGES.room_closed, at: event.now + REDIRECT_MS },
        });
      }
      const before = context.view;
      let update: MotionUpdate = { motion: context.motion, ended: [] };
      let unplanned: LogEntry[] = [];
      if (before === null || context.fresh) {
        update = { motion: dropAll(context.motion), ended: [] };
        enqueue.assign({
          fresh: false,
          away: context.awayFrom ? { from: context.awayFrom, entries: [] } : context.away,
          awayFrom: null,
        });
      } else if (context.pending.length > 0) {
        const reveals = planChange(
          context.pending,
          planStartOf(before),
          view,
          castOf(view, context.me),
        );
        const planned = new Set(reveals.flatMap((r) => r.entries));
        unplanned = context.pending.filter((entry) => !planned.has(entry));
        update = enqueueReveals(context.motion, reveals, event.now, context.instant);
      }
      const rolled = (before?.lastRoll?.nonce ?? null) !== (view.lastRoll?.nonce ?? null);
      const motion = rolled
        ? learnTurn(update.motion, view.lastRoll, view.turn.deadline)
        : update.motion;
      enqueue.assign({
        view,
        motion,
        pending: [],
        logs: trimmed(context.logs, [...unplanned, ...entriesOf(update.ended)]),
      });
      announceMotion(context.motion, update, enqueue);
      if (before && rolled && view.lastRoll) {
        enqueue.raise({ type: 'view.rolled', player: view.lastRoll.player });
      }
    }),
    /**
     * A log entry: history the view already includes goes to the log (and, after a reconnect, to
     * "while you were away" when it is newer than what the board knew); news waits for its state.
     */
    'hear the entry': assign(({ context, event }) => {
      if (event.type !== 'socket.log') return {};
      const entry = event.entry;
      const view = context.view;
      const verdict = view ? isNewer(entry, markerOf(view)) : false;
      const follows = context.heard !== null && followsRoll(entry, context.heard.rollAt);
      const history = verdict === null ? (follows ? context.heard!.history : true) : !verdict;
      const heard =
        entry.type === 'dice_roll' ? { rollAt: entry.timestamp, history } : context.heard;
      if (!history) return { heard, pending: [...context.pending, entry] };
      const away = context.away;
      const awayVerdict = away ? isNewer(entry, away.from) : null;
      const missed =
        away !== null &&
        (awayVerdict === true ||
          (awayVerdict === null &&
            follows &&
            away.entries.some((e) => e.timestamp === entry.timestamp)));
      return {
        heard,
        logs: trimmed(context.logs, [entry]),
        away: missed ? { ...away, entries: [...away.entries, entry] } : away,
      };
    }),
    /** The playing step's time is up. */
    'next step': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'motion.stepDone') return;
      const update = stepDone(context.motion, event.id, event.index, event.now);
      if (update.motion === context.motion) return;
      enqueue.assign({
        motion: update.motion,
        logs: trimmed(context.logs, entriesOf(update.ended)),
      });
      announceMotion(context.motion, update, enqueue);
    }),
    'set instant': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'motion.instant') return;
      const update = event.instant
        ? finishAll(context.motion)
        : { motion: context.motion, ended: [] };
      enqueue.assign({
        instant: event.instant,
        motion: update.motion,
        logs: trimmed(context.logs, entriesOf(update.ended)),
      });
      announceMotion(context.motion, update, enqueue);
    }),
    /** The room's refusal, decided by its code: leave (not seated here), else say it. */
    'hear the refusal': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.error') return;
      if (event.code === ('not_a_player' satisfies RoomErrorCode)) {
        if (!context.redirect) {
          enqueue.assign({ redirect: { reason: event.message, at: event.now + REDIRECT_MS } });
        }
        return;
      }
      enqueue.assign(sayAssign(context, event.message));
    }),
    'say it did not leave': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'send.failed') return;
      if (event.message.type === 'roll') enqueue.assign(sayAssign(context, ROLL_NOT_CONNECTED));
      else enqueue.assign({ purchaseMessage: OFFER_NOT_CONNECTED });
    }),
    'show the refusal in the offer': assign({
      purchaseMessage: ({ event }) => (event.type === 'socket.error' ? event.message : null),
    }),
    'note the game over': assign({
      gameOverAt: ({ context, event }) =>
        context.gameOverAt ?? (event.type === 'socket.state' ? event.now : null),
    }),
    'forget the offer message': assign({ purchaseMessage: null }),
    say: assign(({ context }, params: { text: string }) => sayAssign(context, params.text)),
    'not connected: offer': assign({ purchaseMessage: OFFER_NOT_CONNECTED }),
  },
}).createMachine({
  id: 'board',
  context: ({ input }) => ({
    me: input.me,
    view: null,
    logs: [],
    pending: [],
    heard: null,
    motion: idleMotion(),
    instant: false,
    fresh: true,
    awayFrom: null,
    away: null,
    message: null,
    said: 0,
    purchaseMessage: null,
    redirect: null,
    gameOverAt: null,
    failure: null,
    offline: false,
    resultShown: false,
  }),
  initial: 'connecting',
  on: {
    // The room sends its recent log on every connect: start the list afresh, without duplicates;
    // what was still to be revealed comes back in it. A reconnect remembers where the board was.
    'socket.open': {
      actions: assign(({ context }) => ({
        logs: [],
        pending: [],
        heard: null,
        fresh: true,
        motion: dropAll(context.motion),
        awayFrom:
          context.awayFrom ??
          (context.view && context.view.status === 'active' ? markerOf(context.view) : null),
      })),
    },
    'socket.log': { actions: 'hear the entry' },
    'motion.stepDone': { actions: 'next step' },
    'motion.instant': { actions: 'set instant' },
    'away.dismiss': { actions: assign({ away: null }) },
    'browser.offline': { actions: assign({ offline: true }) },
    'browser.online': { actions: assign({ offline: false }) },
    'socket.failed': {
      target: '.failed',
      actions: assign({
        failure: ({ event }) => ({ message: event.message, status: event.status }),
      }),
    },
  },
  states: {
    connecting: {
      on: {
        ...untilConnected,
      },
    },
    connected: {
      type: 'parallel',
      on: {
        'socket.close': 'reconnecting',
        'browser.offline': { target: 'reconnecting', actions: assign({ offline: true }) },
        'socket.state': [
          { guard: 'the game is over', target: 'over', actions: 'take the view' },
          { actions: 'take the view' },
        ],
        'socket.error': [
          { guard: 'the room is not loaded', target: 'failed' },
          // A refusal while a purchase is on its way is the purchase's: the popup shows it.
          {
            guard: and(['buying', not('not a player')]),
            actions: ['show the refusal in the offer', raise({ type: 'request.answered' })],
          },
          { actions: ['hear the refusal', raise({ type: 'request.answered' })] },
        ],
        'send.failed': {
          actions: ['say it did not leave', raise({ type: 'request.answered' })],
        },
      },
      states: {
        dice: {
          initial: 'waiting',
          states: {
            waiting: {
              always: { guard: 'my turn', target: 'yourTurn' },
              on: {
                roll: [
                  // The room's turn is the player's, but the board is still showing a roll.
                  {
                    guard: ({ context }) => isMyTurn(context.view, context.me),
                    actions: { type: 'say', params: { text: ROLL_IN_PROGRESS } },
                  },
                  { actions: { type: 'say', params: { text: NOT_YOUR_TURN } } },
                ],
              },
            },
            yourTurn: {
              entry: emit(({ context }) => ({
                type: 'yourTurn' as const,
                deadline: context.view?.turn.deadline ?? null,
              })),
              always: { guard: 'not my turn', target: 'waiting' },
              on: {
                roll: {
                  target: 'rolling',
                  actions: [
                    assign({ message: null }),
                    emit({ type: 'send', message: { type: 'roll' } }),
                  ],
                },
              },
            },
            // The roll went out: Roll waits for its answer, the player's own roll (by hand or by
            // the turn timer) or a refusal; never any other change of the room.
            rolling: {
              on: {
                roll: { actions: { type: 'say', params: { text: ROLL_IN_PROGRESS } } },
                'view.rolled': { guard: 'my roll landed', target: 'waiting' },
                'request.answered': 'waiting',
              },
            },
          },
        },
        offer: {
          initial: 'none',
          states: {
            none: {
              always: { guard: 'an offer for me', target: 'open' },
            },
            open: {
              always: {
                guard: 'no offer for me',
                target: 'none',
                actions: 'forget the offer message',
              },
              on: {
                buy: {
                  target: 'buying',
                  actions: [
                    'forget the offer message',
                    emit({ type: 'send', message: { type: 'buyTruck' } }),
                  ],
                },
                decline: {
                  actions: [
                    'forget the offer message',
                    emit({ type: 'send', message: { type: 'declineTruck' } }),
                  ],
                },
              },
            },
            buying: {
              always: {
                guard: 'no offer for me',
                target: 'none',
                actions: 'forget the offer message',
              },
              on: { 'request.answered': 'open' },
            },
          },
        },
      },
    },
    reconnecting: {
      on: {
        // Resync: the room's first state after the socket reopens decides where the board is.
        ...untilConnected,
        roll: { actions: { type: 'say', params: { text: ROLL_NOT_CONNECTED } } },
        buy: { actions: 'not connected: offer' },
        decline: { actions: 'not connected: offer' },
      },
    },
    failed: {
      on: {
        'socket.state': [
          { guard: 'the game is over', target: 'over', actions: 'take the view' },
          { target: 'connected', actions: 'take the view' },
        ],
        'socket.error': { actions: 'hear the refusal' },
        roll: { actions: { type: 'say', params: { text: ROLL_NOT_CONNECTED } } },
        buy: { actions: 'not connected: offer' },
        decline: { actions: 'not connected: offer' },
      },
    },
    over: {
      entry: ['note the game over', assign({ resultShown: true }), emit({ type: 'gameOver' })],
      initial: 'live',
      on: {
        'result.hide': { actions: assign({ resultShown: false }) },
        'result.show': { actions: assign({ resultShown: true }) },
        'socket.state': { actions: 'take the view' },
        'socket.error': { actions: 'hear the refusal' },
      },
      states: {
        live: {
          on: {
            'socket.close': 'reconnecting',
            'browser.offline': { target: 'reconnecting', actions: assign({ offline: true }) },
          },
        },
        reconnecting: {
          on: { 'socket.state': { target: 'live', actions: 'take the view' } },
        },
      },
    },
  },
});
