// A started two-player game on a held clock, and looking at its board, for the live game's specs
// (phone-game-*.spec.ts, board-first-paint.spec.ts): both players funded, the game standing still
// at Chanda's first turn (support/clock.ts) until a player rolls.
import type { Browser, Page } from '@playwright/test';
import {
  anotherPerson,
  createRoomViaApi,
  depositViaApi,
  expect,
  joinViaApi,
  signUpViaApi,
} from './fixtures';
import { heldCountdown, holdClock, startHeldGame } from './clock';
import { PORTRAIT } from './screens';
import { BOARD_LIVE_MS } from './budget';
import { roomPaths } from '#site/shared/paths.ts';

/**
 * Two funded players seated in Chanda's private 2-player room, started on a held clock (the game
 * stands still at Chanda's first turn; or, `until: 'countdown'`, in the countdown before it);
 * `page` is Chanda's, at 360 × 740, and neither page is on the board yet.
 */
export async function heldTwoPlayerGame(
  page: Page,
  browser: Browser,
  { until = 'first turn' }: { until?: 'countdown' | 'first turn' } = {},
) {
  await page.setViewportSize(PORTRAIT);
  const chanda = await signUpViaApi(page.request, { firstName: 'Chanda' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request, { privacy: 'Private' });
  await holdClock(roomId);
  const other = await anotherPerson(browser, PORTRAIT);
  const bwalya = await signUpViaApi(other.page.request, { firstName: 'Bwalya' });
  await depositViaApi(other.page.request, 20);
  await joinViaApi(other.page.request, roomId);
  if (until === 'countdown') await heldCountdown(roomId);
  else await startHeldGame(roomId);
  return { roomId, other, chanda, bwalya };
}

/**
 * Two funded players in a started 2-player room, both on the board; `page` is Chanda's. The room's
 * clock is held: the game stands still at Chanda's first turn until a player rolls.
 */
export async function startedGame(page: Page, browser: Browser) {
  const { roomId, other, bwalya } = await heldTwoPlayerGame(page, browser);
  await page.goto(roomPaths.board(roomId));
  await other.page.goto(roomPaths.board(roomId));
  await expect(page.getByTestId('turn-label')).toHaveText('Your turn', { timeout: 20_000 });
  await expect(other.page.getByTestId('turn-label')).toHaveText("Chanda Mwansa's turn", {
    timeout: 20_000,
  });
  // The first HTML already says whose turn it is (decision 103); the game is live once the page's
  // scripts came after its first paint (decision 129) and the canvas drew the room.
  for (const live of [page, other.page]) {
    await expect(live.getByTestId('board').locator('canvas[data-drawn]')).toBeVisible({
      timeout: BOARD_LIVE_MS,
    });
  }
  await expect(page.getByRole('button', { name: 'Roll', exact: true })).toBeEnabled();
  return { roomId, other, bwalya };
}

export const roll = (page: Page) => page.getByRole('button', { name: 'Roll', exact: true });

/** Two frames after a change of the screen's size: its resize events have been handled. */
export async function afterResize(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** The canvas has been redrawn at the size the board was given. */
export async function expectCanvasFillsBoard(page: Page): Promise<void> {
  const board = page.getByTestId('board');
  const [outer, inner] = await Promise.all([
    board.boundingBox(),
    board.locator('canvas').boundingBox(),
  ]);
  expect(Math.round(inner?.width ?? 0), 'the canvas’s width').toBe(Math.round(outer?.width ?? -1));
}
