// Proving the email and resetting a forgotten password, as a person does it: the mail is read from
// the product's outbox ($DATA_DIR/outbox/*.eml, where mail goes without SMTP_URL).
import path from 'node:path';
import { waitForLink } from '#tests/support/outbox.ts';
import {
  expect,
  screenshot,
  signUpViaApi,
  test,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the outbox is unknown');
  return path.join(dataDir, 'outbox');
}

test.skip(!process.env.E2E_DATA_DIR, 'needs the product started by the suite (its outbox)');

test('a new player confirms the email from the mailed link', async ({ page }) => {
  const email = uniqueEmail('verify');
  await page.goto('/auth?mode=signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await waitForHydration(page);
  await form.getByLabel('First name').fill('Natasha');
  await form.getByLabel('Surname').fill('Mumba');
  await form.getByLabel('Phone number').fill('0971234567');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('kafue-bridge-42');
  await form.getByLabel('I am 18 years old or older.').check();
  await form.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  const notice = page.getByRole('status').filter({ hasText: 'Please confirm your email address.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(email);
  await screenshot(page, 'dashboard-unverified');

  const link = await waitForLink(outboxDir(), email, '/auth/verify');
  expect(link.origin).toBe(new URL(page.url()).origin);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your email address is verified.' }),
  ).toBeVisible();
  await screenshot(page, 'auth-verified');

  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await expect(page.getByText('Please confirm your email address.')).toHaveCount(0);
  await page.getByRole('link', { name: /^Your account/ }).click();
  await expect(page.getByTestId('email-status')).toHaveText('(verified)');
  await waitForHydration(page, 'form[aria-label="Change password"]');
  await screenshot(page, 'account-settings');

  // The same link a second time says so.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toContainText(
    'This link is not valid any more. Ask for a new one.',
  );
});

test('a player who forgot the password resets it from the mailed link', async ({ page }) => {
  // The account exists; this browser is signed out.
  const user = await signUpViaApi(page.request, { email: uniqueEmail('forgot') });
  await page.context().clearCookies();

  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: 'If an account exists for that address, we sent a link to reset its password.',
    }),
  ).toBeVisible();
  await screenshot(page, 'auth-forgot-sent');

  const link = await waitForLink(outboxDir(), user.email, '/auth/reset');
  await page.goto(`${link.pathname}${link.search}`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await form.getByLabel('New password', { exact: true }).fill('password1');
  await form.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    form.getByText('This password is too common. Please choose one that is harder to guess.'),
  ).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('lusaka-sunrise-2026');
  await form.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password is changed.' }),
  ).toBeVisible();
  await screenshot(page, 'auth-reset-done');

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await waitForHydration(page);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill(user.email);
  await login.getByLabel('Password', { exact: true }).fill(user.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect password. Please try again.');
  await login.getByLabel('Password', { exact: true }).fill('lusaka-sunrise-2026');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
});

test('a player changes the password on the account page and stays signed in', async ({ page }) => {
  const user = await signUpViaApi(page.request, { email: uniqueEmail('change') });

  await page.goto('/rentalgame/account');
  await expect(page.getByTestId('email-status')).toHaveText('(not verified yet)');
  await expect(
    page.getByRole('status').filter({ hasText: 'Please confirm your email address.' }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Change password' });
  await waitForHydration(page, 'form[aria-label="Change password"]');
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('chongwe-river-77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Incorrect password. Please try again.')).toBeVisible();

  await form.getByLabel('Current password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByRole('status').filter({ hasText: 'Your password is changed.' }),
  ).toBeVisible();
  await screenshot(page, 'account-password-changed');
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
});

test('after signing out, Back shows none of the account: its pages were never stored', async ({
  page,
}) => {
  const user = await signUpViaApi(page.request, {
    email: uniqueEmail('back'),
    firstName: 'Thandiwe',
    lastName: 'Zulu',
  });
  // A desktop, where the header's user menu is in view.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/rentalgame/account');
  await expect(page.getByText(user.email).first()).toBeVisible();
  await page.goto('/');
  const menu = page.locator('details.user-menu');
  await expect(menu).toBeVisible();

  await menu.locator('summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Back to the home page, then Back to the account page: each is asked of the server again.
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByText(user.email)).toHaveCount(0);
  await expect(page.getByText(user.phone)).toHaveCount(0);
  await expect(page.getByText('Thandiwe Zulu')).toHaveCount(0);
});
