// The board in the page's first HTML (contract section 8, decision 103): with scripts off the board
// page shows the room as it stands (all 20 tiles, the seated players, whose turn, the die); with
// scripts on, the Pixi canvas takes over in the same box with no layout shift, and the die's face
// and the players' places are the same before and after (the SVG gives way to the canvas and the
// motion's overlay, which carries the die from then on), and the page's scripts are only asked for
// after its first paint; offline, the board stays, dimmed, under
// "Reconnecting…". The game stands still on a held clock.
import type { Page } from '@playwright/test';
import { anotherPerson, baseUrl, expect, screenshot, signUpViaApi, test } from './support/fixtures';
import { heldTwoPlayerGame } from './support/held-game';
import { rollOnHeldClock } from './support/play';
import { roomPaths } from '#site/shared/paths.ts';
import { attachScreenshot, PORTRAIT, SIZES } from './support/screens';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';
import { movesWhileParsing } from './support/parse-order';

/** Where the board page's HTML may stop arriving for a while: after any of its parts (a control
 * still filling up with its icon and words may grow, but nothing before it moves). */
const BOARD_PAGE_PARTS = [
  'header > *',
  '.game-header__bar > *',
  '.game-header__who > *',
  '.game-header__text > *',
  'main > *',
  '.board-layout > *',
  '.board-layout__main > *',
  '.board-layout__side > *',
  '.dice-bar > *',
  '.dice-bar__row > *',
].join(', ');

/**
 * What a reader sees of the board: the die's face (`[data-die]`: the SVG's in the first HTML, the
 * motion overlay's once the canvas has taken over), the box and its description (every player's
 * place and trucks), the first HTML's seats and trucks.
 */
interface BoardMarks {
  face: string | null;
  dice: number;
  label: string | null;
  box: { x: number; y: number; width: number; height: number } | null;
  seats: { uid: string; x: number; y: number; width: number; height: number }[];
  positions: string[];
}

/** A layout shift the page saw: its score, when (ms after navigation) and what moved. */
interface Shift {
  value: number;
  at: number;
  moved: string[];
}

/**
 * Records, before any module script runs, the board as the first HTML drew it (`__firstMarks`),
 * and every layout shift from then on (`__shifts`); `__readMarks` reads the board as it is now.
 */
function watchFirstPaint(): void {
  const win = window as unknown as {
    __firstMarks?: BoardMarks;
    __readMarks: () => BoardMarks;
    __shifts: Shift[];
  };
  win.__shifts = [];
  const name = (node: Node | null): string => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const id = node.getAttribute('data-testid') ?? node.id;
    const classes = [...node.classList].join('.');
    return `${node.tagName.toLowerCase()}${id ? `#${id}` : ''}${classes ? `.${classes}` : ''}`;
  };
  const at = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: {
        node: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      win.__shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        moved: (entry.sources ?? []).map(
          (source) =>
            `${name(source.node)}: ${at(source.previousRect)} → ${at(source.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const rect = (e: Element) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  };
  win.__readMarks = () => {
    const board = document.querySelector('[data-board]');
    const box = document.querySelector('[data-testid="board"]');
    return {
      face: document.querySelector('[data-die]')?.getAttribute('data-die-face') ?? null,
      dice: document.querySelectorAll('[data-die]').length,
      label: box?.getAttribute('aria-label') ?? null,
      box: box ? rect(box) : null,
      seats: [...(board?.querySelectorAll('[data-seat]') ?? [])].map((seat) => ({
        uid: seat.getAttribute('data-seat') ?? '',
        ...rect(seat),
      })),
      positions: [...(board?.querySelectorAll('[data-piece]') ?? [])].map(
        (piece) => `${piece.getAttribute('data-piece')}@${piece.getAttribute('data-position')}`,
      ),
    };
  };
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') win.__firstMarks = win.__readMarks();
  });
}

/**
 * Opens the board until its first HTML carries the room: the page waits for the room server only
 * FIRST_VIEW_TIMEOUT_MS and otherwise draws the board empty (a die with no face) for the socket to
 * fill in, which on a loaded machine happens now and then; what this test reads is the first HTML
 * of an answered call.
 */
async function openWithRoomInFirstHtml(
  page: Page,
  path: string,
  dieFace: () => Promise<string | null | undefined>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(path);
    if (await dieFace()) return;
    expect(attempt, 'loads until the first HTML carries the room').toBeLessThan(6);
  }
}

function marksNow(page: Page): Promise<BoardMarks> {
  return page.evaluate(() =>
    (window as unknown as { __readMarks: () => BoardMarks }).__readMarks(),
  );
}

function expectSameRect(after: BoardMarks['box'], before: BoardMarks['box'], what: string): void {
  expect(after, what).not.toBeNull();
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs((after?.[key] ?? 0) - (before?.[key] ?? -99)), `${what}: ${key}`).toBeLessThan(
      1,
    );
  }
}

test('the board is in the first HTML: read with scripts off, then the canvas takes over in the same box without a shift', async ({
  page,
  browser,
}, testInfo) => {
  // Three browsers, a roll, nine screenshots; the game stands still on its held clock meanwhile.
  budgetFromAlone(84);
  const { roomId, other, chanda, bwalya } = await heldTwoPlayerGame(page, browser);
  // One roll, so the die has a face; then the game stands still at the next turn.
  await page.goto(roomPaths.board(roomId));
  await other.page.goto(roomPaths.board(roomId));
  // Both boards connected (the first HTML already shows whose turn it is; Roll waits for the socket).
  await expect(
    page.getByRole('button', { name: 'Roll', exact: true, disabled: false }),
  ).toBeVisible({ timeout: BOARD_LIVE_MS });
  const roller = await rollOnHeldClock([
    { page, buy: { done: true } },
    { page: other.page, buy: { done: true } },
  ]);
  // The roller's die, landed (the motion's overlay carries it once the canvas has taken over).
  const landed = roller.locator('[data-die]:not([data-die-rolling])');
  await expect(landed).toHaveAttribute('data-die-face', /^[1-6]$/, { timeout: 30_000 });
  const face = await landed.getAttribute('data-die-face');

  // Scripts off: the room as it stands, from the server alone.
  const plain = await browser.newContext({
    baseURL: baseUrl(),
    viewport: PORTRAIT,
    javaScriptEnabled: false,
    storageState: await other.context.storageState(),
  });
  const noScript = await plain.newPage();
  await openWithRoomInFirstHtml(noScript, roomPaths.board(roomId), () =>
    noScript.locator('svg[data-board] [data-die]').getAttribute('data-die-face'),
  );
  const board = noScript.locator('svg[data-board]');
  await expect(board).toBeVisible();
  await expect(board.locator('[data-tile]')).toHaveCount(20);
  await expect(board.locator(`[data-seat="${chanda.id}"]`)).toContainText('Chanda Mwansa');
  await expect(board.locator(`[data-seat="${bwalya.id}"]`)).toContainText('Bwalya Mwansa');
  await expect(board.locator('[data-die]')).toHaveAttribute('data-die-face', face ?? '');
  const turn = await board.locator('[data-turn]').getAttribute('data-turn');
  expect([chanda.id, bwalya.id]).toContain(turn);
  await expect(board.locator('[data-turn]')).toContainText(
    turn === bwalya.id ? 'Your turn' : "Chanda's turn",
  );
  await expect(board.locator('[data-clock]')).toContainText(/\d+:\d\d left/);
  await expect(noScript.getByTestId('board')).toHaveAttribute('data-renderer', 'svg');
  for (const size of SIZES) {
    await noScript.setViewportSize(size);
    await attachScreenshot(noScript, testInfo, 'board-no-script');
    await screenshot(noScript, 'board-no-script');
    // Painted while still arriving, the page's header, notes, players, board and dice stay put.
    expect(
      await movesWhileParsing(noScript, BOARD_PAGE_PARTS),
      `the board page, painted part-way (${size.name})`,
    ).toEqual([]);
  }
  await plain.close();

  // Scripts on, for someone watching: the first HTML's board, then the canvas in the same box.
  const watcher = await anotherPerson(browser, PORTRAIT);
  await signUpViaApi(watcher.page.request, { firstName: 'Mutale' });
  const fresh = watcher.page;
  await fresh.addInitScript(watchFirstPaint);
  await openWithRoomInFirstHtml(fresh, roomPaths.board(roomId), () =>
    fresh.evaluate(
      () => (window as unknown as { __firstMarks?: BoardMarks }).__firstMarks?.face ?? null,
    ),
  );
  await expect(fresh.getByTestId('board')).toHaveAttribute('data-renderer', 'canvas', {
    timeout: BOARD_LIVE_MS,
  });
  await expect(fresh.getByTestId('board').locator('canvas')).toBeVisible();
  // The canvas fills the box it took over.
  const [boxRect, canvasRect] = await Promise.all([
    fresh.getByTestId('board').boundingBox(),
    fresh.getByTestId('board').locator('canvas').boundingBox(),
  ]);
  expect(Math.abs((canvasRect?.width ?? 0) - (boxRect?.width ?? -9)), 'canvas width').toBeLessThan(
    1,
  );
  const before = (await fresh.evaluate(
    () => (window as unknown as { __firstMarks?: BoardMarks }).__firstMarks ?? null,
  )) as BoardMarks | null;
  const after = await marksNow(fresh);
  expect(before, 'the first HTML had a board').not.toBeNull();
  expect(before?.face).toBe(face);
  expect(after.face).toBe(face);
  // One die, on the same face; every player where the first HTML put them; the same box.
  expect(before?.dice).toBe(1);
  expect(after.dice).toBe(1);
  expect(before?.label).toContain('Chanda Mwansa on');
  expect(after.label).toBe(before?.label);
  expect(before?.seats.map((s) => s.uid).sort()).toEqual([chanda.id, bwalya.id].sort());
  expect(before?.positions).toHaveLength(2);
  expectSameRect(after.box, before?.box ?? null, 'the board’s box');
  // Each shift names what moved, from where to where, so a failure says its cause.
  const shifts = await fresh.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  expect(shifts, 'layout shifts from first paint to takeover').toEqual([]);
  // The page's scripts were only asked for once the board had painted (decision 129): on a slow
  // connection they do not share the bandwidth the first paint waits for.
  const order = await fresh.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^?]*\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(order.paint, 'the board page painted').not.toBeNull();
  expect(order.scripts.length, 'the page loaded its scripts').toBeGreaterThan(0);
  expect(Math.min(...order.scripts), 'first script asked for').toBeGreaterThanOrEqual(
    order.paint ?? Infinity,
  );
  await attachScreenshot(fresh, testInfo, 'board-canvas-took-over');
  await screenshot(fresh, 'board-canvas-took-over');

  // A socket reconnecting keeps the board as last known, dimmed, under what is happening.
  await fresh.context().setOffline(true);
  await expect(fresh.getByTestId('reconnecting')).toBeVisible({ timeout: 15_000 });
  await expect(fresh.getByTestId('board').locator('canvas')).toBeVisible();
  await expect(fresh.locator('[data-die]')).toHaveAttribute('data-die-face', face ?? '');
  await expect
    .poll(() => fresh.getByTestId('board').evaluate((box) => Number(getComputedStyle(box).opacity)))
    .toBeLessThan(1);
  await screenshot(fresh, 'board-reconnecting');
  await fresh.context().setOffline(false);
  await watcher.context.close();
  expect(watcher.problems).toEqual([]);
  expect(other.problems).toEqual([]);
  await other.context.close();
});
