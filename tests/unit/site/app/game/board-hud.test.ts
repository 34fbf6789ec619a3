import { describe, expect, it } from 'vitest';
import { hudTurn } from '#site/app/game/board-hud.tsx';
import { hudMarkup } from '#site/app/game/board-svg.tsx';
import { turnLabel } from '#site/app/game/format.ts';
import { layoutCentre } from '#site/shared/art/labels.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { twoEarly, twoEarlyNow } from '#tests/support/art-rooms.ts';

describe('the hud over the canvas (whose turn, the clock, the rings)', () => {
  const two = boardModel(twoEarly);
  const centre = layoutCentre(360, 1);
  const at = (now: number, me: string | null = null) => hudMarkup(two, 360, centre, me, now);

  it("is redrawn when the clock's second or the turn changes, not within a second", () => {
    expect(at(twoEarlyNow + 100)).toBe(at(twoEarlyNow + 200));
    expect(at(twoEarlyNow + 100)).not.toBe(at(twoEarlyNow + 1_100));
    expect(at(twoEarlyNow, two.currentPlayer)).toContain('Your turn');
  });

  it('names the turn the dice bar names, from the same view', () => {
    const current = twoEarly.turn.currentPlayer;
    expect(current).not.toBeNull();
    expect(hudTurn(two)).toBe(current);
    expect(at(twoEarlyNow)).toContain(`data-turn="${current}"`);
    const names = { [current!]: twoEarly.participants[current!]!.name };
    expect(turnLabel(current, null, names)).toBe(`${names[current!]}'s turn`);
    // Nobody's turn once the game is over, as the dice bar says "The game is over".
    expect(hudTurn(boardModel({ ...twoEarly, status: 'ended' }))).toBe('');
  });
});
