// The game as people play it, on 360 × 640 phones: one player signs up and deposits through the
// forms and creates a room through the option grid, a second joins from the live list, both play by
// pressing Roll until the game ends, a guest watches the board move, and the history shows the
// result, the balance change and the dice check.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  baseUrl,
  depositViaApi,
  expect,
  isPixi,
  screenshot,
  signUpViaApi,
  test,
  trackScripts,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';
import { playOnce } from './support/play';

const PHONE = { width: 360, height: 640 };

/** A second or third person: their own context, with the same console guard as `page`. */
async function person(
  browser: Browser,
  problems: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    const refusal =
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(
        message.text(),
      ) && new URL(url, baseUrl()).pathname.startsWith('/api/');
    if (!refusal) problems.push(`console.error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  return { context, page };
}

/** How many different colours a screenshot of the board's canvas has (decoded by the browser). */
async function canvasColours(page: Page): Promise<number> {
  const png = await page.locator('[data-testid="board"] canvas').screenshot();
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7) {
      colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
    }
    return colours.size;
  }, png.toString('base64'));
}

/** Counts animation frames the page asks for during `ms` (Pixi's ticker asks one per frame). */
async function framesDuring(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (wait) => {
    const original = window.requestAnimationFrame.bind(window);
    let count = 0;
    window.requestAnimationFrame = (callback) => {
      count += 1;
      return original(callback);
    };
    await new Promise((resolve) => setTimeout(resolve, wait));
    window.requestAnimationFrame = original;
    return count;
  }, ms);
}

/** Counts the canvas's renders during `ms`: the tasks in which WebGL drew anything. */
async function rendersDuring(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (wait) => {
    let count = 0;
    let inRender = false;
    const restore: (() => void)[] = [];
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      for (const name of ['drawElements', 'drawArrays'] as const) {
        const original = proto[name] as (...args: unknown[]) => void;
        (proto as unknown as Record<string, unknown>)[name] = function (
          this: unknown,
          ...args: unknown[]
        ) {
          if (!inRender) {
            // One render issues several draw calls in one task: count the task once.
            inRender = true;
            count += 1;
            setTimeout(() => (inRender = false), 0);
          }
          return original.apply(this, args);
        };
        restore.push(() => {
          (proto as unknown as Record<string, unknown>)[name] = original;
        });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    for (const undo of restore) undo();
    return count;
  }, ms);
}

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/me');
  return ((await answer.json()) as { user: { accountBalance: number } }).user.accountBalance;
}

test('two players play a whole game while a guest watches; the history shows the result', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];

  // Player one signs up through the form and deposits through the form.
  await page.goto('/auth?returnTo=%2Frentalgame%2Fcreatenewgame');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await waitForHydration(page);
  await signUp.getByLabel('First name').fill('Mwila');
  await signUp.getByLabel('Surname').fill('Banda');
  await signUp.getByLabel('Phone number').fill('0961234567');
  await signUp.getByLabel('Email').fill(uniqueEmail('host'));
  await signUp.getByLabel('Password', { exact: true }).fill('truck-company-1');
  await signUp.getByLabel('I am 18 years old or older.').check();
  await signUp.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/createnewgame$/);

  await page.goto('/rentalgame/deposit');
  await waitForHydration(page);
  await page.getByLabel('Mobile money number').fill('0961234567');
  await page.getByLabel('Amount (ZMW)').fill('50');
  await page.getByRole('button', { name: 'Deposit ZMW 50.00' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 50.00', { timeout: 15_000 });

  // The create screen loads no canvas code.
  const scripts = trackScripts(page);
  await page.goto('/rentalgame/createnewgame');
  await waitForHydration(page, 'form[aria-label="Create a game"]');
  const grid = page.getByRole('form', { name: 'Create a game' });
  await grid
    .getByRole('group', { name: 'Amount (stake per player)' })
    .getByRole('radio', { name: 'ZMW 10' })
    .check();
  await grid.getByRole('group', { name: 'Time' }).getByRole('radio', { name: '10 min' }).check();
  await grid
    .getByRole('group', { name: 'Players' })
    .getByRole('radio', { name: '2 players' })
    .check();
  await grid.getByRole('group', { name: 'Privacy' }).getByRole('radio', { name: 'Public' }).check();
  await expect(page.getByTestId('summary-stake')).toHaveText('ZMW 10.00');
  await expect(page.getByTestId('summary-pot')).toHaveText('ZMW 20.00');
  await expect(page.getByTestId('summary-prize')).toHaveText('ZMW 16.00');
  await screenshot(page, 'create-game');
  expect(scripts.scripts.filter(isPixi)).toEqual([]);
  await grid.getByRole('button', { name: 'Create game' }).click();

  await expect(page).toHaveURL(/\/rentalgame\/playerwaitingroom\/[A-Za-z0-9_-]+$/);
  const roomId = page.url().split('/').pop() as string;
  await expect(page.getByRole('heading', { name: "Mwila's Room", level: 1 })).toBeVisible();
  await expect(page.getByTestId('room-players')).toHaveText('1 / 2');
  await expect(page.getByTestId('joined-players')).toContainText('Mwila Banda (you)');
  await expect(page.getByTestId('joined-players')).toContainText('Host');
  await expect(page.getByRole('button', { name: 'Exit Room' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 40.00');
  await screenshot(page, 'waiting-room');
  expect(scripts.scripts.filter(isPixi)).toEqual([]);

  // Player two joins from the live list.
  const two = await person(browser, problems);
  await signUpViaApi(two.page.request, { firstName: 'Bwalya', lastName: 'Phiri' });
  await depositViaApi(two.page.request, 30);
  await two.page.goto('/rentalgame/joinrandomroom');
  const card = two.page.locator(`[data-room-id="${roomId}"]`);
  await expect(card).toContainText("Mwila's Room");
  await expect(card).toContainText('ZMW 10.00');
  await expect(card).toContainText('1 / 2');
  await expect(card).toContainText('Mwila Banda');
  await screenshot(two.page, 'join-random');
  await card.getByRole('button', { name: /^Join Mwila's Room/ }).click();

  // The room is full: both go to the board after the countdown.
  await expect(page).toHaveURL(new RegExp(`/rentalgame/boardgame/${roomId}$`), { timeout: 20_000 });
  await expect(two.page).toHaveURL(new RegExp(`/rentalgame/boardgame/${roomId}$`), {
    timeout: 20_000,
  });
  await expect(page.locator('[data-testid="board"] canvas')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('turn-label')).toHaveText(/^(Your turn|Bwalya Phiri's turn)$/);
  expect(scripts.scripts.some(isPixi)).toBe(true);

  // A guest opens the room link and watches.
  const guest = await person(browser, problems);
  // When the guest's board receives a new state, whole or as a patch (a render is due then).
  const guestStates: number[] = [];
  guest.page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (
        typeof payload === 'string' &&
        (payload.startsWith('{"type":"state"') || payload.startsWith('{"type":"patch"'))
      )
        guestStates.push(Date.now());
    }),
  );
  await guest.page.goto(`/rentalgame/boardgame/${roomId}`);
  await screenshot(guest.page, 'board-signed-out');
  await guest.page.getByRole('button', { name: 'Watch as guest' }).click();
  await expect(guest.page.getByTestId('spectator-note')).toContainText(
    'You are watching as a guest',
  );
  await expect(guest.page.locator('[data-testid="board"] canvas')).toBeVisible({ timeout: 20_000 });
  await expect(guest.page.getByRole('button', { name: 'Roll', exact: true })).toHaveCount(0);

  // Both play by pressing Roll (the test server's clock makes the game about 30 s long).
  const buys = [{ done: false }, { done: false }];
  let screenshotTaken = false;
  let framesWhileMoving = 0;
  const gameOver = page.getByRole('dialog', { name: 'Game over' });
  const deadline = Date.now() + 150_000;
  while (!(await gameOver.isVisible())) {
    expect(Date.now(), 'the game should end').toBeLessThan(deadline);
    await playOnce(page, buys[0] as { done: boolean });
    await playOnce(two.page, buys[1] as { done: boolean });
    const logLines = await guest.page.getByTestId('game-log').locator('li').count();
    if (!screenshotTaken && logLines >= 4) {
      screenshotTaken = true;
      expect(await canvasColours(guest.page)).toBeGreaterThan(5);
      await screenshot(page, 'board');
      await screenshot(guest.page, 'board-spectator');
      // The spectator's log keeps growing and the canvas draws frames while trucks move.
      await expect
        .poll(() => guest.page.getByTestId('game-log').locator('li').count(), { timeout: 10_000 })
        .toBeGreaterThan(logLines);
    }
    if (screenshotTaken && framesWhileMoving === 0)
      framesWhileMoving = await framesDuring(guest.page, 1_200);
    await page.waitForTimeout(150);
  }
  expect(screenshotTaken).toBe(true);
  expect(framesWhileMoving, 'frames are drawn while the dice and trucks move').toBeGreaterThan(5);

  // Game over, on the board: winners, the prize and why; the history a tap away.
  await expect(gameOver.getByTestId('game-over-winners')).toContainText(/ZMW (16|8)\.00/);
  await expect(gameOver.getByTestId('game-over-why')).toContainText(/net profit/i);
  // …and the player's business lesson from this game's numbers.
  await expect(gameOver.getByTestId('lesson').locator('li')).toHaveCount(6);
  await expect(two.page.getByRole('dialog', { name: 'Game over' })).toBeVisible();
  await screenshot(page, 'board-game-over');
  await expect(guest.page.getByRole('dialog', { name: 'Game over' })).toBeVisible();
  // Nothing moves any more: the board renders no frames.
  await guest.page.waitForTimeout(1_500);
  expect(
    await framesDuring(guest.page, 1_500),
    'no frames while nothing moves',
  ).toBeLessThanOrEqual(1);
  // …and renders only for a new state, although the page around it ticks every 250 ms.
  const windowStart = Date.now();
  const renders = await rendersDuring(guest.page, 1_500);
  const newStates = guestStates.filter((at) => at >= windowStart).length;
  expect(renders, `renders while nothing moves (${newStates} new states)`).toBeLessThanOrEqual(
    newStates + 1,
  );

  // The board stays until a player leaves it.
  await expect(page).toHaveURL(/\/rentalgame\/boardgame\//);
  await gameOver.getByRole('link', { name: 'Game history' }).click();
  await two.page
    .getByRole('dialog', { name: 'Game over' })
    .getByRole('link', { name: 'Game history' })
    .click();
  await expect(page).toHaveURL(/\/rentalgame\/gamehistory/, { timeout: 15_000 });
  await expect(two.page).toHaveURL(/\/rentalgame\/gamehistory/, { timeout: 15_000 });
  const mine = page.locator(`[data-room-id="${roomId}"]`);
  await expect(mine).toBeVisible({ timeout: 20_000 });
  const result = (await mine.getByTestId('history-result').textContent()) ?? '';
  const prize = { Won: 16, Lost: 0, Tied: 8 }[result];
  expect(prize, `result "${result}"`).toBeDefined();
  await expect(mine.getByTestId('history-prize')).toHaveText(`ZMW ${prize}.00`);
  await expect.poll(() => balanceOf(page)).toBe(50 - 10 + (prize as number));
  const theirs = two.page.locator(`[data-room-id="${roomId}"]`);
  await expect(theirs).toBeVisible({ timeout: 20_000 });
  const theirPrize = { Won: 16, Lost: 0, Tied: 8 }[
    (await theirs.getByTestId('history-result').textContent()) ?? ''
  ];
  // The two shares are the whole prize: 16 to one, or 8 each.
  expect((prize as number) + (theirPrize as number)).toBe(16);
  await expect.poll(() => balanceOf(two.page)).toBe(30 - 10 + (theirPrize as number));

  // The game just played opens by itself: its lesson, the statements and the dice check,
  // recomputed in the browser.
  await expect(mine.getByRole('button', { name: 'Hide details' })).toBeVisible();
  await expect(mine.getByTestId('lesson').locator('li')).toHaveCount(6);
  await expect(mine.getByRole('table').first()).toContainText('Net profit');
  await mine.getByRole('button', { name: 'Verify the dice' }).click();
  await expect(mine.getByTestId('verify-summary')).toContainText(/^✔ All \d+ rolls match the seed/);
  await expect(mine.locator('.verify-table tbody tr').first()).toContainText('✔');
  await screenshot(page, 'game-history');

  await two.context.close();
  await guest.context.close();
  expect(problems, 'console errors and page errors on the other pages').toEqual([]);
});

test('a private room: the invite link is copied, and a signed-out friend signs in and joins', async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const problems: string[] = [];
  await signUpViaApi(page.request, { firstName: 'Chipo' });
  await depositViaApi(page.request, 20);
  await page.goto('/rentalgame/createnewgame');
  await waitForHydration(page, 'form[aria-label="Create a game"]');
  await page.getByRole('radio', { name: 'ZMW 20' }).check();
  await page.getByRole('radio', { name: '30 min' }).check();
  await page.getByRole('radio', { name: '3 players' }).check();
  await page.getByRole('radio', { name: 'Private' }).check();
  await page.getByRole('button', { name: 'Create game' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/playerwaitingroom\//);
  const roomId = page.url().split('/').pop() as string;

  const invite = page.getByLabel('Invite link (private room)');
  await expect(invite).toHaveValue(`${baseUrl()}/rentalgame/joinwithlink?room=${roomId}`);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(
    page.getByText('Copied. Send it to the people you want to play with.'),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await invite.inputValue());
  await screenshot(page, 'waiting-room-private');

  // The private room is not in the public list.
  const friend = await person(browser, problems);
  const account = await signUpViaApi(friend.page.request, { firstName: 'Kunda' });
  await depositViaApi(friend.page.request, 20);
  await friend.context.clearCookies();
  await friend.page.goto(`/rentalgame/joinwithlink?room=${roomId}`);
  await expect(friend.page.getByRole('heading', { name: "Chipo's Room" })).toBeVisible();
  await screenshot(friend.page, 'join-with-link');
  // Sign-up comes first for newcomers; a friend with an account logs in from the line below it.
  await friend.page.getByRole('link', { name: 'Log in to join' }).click();
  const login = friend.page.getByRole('form', { name: 'Log in' });
  await waitForHydration(friend.page);
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password', { exact: true }).fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(friend.page).toHaveURL(new RegExp(`/rentalgame/playerwaitingroom/${roomId}$`));
  await friend.page.getByRole('button', { name: /^Join Room/ }).click();
  await expect(friend.page.getByTestId('room-players')).toHaveText('2 / 3');
  await expect(friend.page.getByRole('button', { name: 'Exit Room' })).toBeVisible();
  // The host sees the new player without reloading.
  await expect(page.getByTestId('room-players')).toHaveText('2 / 3');
  await expect(page.getByTestId('joined-players')).toContainText('Kunda');

  // Leaving while the room waits gives the stake back; the host tag stays with the host.
  await friend.page.getByRole('button', { name: 'Exit Room' }).click();
  await expect(friend.page).toHaveURL(/\/rentalgame\/dashboard$/);
  await expect.poll(() => balanceOf(friend.page)).toBe(20);
  await expect(page.getByTestId('room-players')).toHaveText('1 / 3');
  await friend.context.close();
  expect(problems).toEqual([]);
});

test('the game screens at tablet and desktop widths', async ({ page }) => {
  await signUpViaApi(page.request, { firstName: 'Temwani' });
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/rentalgame/createnewgame');
    await expect(page.getByRole('heading', { name: 'Create a new game' })).toBeVisible();
    await screenshot(page, 'create-game');
    await page.goto('/rentalgame/joinrandomroom');
    await expect(page.getByRole('heading', { name: 'Join a random room' })).toBeVisible();
    await screenshot(page, 'join-random');
    await page.goto('/rentalgame/gamehistory');
    await expect(page.getByText('No finished games yet.')).toBeVisible();
    await screenshot(page, 'game-history-empty');
  }
});

test('signed-out people are sent to sign in and come back; /gameboard without a room goes to the dashboard', async ({
  page,
}) => {
  for (const path of [
    '/rentalgame/createnewgame',
    '/rentalgame/joinrandomroom',
    '/rentalgame/gamehistory',
    '/rentalgame/playerwaitingroom/abc',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth?returnTo=${encodeURIComponent(path)}`);
  }
  await signUpViaApi(page.request);
  await page.goto('/rentalgame/gameboard');
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await page.goto('/rentalgame/playerwaitingroom');
  await expect(page).toHaveURL(/\/rentalgame\/createnewgame$/);
});

test('the board reconnects by itself and resizes with the screen', async ({ page, browser }) => {
  await signUpViaApi(page.request, { firstName: 'Luyando' });
  await depositViaApi(page.request, 20);
  const created = await page.request.post('/api/rooms', {
    headers: { Origin: baseUrl() },
    data: { amount: 10, time: 10, maxPlayers: 2, privacy: 'Public' },
  });
  const roomId = ((await created.json()) as { room: { roomId: string } }).room.roomId;
  const problems: string[] = [];
  const other = await person(browser, problems);
  await signUpViaApi(other.page.request, { firstName: 'Musonda' });
  await depositViaApi(other.page.request, 20);
  const joined = await other.page.request.post(`/api/rooms/${roomId}/join`, {
    headers: { Origin: baseUrl() },
    data: {},
  });
  expect(joined.status()).toBe(200);

  // The first connection drops after a moment, the second at once; the third stays.
  let connections = 0;
  await page.routeWebSocket(/\/parties\/main\//, (ws) => {
    connections += 1;
    if (connections === 2) return void setTimeout(() => void ws.close(), 300);
    ws.connectToServer();
    if (connections === 1) setTimeout(() => void ws.close(), 2_500);
  });
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  const canvas = page.locator('[data-testid="board"] canvas');
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  const small = (await canvas.boundingBox())?.width ?? 0;
  // On a 360 × 640 phone the board leaves room for the players and Roll on the same screen.
  expect(small).toBeGreaterThanOrEqual(280);
  expect(small).toBeLessThanOrEqual(360);

  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('reconnecting')).toHaveText('Reconnecting…');
  await screenshot(page, 'board-reconnecting');
  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: 15_000 });
  expect(connections).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('turn-label')).toHaveText(/turn|over/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect
    .poll(async () => (await canvas.boundingBox())?.width ?? 0)
    .toBeGreaterThan(small + 100);
  await screenshot(page, 'board');
  await other.context.close();
  expect(problems).toEqual([]);
});
