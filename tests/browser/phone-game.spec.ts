// The live game as it feels on a phone (and a desktop): the connection state always visible, Roll
// only when it is yours, the turn cues, a leave that asks first, and one screen holding the players,
// the board and Roll at 360 × 740, 740 × 360 and 1366 × 800. Screenshots of each screen at each size
// are attached to the report; axe-core checks every screen. A started game stands still on a held
// clock (support/clock.ts): no turn timer rolls and no game ends while the test looks.
import type { Browser, Page } from '@playwright/test';
import {
  anotherPerson,
  createRoomViaApi,
  depositViaApi,
  expect,
  joinViaApi,
  signUpViaApi,
  startGuest,
  test,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';
import { attachScreenshot, expectAccessible, expectOnScreen, SIZES } from './support/screens';
import { holdClock, readClock, releaseClock, startHeldGame } from './support/clock';
import { rollOnHeldClock } from './support/play';
import { roomPaths } from '#site/shared/paths.ts';

const PORTRAIT = SIZES[0];

/**
 * Two funded players in a started 2-player room, both on the board; `page` is Chanda's. The room's
 * clock is held: the game stands still at Chanda's first turn until a player rolls.
 */
async function startedGame(page: Page, browser: Browser) {
  await page.setViewportSize(PORTRAIT);
  await signUpViaApi(page.request, { firstName: 'Chanda' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request, { privacy: 'Private' });
  await holdClock(roomId);
  const other = await anotherPerson(browser, PORTRAIT);
  const bwalya = await signUpViaApi(other.page.request, { firstName: 'Bwalya' });
  await depositViaApi(other.page.request, 20);
  await joinViaApi(other.page.request, roomId);
  await startHeldGame(roomId);
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
      timeout: 30_000,
    });
  }
  await expect(page.getByRole('button', { name: 'Roll', exact: true })).toBeEnabled();
  return { roomId, other, bwalya };
}

const roll = (page: Page) => page.getByRole('button', { name: 'Roll', exact: true });

/** Two frames after a change of the screen's size: its resize events have been handled. */
async function afterResize(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** The canvas has been redrawn at the size the board was given. */
async function expectCanvasFillsBoard(page: Page): Promise<void> {
  const board = page.getByTestId('board');
  const [outer, inner] = await Promise.all([
    board.boundingBox(),
    board.locator('canvas').boundingBox(),
  ]);
  expect(Math.round(inner?.width ?? 0), 'the canvas’s width').toBe(Math.round(outer?.width ?? -1));
}

test('offline on your turn: reconnecting within 5 s, Roll disabled, away for the other; back online it resyncs', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { other } = await startedGame(page, browser);

  const offlineAt = Date.now();
  await page.context().setOffline(true);
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - offlineAt).toBeLessThan(5_000);
  await expect(page.getByTestId('reconnecting')).toContainText('Reconnecting');
  await expect(roll(page)).toBeDisabled();
  await expect(page.getByTestId('turn-label')).toHaveText('Not connected');
  await attachScreenshot(page, testInfo, 'board-offline');

  // The other player sees Chanda away (her socket closed, or went silent).
  await expect(
    other.page.getByRole('list', { name: 'Players' }).getByRole('listitem').filter({
      hasText: 'Chanda',
    }),
  ).toContainText('away', { timeout: 25_000 });

  await page.context().setOffline(false);
  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: 10_000 });
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
  test.setTimeout(90_000);
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
  test.setTimeout(90_000);
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

test('players, board, Roll and the turn line on one screen at every size; axe finds nothing serious', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
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

test('an invitee with no money signs up, deposits, comes back and joins without typing a URL; a guest waiting is carried to the board', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PORTRAIT);
  const host = await anotherPerson(browser, PORTRAIT);
  await signUpViaApi(host.page.request, { firstName: 'Mwila' });
  await depositViaApi(host.page.request, 20);
  const roomId = await createRoomViaApi(host.page.request, { privacy: 'Private' });
  await holdClock(roomId);
  // The host shares the room: a ready WhatsApp message, and when the room closes.
  await host.page.goto(`/rentalgame/playerwaitingroom/${roomId}`);
  const share = host.page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(share).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  const message = decodeURIComponent(
    ((await share.getAttribute('href')) ?? '').replace('https://wa.me/?text=', ''),
  );
  expect(message).toContain('Beat me at Zed Truck Company: ZMW 10 in, ZMW 16 to the winner');
  expect(message).toContain(`/rentalgame/joinwithlink?room=${roomId}`);
  await expect(host.page.getByTestId('room-closes')).toContainText(/open until \d\d:\d\d/);
  const guest = await anotherPerson(browser, PORTRAIT);
  await startGuest(guest.page.request);
  await guest.page.goto(`/rentalgame/playerwaitingroom/${roomId}`);
  await expect(guest.page.getByTestId('room-players')).toHaveText('1 / 2');

  // The link opens on the room, with sign-up first.
  await page.goto(`/rentalgame/joinwithlink?room=${roomId}`);
  await expect(page.getByRole('heading', { name: "Mwila's Room" })).toBeVisible();
  await attachScreenshot(page, testInfo, 'invite');
  await expectAccessible(page, 'the invite');
  await page.getByRole('link', { name: 'Sign up to join' }).click();
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await waitForHydration(page);
  await signUp.getByLabel('First name').fill('Natasha');
  await signUp.getByLabel('Surname').fill('Phiri');
  await signUp.getByLabel('Phone number').fill('0961234567');
  await signUp.getByLabel('Email').fill(uniqueEmail('invitee'));
  await signUp.getByLabel('Password', { exact: true }).fill('truck-company-1');
  await signUp.getByLabel('I am 18 years old or older.').check();
  await signUp.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await signUp.getByRole('button', { name: 'Create account' }).click();

  // Back on the room: joining needs money first.
  await expect(page).toHaveURL(new RegExp(`/rentalgame/playerwaitingroom/${roomId}$`));
  await page.getByRole('button', { name: /^Join Room/ }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Insufficient balance.' });
  await expect(refusal).toBeVisible();
  await attachScreenshot(page, testInfo, 'waiting-room-no-money');
  await expectAccessible(page, 'the waiting room');
  await refusal.getByRole('link', { name: 'Deposit' }).click();

  await expect(page.getByText("Mwila's Room needs ZMW 10.00 to join.")).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Mobile money number').fill('0961234567');
  await page.getByLabel('Amount (ZMW)').fill('20');
  await page.getByRole('button', { name: 'Deposit ZMW 20.00' }).click();
  const back = page.getByRole('link', { name: "Back to Mwila's Room – join now" });
  await expect(back).toBeVisible({ timeout: 15_000 });
  await attachScreenshot(page, testInfo, 'deposit-back-to-room');
  await expectAccessible(page, 'the deposit page');
  await back.click();

  await expect(page).toHaveURL(new RegExp(`/rentalgame/playerwaitingroom/${roomId}$`));
  await page.getByRole('button', { name: /^Join Room/ }).click();
  await startHeldGame(roomId);
  await expect(page).toHaveURL(new RegExp(`${roomPaths.board(roomId)}$`), { timeout: 20_000 });
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 10.00');
  // The guest who waited on the room is on the board too, watching.
  await expect(guest.page).toHaveURL(new RegExp(`${roomPaths.board(roomId)}$`), {
    timeout: 20_000,
  });
  await expect(guest.page.getByTestId('spectator-note')).toBeVisible();
  expect([...host.problems, ...guest.problems]).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/me');
  return ((await answer.json()) as { user: { accountBalance: number } }).user.accountBalance;
}

test('game over stays on the board with who won and why; a rematch puts both players in a new room after one tap each', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { roomId, other } = await startedGame(page, browser);
  // The game plays out on its turn timer (10 minutes are 30 s here).
  await releaseClock(roomId);
  const over = page.getByRole('dialog', { name: 'Game over' });
  await expect(over).toBeVisible({ timeout: 90_000 });
  await expect(over.getByTestId('game-over-why')).toContainText(/net profit/i);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await attachScreenshot(page, testInfo, 'board-game-over');
  }
  await page.setViewportSize(PORTRAIT);
  await expectAccessible(page, 'game over');

  // Put away, the final board and statements stay; the result comes back with one tap.
  await over.getByRole('button', { name: 'Study the board' }).click();
  await expect(over).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${roomPaths.board(roomId)}$`));
  await page.getByRole('button', { name: 'Show the result' }).click();
  await expect(over).toBeVisible();

  // Settled: both balances are final before the rematch takes the stakes.
  await expect
    .poll(() => page.request.get('/api/me').then((r) => r.json()), {
      timeout: 20_000,
    })
    .toMatchObject({ user: { currentRoomId: null } });
  const before = [await balanceOf(page), await balanceOf(other.page)];

  await over.getByRole('button', { name: 'Rematch (ZMW 10.00)' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/playerwaitingroom\/[A-Za-z0-9_-]+$/);
  const rematchId = page.url().split('/').pop() as string;
  expect(rematchId).not.toBe(roomId);
  // The rematch stands still once it starts, so that its balances are read before it can end.
  await holdClock(rematchId);
  await expect(page.getByTestId('room-players')).toHaveText('1 / 2');
  expect(await balanceOf(page)).toBeCloseTo(before[0]! - 10, 2);
  expect(await balanceOf(other.page)).toBeCloseTo(before[1]!, 2);

  await other.page
    .getByRole('dialog', { name: 'Game over' })
    .getByRole('button', { name: 'Rematch (ZMW 10.00)' })
    .click();
  await expect(other.page).toHaveURL(
    new RegExp(`/rentalgame/(playerwaitingroom|boardgame)/${rematchId}$`),
  );
  await startHeldGame(rematchId);
  await expect(page).toHaveURL(new RegExp(`${roomPaths.board(rematchId)}$`), { timeout: 30_000 });
  await expect(other.page).toHaveURL(new RegExp(`${roomPaths.board(rematchId)}$`), {
    timeout: 30_000,
  });
  expect(await balanceOf(other.page)).toBeCloseTo(before[1]! - 10, 2);
  expect(await balanceOf(page)).toBeCloseTo(before[0]! - 10, 2);
  expect(other.problems).toEqual([]);
  await other.context.close();
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
  test.setTimeout(60_000);
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
