// The rooms around a game, on phones and wider screens: a private room whose invite link is copied
// and a signed-out friend signs in and joins; the game screens at tablet and desktop widths;
// signed-out people sent to sign in and back; the board reconnecting by itself and resizing with
// the screen. The whole game played to the end is in game.spec.ts.
import type { WebSocketRoute } from '@playwright/test';
import {
  anotherPerson,
  balanceOf,
  baseUrl,
  createRoomViaApi,
  depositViaApi,
  expect,
  joinViaApi,
  screenshot,
  signUpViaApi,
  test,
  waitForHydration,
} from './support/fixtures';
import { holdClock, startHeldGame } from './support/clock';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';

test('a private room: the invite link is copied, and a signed-out friend signs in and joins', async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
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
  const friend = await anotherPerson(browser);
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
  expect(friend.problems).toEqual([]);
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
    '/rentalgame/playerwaitingroom',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth?returnTo=${encodeURIComponent(path)}`);
  }
  // A room's own waiting room, its address copied from a friend's screen, is an invitation: the
  // invite page says which room, and signs them up coming back to it.
  await page.goto('/rentalgame/playerwaitingroom/abcdefghijklmnop');
  await expect(page).toHaveURL('/rentalgame/joinwithlink?room=abcdefghijklmnop');
  await signUpViaApi(page.request);
  await page.goto('/rentalgame/gameboard');
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await page.goto('/rentalgame/playerwaitingroom');
  await expect(page).toHaveURL(/\/rentalgame\/createnewgame$/);
});

test('the board reconnects by itself and resizes with the screen', async ({ page, browser }) => {
  budgetFromAlone(23);
  await signUpViaApi(page.request, { firstName: 'Luyando' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request, {
    amount: 10,
    time: 10,
    maxPlayers: 2,
    privacy: 'Public',
  });
  // The game stands still at its first turn while the board drops and resizes.
  await holdClock(roomId);
  const other = await anotherPerson(browser);
  await signUpViaApi(other.page.request, { firstName: 'Musonda' });
  await depositViaApi(other.page.request, 20);
  await joinViaApi(other.page.request, roomId);
  await startHeldGame(roomId);

  // The first connection is dropped once the board is up; the second is held unanswered (the board
  // waits for the room's state) until the test drops it too; the third stays.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/parties\/main\//, (ws) => {
    sockets.push(ws);
    if (sockets.length !== 2) ws.connectToServer();
  });
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  const canvas = page.locator('[data-testid="board"] canvas');
  await expect(canvas).toBeVisible({ timeout: BOARD_LIVE_MS });
  const small = (await canvas.boundingBox())?.width ?? 0;
  // On a 360 × 640 phone the board leaves room for the players and Roll on the same screen.
  expect(small).toBeGreaterThanOrEqual(280);
  expect(small).toBeLessThanOrEqual(360);

  await sockets[0]?.close();
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('reconnecting')).toHaveText('Reconnecting…');
  await screenshot(page, 'board-reconnecting');
  // The held second try is dropped (unless the board already gave up on its silence).
  await expect.poll(() => sockets.length).toBeGreaterThanOrEqual(2);
  await sockets[1]?.close().catch(() => {});
  await expect(page.getByTestId('reconnecting')).toBeHidden({ timeout: BOARD_LIVE_MS });
  expect(sockets.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('turn-label')).toHaveText('Your turn');

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect
    .poll(async () => (await canvas.boundingBox())?.width ?? 0)
    .toBeGreaterThan(small + 100);
  await screenshot(page, 'board');
  await other.context.close();
  expect(other.problems).toEqual([]);
});

test('the board asks for its ticket from its first HTML, before its code has run, and only once', async ({
  page,
  browser,
}) => {
  const host = await anotherPerson(browser);
  await signUpViaApi(host.page.request, { firstName: 'Natasha' });
  await depositViaApi(host.page.request, 20);
  const roomId = await createRoomViaApi(host.page.request);
  const isTicketCall = (url: string, method: string) =>
    method === 'POST' && new URL(url).pathname === `/api/rooms/${roomId}/ticket`;

  // With none of the page's scripts allowed to load, the page itself still asks for the ticket.
  await host.page.route('**/assets/*.js', (route) => route.abort());
  const early: string[] = [];
  host.page.on('request', (request) => {
    if (isTicketCall(request.url(), request.method())) early.push(request.url());
  });
  await host.page.goto(`/rentalgame/boardgame/${roomId}`);
  await expect.poll(() => early.length, { timeout: 10_000 }).toBe(1);
  await host.context.close();

  // With its code, the board connects on that same answer: one ticket call per page load.
  await signUpViaApi(page.request, { firstName: 'Kondwani' });
  const calls: string[] = [];
  page.on('request', (request) => {
    if (isTicketCall(request.url(), request.method())) calls.push(request.url());
  });
  const roomSocket = page.waitForEvent('websocket', {
    predicate: (ws) => ws.url().includes('/parties/main/'),
    timeout: BOARD_LIVE_MS,
  });
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  await expect(page.getByTestId('spectator-note')).toBeVisible({ timeout: BOARD_LIVE_MS });
  // The room's first message: the socket opened on a ticket, so every ask for one came before.
  await (await roomSocket).waitForEvent('framereceived', { timeout: BOARD_LIVE_MS });
  expect(calls).toHaveLength(1);
});
