// The dashboard as a lobby: its first action, "Play ZMW 10 now", seats the player in a public
// waiting room at that stake (quick match through the page door), from a phone-sized screen.
import { depositViaApi, expect, screenshot, signUpViaApi, test } from './support/fixtures';

test("the dashboard's primary action seats the player in a waiting room", async ({ page }) => {
  await signUpViaApi(page.request, { firstName: 'Mwila' });
  await depositViaApi(page.request, 30);
  await page.goto('/rentalgame/dashboard');

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

  await play.click();
  await expect(page).toHaveURL(/\/rentalgame\/playerwaitingroom\/[^/]+$/);
  await expect(page.getByText('ZMW 10', { exact: false }).first()).toBeVisible();
  const roomId = decodeURIComponent(page.url().split('/').pop() as string);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.currentRoomId).toBe(roomId);
  expect(me.user.accountBalance).toBe(20);
});
