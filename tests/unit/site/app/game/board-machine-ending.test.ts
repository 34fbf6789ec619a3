/**
 * The board interaction machine at the end: leaving the room, game over, and the board that
 * stays up after the game ends, driven through the pure `transition()`.
 */
import { describe, expect, it } from 'vitest';
import { REDIRECT_MS } from '#site/app/game/board-context.ts';
import { T0, ME, OTHER, view, state, refusal, run } from './board-machine-support';

/** A two-player game's result: a 20 pot, 16 to the winner, 4 to the house. */
function resultWonBy(winner: string) {
  return {
    winners: [winner],
    totalPot: 20,
    winnerShare: 16,
    systemShare: 4,
    statements: {},
    lessons: {},
  };
}

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
    const result = resultWonBy(ME);
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
    const result = resultWonBy(OTHER);
    const { snapshot } = run([state(view({ status: 'ended', result })), { type: 'socket.close' }]);
    expect(snapshot.matches({ over: 'reconnecting' })).toBe(true);
    const back = run([state(view({ status: 'ended', result }))], snapshot);
    expect(back.snapshot.matches({ over: 'live' })).toBe(true);
  });
});

describe('board machine: game over stays on the board', () => {
  const result = resultWonBy(ME);

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
