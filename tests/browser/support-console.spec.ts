// Support and the operator's console on a 360 × 740 phone: a failed deposit's "Get help" opens a
// prefilled support form; the admin finds the player, asks the provider about a pending payment and
// answers the ticket; the player reads the reply. And the review of an exclusion carried from an
// erased account: seen in the player's file, voided with a reason.
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { waitForLink } from '#tests/support/outbox.ts';
import {
  capture,
  expect,
  screenshot,
  signInAdmin,
  signUpViaApi,
  test,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';

test.use({ viewport: { width: 360, height: 740 } });

async function attach(page: Page, testInfo: TestInfo, name: string) {
  const body = await capture(() => page.screenshot({ fullPage: true }));
  await testInfo.attach(name, { body, contentType: 'image/png' });
  await screenshot(page, name);
}

test('failed deposit → Get help → ticket; the console finds the player, reconciles, replies', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('support');
  await signUpViaApi(page.request, { email, firstName: 'Bwalya', lastName: 'Phiri' });

  // A deposit the sandbox refuses (a number ending in 019).
  await page.goto('/rentalgame/deposit');
  await waitForHydration(page);
  await page.getByLabel('Mobile money number').fill('0961234019');
  await page.getByLabel('Amount (ZMW)').fill('20');
  await page.getByRole('button', { name: 'Deposit ZMW 20.00' }).click();
  const help = page.getByRole('link', { name: 'Get help with this payment' });
  await expect(help).toBeVisible({ timeout: 15_000 });
  await help.click();

  await expect(page).toHaveURL(/\/rentalgame\/support\?topic=payment&reference=/);
  await waitForHydration(page);
  await expect(page.getByLabel('What is it about?')).toHaveValue('payment');
  const reference = new URL(page.url()).searchParams.get('reference')!;
  await expect(page.getByLabel('Payment or room reference (if any)')).toHaveValue(reference);
  await expect(page.getByRole('link', { name: /support form/ }).first()).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Your message' })
    .fill('My deposit failed but I approved it.');
  await attach(page, testInfo, 'support-form-prefilled');
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByTestId('ticket')).toContainText('Waiting for a reply');
  await expect(page.getByTestId('ticket')).toContainText(reference);

  // A deposit that stays pending (…129), for the console to ask the provider about.
  await page.request.post('/api/wallet/deposit', {
    headers: { Origin: baseURL! },
    data: { phone: '0961234129', amount: 12 },
  });

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const admin = await context.newPage();
  await signInAdmin(admin.request);
  await admin.goto('/rentalgame/admin');
  await expect(admin.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();

  await admin.getByRole('link', { name: 'Users', exact: true }).click();
  await admin.getByLabel('Name, email or phone').fill(email);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: 'Bwalya Phiri' }).click();
  await expect(admin.getByTestId('user-file')).toContainText(email);
  await attach(admin, testInfo, 'console-user');

  await admin.getByRole('link', { name: 'Payments', exact: true }).click();
  const pending = admin.getByTestId('admin-payment').filter({ hasText: '0961234129' }).first();
  await pending.getByRole('button', { name: 'Ask the provider again' }).click();
  await expect(admin.getByText(/Asked the provider about .+: now pending\./)).toBeVisible();
  await attach(admin, testInfo, 'console-payment-reconciled');

  await admin.getByRole('link', { name: 'Support', exact: true }).click();
  const ticket = admin.getByTestId('admin-ticket').filter({ hasText: reference });
  await ticket
    .getByRole('textbox', { name: 'Reply' })
    .fill('We checked: the operator declined it. No money moved.');
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  await expect(ticket).toContainText('No money moved.');
  await attach(admin, testInfo, 'console-support-reply');

  await admin.getByRole('link', { name: 'System', exact: true }).click();
  await expect(admin.getByTestId('ledger-check')).toContainText('Balanced');
  await expect(admin.getByText(/payment\.reconcile/).first()).toBeVisible();
  await attach(admin, testInfo, 'console-system');
  await context.close();

  await page.reload();
  await expect(page.getByTestId('ticket-reply')).toContainText('No money moved.');
  await attach(page, testInfo, 'support-reply-seen');
});

test('the console shows an exclusion carried from an erased account, and voids it with a reason', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const dataDir = process.env.E2E_DATA_DIR;
  test.skip(!dataDir, 'needs the product started by the suite (its outbox)');
  const email = uniqueEmail('carried');
  const origin = { Origin: baseURL! };
  /** Opens the newest verification link mailed to `email` until this session's address is proved. */
  const proveFor = async (request: Page['request']) => {
    await expect
      .poll(async () => {
        const link = await waitForLink(path.join(dataDir!, 'outbox'), email, '/auth/verify');
        await request.post('/api/auth/email/verify', {
          headers: origin,
          data: { token: link.searchParams.get('token') },
        });
        const me = await request.get('/api/me');
        return ((await me.json()) as { user: { emailVerified: boolean } }).user.emailVerified;
      })
      .toBe(true);
  };

  // Someone proved this address, excluded themselves for good and erased the account…
  const context = await browser.newContext({ baseURL });
  const before = context.request;
  const erased = await signUpViaApi(before, { email, firstName: 'Mutinta', lastName: 'Hamoonga' });
  await proveFor(before);
  await before.post('/api/me/exclusion', { headers: origin, data: { period: 'permanent' } });
  const gone = await before.delete('/api/me', {
    headers: origin,
    data: { password: erased.password },
  });
  expect(gone.status()).toBe(200);
  await context.close();
  // …then the address's holder signs up again and proves it: the exclusion holds them.
  await signUpViaApi(page.request, { email, firstName: 'Mutinta', lastName: 'Hamoonga' });
  await proveFor(page.request);

  await signInAdmin(page.request);
  await page.goto('/rentalgame/admin');
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByLabel('Name, email or phone').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Mutinta Hamoonga' }).click();
  const carried = page.getByTestId('carried-exclusions');
  await expect(carried).toContainText('Blocking · matched by their proved email · permanent');
  await expect(page.getByTestId('user-exclusion')).toHaveText('Self-excluded permanently.');
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 740, height: 360 },
    { width: 1366, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await attach(page, testInfo, 'console-carried-exclusion');
  }

  await carried.getByLabel('Decision').selectOption('void');
  await carried
    .getByLabel(/^Reason/)
    .fill('Checked the ID at the shop: the account holder, not the person who excluded.');
  await carried.getByRole('button', { name: 'Save review' }).click();
  await expect(carried).toContainText('Not blocking');
  await expect(carried).toContainText('Reviewed: void · Checked the ID at the shop');
  await expect(page.getByTestId('user-exclusion')).toHaveText('Not self-excluded.');
  await attach(page, testInfo, 'console-carried-exclusion-voided');
});
