// Withdrawals go only to numbers that funded the account (decision 018): the withdraw screen offers
// those numbers, and explains what to do when there are none.
import {
  depositViaApi,
  expect,
  screenshot,
  signUpViaApi,
  test,
  waitForHydration,
} from './support/fixtures';

test('with no deposit yet, the withdraw page says to deposit first from the number to be paid', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await page.goto('/rentalgame/withdraw');
  await expect(
    page.getByText('Make a deposit first from the number you want to be paid to.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  await screenshot(page, 'withdraw-no-numbers');
  await page.getByRole('link', { name: 'Make a deposit' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/deposit$/);
});

test('after deposits, the form offers those numbers and a withdrawal to one completes', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await depositViaApi(page.request, 50, '0961234567');
  await depositViaApi(page.request, 30, '0771234567');

  await page.goto('/rentalgame/withdraw');
  await waitForHydration(page);
  const number = page.getByLabel('Mobile money number');
  // The profile's number is proved, so it is chosen first; the other is offered beside it.
  await expect(number).toHaveValue('0961234567');
  await expect(number.locator('option')).toHaveText(['0771234567 (Airtel)', '0961234567 (MTN)']);
  await expect(page.getByLabel('Network')).toHaveValue('mtn');
  await expect(page.getByLabel('Network')).toBeDisabled();

  await number.selectOption('0771234567');
  await expect(page.getByLabel('Network')).toHaveValue('airtel');
  await page.getByLabel('Amount (ZMW)').fill('30');
  await screenshot(page, 'withdraw-numbers');
  await page.getByRole('button', { name: 'Withdraw ZMW 30.00' }).click();
  await expect(
    page.getByText('Your withdrawal of ZMW 30.00 has been sent to 0771234567.'),
  ).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 50.00');
});
