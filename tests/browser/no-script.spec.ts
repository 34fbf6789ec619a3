// With JavaScript turned off, as on a cheap phone's data saver or a failed script download: the
// read-only pages show their data in their first HTML, and signing in (by email or by phone),
// depositing and withdrawing work as plain form posts (decision 086). Every page here is rendered on the server; nothing
// waits for a script.
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import {
  baseUrl,
  depositViaApi,
  expect,
  PASSWORD,
  screenshot,
  signInAdmin,
  signUpViaApi,
  test,
} from './support/fixtures';
import { readSmsOutbox, waitForSmsCode } from '#tests/support/sms-outbox.ts';
import { budgetFromAlone } from './support/budget';

test.use({ javaScriptEnabled: false });

/** A practice game against one bot, through the API; it plays itself out on the turn timer. */
async function finishedPracticeGame(request: APIRequestContext): Promise<string> {
  const started = await request.post('/api/practice', {
    headers: { Origin: baseUrl() },
    data: { time: 5, bots: 1 },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { room } = (await started.json()) as { room: { roomId: string } };
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/games');
        const { games } = (await answer.json()) as { games: { roomId: string }[] };
        return games.some((game) => game.roomId === room.roomId);
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  return room.roomId;
}

test('signing in, depositing and withdrawing work as plain forms', async ({ page }) => {
  const user = await signUpViaApi(page.request, { firstName: 'Mutale' });
  await page.context().clearCookies();

  // Signing in: a signed-out visit goes to the form, which posts and comes back.
  await page.goto('/rentalgame/deposit');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Frentalgame%2Fdeposit$/);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill(user.email);
  await login.getByLabel('Password', { exact: true }).fill('not-the-password');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect password. Please try again.');
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/deposit$/);
  await expect(page.getByText('Welcome, Mutale')).toBeVisible();

  // Depositing: a refusal keeps what was typed, then the payment's own page follows it.
  await expect(page.getByLabel('Mobile money number')).toHaveValue('0961234567');
  await expect(page.getByLabel('Network')).toHaveValue('mtn');
  await page.getByLabel('Amount (ZMW)').fill('0');
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(page.getByRole('alert')).toContainText('Please enter a valid amount.');
  await expect(page.getByLabel('Amount (ZMW)')).toHaveValue('0');
  await page.getByLabel('Amount (ZMW)').fill('30');
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/deposit\?payment=/);
  // The waiting page reloads itself until the operator has answered.
  await expect(
    page.getByRole('status').filter({ hasText: 'Your deposit of ZMW 30.00 is complete.' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 30.00');
  await screenshot(page, 'no-script-deposit-completed');

  // Withdrawing, to the number that funded the account.
  await page.goto('/rentalgame/withdraw');
  await expect(page.getByLabel('Mobile money number')).toHaveValue('0961234567');
  await page.getByLabel('Amount (ZMW)').fill('12');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(
    page.getByText('Your withdrawal of ZMW 12.00 has been sent to 0961234567.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 18.00');

  // Exactly the two payments, each once.
  const history = await page.request.get('/api/wallet/transactions');
  const { transactions } = (await history.json()) as { transactions: unknown[] };
  expect(transactions).toHaveLength(2);
});

test('sign-up works as a plain form and says what is missing', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill('Bupe');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Surname is required.')).toBeVisible();
  await expect(form.getByLabel('Surname')).toBeFocused();
  await expect(form.getByLabel('First name')).toHaveValue('Bupe');
  await form.getByLabel('Surname').fill('Tembo');
  await form.getByLabel('Phone number').fill('0971234567');
  await form.getByLabel('Email').fill(`bupe.${randomUUID().slice(0, 8)}@example.zm`);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('I am 18 years old or older.').check();
  await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await expect(page.getByText('Welcome, Bupe')).toBeVisible();
});

test('a new number signs up by phone as plain forms, its code read from the SMS outbox', async ({
  page,
}) => {
  const phone = `097${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run the suite with `npm run test:browser`');
  const smsDir = path.join(dataDir, 'outbox', 'sms');
  const seen = (await readSmsOutbox(smsDir)).filter((m) => m.to === phone).length;

  await page.goto('/rentalgame/dashboard');
  const form = page.getByRole('form', { name: 'Continue with your phone' });
  await form.getByLabel('Mobile number').fill(phone);
  await form.getByRole('button', { name: 'Send me a code' }).click();
  await expect(form.getByText(`We sent a 6-digit code by SMS to ${phone}.`)).toBeVisible();
  const code = await waitForSmsCode(smsDir, phone, { seen });
  await form.getByLabel('Code from the SMS').fill(code);
  await form.getByRole('button', { name: 'Continue' }).click();

  // The code was right and the number is new: who is signing up?
  await expect(form.getByText('Number confirmed. This number is new to us')).toBeVisible();
  await form.getByLabel('First name').fill('Natasha');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Surname is required.')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('Natasha');
  await form.getByLabel('Surname').fill('Banda');
  await form.getByLabel('I am 18 years old or older.').check();
  await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await expect(page.getByText('Welcome, Natasha')).toBeVisible();
});

test("the dashboard, both histories and the console's read views show their data in the first HTML", async ({
  page,
}) => {
  budgetFromAlone(33);
  const player = await signUpViaApi(page.request, { firstName: 'Chilufya', lastName: 'Zulu' });
  await depositViaApi(page.request, 40);
  const roomId = await finishedPracticeGame(page.request);

  await page.goto('/rentalgame/dashboard');
  await expect(page.getByText('Welcome, Chilufya')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 40.00');
  await expect(page.getByRole('link', { name: /^Account History/ })).toBeVisible();

  await page.goto('/rentalgame/accounthistory');
  const rows = page.locator('.tx-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Deposit');
  await expect(rows.first()).toContainText('ZMW 40.00');
  await expect(rows.first()).toContainText('Completed');

  await page.goto('/rentalgame/gamehistory');
  const game = page.locator(`[data-room-id="${roomId}"]`);
  await expect(game.getByTestId('practice-mark')).toBeVisible();
  await game.getByRole('link', { name: 'Lesson, statements and dice check' }).click();
  await expect(game.getByTestId('lesson').locator('li')).toHaveCount(6);
  await expect(game.getByRole('table').first()).toContainText('Net profit');
  await expect(game.getByText('Server seed (revealed)')).toBeVisible();
  // Checking the dice is the browser's own work: without scripts the page says how to do it.
  await expect(game.getByRole('button', { name: 'Verify the dice' })).toBeHidden();
  await expect(game.getByText(/By hand: each roll is HMAC-SHA256/)).toBeVisible();
  await screenshot(page, 'no-script-game-history');

  // The game's own page (what "Share my win" links to) is whole without a script: a practice game's
  // podium by first names, no stake, and the way in.
  await page.goto(`/rentalgame/gameresult/${roomId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/topped the board|shared win/);
  await expect(page.getByTestId('podium')).toContainText('Chilufya');
  await expect(page.getByTestId('podium')).not.toContainText('Zulu');
  await expect(page.getByText('Free practice', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Practise free now' })).toBeVisible();

  // The console, in the same browser: the operator finds this player and their pending deposit.
  await page.request.post('/api/wallet/deposit', {
    headers: { Origin: baseUrl(), 'Idempotency-Key': randomUUID() },
    data: { phone: '0961234129', amount: 7 }, // stays pending
  });
  await page.context().clearCookies();
  await signInAdmin(page.request);

  await page.goto('/rentalgame/admin');
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await expect(page.getByTestId('total-revenue')).toHaveText(/^ZMW [\d,]+\.\d{2}$/);
  await expect(page.getByRole('heading', { name: 'Revenue over time' })).toBeVisible();

  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByLabel('Name, email or phone').fill(player.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Chilufya Zulu' }).click();
  await expect(page.getByTestId('user-file')).toContainText(player.email);
  await expect(page.getByTestId('user-file')).toContainText('ZMW 40.00');

  await page.getByRole('link', { name: 'Payments', exact: true }).click();
  const pending = page.getByTestId('admin-payment').filter({ hasText: '0961234129' }).first();
  await pending.getByRole('button', { name: 'Ask the provider again' }).click();
  await expect(page.getByText(/Asked the provider about .+: now pending\./)).toBeVisible();

  await page.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();

  await page.getByRole('link', { name: 'System', exact: true }).click();
  await expect(page.getByTestId('ledger-check')).toContainText('Balanced');
  await expect(page.getByText(/payment\.reconcile/).first()).toBeVisible();
  await screenshot(page, 'no-script-console-system');
});
