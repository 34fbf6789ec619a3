// The board's interaction as a state machine: what the room socket says (state, log, error, open,
// close) and what the person does (roll, buy, decline) move it; it decides what the dice bar and
// the purchase popup say and which intents go to the room. Pure: it sends nothing itself, it emits
// `send` (an intent for the socket), `yourTurn` (the turn cues) and `gameOver` (the wallet changed)
// for the screen to carry out. The browser's online/offline events and the socket's heartbeat
// (use-room-socket.ts) count as connection events: offline is reconnecting, and Roll waits.
import { and, assign, emit, enqueueActions, not, raise, setup, stateIn } from 'xstate';
import type { LogEntry } from '../../../game/log';
import { MESSAGES, ROOM_ERROR_CODES } from '../../../game/messages';
import type { IntentMessage, RoomView } from '../../../game/protocol';
import { DICE_ROLL_MS } from './animation';

export const NOT_YOUR_TURN = MESSAGES.notYourTurn;
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
  // Raised by the machine itself:
  | { type: 'view.rolled' }
  | { type: 'request.answered' };

export type BoardEmitted =
  | { type: 'send'; message: IntentMessage }
  /** The turn became the player's; `deadline` is when the server rolls for them (ms), or null. */
  | { type: 'yourTurn'; deadline: number | null }
  | { type: 'gameOver' };

export interface BoardContext {
  me: string;
  view: RoomView | null;
  /** Log entries received since the socket last opened, in order. */
  logs: LogEntry[];
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
    'my turn': ({ context }) => isMyTurn(context.view, context.me),
    'not my turn': ({ context }) => !isMyTurn(context.view, context.me),
    'an offer for me': ({ context }) => hasOffer(context.view, context.me),
    'no offer for me': ({ context }) => !hasOffer(context.view, context.me),
    'the game is over': ({ event }) => event.type === 'socket.state' && isGameOver(event.view),
    'the room is not loaded': ({ event }) =>
      event.type === 'socket.error' && event.code === ROOM_ERROR_CODES.notLoaded,
    'not a player': ({ event }) =>
      event.type === 'socket.error' && event.code === ROOM_ERROR_CODES.notAPlayer,
    buying: stateIn(BUYING),
  },
  actions: {
    /** A new state: keep it, note a closed room, and tell the dice when a new roll landed. */
    'take the view': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.state') return;
      const closed = event.view.status === 'closed';
      if (closed && !context.redirect) {
        enqueue.assign({ redirect: { reason: MESSAGES.roomClosed, at: event.now + REDIRECT_MS } });
      }
      enqueue.assign({ view: event.view });
      const before = context.view;
      if (before && (before.lastRoll?.nonce ?? null) !== (event.view.lastRoll?.nonce ?? null)) {
        enqueue.raise({ type: 'view.rolled' });
      }
    }),
    /** The room's refusal, decided by its code: leave (not seated here), else say it. */
    'hear the refusal': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.error') return;
      if (event.code === ROOM_ERROR_CODES.notAPlayer) {
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
    // The room sends its recent log on every connect: start the list afresh, without duplicates.
    'socket.open': { actions: assign({ logs: [] }) },
    'socket.log': {
      actions: assign({
        logs: ({ context, event }) => [...context.logs.slice(-(MAX_LOGS - 1)), event.entry],
      }),
    },
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
          // Someone's roll landed: the dice tumbles for a moment (again, for a roll during one).
          on: { 'view.rolled': { target: '.animating', reenter: true } },
          states: {
            waiting: {
              always: { guard: 'my turn', target: 'yourTurn' },
              on: { roll: { actions: { type: 'say', params: { text: NOT_YOUR_TURN } } } },
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
            rolling: {
              on: {
                roll: { actions: { type: 'say', params: { text: ROLL_IN_PROGRESS } } },
                'request.answered': 'waiting',
              },
            },
            animating: {
              after: { [DICE_ROLL_MS]: 'waiting' },
              on: { roll: { actions: { type: 'say', params: { text: ROLL_IN_PROGRESS } } } },
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
