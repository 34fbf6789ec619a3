// The home page shows the game first: on a 360 × 740 phone the first screen holds the board (drawn
// on the server, no script on the page) and the one-tap practice button; the other two screens are
// pictured for review.
import path from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './support/fixtures';

const SCREENS = [
  { width: 360, height: 740 },
  { width: 740, height: 360 },
  { width: 1366, height: 800 },
] as const;

test('the first screen of the home page shows the board and Practise free now', async ({
  page,
}, testInfo) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.goto('/');
    const board = page.getByTestId('hero-board').locator('svg[data-board]');
    const practise = page.getByRole('button', { name: 'Practise free now' });
    await expect(board).toBeInViewport({ ratio: 1 });
    await expect(practise).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('link', { name: 'Play for real' })).toBeVisible();
    await expect(board.locator('[data-tile="box20"]')).toHaveCount(1);
    const name = `home-first-screen-${screen.width}x${screen.height}`;
    const body = await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
    await testInfo.attach(name, { body, contentType: 'image/png' });
  }
  expect(scripts).toEqual([]);
  // A form posting the default practice game: one tap, no script (practice.spec.ts plays it).
  const form = page.locator('form', { has: page.getByTestId('practise-first') });
  await expect(form).toHaveAttribute('method', 'post');
  await expect(form).toHaveAttribute('action', '/rentalgame/practice');
});
