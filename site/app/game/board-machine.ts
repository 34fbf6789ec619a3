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
// is the player's to roll once the board has caught up with the room. Its events, context and the
// questions it asks of a view are board-context.ts's.
import { and, assign, emit, enqueueActions, not, raise, setup, stateIn } from 'xstate';
import type { LogEntry } from '#game/log.ts';
import { ROOM_ERROR_MESSAGES, type RoomErrorCode } from '#game/messages.ts';
import {
  hasOffer,
  isGameOver,
  isMyTurn,
  isMyTurnShown,
  NOT_YOUR_TURN,
  OFFER_NOT_CONNECTED,
  REDIRECT_MS,
  ROLL_IN_PROGRESS,
  ROLL_NOT_CONNECTED,
  type BoardContext,
  type BoardEmitted,
  type BoardEvent,
} from './board-context';
import { castOf, planChange, planStartOf } from './motion-plan';
import {
  dropAll,
  finishAll,
  idleMotion,
  learnTurn,
  stepDone,
  enqueue as enqueueReveals,
  type MotionState,
  type MotionUpdate,
} from './reveal-queue';
import { entriesOf, hearEntry, trimmed } from './board-log';
import { markerOf } from './room-marker';

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
    /** A log entry: news waits for its state; history goes to the log (board-log.ts). */
    'hear the entry': assign(({ context, event }) =>
      event.type === 'socket.log' ? hearEntry(context, event.entry) : {},
    ),
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
