// The live game's connection and turns, on a phone at 360 × 740, with the game held at Chanda's first
// turn (support/held-game.ts): offline on her turn, Reconnecting within 5 s and Roll disabled, the
// other player sees her away, and back online both boards agree; the tab title and an announcement
// on her turn, Roll disabled on the other player's; leaving during a game asks first, and "Back to
// your game" leads back from the dashboard and a marketing page. Screenshots are attached to the
// report; axe-core checks the leave question.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SIZES, attachScreenshot, expectAccessible } from './support/screens';
import { readClock } from './support/clock';
import { rollOnHeldClock } from './support/play';
import { afterResize, roll, startedGame } from './support/held-game';
import { roomPaths } from '#site/shared/paths.ts';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';

test('offline on your turn: reconnecting within 5 s, Roll disabled, away for the other; back online it resyncs', async ({
  page,
  browser,
}, testInfo) => {
  budgetFromAlone(42);
  const { other } = await startedGame(page, browser);
  const boardBoxAt = async (size: (typeof SIZES)[number]) => {
    await page.setViewportSize(size);
    await afterResize(page);
    return page.getByTestId('board').boundingBox();
  };
  const boardsOnline: Awaited<ReturnType<typeof boardBoxAt>>[] = [];
  for (const size of SIZES) boardsOnline.push(await boardBoxAt(size));
  await page.setViewportSize(SIZES[0]);

  const offlineAt = Date.now();
  await page.context().setOffline(true);
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - offlineAt).toBeLessThan(5_000);
  await expect(page.getByTestId('reconnecting')).toContainText('Reconnecting');
  await expect(roll(page)).toBeDisabled();
  await expect(page.getByTestId('turn-label')).toHaveText('Not connected');
  await attachScreenshot(page, testInfo, 'board-offline');
  // At every size the bar lies over the page and the board stays where it was: a connection that
  // comes and goes on a bus never makes the board jump (and on a short landscape phone, where every
  // pixel of height is the board's, it stays whole on screen).
  for (const [i, size] of SIZES.entries()) {
    const boardWhileAway = await boardBoxAt(size);
    if (i > 0) await attachScreenshot(page, testInfo, 'board-offline');
    expect(boardWhileAway, `the board's box while reconnecting at ${size.name}`).toEqual(
      boardsOnline[i],
    );
    expect((boardWhileAway?.y ?? 0) + (boardWhileAway?.height ?? 0)).toBeLessThanOrEqual(
      size.height,
    );
  }
  await page.setViewportSize(SIZES[0]);

  // The other player sees Chanda away (her socket closed, or went silent).
  await expect(
    other.page.getByRole('list', { name: 'Players' }).getByRole('listitem').filter({
      hasText: 'Chanda',
    }),
  ).toContainText('away', { timeout: 25_000 });

  await page.context().setOffline(false);
  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: BOARD_LIVE_MS });
  await expect(
    other.page.getByRole('list', { name: 'Players' }).getByRole('listitem').filter({
      hasText: 'Chanda',
    }),
  ).not.toContainText('away');
  // Resynced: both boards describe the same positions and trucks (the room's state).
  const described = (p: Page) => p.getByTestId('board').getAttribute('aria-label');
  await expect
    .poll(
      async () => {
        const [mine, theirs] = await Promise.all([described(page), described(other.page)]);
        return mine === theirs;
      },
      { timeout: 20_000, intervals: [50, 100, 200] },
    )
    .toBe(true);
  expect(other.problems).toEqual([]);
  await other.context.close();
});

test('Roll is disabled on the other player’s turn; the tab title and an announcement say your turn', async ({
  page,
  browser,
}) => {
  budgetFromAlone(32);
  const { roomId, other, bwalya } = await startedGame(page, browser);

  // Chanda's turn: the tab title and the announcement say so; Bwalya's tab does not.
  await expect(page).toHaveTitle(/^● Your turn/);
  await expect(page.getByTestId('turn-call')).toContainText(/Your turn\. Press Roll/);
  await expect(other.page).not.toHaveTitle(/^●/);
  await expect(other.page.getByRole('button', { name: 'Roll', exact: true })).toBeDisabled();

  // Her roll gives Bwalya the turn (after a 6 she rolls again): Roll is disabled on her board, and
  // her tab says nothing.
  do await rollOnHeldClock([{ page, buy: { done: false } }]);
  while ((await readClock(roomId)).currentPlayer !== bwalya.id);
  await expect(page.getByTestId('turn-label')).toHaveText(/^Bwalya .*'s turn$/);
  await expect(roll(page)).toBeDisabled();
  await expect(page).not.toHaveTitle(/^●/);
  await expect(other.page).toHaveTitle(/^● Your turn/);
  expect(other.problems).toEqual([]);
  await other.context.close();
});

test('leaving during a game asks first; cancelling stays; the dashboard leads back', async ({
  page,
  browser,
}, testInfo) => {
  budgetFromAlone(48);
  const { roomId, other } = await startedGame(page, browser);

  await page.getByRole('link', { name: 'Leave to the dashboard' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave the game?' });
  await expect(ask).toBeVisible();
  await attachScreenshot(page, testInfo, 'board-leave');
  await expectAccessible(page, 'the leave question');
  await ask.getByRole('button', { name: 'Stay in the game' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${roomPaths.board(roomId)}$`));

  await page.getByRole('link', { name: 'Leave to the dashboard' }).click();
  await page
    .getByRole('dialog', { name: 'Leave the game?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  const back = page.getByTestId('back-to-game');
  await expect(back).toBeVisible();
  // …and from a marketing page too.
  await page.goto('/');
  await back.getByRole('link', { name: 'Back to your game' }).click();
  await expect(page).toHaveURL(new RegExp(`${roomPaths.board(roomId)}$`));
  await expect(page.getByTestId('back-to-game')).toHaveCount(0);
  expect(other.problems).toEqual([]);
  await other.context.close();
});
