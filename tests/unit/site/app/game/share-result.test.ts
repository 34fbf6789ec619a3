// What "Share my win" and "Share this lesson" send: a win links to the finished game's own page (its
// preview is the game's card), a lesson to the free practice; the words are the share module's.
import { describe, expect, it } from 'vitest';
import { resultShares } from '#site/app/game/share-result.tsx';
import { roomView } from '#tests/support/art-rooms.ts';
import { shareText } from '#site/shared/share.ts';
import { PATHS } from '#site/shared/paths.ts';

const ORIGIN = 'https://zedtruck.example';

const ended = roomView(
  [
    { uid: 'u-chanda', name: 'Chanda', position: 3, trucks: 2 },
    { uid: 'u-mwila', name: 'Mwila', position: 7, trucks: 1 },
  ],
  {
    roomId: 'abc123room',
    status: 'ended',
    stake: 10,
    result: {
      winners: ['u-chanda'],
      totalPot: 20,
      winnerShare: 16,
      systemShare: 4,
      statements: {},
      lessons: {
        'u-chanda': [{ key: 'result', text: 'Cash first.' }],
        'u-mwila': [{ key: 'result', text: 'Trucks cost upkeep.' }],
      },
    },
  },
);

describe("the game over's share buttons", () => {
  it("a winner shares the finished game's page, with the hook", () => {
    const { win, lesson } = resultShares(ended, 'u-chanda', ORIGIN);
    expect(win?.url).toBe(`${ORIGIN}/rentalgame/gameresult/abc123room`);
    expect(shareText(win!)).toBe(
      'I just won ZMW 16 at Zed Truck Company. Beat me: ZMW 10 in, ZMW 16 to the winner. ' +
        `${ORIGIN}/rentalgame/gameresult/abc123room`,
    );
    expect(lesson?.url).toBe(`${ORIGIN}${PATHS.practice}`);
    expect(shareText(lesson!)).toContain('Cash first.');
  });

  it('a player who lost shares a lesson only; a watcher shares nothing', () => {
    const lost = resultShares(ended, 'u-mwila', ORIGIN);
    expect(lost.win).toBeNull();
    expect(lost.lesson?.url).toBe(`${ORIGIN}${PATHS.practice}`);
    expect(resultShares(ended, 'someone-else', ORIGIN)).toEqual({ win: null, lesson: null });
    expect(resultShares(ended, null, ORIGIN)).toEqual({ win: null, lesson: null });
  });
});
