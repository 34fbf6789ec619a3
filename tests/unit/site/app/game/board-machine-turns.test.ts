/**
 * The board interaction machine on a player's turn: connecting, rolling the dice, the truck
 * offer and the turn cues, driven through the pure `transition()`.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  NOT_YOUR_TURN,
  ROLL_IN_PROGRESS,
  ROLL_NOT_CONNECTED,
} from '#site/app/game/board-context.ts';
import { boardMachine } from '#site/app/game/board-machine.ts';
import {
  T0,
  ME,
  OTHER,
  view,
  rolled,
  state,
  refusal,
  run,
  emittedFrom,
  playAll,
  rollEntry,
} from './board-machine-support';

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

  it('says the roll is in progress until the new roll arrives, then while the board shows it', () => {
    const sent = run([state(view()), { type: 'roll' }, { type: 'roll' }]);
    expect(sent.emitted).toHaveLength(1);
    expect(sent.snapshot.context.message?.text).toBe(ROLL_IN_PROGRESS);

    // The roll lands (its entry, then the state); it is the other player's turn now.
    const landed = run(
      [
        { type: 'socket.log', entry: rollEntry(1) },
        state(rolled(1, { turn: { currentPlayer: OTHER, round: 1, deadline: null } })),
      ],
      sent.snapshot,
    ).snapshot;
    expect(landed.matches({ connected: { dice: 'waiting' } })).toBe(true);
    expect(landed.context.motion.reveals.map((r) => r.id)).toEqual(['roll:1']);
    const again = run([{ type: 'roll' }], landed);
    expect(again.emitted).toEqual([]);
    expect(again.snapshot.context.message?.text).toBe(NOT_YOUR_TURN);
    // Each message has its own id, so the same words are announced again.
    expect(again.snapshot.context.message?.id).toBeGreaterThan(sent.snapshot.context.message!.id);
    expect(playAll(landed).matches({ connected: { dice: 'waiting' } })).toBe(true);
  });

  it('gives the turn back after a roll with an extra turn, once the board has shown it', () => {
    const sent = run([state(view()), { type: 'roll' }]);
    const landed = run(
      [{ type: 'socket.log', entry: rollEntry(1, 6) }, state(rolled(1))],
      sent.snapshot,
    ).snapshot;
    expect(landed.matches({ connected: { dice: 'waiting' } })).toBe(true);
    const pressed = run([{ type: 'roll' }], landed);
    expect(pressed.emitted).toEqual([]);
    expect(pressed.snapshot.context.message?.text).toBe(ROLL_IN_PROGRESS);
    expect(playAll(landed).matches({ connected: { dice: 'yourTurn' } })).toBe(true);
  });

  it('waits for its own roll: another change of the room is not its answer', () => {
    const sent = run([state(view()), { type: 'roll' }]);
    const other = run(
      [state(view({ spectators: 3, pendingPurchase: OTHER }))],
      sent.snapshot,
    ).snapshot;
    expect(other.matches({ connected: { dice: 'rolling' } })).toBe(true);
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

describe('board machine: the turn cues', () => {
  it('says `yourTurn` once when the turn becomes mine, not on the other player’s turn', () => {
    const theirs = run([state(view({ turn: { currentPlayer: OTHER, round: 1, deadline: null } }))]);
    expect(theirs.cues).toEqual([]);
    const mine = run([state(view())], theirs.snapshot);
    expect(mine.cues).toEqual([{ type: 'yourTurn', deadline: T0 + 20_000 }]);
    // Another state on the same turn is not a new turn.
    expect(run([state(view())], mine.snapshot).cues).toEqual([]);
  });

  it('says it again for an extra turn, once the board has shown the roll', () => {
    const sent = run([state(view()), { type: 'roll' }]);
    const landed = run(
      [{ type: 'socket.log', entry: rollEntry(1, 6) }, state(rolled(1))],
      sent.snapshot,
    );
    expect(landed.cues).toEqual([]);
    let snapshot = landed.snapshot;
    const cues: unknown[] = [];
    for (let i = 0; i < 10 && snapshot.context.motion.step; i++) {
      const step = snapshot.context.motion.step;
      const [next, actions] = transition(boardMachine, snapshot, {
        type: 'motion.stepDone',
        id: step.id,
        index: step.index,
        now: step.startedAt + step.ms,
      });
      cues.push(...emittedFrom(actions).filter((e) => e.type === 'yourTurn'));
      snapshot = next;
    }
    expect(cues).toEqual([{ type: 'yourTurn', deadline: T0 + 20_000 }]);
  });
});
