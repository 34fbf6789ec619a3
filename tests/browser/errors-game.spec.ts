// Every game error a person can cause through a screen, word for word, with what to do next.
import type { Browser, Page } from '@playwright/test';
import {
  baseUrl,
  createRoomViaApi,
  depositViaApi,
  joinViaApi,
  expect,
  screenshot,
  signUpViaApi,
  test,
  waitForHydration,
} from './support/fixtures';
import { holdClock, startHeldGame, stepUntilTurnOf } from './support/clock';
import { answerOffers } from './support/play';
import { BOARD_LIVE_MS } from './support/budget';

const PHONE = { width: 360, height: 640 };

/** A funded player in a context of their own (the page's own cookies stay untouched). */
async function otherPlayer(browser: Browser, firstName: string, zmw = 20) {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE });
  const page = await context.newPage();
  const user = await signUpViaApi(page.request, { firstName });
  if (zmw > 0) await depositViaApi(page.request, zmw);
  return { context, page, user };
}

async function openCreateForm(page: Page) {
  await page.goto('/rentalgame/createnewgame');
  await waitForHydration(page, 'form[aria-label="Create a game"]');
  return page.getByRole('form', { name: 'Create a game' });
}

test('create: every setting is needed, and the stake must be covered', async ({ page }) => {
  await signUpViaApi(page.request, { firstName: 'Natasha' });
  const form = await openCreateForm(page);

  await form.getByRole('button', { name: 'Create game' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '⚠️ Please select all settings before creating a game.' }),
  ).toBeVisible();
  await form.getByRole('radio', { name: 'ZMW 50' }).check();
  await form.getByRole('radio', { name: '20 min' }).check();
  await form.getByRole('button', { name: 'Create game' }).click();
  await expect(
    page.getByText('⚠️ Please select all settings before creating a game.'),
  ).toBeVisible();
  await screenshot(page, 'create-game-missing-settings');

  // A new account has ZMW 0.
  await form.getByRole('radio', { name: '4 players' }).check();
  await form.getByRole('radio', { name: 'Public' }).check();
  await form.getByRole('button', { name: 'Create game' }).click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'Insufficient funds to create this room!' });
  await expect(refusal).toBeVisible();
  await screenshot(page, 'create-game-insufficient-funds');
  await refusal.getByRole('link', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/deposit$/);
});

test('create while already seated goes back to that room', async ({ page }) => {
  await signUpViaApi(page.request, { firstName: 'Mapalo' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request);
  const form = await openCreateForm(page);
  await form.getByRole('radio', { name: 'ZMW 10' }).check();
  await form.getByRole('radio', { name: '10 min' }).check();
  await form.getByRole('radio', { name: '2 players' }).check();
  await form.getByRole('radio', { name: 'Private' }).check();
  await form.getByRole('button', { name: 'Create game' }).click();
  await expect(page).toHaveURL(new RegExp(`/rentalgame/playerwaitingroom/${roomId}$`));
});

test('join a full room, from its link and from a list that was a moment old', async ({
  page,
  browser,
}) => {
  const host = await otherPlayer(browser, 'Lubuto');
  const guest = await otherPlayer(browser, 'Mutinta');
  await signUpViaApi(page.request, { firstName: 'Chola' });
  await depositViaApi(page.request, 20);

  // The list shows the room with a free seat; it fills before Chola taps Join.
  const first = await createRoomViaApi(host.page.request, { privacy: 'Public' });
  // Once full, the room's game stands still: the room stays full, never over, while the test looks.
  await holdClock(first);
  await page.routeWebSocket(/\/parties\/lobby\//, () => {});
  await page.goto('/rentalgame/joinrandomroom');
  const card = page.locator(`[data-room-id="${first}"]`);
  await expect(card).toContainText('1 / 2');
  const stale = await (await page.request.get('/api/rooms')).json();
  await page.route('**/api/rooms', (route) => route.fulfill({ json: stale }));
  await joinViaApi(guest.page.request, first);
  await card.getByRole('button', { name: /^Join/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sorry, this room just became full.' }),
  ).toBeVisible();
  await screenshot(page, 'join-random-room-full');

  // The waiting room of a full room: one state, no Join.
  await page.goto(`/rentalgame/playerwaitingroom/${first}`);
  const full = page.getByRole('status').filter({ hasText: 'This room is full' });
  await expect(full).toBeVisible();
  await expect(full.getByRole('link', { name: 'Watch the game' })).toBeVisible();
  await expect(full.getByRole('link', { name: 'Find another room' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Join Room/ })).toHaveCount(0);
  await screenshot(page, 'waiting-room-full');
  await host.context.close();
  await guest.context.close();
});

test('join while already in another room offers to go to that room', async ({ page, browser }) => {
  const host = await otherPlayer(browser, 'Thandiwe');
  const theirs = await createRoomViaApi(host.page.request, { maxPlayers: 3, privacy: 'Public' });
  await signUpViaApi(page.request, { firstName: 'Joseph' });
  await depositViaApi(page.request, 20);

  // The list is live (the lobby's socket, opened with its ticket): the room Joseph opens meanwhile
  // shows without a reload (no polling while live).
  await page.goto('/rentalgame/joinrandomroom');
  await expect(
    page.getByRole('status').filter({ hasText: 'Live: the list updates as rooms fill.' }),
  ).toBeVisible();
  const mine = await createRoomViaApi(page.request, { maxPlayers: 3, privacy: 'Public' });
  await expect(page.locator(`[data-room-id="${mine}"]`)).toBeVisible();
  await page.locator(`[data-room-id="${theirs}"]`).getByRole('button', { name: /^Join/ }).click();
  const warning = page
    .getByRole('alert')
    .filter({ hasText: '⚠️ You are already in another room.' });
  await expect(warning).toBeVisible();
  await screenshot(page, 'join-random-already-in-room');
  await warning.getByRole('link', { name: 'Go to Room' }).click();
  await expect(page).toHaveURL(new RegExp(`/rentalgame/playerwaitingroom/${mine}$`));

  // From another room's waiting room, the same refusal and the same way back.
  await page.goto(`/rentalgame/playerwaitingroom/${theirs}`);
  await page.getByRole('button', { name: /^Join Room/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '⚠️ You are already in another room.' }),
  ).toBeVisible();
  await host.context.close();
});

test('join without the stake in the balance', async ({ page, browser }) => {
  const host = await otherPlayer(browser, 'Kabwe');
  const roomId = await createRoomViaApi(host.page.request, { amount: 20, privacy: 'Public' });
  await signUpViaApi(page.request, { firstName: 'Bupe' });
  await depositViaApi(page.request, 5);

  await page.goto('/rentalgame/joinrandomroom');
  await page.locator(`[data-room-id="${roomId}"]`).getByRole('button', { name: /^Join/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: "You don't have enough funds to join this room." }),
  ).toBeVisible();

  await page.goto(`/rentalgame/playerwaitingroom/${roomId}`);
  await page.getByRole('button', { name: /^Join Room/ }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Insufficient balance.' });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('link', { name: 'Deposit' })).toBeVisible();
  await host.context.close();
});

test('leaving once the room is full is refused', async ({ page, browser }) => {
  await signUpViaApi(page.request, { firstName: 'Mulenga' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request);
  await holdClock(roomId);
  // Keep this page's picture of the room as it was, so the room fills behind its back.
  await page.routeWebSocket(/\/parties\/main\//, () => {});
  await page.goto(`/rentalgame/playerwaitingroom/${roomId}`);
  await expect(page.getByTestId('room-players')).toHaveText('1 / 2');
  const other = await otherPlayer(browser, 'Nalishebo');
  await joinViaApi(other.page.request, roomId);

  await page.getByRole('button', { name: 'Exit Room' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Room is full. Game is starting, you cannot leave.' }),
  ).toBeVisible();
  await screenshot(page, 'waiting-room-cannot-leave');
  await other.context.close();
});

test('Roll is disabled out of turn and while a roll is on its way; a wrong room ID says so', async ({
  page,
  browser,
}) => {
  const mwaka = await signUpViaApi(page.request, { firstName: 'Mwaka' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request);
  // The game moves only when the test says: by a step of its clock, or Mwaka's roll.
  await holdClock(roomId);
  const other = await otherPlayer(browser, 'Inonge');
  await joinViaApi(other.page.request, roomId);
  await startHeldGame(roomId);

  await page.goto(`/rentalgame/boardgame/${roomId}`);
  const label = page.getByTestId('turn-label');
  await expect(label).toHaveText('Your turn', { timeout: 20_000 });
  const roll = page.getByRole('button', { name: 'Roll', exact: true });
  const message = page.locator('#dice-message');

  // Mwaka's turn timer rolls for him: it is Inonge's turn. Roll is plainly disabled then, and
  // nothing red is said.
  await stepUntilTurnOf(roomId, other.user.id);
  await expect(label).toHaveText("Inonge Mwansa's turn");
  await expect(roll).toBeDisabled();
  await expect(message).toHaveText('');
  await screenshot(page, 'board-not-your-turn');

  // Inonge's turn timer rolls for her: Mwaka's turn again. A roll on its way: Roll is disabled from
  // the press until the dice has landed (no second roll can go out).
  await stepUntilTurnOf(roomId, mwaka.id);
  await expect(label).toHaveText('Your turn');
  // (A truck offer his turn timer's roll brought him is answered first: it sits over the board.)
  await answerOffers([{ page, buy: { done: true } }]);
  // The page records Roll's state as it changes: on a loaded machine the dice can land (and a 6
  // give the turn back, Roll enabled again) before the test looks.
  await page.evaluate(() => {
    const seen = window as unknown as { __rollDisabledSeen: boolean };
    seen.__rollDisabledSeen = false;
    new MutationObserver(() => {
      if (document.querySelector<HTMLButtonElement>('.dice-bar__roll')?.disabled) {
        seen.__rollDisabledSeen = true;
      }
    }).observe(document.body, { subtree: true, childList: true, attributeFilter: ['disabled'] });
  });
  await roll.click();
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __rollDisabledSeen: boolean }).__rollDisabledSeen,
      ),
    )
    .toBe(true);

  await page.goto('/rentalgame/boardgame/no-such-room');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid room ID.' })).toBeVisible();
  await screenshot(page, 'board-invalid-room');
  await other.context.close();
});

test('a board older than the room protocol is told to reload, and Reload brings the game back', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page.request, { firstName: 'Chanda' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request);
  const other = await otherPlayer(browser, 'Musonda');
  await joinViaApi(other.page.request, roomId);
  // The page as an earlier release's code: its socket names protocol 0, older than the real room
  // server speaks. Only the first load: the reloaded page runs today's code.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('earlier-release')) return;
    sessionStorage.setItem('earlier-release', 'loaded');
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(
          String(url).replace(/([?&]protocol=)\d+/, (_all, name: string) => `${name}0`),
          protocols,
        );
      }
    };
  });

  await page.goto(`/rentalgame/boardgame/${roomId}`);
  const banner = page.getByRole('alert').filter({ hasText: 'A new version is ready: reload' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 740, height: 360 },
    { width: 1366, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await screenshot(page, 'board-new-version');
  }

  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('turn-label')).toHaveText(/turn$/, { timeout: BOARD_LIVE_MS });
  await expect(banner).toHaveCount(0);
  await other.context.close();
});
