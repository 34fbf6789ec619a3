// Support and the operator's console on a 360 × 740 phone: a failed deposit's "Get help" opens a
// prefilled support form; the admin finds the player, asks the provider about a pending payment and
// answers the ticket; the player reads the reply.
import type { Page, TestInfo } from '@playwright/test';
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

  await admin.getByRole('button', { name: 'Users', exact: true }).click();
  await admin.getByLabel('Name, email or phone').fill(email);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('button', { name: 'Bwalya Phiri' }).click();
  await expect(admin.getByTestId('user-file')).toContainText(email);
  await attach(admin, testInfo, 'console-user');

  await admin.getByRole('button', { name: 'Payments', exact: true }).click();
  const pending = admin.getByTestId('admin-payment').filter({ hasText: '0961234129' }).first();
  await pending.getByRole('button', { name: 'Ask the provider again' }).click();
  await expect(admin.getByText(/Asked the provider about .+: now pending\./)).toBeVisible();
  await attach(admin, testInfo, 'console-payment-reconciled');

  await admin.getByRole('button', { name: 'Support', exact: true }).click();
  const ticket = admin.getByTestId('admin-ticket').filter({ hasText: reference });
  await ticket
    .getByRole('textbox', { name: 'Reply' })
    .fill('We checked: the operator declined it. No money moved.');
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  await expect(ticket).toContainText('No money moved.');
  await attach(admin, testInfo, 'console-support-reply');

  await admin.getByRole('button', { name: 'System', exact: true }).click();
  await expect(admin.getByTestId('ledger-check')).toContainText('Balanced');
  await expect(admin.getByText(/payment\.reconcile/).first()).toBeVisible();
  await attach(admin, testInfo, 'console-system');
  await context.close();

  await page.reload();
  await expect(page.getByTestId('ticket-reply')).toContainText('No money moved.');
  await attach(page, testInfo, 'support-reply-seen');
});
