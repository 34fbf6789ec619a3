import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { RoomView } from '../../../game/protocol';
import {
  boardMachine,
  NOT_YOUR_TURN,
  OFFER_NOT_CONNECTED,
  REDIRECT_MS,
  ROLL_IN_PROGRESS,
  ROLL_NOT_CONNECTED,
  type BoardEmitted,
  type BoardEvent,
} from '../../../site/app/game/board-machine';

const T0 = 1_700_000_000_000;
const ME = 'me';
const OTHER = 'other';

type Snapshot = ReturnType<typeof initialTransition<typeof boardMachine>>[0];
type Actions = ReturnType<typeof transition<typeof boardMachine>>[1];

function participant(name: string, color: 'red' | 'blue') {
  return {
    name,
    position: -1,
    balance: 3000,
    trucks: 0,
    color,
    homeBox: 'box1' as const,
    revenue: {},
    expenses: {},
    tax: 0,
    connected: true,
  };
}

/** An active two-player room, `ME`'s turn, no roll yet. */
function view(patch: Partial<RoomView> = {}): RoomView {
  return {
    roomId: 'room-1',
    status: 'active',
    stake: 10,
    timeMinutes: 10,
    maxPlayers: 2,
    joinedOrder: [ME, OTHER],
    participants: { [ME]: participant('Mwila', 'red'), [OTHER]: participant('Bwalya', 'blue') },
    boardState: {},
    turn: { currentPlayer: ME, round: 1, deadline: T0 + 20_000 },
    countdownEndsAt: null,
    gameStartTime: T0,
    gameEndTime: T0 + 600_000,
    pendingPurchase: null,
    lastRoll: null,
    spectators: 0,
    fairness: { serverSeedHash: 'h', clientSeed: 'c', serverSeed: null },
    result: null,
    ...patch,
  };
}

function rolled(nonce: number, patch: Partial<RoomView> = {}): RoomView {
  return view({
    lastRoll: {
      player: ME,
      roll: 3,
      newPosition: 2,
      extraTurn: false,
      nonce,
      auto: false,
      timestamp: T0,
    },
    ...patch,
  });
}

const state = (v: RoomView, now = T0): BoardEvent => ({ type: 'socket.state', view: v, now });
const refusal = (message: string, code: string | null, now = T0): BoardEvent => ({
  type: 'socket.error',
  message,
  code,
  now,
});

function emittedFrom(actions: Actions): BoardEmitted[] {
  return (actions as { type: string; params?: unknown }[])
    .filter((a) => a.type === 'xstate.emit')
    .map((a) => (a.params as { event: BoardEmitted }).event);
}

/**
 * Runs the events through the pure transition(), collecting what the machine emitted: the turn
 * cues apart (`cues`), everything else in `emitted`.
 */
function run(events: BoardEvent[], from?: Snapshot) {
  let snapshot = from ?? initialTransition(boardMachine, { me: ME })[0];
  const emitted: BoardEmitted[] = [];
  const cues: BoardEmitted[] = [];
  for (const event of events) {
    const [next, actions] = transition(boardMachine, snapshot, event);
    for (const e of emittedFrom(actions)) (e.type === 'yourTurn' ? cues : emitted).push(e);
    snapshot = next;
  }
  return { snapshot, emitted, cues };
}

/** The event the machine scheduled for later (the dice's tumble ending), fired now. */
function fireDelayed(snapshot: Snapshot, actions: Actions): Snapshot {
  const delayed = actions.find((a) => a.type === 'xstate.raise' && a.params?.delay !== undefined);
  if (!delayed) throw new Error('nothing scheduled');
  const event = (delayed.params as { event: BoardEvent }).event;
  return transition(boardMachine, snapshot, event)[0];
}

describe('board machine: connecting', () => {
  it('starts connecting, and the room’s first state puts the board on', () => {
    const [start] = initialTransition(boardMachine, { me: ME });
    expect(start.value).toBe('connecting');
    const { snapshot } = run([{ type: 'socket.open' }, state(view())]);
    expect(snapshot.matches({ connected: { dice: 'yourTurn', offer: 'none' } })).toBe(true);
    expect(snapshot.context.view?.roomId).toBe('room-1');
  });

  it('sends nothing before the room has spoken', () => {
    const { snapshot, emitted } = run([{ type: 'socket.open' }, { type: 'roll' }, { type: 'buy' }]);
    expect(emitted).toEqual([]);
    expect(snapshot.value).toBe('connecting');
  });

  it('fails for good on the ticket’s refusal, and on a room that cannot be loaded (by code)', () => {
    const refused = run([{ type: 'socket.failed', message: 'Invalid room ID.', status: 404 }]);
    expect(refused.snapshot.value).toBe('failed');
    expect(refused.snapshot.context.failure).toEqual({ message: 'Invalid room ID.', status: 404 });

    const unloaded = run([refusal('Any words at all.', 'room_not_loaded')]);
    expect(unloaded.snapshot.value).toBe('failed');
    // The same words without the code are only said, never acted on.
    const words = run([
      refusal('Failed to load game data. Please check your connection or room ID.', null),
    ]);
    expect(words.snapshot.value).toBe('connecting');
  });
});

describe('board machine: rolling', () => {
  it('rolls only on your turn', () => {
    const theirs = run([state(view({ turn: { currentPlayer: OTHER, round: 1, deadline: null } }))]);
    expect(theirs.snapshot.matches({ connected: { dice: 'waiting' } })).toBe(true);
    const pressed = run([{ type: 'roll' }], theirs.snapshot);
    expect(pressed.emitted).toEqual([]);
    expect(pressed.snapshot.context.message?.text).toBe(NOT_YOUR_TURN);

    const mine = run([state(view()), { type: 'roll' }]);
    expect(mine.emitted).toEqual([{ type: 'send', message: { type: 'roll' } }]);
    expect(mine.snapshot.matches({ connected: { dice: 'rolling' } })).toBe(true);
    expect(mine.snapshot.context.message).toBeNull();
  });

  it('waits for the room in a game that is not active yet', () => {
    const { snapshot, emitted } = run([state(view({ status: 'countdown' })), { type: 'roll' }]);
    expect(snapshot.matches({ connected: { dice: 'waiting' } })).toBe(true);
    expect(emitted).toEqual([]);
  });

  it('says the roll is in progress until the new roll arrives, then while the dice tumbles', () => {
    const sent = run([state(view()), { type: 'roll' }, { type: 'roll' }]);
    expect(sent.emitted).toHaveLength(1);
    expect(sent.snapshot.context.message?.text).toBe(ROLL_IN_PROGRESS);

    // The roll lands; it is the other player's turn now.
    const [landed, actions] = transition(
      boardMachine,
      sent.snapshot,
      state(rolled(1, { turn: { currentPlayer: OTHER, round: 1, deadline: null } })),
    );
    expect(landed.matches({ connected: { dice: 'animating' } })).toBe(true);
    const again = run([{ type: 'roll' }], landed);
    expect(again.emitted).toEqual([]);
    expect(again.snapshot.context.message?.text).toBe(ROLL_IN_PROGRESS);
    // Each message has its own id, so the same words are announced again.
    expect(again.snapshot.context.message?.id).toBeGreaterThan(sent.snapshot.context.message!.id);

    const settled = fireDelayed(landed, actions);
    expect(settled.matches({ connected: { dice: 'waiting' } })).toBe(true);
  });

  it('gives the turn back after a roll with an extra turn, once the dice settles', () => {
    const sent = run([state(view()), { type: 'roll' }]);
    const [landed, actions] = transition(boardMachine, sent.snapshot, state(rolled(1)));
    expect(landed.matches({ connected: { dice: 'animating' } })).toBe(true);
    expect(fireDelayed(landed, actions).matches({ connected: { dice: 'yourTurn' } })).toBe(true);
  });

  it('a refusal of the roll ends the wait and is said on the dice bar', () => {
    const { snapshot } = run([
      state(view()),
      { type: 'roll' },
      refusal('Too many messages. Please slow down.', 'too_many_messages'),
    ]);
    expect(snapshot.matches({ connected: { dice: 'yourTurn' } })).toBe(true);
    expect(snapshot.context.message?.text).toBe('Too many messages. Please slow down.');
  });

  it('a roll the socket could not send is said, and Roll works again', () => {
    const { snapshot } = run([
      state(view()),
      { type: 'roll' },
      { type: 'send.failed', message: { type: 'roll' } },
    ]);
    expect(snapshot.matches({ connected: { dice: 'yourTurn' } })).toBe(true);
    expect(snapshot.context.message?.text).toBe(ROLL_NOT_CONNECTED);
  });
});

describe('board machine: reconnecting', () => {
  it('is disabled while disconnected: nothing is sent, and the person is told', () => {
    const { snapshot, emitted } = run([
      state(view({ pendingPurchase: ME })),
      { type: 'socket.close' },
      { type: 'roll' },
      { type: 'buy' },
    ]);
    expect(snapshot.value).toBe('reconnecting');
    expect(emitted).toEqual([]);
    expect(snapshot.context.message?.text).toBe(ROLL_NOT_CONNECTED);
    expect(snapshot.context.purchaseMessage).toBe(OFFER_NOT_CONNECTED);
    // The last view stays on screen meanwhile.
    expect(snapshot.context.view?.pendingPurchase).toBe(ME);
  });

  it('resyncs from the room’s first state after the socket reopens', () => {
    const away = run([
      state(view()),
      { type: 'roll' },
      {
        type: 'socket.log',
        entry: { type: 'truck_declined', player: ME, lapsed: true, timestamp: T0 },
      },
      { type: 'socket.close' },
      { type: 'socket.open' },
    ]);
    // Open is not enough: the board waits for the room's state.
    expect(away.snapshot.value).toBe('reconnecting');
    expect(away.snapshot.context.logs).toEqual([]);
    const back = run(
      [state(rolled(4, { turn: { currentPlayer: OTHER, round: 2, deadline: null } }))],
      away.snapshot,
    );
    // The roll sent before the drop is forgotten; the roll that happened meanwhile tumbles.
    expect(back.snapshot.matches({ connected: { dice: 'animating' } })).toBe(true);
    expect(back.snapshot.context.view?.turn.round).toBe(2);
  });

  it('keeps the log the room sends, once each', () => {
    const entry = { type: 'truck_declined' as const, player: ME, lapsed: false, timestamp: T0 };
    const { snapshot } = run([
      { type: 'socket.open' },
      state(view()),
      { type: 'socket.log', entry },
      { type: 'socket.log', entry: { ...entry, timestamp: T0 + 1 } },
    ]);
    expect(snapshot.context.logs).toHaveLength(2);
  });
});

describe('board machine: the truck offer', () => {
  const offer = () =>
    view({ pendingPurchase: ME, turn: { currentPlayer: OTHER, round: 1, deadline: null } });

  it('opens with the room’s offer and buys once', () => {
    const { snapshot, emitted } = run([state(offer()), { type: 'buy' }, { type: 'buy' }]);
    expect(snapshot.matches({ connected: { offer: 'buying' } })).toBe(true);
    expect(emitted).toEqual([{ type: 'send', message: { type: 'buyTruck' } }]);
  });

  it('shows the refusal of a purchase in the popup, and lets the person answer again', () => {
    const { snapshot } = run([
      state(offer()),
      { type: 'buy' },
      refusal('Insufficient balance to purchase truck.', 'insufficient_balance'),
    ]);
    expect(snapshot.matches({ connected: { offer: 'open' } })).toBe(true);
    expect(snapshot.context.purchaseMessage).toBe('Insufficient balance to purchase truck.');
    expect(snapshot.context.message).toBeNull();
  });

  it('closes when the room closes the offer, forgetting its message', () => {
    const { snapshot, emitted } = run([
      state(offer()),
      { type: 'buy' },
      refusal('Maximum truck limit reached.', 'max_trucks'),
      { type: 'decline' },
      state(view({ turn: { currentPlayer: OTHER, round: 1, deadline: null } })),
    ]);
    expect(emitted.map((e) => e.type === 'send' && e.message.type)).toEqual([
      'buyTruck',
      'declineTruck',
    ]);
    expect(snapshot.matches({ connected: { offer: 'none' } })).toBe(true);
    expect(snapshot.context.purchaseMessage).toBeNull();
  });

  it('is no offer for someone else, nor for a spectator', () => {
    const theirs = run([state(view({ pendingPurchase: OTHER })), { type: 'buy' }]);
    expect(theirs.snapshot.matches({ connected: { offer: 'none' } })).toBe(true);
    expect(theirs.emitted).toEqual([]);
  });
});

describe('board machine: leaving and game over', () => {
  it('leaves for the dashboard when the room says this person is not seated (by code)', () => {
    const { snapshot } = run([
      state(view()),
      refusal("You're not part of this room.", 'not_a_player', T0 + 10),
    ]);
    expect(snapshot.context.redirect).toEqual({
      reason: "You're not part of this room.",
      at: T0 + 10 + REDIRECT_MS,
    });
    expect(snapshot.context.message).toBeNull();
  });

  it('the same words without the code are only said: the board decides by code', () => {
    const { snapshot } = run([state(view()), refusal("You're not part of this room.", null)]);
    expect(snapshot.context.redirect).toBeNull();
    expect(snapshot.context.message?.text).toBe("You're not part of this room.");
  });

  it('leaves when the room is closed', () => {
    const { snapshot } = run([state(view({ status: 'closed' }), T0 + 5)]);
    expect(snapshot.context.redirect).toEqual({
      reason: 'Room is closed.',
      at: T0 + 5 + REDIRECT_MS,
    });
  });

  it('ends with the result: the wallet is refreshed once, nothing more is sent', () => {
    const result = {
      winners: [ME],
      totalPot: 20,
      winnerShare: 16,
      systemShare: 4,
      statements: {},
      lessons: {},
    };
    const { snapshot, emitted } = run([
      state(view()),
      state(view({ status: 'ended', result }), T0 + 700),
      state(view({ status: 'ended', result, spectators: 1 }), T0 + 900),
      { type: 'roll' },
      { type: 'buy' },
    ]);
    expect(snapshot.matches('over')).toBe(true);
    expect(snapshot.context.gameOverAt).toBe(T0 + 700);
    expect(snapshot.context.view?.spectators).toBe(1);
    expect(emitted).toEqual([{ type: 'gameOver' }]);
  });

  it('an ended game without its result yet is not over', () => {
    const { snapshot } = run([state(view({ status: 'ended' }))]);
    expect(snapshot.matches('over')).toBe(false);
  });

  it('a board that connects to a finished game shows it over, and reconnects there', () => {
    const result = {
      winners: [OTHER],
      totalPot: 20,
      winnerShare: 16,
      systemShare: 4,
      statements: {},
      lessons: {},
    };
    const { snapshot } = run([state(view({ status: 'ended', result })), { type: 'socket.close' }]);
    expect(snapshot.matches({ over: 'reconnecting' })).toBe(true);
    const back = run([state(view({ status: 'ended', result }))], snapshot);
    expect(back.snapshot.matches({ over: 'live' })).toBe(true);
  });
});

describe('board machine: the connection as the player sees it', () => {
  it('the browser going offline puts the board in reconnecting, and Roll waits', () => {
    const { snapshot, emitted } = run([
      state(view()),
      { type: 'browser.offline' },
      { type: 'roll' },
    ]);
    expect(snapshot.value).toBe('reconnecting');
    expect(snapshot.context.offline).toBe(true);
    expect(emitted.filter((e) => e.type === 'send')).toEqual([]);
    expect(snapshot.context.message?.text).toBe(ROLL_NOT_CONNECTED);
  });

  it('back online, the room’s whole state resyncs the board', () => {
    const offline = run([state(view()), { type: 'browser.offline' }]).snapshot;
    const back = run(
      [
        { type: 'browser.online' },
        { type: 'socket.open' },
        state(rolled(4, { turn: { currentPlayer: OTHER, round: 2, deadline: null } })),
      ],
      offline,
    ).snapshot;
    expect(back.context.offline).toBe(false);
    expect(back.matches('connected')).toBe(true);
    expect(back.matches({ connected: { dice: 'yourTurn' } })).toBe(false);
    expect(back.context.view?.turn.round).toBe(2);
  });

  it('offline after the game is over shows reconnecting too', () => {
    const over = run([
      state(
        view({
          status: 'ended',
          result: {
            winners: [ME],
            totalPot: 20,
            winnerShare: 16,
            systemShare: 4,
            statements: {},
            lessons: {},
          },
        }),
      ),
      { type: 'browser.offline' },
    ]).snapshot;
    expect(over.matches({ over: 'reconnecting' })).toBe(true);
  });
});

describe('board machine: the turn cues', () => {
  it('says `yourTurn` once when the turn becomes mine, not on the other player’s turn', () => {
    const theirs = run([state(view({ turn: { currentPlayer: OTHER, round: 1, deadline: null } }))]);
    expect(theirs.cues).toEqual([]);
    const mine = run([state(view())], theirs.snapshot);
    expect(mine.cues).toEqual([{ type: 'yourTurn', deadline: T0 + 20_000 }]);
    // Another state on the same turn is not a new turn.
    expect(run([state(view())], mine.snapshot).cues).toEqual([]);
  });

  it('says it again for an extra turn, after the dice settles', () => {
    const sent = run([state(view()), { type: 'roll' }]);
    const [landed, actions] = transition(boardMachine, sent.snapshot, state(rolled(1)));
    expect(emittedFrom(actions)).toEqual([]);
    const [, settledActions] = transition(
      boardMachine,
      landed,
      (
        actions.find((a) => a.type === 'xstate.raise' && a.params?.delay !== undefined)!.params as {
          event: BoardEvent;
        }
      ).event,
    );
    expect(emittedFrom(settledActions)).toEqual([{ type: 'yourTurn', deadline: T0 + 20_000 }]);
  });
});

describe('board machine: game over stays on the board', () => {
  const result = {
    winners: [ME],
    totalPot: 20,
    winnerShare: 16,
    systemShare: 4,
    statements: {},
    lessons: {},
  };

  it('shows the result, which can be put away to study the board and brought back', () => {
    const over = run([state(view()), state(view({ status: 'ended', result }))]).snapshot;
    expect(over.context.resultShown).toBe(true);
    const hidden = run([{ type: 'result.hide' }], over).snapshot;
    expect(hidden.matches('over')).toBe(true);
    expect(hidden.context.resultShown).toBe(false);
    // A later state (the spectator count) does not force it back up.
    const later = run([state(view({ status: 'ended', result, spectators: 2 }))], hidden).snapshot;
    expect(later.context.resultShown).toBe(false);
    expect(run([{ type: 'result.show' }], later).snapshot.context.resultShown).toBe(true);
  });

  it('is not shown before the game is over', () => {
    const live = run([state(view()), { type: 'result.show' }]).snapshot;
    expect(live.context.resultShown).toBe(false);
  });
});
