// The live game's screen at 360 × 740, 740 × 360 and 1366 × 800: the players, the board, Roll and the
// turn line on one screen at each size, the canvas redrawn at the board's size; the header's balance
// whole with 150 % text; a tap on a tile says what it does and the legend lists every tile; a roll's
// line floats over the board without moving it; no note (the countdown's, "While you were away", a
// closing room's) pushes the board off the screen. A started game stands still on a held clock
// (support/held-game.ts). Screenshots are attached to the report; axe-core checks the board at each
// size and with the legend open.
import type { Locator, Page } from '@playwright/test';
import {
  anotherPerson,
  createRoomViaApi,
  depositViaApi,
  expect,
  leaveViaApi,
  signUpViaApi,
  test,
} from './support/fixtures';
import { attachScreenshot, expectAccessible, expectOnScreen, SIZES } from './support/screens';
import { rollOnHeldClock } from './support/play';
import { stepClock } from './support/clock';
import { keep } from './support/board-watch';
import {
  afterResize,
  expectCanvasFillsBoard,
  heldTwoPlayerGame,
  roll,
  startedGame,
} from './support/held-game';
import { roomPaths } from '#site/shared/paths.ts';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';

test('players, board, Roll and the turn line on one screen at every size; axe finds nothing serious', async ({
  page,
  browser,
}, testInfo) => {
  budgetFromAlone(78);
  const { other } = await startedGame(page, browser);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('board').locator('canvas')).toBeVisible();
    // The board measures its room on the screen's resize and redraws at its new size: each look
    // waits for the resize to be handled, scrolls to the top and measures afresh.
    await expect(async () => {
      await afterResize(page);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expectCanvasFillsBoard(page);
      await expectOnScreen(page, roll(page), `Roll (${size.name})`);
      await expectOnScreen(page, page.getByTestId('turn-label'), `the turn line (${size.name})`);
      await expectOnScreen(
        page,
        page.getByRole('list', { name: 'Players' }),
        `the players (${size.name})`,
      );
      await expectOnScreen(page, page.getByTestId('board'), `the board (${size.name})`);
    }).toPass({ timeout: 20_000 });
    await attachScreenshot(page, testInfo, 'board');
    await expectAccessible(page, `the board (${size.name})`);
  }
  expect(other.problems).toEqual([]);
  await other.context.close();
});

test('the header’s balance stays whole with 150 % text, at every size', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page.request, { firstName: 'Mutale-Chilufya' });
  await depositViaApi(page.request, 1234);
  await page.goto('/rentalgame/dashboard');
  await page.addStyleTag({ content: 'html { font-size: 150% !important; }' });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText('ZMW 1,234.00');
    const cut = await balance.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const leave = document.querySelector('.game-header__leave')?.getBoundingClientRect();
      let clipped = false;
      for (let e: Element | null = element; e; e = e.parentElement) {
        if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') {
          clipped = true;
        }
      }
      return {
        clipped,
        outside: box.right > window.innerWidth,
        underLeave: leave ? box.right > leave.left : false,
      };
    });
    expect(cut, size.name).toEqual({ clipped: false, outside: false, underLeave: false });
    await attachScreenshot(page, testInfo, 'dashboard-large-text');
  }
});

test('a tap on a tile says what it does; the legend lists every tile', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { other } = await startedGame(page, browser);
  const board = page.getByTestId('board');
  await expect(board.locator('canvas')).toBeVisible();
  const info = page.getByTestId('tile-info');
  // The game stands still (its clock is held), but the board may still shift as the page settles:
  // each try measures the board afresh. On a busy machine a click and the render after it take
  // seconds, so each try waits long enough for the answer to a tap that landed.
  const tap = async (col: number, text: RegExp) => {
    await expect(async () => {
      const box = (await board.boundingBox())!;
      const cell = box.width / 6;
      await board.click({ position: { x: cell * (col + 0.5), y: cell * 0.5 } });
      await expect(info).toHaveText(text, { timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
  };
  // Position 2 (Repairs): the third tile of the top row.
  await tap(2, /Repairs\s+Expense: you pay 150\./);
  await attachScreenshot(page, testInfo, 'tile-tapped');
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(info).toHaveCount(0);
  // Chanda's home (the second tile) is named by its owner.
  await tap(1, /Chanda Mwansa's home/);

  await page.getByText('What the tiles do').click();
  const legend = page.locator('.tile-legend li');
  await expect(legend).toHaveCount(20);
  await expect(legend.nth(19)).toHaveText(/Trucks\s+Truck depot: you may buy a truck for 1,500\./);
  await expectAccessible(page, 'the board with the legend open');
  expect(other.problems).toEqual([]);
  await other.context.close();
});

test('a roll’s line floats over the board: the board never moves for it', async ({
  page,
  browser,
}) => {
  budgetFromAlone(28);
  const { other } = await startedGame(page, browser);
  await rollOnHeldClock([{ page, buy: { done: false } }]);
  await expect(page.locator('.roll-effect')).toBeVisible({ timeout: 20_000 });
  const layout = await page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
    const main = document.querySelector('.board-layout__main');
    return {
      bar: box('.players-bar'),
      board: box('.board-stage'),
      line: box('.roll-effect'),
      gap: main ? Number.parseFloat(getComputedStyle(main).rowGap) : NaN,
    };
  });
  const { bar, board, line, gap } = layout;
  if (!bar || !board || !line) throw new Error(`missing: ${JSON.stringify(layout)}`);
  // Right under the players, as if the line were not there…
  expect(board.top - bar.bottom).toBeCloseTo(gap, 0);
  // …and the line inside the board's square.
  expect(line.top).toBeGreaterThanOrEqual(board.top);
  expect(line.bottom).toBeLessThanOrEqual(board.bottom);
  expect(other.problems).toEqual([]);
  await other.context.close();
});

// A short landscape phone gives every pixel of height to the board: what the game has to say
// besides never pushes the board, the players or Roll off the screen, at any size. The countdown's
// "not started yet" and what happened while the player was away come under Roll, first in the
// column of what happened: neither's going moves the board.
test('the countdown’s note and “While you were away” never push the board or Roll off the screen', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  // The clock held in the countdown: the room is full and the game has not started.
  const { roomId, other } = await heldTwoPlayerGame(page, browser, { until: 'countdown' });
  await page.goto(roomPaths.board(roomId));
  const notStarted = page.getByText('The game has not started yet.');
  await expect(notStarted).toBeVisible({ timeout: BOARD_LIVE_MS });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAtTop(page, page.getByTestId('board'), `the board (${size.name})`);
    await expectAtTop(page, roll(page), `Roll (${size.name})`);
    await keep(page, testInfo, 'board-countdown');
    // On a phone a short scroll down, as the away list.
    await notStarted.scrollIntoViewIfNeeded();
    await expectOnScreen(page, notStarted, `the countdown's note (${size.name})`);
  }

  // The game starts: the note goes, and the board stays where it stood.
  await page.setViewportSize(SIZES[0]);
  await expectAtTop(page, page.getByTestId('board'), 'the board before the start');
  const beforeStart = await page.getByTestId('board').boundingBox();
  await stepClock(roomId);
  await expect(page.getByTestId('turn-label')).toHaveText('Your turn', { timeout: 20_000 });
  await expect(notStarted).toHaveCount(0);
  const afterStart = await page.getByTestId('board').boundingBox();
  expect(afterStart?.y, 'the board after the start').toBe(beforeStart?.y);
  // The network drops, her turn timer rolls for her, and when she is back she is told so.
  await page.context().setOffline(true);
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 20_000 });
  await stepClock(roomId);
  await page.context().setOffline(false);
  const away = page.getByTestId('away-list');
  await expect(away).toBeVisible({ timeout: BOARD_LIVE_MS });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAtTop(page, page.getByTestId('board'), `the board (${size.name})`);
    await expectAtTop(page, page.getByRole('list', { name: 'Players' }), `players (${size.name})`);
    await expectAtTop(page, roll(page), `Roll (${size.name})`);
    await keep(page, testInfo, 'board-while-away');
    if (size.name === 'desktop') await expectAtTop(page, away, 'the away list (desktop)');
    // On a phone it is a short scroll down, the board staying put beside it when held sideways.
    await away.scrollIntoViewIfNeeded();
    await expectOnScreen(page, away, `the away list (${size.name})`);
  }
  expect(other.problems).toEqual([]);
  await other.context.close();
});

// A room that closes while someone watches its board (its last player left before it filled) says so
// beside the board, not above it, and the page then goes to the dashboard. The page leaves 5 s after
// the note shows, so the page itself measures the moment the note appears and hands it over.
test('a room closing under a watcher says so beside the board, then the page leaves', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page.request, { firstName: 'Chanda' });
  await depositViaApi(page.request, 50);
  const roomId = await createRoomViaApi(page.request);
  const watcher = await anotherPerson(browser, SIZES[1]);
  await signUpViaApi(watcher.page.request, { firstName: 'Mutale' });
  const seen = new Promise<ClosingMarks>((resolve) => {
    void watcher.page.exposeFunction('__closingSeen', resolve);
  });
  await watcher.page.addInitScript(measureTheClosingNote);
  await watcher.page.goto(roomPaths.board(roomId));
  await expect(watcher.page.getByTestId('spectator-note')).toBeVisible();
  await expectAtTop(watcher.page, watcher.page.getByTestId('board'), 'the board, watched');

  await leaveViaApi(page.request, roomId);
  const marks = await seen;
  expect(marks.note, 'the closing note').toMatch(/^Room is closed\. Redirecting in \d+s/);
  for (const [what, box] of [
    ['the board', marks.board],
    ['the closing note', marks.box],
  ] as const) {
    expect(box.top, `${what}: top`).toBeGreaterThanOrEqual(0);
    expect(box.bottom, `${what}: bottom`).toBeLessThanOrEqual(marks.height);
  }
  await expect(watcher.page).toHaveURL(/\/rentalgame\/dashboard$/);
  expect(watcher.problems).toEqual([]);
  await watcher.context.close();
});

/** The closing note's words and place, and the board's, the moment the note appeared. */
interface ClosingMarks {
  note: string;
  box: { top: number; bottom: number };
  board: { top: number; bottom: number };
  height: number;
}

/** In the page: once a banner says the room closed, measure it and the board, and hand them over. */
function measureTheClosingNote(): void {
  const observer = new MutationObserver(() => {
    const title = [...document.querySelectorAll('[role="alert"] .banner__title')].find((p) =>
      p.textContent?.includes(' Redirecting in '),
    );
    const board = document.querySelector('[data-testid="board"]');
    if (!title || !board) return;
    observer.disconnect();
    window.scrollTo({ top: 0, behavior: 'instant' });
    const place = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    };
    (window as unknown as { __closingSeen: (marks: ClosingMarks) => void }).__closingSeen({
      note: title.textContent ?? '',
      box: place(title.closest('[role="alert"]') ?? title),
      board: place(board),
      height: window.innerHeight,
    });
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true, characterData: true }),
  );
}

/** Wholly on the screen with the page at its top, once the page has taken its new size. */
async function expectAtTop(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(async () => {
    await afterResize(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectOnScreen(page, locator, what);
  }).toPass({ timeout: 10_000 });
}
