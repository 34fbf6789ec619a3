// The board's box after the screen changes size: a page opened on a laptop and turned into a phone
// (a window narrowed, a tablet rotated) fits the board and the dice bar in the new width, as a page
// opened at that size does; the canvas is drawn again at the box's new side.
import type { Page } from '@playwright/test';
import { createPracticeViaApi, expect, startGuest, test } from './support/fixtures';
import { SIZES, type Size } from './support/screens';

const [PORTRAIT, LANDSCAPE, LAPTOP] = SIZES;

/** The canvas has taken over and drawn its tiles at the side of the box as the style sheet sets it. */
async function drawnAtTheBox(page: Page, size: Size): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const stage = document.querySelector<HTMLElement>('.board-stage__canvas');
          const canvas = stage?.querySelector('canvas');
          return Boolean(
            stage?.dataset.renderer === 'canvas' &&
            canvas &&
            Math.abs(canvas.clientWidth - stage.clientWidth) < 2 &&
            canvas.dataset.drawn === String(stage.clientWidth),
          );
        }),
      // The canvas's code comes after the first paint: on a loaded machine, seconds after it.
      {
        message: `the board drawn at its box at ${size.width} × ${size.height}`,
        timeout: 30_000,
      },
    )
    .toBe(true);
}

/** The page's width, and the board's and the dice bar's left and right edges. */
function across(page: Page) {
  return page.evaluate(() => {
    const edges = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? { left: Math.round(box.left), right: Math.round(box.right) } : null;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      board: edges('.board-stage__canvas'),
      canvas: edges('.board-stage__canvas canvas'),
      dice: edges('.dice-bar'),
    };
  });
}

test('a board opened on a laptop fits a phone’s width after the screen changes size', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(LAPTOP);
  await startGuest(page.request);
  const roomId = await createPracticeViaApi(page.request, { time: 10, bots: 1 });
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  await drawnAtTheBox(page, LAPTOP);

  for (const size of [PORTRAIT, LANDSCAPE]) {
    await page.setViewportSize(size);
    await drawnAtTheBox(page, size);
    const seen = await across(page);
    const where = `at ${size.width} × ${size.height}: ${JSON.stringify(seen)}`;
    expect(seen.scrollWidth, `the page's width ${where}`).toBeLessThanOrEqual(size.width);
    for (const what of ['board', 'canvas', 'dice'] as const) {
      const edges = seen[what];
      expect(edges, `the ${what} ${where}`).not.toBeNull();
      expect(edges!.left, `the ${what}'s left edge ${where}`).toBeGreaterThanOrEqual(0);
      expect(edges!.right, `the ${what}'s right edge ${where}`).toBeLessThanOrEqual(size.width);
    }
    // Back to the laptop before the next size: each size is reached from the large one.
    await page.setViewportSize(LAPTOP);
    await drawnAtTheBox(page, LAPTOP);
  }
});
