// The board as a staked two-player game on 360 × 740 phones: a player back from a dropped
// connection reads what happened meanwhile, and game over opens on the prize with its actions, at
// its top, on both phones (photographed at the three sizes as `feel-staked-game-over`). The game
// stands still on a held clock (support/clock.ts) until the test lets it play out: beside a second
// suite, a game on its own timer ended before the player had put the list away.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { keep } from './support/board-watch';
import { releaseClock, stepClock } from './support/clock';
import { startedGame } from './support/held-game';
import { expectAccessible, expectOnScreen, PORTRAIT, SIZES } from './support/screens';
import { budgetFromAlone } from './support/budget';

test('a staked game: back from a dropped connection the player reads what happened; game over opens on the prize', async ({
  page,
  browser,
}, testInfo) => {
  budgetFromAlone(78);
  // Chanda's and Bwalya's ZMW 10 room, both on the board, standing still at Chanda's first turn.
  const { roomId, other } = await startedGame(page, browser);
  const log = (p: Page) => p.getByTestId('game-log').locator('li');

  // Chanda's network drops while the game goes on: her turn timer rolls for her, then the next.
  await page.context().setOffline(true);
  await expect(page.getByTestId('reconnecting')).toBeVisible();
  const seenByBwalya = await log(other.page).count();
  await stepClock(roomId);
  await stepClock(roomId);
  await expect.poll(() => log(other.page).count()).toBeGreaterThan(seenByBwalya + 1);
  // …and back, she is told what happened meanwhile, in a few lines, until she puts it away.
  await page.context().setOffline(false);
  const away = page.getByTestId('away-list');
  await expect(away).toBeVisible();
  await expect(away.getByRole('heading', { name: 'While you were away' })).toBeVisible();
  await expect(away.locator('li').first()).toContainText(/rolled/);
  // Under the dice: on a phone held upright, a short scroll down.
  await away.scrollIntoViewIfNeeded();
  await keep(page, testInfo, 'feel-while-away');
  await away.getByRole('button', { name: 'Got it' }).click();
  await expect(away).toHaveCount(0);

  // The game plays out on its timer (a 10-minute game: 30 s here).
  await releaseClock(roomId);
  // Game over opens at its top on both phones: the prize or the place, the winner, the actions.
  for (const player of [page, other.page]) {
    const over = player.getByRole('dialog', { name: 'Game over' });
    await expect(over).toBeVisible({ timeout: 120_000 });
    await expect(over.getByRole('heading', { name: 'Game over' })).toBeFocused();
    const you = over.getByTestId('game-over-you');
    await expect(you).toHaveText(
      /^(You won ZMW 16\.00|You came 2nd|You share 1st: you won ZMW 8\.00)$/,
    );
    await expectOnScreen(player, you, 'the player’s own line at game over');
    await expectOnScreen(player, over.getByTestId('game-over-winners'), 'the winner line');
    await expectOnScreen(
      player,
      over.getByRole('button', { name: 'Rematch (ZMW 10.00)' }),
      'Rematch',
    );
    await expectOnScreen(
      player,
      over.getByTestId('share-result').getByRole('button').first(),
      'Share',
    );
    await expectOnScreen(player, over.getByRole('link', { name: 'Game history' }), 'the history');
  }
  const winner = (await page.getByTestId('game-over-you').textContent())?.startsWith('You won')
    ? page
    : other.page;
  for (const size of SIZES) {
    await winner.setViewportSize(size);
    await keep(winner, testInfo, 'feel-staked-game-over');
  }
  await winner.setViewportSize(PORTRAIT);
  await expectAccessible(winner, 'game over');
  expect(other.problems).toEqual([]);
  await other.context.close();
});
