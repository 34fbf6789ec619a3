// Every account and wallet error of the spec's catalogue that a person can cause, shown word for
// word with what to do next.
import type { Page } from '@playwright/test';
import {
  depositViaApi,
  expect,
  PASSWORD,
  screenshot,
  signUpViaApi,
  test,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';

async function openSignup(page: Page) {
  await page.goto('/auth?mode=signup');
  await waitForHydration(page);
  return page.getByRole('form', { name: 'Sign up' });
}

async function openLogin(page: Page) {
  await page.goto('/auth');
  await waitForHydration(page);
  return page.getByRole('form', { name: 'Log in' });
}

test.describe('sign-up', () => {
  test('missing fields each say what is required', async ({ page }) => {
    const form = await openSignup(page);
    await form.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'First name is required.',
      'Surname is required.',
      'Phone number is required.',
      'Email is required.',
      'Password is required.',
      'Please confirm that you are 18 or older: real-money games are for adults only.',
      'Please accept the Terms and Conditions and the Privacy Policy to continue.',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    // Focus goes to the first field to fix, which names its error.
    await expect(form.getByLabel('First name')).toBeFocused();
    await expect(form.getByLabel('First name')).toHaveAccessibleDescription(
      'First name is required.',
    );
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await screenshot(page, 'auth-signup-missing');
  });

  test('an invalid email, a short password and a bad phone number', async ({ page }) => {
    const form = await openSignup(page);
    await form.getByLabel('First name').fill('Bwalya');
    await form.getByLabel('Surname').fill('Phiri');
    await form.getByLabel('Phone number').fill('0881234567');
    await form.getByLabel('Email').fill('bwalya@example');
    await form.getByLabel('Password', { exact: true }).fill('1234567');
    await form.getByLabel('I am 18 years old or older.').check();
    await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Password should be at least 8 characters long.')).toBeVisible();
    await expect(
      form.getByText('Please enter a valid Zambian phone number (e.g., 096...).'),
    ).toBeVisible();
    await screenshot(page, 'auth-signup-invalid');

    // Each message goes as soon as its field is right; the others stay until they are.
    await form.getByLabel('Email').fill('bwalya@example.zm');
    await expect(form.getByText('Please enter a valid email address.')).toHaveCount(0);
    await expect(form.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Phone number').fill('0961234567');
    await expect(
      form.getByText('Please enter a valid Zambian phone number (e.g., 096...).'),
    ).toHaveCount(0);
    await expect(form.getByText('Password should be at least 8 characters long.')).toBeVisible();
  });

  test('an email that is already registered', async ({ page }) => {
    const taken = await signUpViaApi(page.request);
    await page.context().clearCookies();
    const form = await openSignup(page);
    await form.getByLabel('First name').fill('Bwalya');
    await form.getByLabel('Surname').fill('Phiri');
    await form.getByLabel('Phone number').fill('0971234567');
    await form.getByLabel('Email').fill(taken.email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('I am 18 years old or older.').check();
    await form.getByRole('checkbox', { name: /I accept the Terms/ }).check();
    await form.getByRole('button', { name: 'Create account' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This email is already registered.');
    await screenshot(page, 'auth-signup-taken');
    // What to do next: log in with it instead, keeping the email typed.
    await alert.getByRole('button', { name: 'Log in with this email' }).click();
    await expect(page.getByRole('form', { name: 'Log in' }).getByLabel('Email')).toHaveValue(
      taken.email,
    );
  });
});

test.describe('login', () => {
  test('an unknown email', async ({ page }) => {
    const form = await openLogin(page);
    await form.getByLabel('Email').fill(uniqueEmail('nobody'));
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('no account found with this email');
    await expect(page.getByRole('button', { name: 'create an account' })).toBeVisible();
    await screenshot(page, 'auth-login-unknown');
  });

  test('a wrong password', async ({ page }) => {
    const user = await signUpViaApi(page.request);
    await page.context().clearCookies();
    const form = await openLogin(page);
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect password. Please try again.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an invalid email is caught before sending', async ({ page }) => {
    const form = await openLogin(page);
    await form.getByLabel('Email').fill('not an email');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  });
});

test.describe('deposit and withdraw', () => {
  test('an invalid phone number and an invalid amount keep the button disabled', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await page.goto('/rentalgame/deposit');
    await waitForHydration(page);
    const phone = page.getByLabel('Mobile money number');
    const submit = page.getByRole('button', { name: /^Deposit/ });

    await phone.fill('0881234567');
    await expect(
      page.getByText('Please enter a valid Zambian phone number (e.g., 096...).'),
    ).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    // The field keeps at most the 10 local digits, however much is typed or pasted.
    await phone.fill('0881234567890123');
    await expect(phone).toHaveValue('0881234567');
    await page.getByLabel('Amount (ZMW)').fill('20');
    await expect(submit).toBeDisabled();

    await phone.fill('0951234567');
    await expect(page.getByLabel('Network')).toHaveValue('zamtel');
    await expect(submit).toBeEnabled();

    await page.getByLabel('Amount (ZMW)').fill('0');
    await expect(page.getByText('Please enter a valid amount.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await screenshot(page, 'deposit-invalid');
  });

  test('a deposit the phone does not approve fails with the reason and what to do', async ({
    page,
  }) => {
    await signUpViaApi(page.request);
    await page.goto('/rentalgame/deposit');
    await waitForHydration(page);
    // The sandbox refuses numbers ending 039, like pawaPay's "not approved" test number.
    await page.getByLabel('Mobile money number').fill('0961234039');
    await page.getByLabel('Amount (ZMW)').fill('30');
    await page.getByRole('button', { name: 'Deposit ZMW 30.00' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Your deposit did not go through. No money was taken. The payment was not approved on the phone.',
    );
    await expect(page.getByTestId('header-balance')).toHaveText('ZMW 0.00');
    await screenshot(page, 'deposit-failed');
  });

  test('a withdrawal above the balance', async ({ page }) => {
    await signUpViaApi(page.request);
    await depositViaApi(page.request, 20);
    await page.goto('/rentalgame/withdraw');
    await waitForHydration(page);
    await page.getByLabel('Amount (ZMW)').fill('500');
    await page.getByRole('button', { name: 'Withdraw ZMW 500.00' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Insufficient balance.');
    await expect(alert).toContainText('Your balance is ZMW 20.00.');
    await expect(page.getByTestId('header-balance')).toHaveText('ZMW 20.00');
    await screenshot(page, 'withdraw-insufficient');
  });
});
