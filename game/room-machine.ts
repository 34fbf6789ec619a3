// One game room: waiting → countdown → active → ended (or closed before it started).
// Time comes in as data: every event carries `now`, and every deadline lives in the context; any
// event first brings the room up to `now` (deadlines in time order), then is handled. Effects leave
// only through `emit`, so this file imports no runtime.
import { enqueueActions, raise, setup, type SnapshotFrom } from 'xstate';
import type { LogEntry } from './log';
import type { RoomErrorCode } from './messages';
import {
  dealBoard,
  dueDeadline,
  finishStep,
  initialContext,
  nextDeadlineOf,
  offerStep,
  presenceStep,
  rollStep,
  seatedPresence,
  seatsAreValid,
  startCountdown,
  toSeats,
  type Deadline,
  type GameResult,
  type RoomContext,
  type RoomInput,
  type SeatInput,
  type Step,
} from './room-context';

export type RoomEvent =
  | {
      type: 'SEATS';
      seats: SeatInput[];
      closed?: boolean;
      /** uids with an open socket now (the shell knows): a seated watcher shows as connected. */
      online?: string[];
      now: number;
    }
  | { type: 'ROLL'; by: string; now: number }
  | { type: 'BUY_TRUCK'; by: string; now: number }
  | { type: 'DECLINE_TRUCK'; by: string; now: number }
  | { type: 'PRESENCE'; uid: string; connected: boolean; now: number }
  | { type: 'TICK'; now: number };

export type RoomEmitted =
  | { type: 'changed' }
  | { type: 'log'; entry: LogEntry }
  | { type: 'refused'; by: string; code: RoomErrorCode }
  | { type: 'finished'; result: GameResult };

/** `now` of the event being handled; null for XState's own init event. */
function nowOf(event: { type: string }): number | null {
  return 'now' in event && typeof event.now === 'number' ? event.now : null;
}

function isDue(context: RoomContext, event: { type: string }, deadline?: Deadline): boolean {
  const now = nowOf(event);
  if (now === null) return false;
  const due = dueDeadline(context, now);
  return deadline === undefined ? due !== null : due === deadline;
}

function senderOf(event: RoomEvent): string {
  return 'by' in event ? event.by : '';
}

export const roomMachine = setup({
  types: {} as {
    context: RoomContext;
    events: RoomEvent;
    input: RoomInput;
    emitted: RoomEmitted;
  },
  guards: {
    'a deadline is due': ({ context, event }) => isDue(context, event),
    'the countdown is over': ({ context, event }) => isDue(context, event, 'countdown'),
    'the game time is up': ({ context, event }) => isDue(context, event, 'game end'),
    'the turn timer ran out': ({ context, event }) => isDue(context, event, 'turn timer'),
    'the site closed the room': ({ event }) => event.type === 'SEATS' && event.closed === true,
    'the seats are invalid': ({ context, event }) =>
      event.type === 'SEATS' && !seatsAreValid(event.seats, context.maxPlayers),
    'every seat is taken': ({ context, event }) =>
      event.type === 'SEATS' && event.seats.length === context.maxPlayers,
    // Presence is game state only for a seat (the "away" mark, the turn timer); spectators are the
    // shell's live connections and never enter the context or the persisted snapshot.
    'the presence changes': ({ context, event }) =>
      event.type === 'PRESENCE' &&
      context.seats.some((seat) => seat.uid === event.uid) &&
      (context.connected[event.uid] === true) !== event.connected,
  },
  actions: {
    /** Handle this event again once every deadline up to its `now` has been processed. */
    'replay after the deadlines': raise(({ event }) => event),
    'take the seats': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SEATS') return;
      const seats = toSeats(event.seats);
      enqueue.assign({ seats, connected: seatedPresence(context.connected, seats, event.online) });
      enqueue.emit({ type: 'changed' });
    }),
    'start the countdown': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SEATS') return;
      enqueue.assign(startCountdown(context, event.now));
    }),
    'deal the board': enqueueActions(({ context, enqueue }) => {
      enqueue.assign(dealBoard(context));
      enqueue.emit({ type: 'changed' });
    }),
    'roll for the current player': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'ROLL') return;
      commit(enqueue, rollStep(context, event.by, event.now, false), event.by);
    }),
    'roll for the absent player': enqueueActions(({ context, enqueue }) => {
      const { game, turnDeadline } = context;
      if (game === null || turnDeadline === null) return;
      commit(enqueue, rollStep(context, game.turn.currentPlayer, turnDeadline, true), '');
    }),
    'buy the truck': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'BUY_TRUCK') return;
      commit(enqueue, offerStep(context, 'buy', event.by, event.now), event.by);
    }),
    'decline the truck': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'DECLINE_TRUCK') return;
      commit(enqueue, offerStep(context, 'decline', event.by, event.now), event.by);
    }),
    'finish the game': enqueueActions(({ context, enqueue }) => {
      const finished = finishStep(context);
      enqueue.assign(finished);
      enqueue.emit({ type: 'changed' });
      enqueue.emit({ type: 'finished', result: finished.result });
    }),
    'close the room': enqueueActions(({ event, enqueue }) => {
      if (event.type === 'SEATS') enqueue.assign({ seats: toSeats(event.seats) });
      enqueue.emit({ type: 'changed' });
    }),
    'note the presence': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'PRESENCE') return;
      enqueue.assign(presenceStep(context, event.uid, event.connected));
      enqueue.emit({ type: 'changed' });
    }),
    'refuse: not started': enqueueActions(({ event, enqueue }) => {
      enqueue.emit({ type: 'refused', by: senderOf(event), code: 'not_started' });
    }),
    'refuse: game over': enqueueActions(({ event, enqueue }) => {
      enqueue.emit({ type: 'refused', by: senderOf(event), code: 'game_over' });
    }),
    'refuse: room closed': enqueueActions(({ event, enqueue }) => {
      enqueue.emit({ type: 'refused', by: senderOf(event), code: 'room_closed' });
    }),
  },
}).createMachine({
  id: 'room',
  context: ({ input }) => initialContext(input),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        SEATS: [
          { guard: 'the site closed the room', target: 'closed', actions: 'close the room' },
          { guard: 'the seats are invalid' },
          {
            guard: 'every seat is taken',
            target: 'countdown',
            actions: ['take the seats', 'start the countdown'],
          },
          { actions: 'take the seats' },
        ],
        ROLL: { actions: 'refuse: not started' },
        BUY_TRUCK: { actions: 'refuse: not started' },
        DECLINE_TRUCK: { actions: 'refuse: not started' },
        PRESENCE: { guard: 'the presence changes', actions: 'note the presence' },
      },
    },
    countdown: {
      always: { guard: 'the countdown is over', target: 'active', actions: 'deal the board' },
      on: {
        ROLL: [
          { guard: 'a deadline is due', actions: 'replay after the deadlines' },
          { actions: 'refuse: not started' },
        ],
        BUY_TRUCK: [
          { guard: 'a deadline is due', actions: 'replay after the deadlines' },
          { actions: 'refuse: not started' },
        ],
        DECLINE_TRUCK: [
          { guard: 'a deadline is due', actions: 'replay after the deadlines' },
          { actions: 'refuse: not started' },
        ],
        PRESENCE: { guard: 'the presence changes', actions: 'note the presence' },
      },
    },
    active: {
      always: [
        { guard: 'the game time is up', target: 'ended' },
        { guard: 'the turn timer ran out', actions: 'roll for the absent player' },
      ],
      on: {
        ROLL: [
          { guard: 'a deadline is due', actions: 'replay after the deadlines' },
          { actions: 'roll for the current player' },
        ],
        BUY_TRUCK: [
          { guard: 'a deadline is due', actions: 'replay after the deadlines' },
          { actions: 'buy the truck' },
        ],
        DECLINE_TRUCK: [
          { guard: 'a deadline is due', actions: 'replay after the deadlines' },
          { actions: 'decline the truck' },
        ],
        PRESENCE: { guard: 'the presence changes', actions: 'note the presence' },
      },
    },
    ended: {
      entry: 'finish the game',
      on: {
        ROLL: { actions: 'refuse: game over' },
        BUY_TRUCK: { actions: 'refuse: game over' },
        DECLINE_TRUCK: { actions: 'refuse: game over' },
        PRESENCE: { guard: 'the presence changes', actions: 'note the presence' },
      },
    },
    closed: {
      type: 'final',
    },
  },
});

/** The two things an accepted or refused step does, as enqueueActions offers them. */
interface Enqueue {
  assign(patch: Partial<RoomContext>): void;
  emit(event: RoomEmitted): void;
}

/** Apply an accepted step (context, logs, one `changed`) or emit the refusal, leaving the state as it was. */
function commit(enqueue: Enqueue, step: Step, by: string): void {
  if (!step.ok) {
    enqueue.emit({ type: 'refused', by, code: step.code });
    return;
  }
  enqueue.assign(step.context);
  for (const entry of step.logs) enqueue.emit({ type: 'log', entry });
  enqueue.emit({ type: 'changed' });
}

export type RoomMachine = typeof roomMachine;
export type RoomSnapshot = SnapshotFrom<RoomMachine>;

/** The earliest deadline the shell must wake up for (ms epoch), or null. */
export function nextDeadline(source: RoomContext | { context: RoomContext }): number | null {
  return nextDeadlineOf('context' in source ? source.context : source);
}
