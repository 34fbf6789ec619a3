// Responsible play as a person sees it on a phone (360 × 740): the limits page, a self-exclusion
// that refuses a deposit with its end date, and the board's reality check.
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { createDatabase } from '#db/client.ts';
import { consents } from '#db/schema/responsible-play.ts';
import {
  baseUrl,
  capture,
  depositViaApi,
  expect,
  screenshot,
  signUpViaApi,
  test,
  trackScripts,
  waitForHydration,
} from './support/fixtures';
import { holdClock, startHeldGame } from './support/clock';
import { budgetFromAlone } from './support/budget';

test.use({ viewport: { width: 360, height: 740 } });

async function attach(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await screenshot(page, name);
  await testInfo.attach(name, {
    body: await capture(() => page.screenshot({ fullPage: true })),
    contentType: 'image/png',
  });
}

test('the limits page sets limits: lower at once, higher waits 24 hours', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page.request, { firstName: 'Mapalo' });
  await page.goto('/rentalgame/dashboard');
  await page.getByRole('link', { name: /Responsible play/ }).click();
  await expect(page).toHaveURL(/\/rentalgame\/responsible-play$/);
  await waitForHydration(page, 'form[aria-label="Play limits"]');
  const form = page.getByRole('form', { name: 'Play limits' });
  await form.getByLabel('Deposits per day (ZMW)').fill('100');
  await form.getByLabel('Losses per week (ZMW)').fill('250');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Saved. Your limits apply now.')).toBeVisible();
  await expect(form.getByText('Now ZMW 100.00.')).toBeVisible();

  await form.getByLabel('Deposits per day (ZMW)').fill('500');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await expect(
    page.getByText('Saved. Lower limits apply now; higher ones, or removed ones, wait 24 hours.'),
  ).toBeVisible();
  await expect(page.getByTestId('limits-pending')).toContainText(
    /Deposits per day: ZMW 500\.00 from .* Lusaka time/,
  );
  // Saving another field leaves the waiting change alone.
  await form.getByLabel('Losses per day (ZMW)').fill('30');
  await form.getByRole('button', { name: 'Save limits' }).click();
  await expect(form.getByText('Now ZMW 30.00.')).toBeVisible();
  await expect(page.getByTestId('limits-pending')).toContainText('Deposits per day: ZMW 500.00');
  await attach(page, testInfo, 'responsible-play-limits');

  // The server holds to it: a deposit past the day's ZMW 100 is refused with the reason.
  const refused = await page.request.post('/api/wallet/deposit', {
    headers: { Origin: baseUrl() },
    data: { phone: '0961234567', amount: 150 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('limit_reached');
});

test('a self-exclusion refuses a deposit and says until when', async ({ page }, testInfo) => {
  await signUpViaApi(page.request, { firstName: 'Kondwani' });
  await page.goto('/rentalgame/responsible-play');
  await waitForHydration(page, 'form[aria-label="Take a break"]');
  const form = page.getByRole('form', { name: 'Take a break' });
  await form.getByLabel('7 days').check();
  await form.getByLabel('I understand that it cannot be shortened or lifted early.').check();
  await form.getByRole('button', { name: 'Exclude me' }).click();
  await expect(page.getByTestId('exclusion-notice')).toBeVisible();
  await expect(
    page.getByText(/You have excluded yourself from play until .* Lusaka time\./),
  ).toBeVisible();

  await page.goto('/rentalgame/dashboard');
  await expect(page.getByText(/You have excluded yourself from play until/)).toBeVisible();

  // The deposit form is shown locked, with the date, before anything is typed (the server still
  // refuses a deposit: tests/integration cover the refusal).
  await page.goto('/rentalgame/deposit');
  await expect(page.getByTestId('allowance')).toContainText(/Locked until .* Lusaka time/);
  const locked = page.getByRole('group', { name: 'Locked while you take a break' });
  await expect(locked).toHaveAttribute('disabled', '');
  await expect(locked.getByRole('button', { name: /^Deposit/ })).toBeDisabled();
  await attach(page, testInfo, 'responsible-play-excluded-deposit');
});

test('the board shows the reality check after an hour of play (shortened for the test)', async ({
  page,
  browser,
}, testInfo) => {
  budgetFromAlone(23);
  const host = await browser.newContext({ baseURL: baseUrl() });
  const hostPage = await host.newPage();
  await signUpViaApi(hostPage.request, { firstName: 'Mulenga' });
  await depositViaApi(hostPage.request, 20);
  const created = await hostPage.request.post('/api/rooms', {
    headers: { Origin: baseUrl() },
    data: { amount: 10, time: 10, maxPlayers: 2, privacy: 'Public' },
  });
  expect(created.status()).toBe(201);
  const roomId = ((await created.json()) as { room: { roomId: string } }).room.roomId;
  // The game stands still while the reality check is read: no offer, no game over over it.
  await holdClock(roomId);

  await signUpViaApi(page.request, { firstName: 'Inonge' });
  await depositViaApi(page.request, 20);
  const joined = await page.request.post(`/api/rooms/${roomId}/join`, {
    headers: { Origin: baseUrl() },
    data: {},
  });
  expect(joined.status()).toBe(200);
  await startHeldGame(roomId);

  // `realityCheck=3`: the hour is three seconds here.
  await page.goto(`/rentalgame/boardgame/${roomId}?realityCheck=3`);
  const dialog = page.getByRole('dialog', { name: 'Time for a break?' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('reality-check-time')).toContainText(
    /You have been playing for .* in this sitting\./,
  );
  await expect(dialog.getByTestId('reality-check-summary')).toContainText(
    'Today: staked ZMW 10.00, won ZMW 0.00, refunded ZMW 0.00. Your net result is a loss of ZMW 10.00.',
  );
  await attach(page, testInfo, 'responsible-play-reality-check');
  await dialog.getByRole('button', { name: 'Keep playing' }).click();
  await expect(dialog).toBeHidden();
  // Another "hour" later it asks again.
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Stop for now' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await host.close();
});

test('after a terms change, creating a game asks to accept the new terms, then goes on', async ({
  page,
}, testInfo) => {
  const player = await signUpViaApi(page.request, { firstName: 'Chipo' });
  await depositViaApi(page.request, 20);
  // The player accepted an earlier version of the terms (as if TERMS_VERSION had just changed).
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("the product's data folder is unknown (E2E_DATA_DIR)");
  const database = createDatabase({ url: `file:${path.join(dataDir, 'app.db')}` });
  try {
    await database.ready;
    await database.write((tx) =>
      tx.update(consents).set({ version: '2020-01-01' }).where(eq(consents.userId, player.id)),
    );
  } finally {
    database.close();
  }

  await page.goto('/rentalgame/createnewgame');
  await waitForHydration(page, 'form[aria-label="Create a game"]');
  const form = page.getByRole('form', { name: 'Create a game' });
  await form.getByRole('radio', { name: 'ZMW 10' }).check();
  await form.getByRole('radio', { name: '10 min' }).check();
  await form.getByRole('radio', { name: '2 players' }).check();
  await form.getByRole('radio', { name: 'Public' }).check();
  await form.getByRole('button', { name: 'Create game' }).click();
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'Our Terms and Conditions have changed.' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: /Terms and Conditions \(version/ })).toBeVisible();
  await attach(page, testInfo, 'responsible-play-accept-terms');
  await banner.getByLabel('I am 18 years old or older.').check();
  await banner.getByLabel('I accept the Terms and Conditions.').check();
  await banner.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/playerwaitingroom\//);
});

test('the public responsible-play page is linked from the footer and ships no script', async ({
  page,
}) => {
  await page.goto('/about');
  const loaded = trackScripts(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Responsible play' }).click();
  await expect(page).toHaveURL(/\/responsible-play$/);
  await expect(page.getByRole('heading', { name: 'Responsible play', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where to get help in Zambia' })).toBeVisible();
  await expect(page.getByText('The prize is 80 % of the pot')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.scripts.map((script) => script.url)).toEqual([]);
  await screenshot(page, 'responsible-play-public');
});
