// A new player signs up with a mobile number and an SMS code, in one go on a 360 × 740 phone: the
// number (the first thing the sign-in page asks), the code read from the product's SMS outbox
// ($E2E_DATA_DIR/outbox/sms, as a person reads their phone), then names and the two consents, and
// lands on the dashboard signed in with the number proved. Each step's screen is kept at the three
// sizes (screenshots attached), with no serious axe finding.
import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { readSmsOutbox, waitForSmsCode } from '#tests/support/sms-outbox.ts';
import { expect, screenshot, test, waitForHydration } from './support/fixtures';
import { attachScreenshot, expectAccessible, expectOnScreen, SIZES } from './support/screens';

test.use({ viewport: { width: 360, height: 740 } });

function smsDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run the suite with `npm run test:browser`');
  return path.join(dataDir, 'outbox', 'sms');
}

/** The step's screen at each of the three sizes, then back to the phone. */
async function atEverySize(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, name);
    await attachScreenshot(page, testInfo, name);
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

test('a new player signs up by phone through the SMS outbox and lands signed in', async ({
  page,
}, testInfo) => {
  const phone = `097${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

  await page.goto('/rentalgame/dashboard');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Frentalgame%2Fdashboard$/);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const form = page.getByRole('form', { name: 'Continue with your phone' });
  await waitForHydration(page, 'form.phone-sign-in');
  // The phone comes first, on the first screen; email and a password are still offered below it.
  const number = form.getByLabel('Mobile number');
  await expectOnScreen(
    page,
    form.getByRole('button', { name: 'Send me a code' }),
    'Send me a code',
  );
  await expect(page.getByRole('form', { name: 'Sign up' }).getByLabel('Email')).toBeAttached();
  await expectAccessible(page, 'the phone number step');
  await atEverySize(page, testInfo, 'phone-sign-up-number');

  const seen = (await readSmsOutbox(smsDir())).filter((m) => m.to === phone).length;
  await number.fill(`+260 ${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
  await expect(number).toHaveValue(phone);
  await form.getByRole('button', { name: 'Send me a code' }).click();
  await expect(form.getByText(`We sent a 6-digit code by SMS to ${phone}.`)).toBeVisible();
  const code = await waitForSmsCode(smsDir(), phone, { seen });
  // The code is on its way: the page is about it now, the other ways set aside.
  await expect(page.getByRole('form', { name: 'Sign up' })).toHaveCount(0);

  // A wrong code says how many tries are left, under the field.
  const codeField = form.getByLabel('Code from the SMS');
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText(/That code is not right\. .*\(4 tries left\)/)).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await atEverySize(page, testInfo, 'phone-sign-up-code');

  // The SMS line as pasted keeps its six digits.
  await codeField.fill(`${code} is your Zed Truck Company code.`);
  await expect(codeField).toHaveValue(code);
  await form.getByRole('button', { name: 'Continue' }).click();

  // A new number: names and the two consents; the email may stay empty.
  await expect(form.getByText('Number confirmed.', { exact: false })).toBeVisible();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('First name is required.')).toBeVisible();
  await expect(form.getByLabel('First name')).toBeFocused();
  await form.getByLabel('First name').fill('Mutale');
  await form.getByLabel('Surname').fill('Phiri');
  await form.getByLabel('I am 18 years old or older.').check();
  await form.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await expect(form.getByLabel('Email (optional)')).toHaveValue('');
  await expectAccessible(page, 'the new account step');
  await atEverySize(page, testInfo, 'phone-sign-up-details');
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await expect(page.getByText('Welcome, Mutale')).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(((await me.json()) as { user: unknown }).user).toMatchObject({
    phone,
    phoneVerified: true,
    email: '',
  });
});
