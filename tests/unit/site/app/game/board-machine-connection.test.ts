/**
 * The board interaction machine when the connection drops and returns: reconnecting and the
 * connection as the player sees it, driven through the pure `transition()`.
 */
import { describe, expect, it } from 'vitest';
import { OFFER_NOT_CONNECTED, ROLL_NOT_CONNECTED } from '#site/app/game/board-context.ts';
import { T0, ME, OTHER, view, rolled, state, run } from './board-machine-support';

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
    // The roll sent before the drop is forgotten; the room as it stands now is the board at once.
    expect(back.snapshot.matches({ connected: { dice: 'waiting' } })).toBe(true);
    expect(back.snapshot.context.view?.turn.round).toBe(2);
    expect(back.snapshot.context.motion.reveals).toEqual([]);

    // The log the room resends: what the board had not seen is "while you were away".
    const missed = {
      type: 'dice_roll' as const,
      player: OTHER,
      roll: 3,
      newPosition: 2,
      extraTurn: false,
      nonce: 4,
      auto: true,
      timestamp: T0 + 5,
    };
    const fee = {
      type: 'expense' as const,
      player: OTHER,
      boxId: 'box3' as const,
      key: 'repairs',
      amount: 150,
      timestamp: T0 + 5,
    };
    const told = run(
      [
        { type: 'socket.log', entry: missed },
        { type: 'socket.log', entry: fee },
      ],
      back.snapshot,
    );
    expect(told.snapshot.context.away?.entries).toEqual([missed, fee]);
    expect(told.snapshot.context.logs).toEqual([missed, fee]);
    expect(told.snapshot.context.motion.reveals).toEqual([]);
    expect(run([{ type: 'away.dismiss' }], told.snapshot).snapshot.context.away).toBeNull();
  });

  it('the first connection is not a return: nothing is "while you were away"', () => {
    const { snapshot } = run([{ type: 'socket.open' }, state(rolled(4))]);
    expect(snapshot.context.away).toBeNull();
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
