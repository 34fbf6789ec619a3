// The dashboard as a lobby: its first action, "Play ZMW 10 now", seats the player in a public
// waiting room at that stake (quick match through the page door), from a phone-sized screen; the
// stake and deposit forms say what the player's limits leave before they are filled, and are shown
// locked, with the date, during a self-exclusion. It runs after every other file (support/alone.ts):
// its quick match would take another test's open room.
import { baseUrl, depositViaApi, expect, screenshot, signUpViaApi, test } from './support/fixtures';

test("the dashboard's primary action seats the player in a waiting room", async ({ page }) => {
  await signUpViaApi(page.request, { firstName: 'Mwila' });
  await depositViaApi(page.request, 30);
  const origin = { Origin: baseUrl() };
  const limits = await page.request.put('/api/me/limits', {
    headers: origin,
    data: { lossDaily: 25, depositDaily: 100 },
  });
  expect(limits.status(), await limits.text()).toBe(200);
  await page.goto('/rentalgame/dashboard');
  await expect(page.getByTestId('allowance')).toContainText('ZMW 25 left today');

  const play = page.getByRole('button', { name: 'Play ZMW 10 now' });
  await expect(play).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add money', exact: true })).toBeVisible();
  await screenshot(page, 'lobby');
  for (const size of [
    { width: 740, height: 360 },
    { width: 1366, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await screenshot(page, 'lobby');
  }
  await page.setViewportSize({ width: 360, height: 740 });

  // The quick match may seat this player in a public room another test left waiting. If that
  // fills it, the game starts and the waiting room carries this page on to the board (seen in a
  // CI run): either is the player's seat in a ZMW 10 room.
  await play.click();
  await expect(page).toHaveURL(/\/rentalgame\/(playerwaitingroom|boardgame)\/[^/]+$/);
  const roomId = decodeURIComponent(page.url().split('/').pop() as string);
  const room = await (await page.request.get(`/api/rooms/${roomId}`)).json();
  expect(room.room.amount).toBe(10);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.currentRoomId).toBe(roomId);
  expect(me.user.accountBalance).toBe(20);

  // The stake taken counts against the day's loss limit, before the next game is chosen (on the
  // dashboard: a game-creation form would send a player whose game has started to the board). If
  // the room filled, the waiting room carries this page to the board, which cancels a navigation
  // begun at that moment: go again.
  await expect(async () => {
    await page.goto('/rentalgame/dashboard');
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('allowance')).toContainText('ZMW 15 left today');
  await page.goto('/rentalgame/deposit');
  await expect(page.getByTestId('allowance')).toContainText('ZMW 70 left today');

  // A break from play: the deposit form is shown locked, with the day it ends.
  const exclusion = await page.request.post('/api/me/exclusion', {
    headers: origin,
    data: { period: '7d' },
  });
  expect(exclusion.status(), await exclusion.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('allowance')).toContainText(/Locked until \d{1,2} \w+ \d{4}/);
  await expect(page.getByRole('button', { name: /^Deposit/ })).toBeDisabled();
  await screenshot(page, 'deposit-locked');
});
