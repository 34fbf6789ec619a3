// Into a game and out of it on a phone: an invitee with no money follows the shared link, signs up,
// deposits and joins without typing a URL, and a guest waiting on the room is carried to the board;
// a game played out on its timer ends on the board with who won and why (at 360 × 740, 740 × 360
// and 1366 × 800), and a rematch seats both players in a new room after one tap each, each stake
// taken once. Rooms are held (support/clock.ts) until the test starts or releases them. Screenshots
// are attached to the report; axe-core checks every screen.
import {
  anotherPerson,
  balanceOf,
  createRoomViaApi,
  depositViaApi,
  expect,
  signUpViaApi,
  startGuest,
  test,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';
import { attachScreenshot, expectAccessible, PORTRAIT, SIZES } from './support/screens';
import { holdClock, releaseClock, startHeldGame } from './support/clock';
import { startedGame } from './support/held-game';
import { roomPaths } from '#site/shared/paths.ts';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';

test('an invitee with no money signs up, deposits, comes back and joins without typing a URL; a guest waiting is carried to the board', async ({
  page,
  browser,
}, testInfo) => {
  budgetFromAlone(43);
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
  await expect(page).toHaveURL(new RegExp(`${roomPaths.board(roomId)}$`), {
    timeout: BOARD_LIVE_MS,
  });
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 10.00');
  // The guest who waited on the room is on the board too, watching.
  await expect(guest.page).toHaveURL(new RegExp(`${roomPaths.board(roomId)}$`), {
    timeout: BOARD_LIVE_MS,
  });
  await expect(guest.page.getByTestId('spectator-note')).toBeVisible({ timeout: BOARD_LIVE_MS });
  expect([...host.problems, ...guest.problems]).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

test('game over stays on the board with who won and why; a rematch puts both players in a new room after one tap each', async ({
  page,
  browser,
}, testInfo) => {
  budgetFromAlone(72);
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
  await expect(page).toHaveURL(new RegExp(`${roomPaths.board(rematchId)}$`), {
    timeout: BOARD_LIVE_MS,
  });
  await expect(other.page).toHaveURL(new RegExp(`${roomPaths.board(rematchId)}$`), {
    timeout: BOARD_LIVE_MS,
  });
  expect(await balanceOf(other.page)).toBeCloseTo(before[1]! - 10, 2);
  expect(await balanceOf(page)).toBeCloseTo(before[0]! - 10, 2);
  expect(other.problems).toEqual([]);
  await other.context.close();
});
