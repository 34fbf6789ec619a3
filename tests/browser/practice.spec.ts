// Practise first, on a 360 × 740 phone: a signed-out visitor starts a practice game from the home
// page (as a guest), plays it against bots to the end on the real board, and reads the lesson at
// game over and again in the game history, each time marked "Practice".
import { capture, expect, screenshot, test } from './support/fixtures';
import { playUntil } from './support/play';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';

test.use({ viewport: { width: 360, height: 740 } });

test('a signed-out visitor practises against bots from the home page and reads the lesson', async ({
  page,
}, testInfo) => {
  budgetFromAlone(25);
  await page.goto('/');
  // One tap: the default practice game (5 minutes, 3 bots) starts as a guest.
  await page.getByTestId('practise-first').click();

  await expect(page).toHaveURL(/\/rentalgame\/boardgame\//, { timeout: 15_000 });
  await expect(page.getByTestId('practice-mark').first()).toBeVisible();
  await expect(page.locator('[data-testid="board"] canvas')).toBeVisible({
    timeout: BOARD_LIVE_MS,
  });
  await expect(page.getByText('Bot Balanced').first()).toBeVisible();

  // The bots and the turn timer move the game on; the player rolls whenever it is their turn.
  const gameOver = page.getByRole('dialog', { name: 'Practice game over' });
  await playUntil([{ page, buy: { done: false } }], gameOver, 120_000);

  // The lesson, in plain words with the game's figures; no prize, one tap to sign up.
  const lesson = gameOver.getByTestId('lesson');
  await expect(lesson.locator('li')).toHaveCount(6);
  await expect(lesson.locator('li[data-key="revenue"]')).toContainText(/revenue/);
  await expect(lesson.locator('li[data-key="set_asides"]')).toContainText(/charity|nothing went/);
  await expect(lesson.locator('li[data-key="result"]')).toContainText(
    'The highest net profit wins; trucks break a tie.',
  );
  await expect(gameOver.getByTestId('practice-mark')).toBeVisible();
  await expect(gameOver).not.toContainText('ZMW');
  await expect(gameOver.getByRole('link', { name: 'Sign up to play for real' })).toBeVisible();
  // The lesson can be shared (site/shared/share.ts's words; WhatsApp where files cannot go).
  await expect(gameOver.getByRole('button', { name: 'Share this lesson' })).toBeVisible();
  await screenshot(page, 'practice-game-over');
  await testInfo.attach('practice-game-over', {
    body: await capture(() => page.screenshot({ fullPage: true })),
    contentType: 'image/png',
  });

  // The history keeps it, marked Practice, with the same lesson.
  await gameOver.getByRole('link', { name: 'Game history' }).click();
  const item = page.locator('.history-item').first();
  await expect(item.getByTestId('practice-mark')).toBeVisible({ timeout: 30_000 });
  await item.getByRole('link', { name: 'Lesson, statements and dice check' }).click();
  await expect(item.getByTestId('lesson').locator('li')).toHaveCount(6);
  await expect(item.getByTestId('after-practice')).toBeVisible();
  await testInfo.attach('practice-history', {
    body: await capture(() => page.screenshot({ fullPage: true })),
    contentType: 'image/png',
  });
});
