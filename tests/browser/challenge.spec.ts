// Today's challenge on a 360 × 740 phone: the page is plain HTML, so its form starts the game even
// with JavaScript off; the game is played on the real board to game over; "See how you rank today"
// leads back to the page, where the player is on the day's leaderboard by first name and initial.
import { attachScreenshot, expectAccessible, expectOnScreen } from './support/screens';
import { expect, screenshot, signUpViaApi, test } from './support/fixtures';
import { playUntil } from './support/play';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';

const VIEWPORT = { width: 360, height: 740 };
test.use({ viewport: VIEWPORT });

test("a player starts today's challenge from its page, plays it to game over and sees it ranked", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  budgetFromAlone(29);
  await signUpViaApi(page.request, { firstName: 'Natasha', lastName: 'Mwale' });

  // The page works without a script: a form posted to the route's action.
  const plain = await browser.newContext({
    baseURL,
    viewport: VIEWPORT,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto('/rentalgame/challenge');
  // No script of its own: the one module script is the header's live balance (decision 087).
  const scripts = noScript.locator('script[type="module"]');
  await expect(scripts).toHaveCount(1);
  await expect(scripts).toHaveAttribute('src', /\/island-live-balance-[\w-]+\.js$/);
  await expect(noScript.getByTestId('challenge-time')).toHaveText('5 min');
  await expect(noScript.getByTestId('challenge-streak')).toHaveText('0 days');
  const play = noScript.getByRole('button', { name: 'Play today’s challenge' });
  await expectOnScreen(noScript, play, 'the play button');
  await play.click();
  await expect(noScript).toHaveURL(/\/rentalgame\/boardgame\/[a-z0-9]+$/);
  const board = noScript.url();
  await plain.close();

  // The board, with its scripts: played to the end.
  await page.goto(board);
  await expect(page.locator('[data-testid="board"] canvas')).toBeVisible({
    timeout: BOARD_LIVE_MS,
  });
  const gameOver = page.getByRole('dialog', { name: 'Daily challenge over' });
  await playUntil([{ page, buy: { done: false } }], gameOver, 120_000);
  await expect(gameOver.getByTestId('lesson').locator('li')).toHaveCount(6);
  await gameOver.getByRole('link', { name: 'See how you rank today' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/challenge$/);

  // Ranked once the room's report is counted (a moment after game over).
  const mine = page.locator('[data-testid="leaderboard-entry"][data-mine="true"]');
  await expect(async () => {
    await page.reload();
    await expect(mine).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(mine).toContainText('Natasha M.');
  await expect(mine.locator('.leaderboard__rank')).toHaveText(/^#\d+$/);
  await expect(page.getByTestId('leaderboard')).not.toContainText('Mwale');
  await expect(page.getByTestId('challenge-streak')).toHaveText('1 day');
  await expect(page.getByTestId('challenge-standing-line')).toContainText(/You rank #\d+ of \d+/);
  // The lesson beside the day's best (the player's own result may be that best).
  await expect(page.getByTestId('lesson').locator('li[data-key="challenge_profit"]')).toContainText(
    /(profit|loss) of [\d,]+/,
  );
  await expect(page.getByRole('button', { name: 'Play it again' })).toBeVisible();
  await expect(page.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expectAccessible(page, 'the challenge page');
  await screenshot(page, 'challenge-ranked');
  await attachScreenshot(page, testInfo, 'challenge-ranked');
});
