// The account, wallet, admin and content screens as a person uses them, on a 360 × 640 phone.
import {
  depositViaApi,
  expect,
  isPixi,
  screenshot,
  signInAdmin,
  signUpViaApi,
  startGuest,
  test,
  trackScripts,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';

test('a new player signs up, deposits, withdraws and sees both in the history', async ({
  page,
}) => {
  // A signed-out visit to the dashboard goes to sign-in, and comes back after it.
  await page.goto('/rentalgame/dashboard');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Frentalgame%2Fdashboard$/);
  await screenshot(page, 'auth-login');

  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await waitForHydration(page);
  await form.getByLabel('First name').fill('Chanda');
  await form.getByLabel('Surname').fill('Mwansa');
  await form.getByLabel('Phone number').fill('0961234567');
  await form.getByLabel('Email').fill(uniqueEmail('signup'));
  await form.getByLabel('Password', { exact: true }).fill('truck-company-1');
  await form.getByLabel('Show password').check();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await form.getByLabel('I am 18 years old or older.').check();
  await form.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await screenshot(page, 'auth-signup');
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
  await expect(page.getByText('Welcome, Chanda')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 0.00');
  for (const card of [
    'Home',
    'Create New Game',
    'Join a random room',
    'Game History',
    'Deposit',
    'Withdraw',
    'Account History',
    'How to Play',
    'Terms and Conditions',
    'Privacy Policy',
  ]) {
    await expect(page.getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();
  }
  await screenshot(page, 'dashboard');

  // Deposit through the form: the network follows the number, then the phone prompt, then done.
  await page.getByRole('link', { name: /^Deposit/ }).click();
  await expect(page).toHaveURL(/\/rentalgame\/deposit$/);
  await waitForHydration(page);
  await expect(page.getByLabel('Mobile money number')).toHaveValue('0961234567');
  await expect(page.getByLabel('Network')).toHaveValue('mtn');
  await page.getByLabel('Mobile money number').fill('0771234567');
  await expect(page.getByLabel('Network')).toHaveValue('airtel');
  await page.getByLabel('Mobile money number').fill('0961234567');
  await expect(page.getByLabel('Network')).toHaveValue('mtn');
  // A quick amount fills the field in one tap; typing replaces it.
  const quick = page.getByRole('group', { name: 'Quick amounts' });
  await quick.getByRole('button', { name: 'ZMW 50.00' }).click();
  await expect(page.getByLabel('Amount (ZMW)')).toHaveValue('50');
  await expect(quick.getByRole('button', { name: 'ZMW 50.00' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel('Amount (ZMW)').fill('150');
  // The page asks after the payment a second after it starts, and the sandbox approves it sooner:
  // that answer waits until the waiting screen has been read, however slow the machine.
  let answerPoll = () => {};
  const screenRead = new Promise<void>((resolve) => (answerPoll = resolve));
  await page.route('**/api/wallet/payments/*', async (route) => {
    await screenRead;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Deposit ZMW 150.00' }).click();

  await expect(
    page.getByRole('heading', { name: 'Approve the payment on your phone' }),
  ).toBeVisible();
  await expect(page.getByText(/Approve the payment of ZMW 150\.00 on your phone/)).toBeVisible();
  await screenshot(page, 'deposit-waiting');
  answerPoll();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your deposit of ZMW 150.00 is complete.' }),
  ).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 150.00');
  // and says what to do with the money next
  await expect(page.getByRole('link', { name: 'create a game' })).toHaveAttribute(
    'href',
    '/rentalgame/createnewgame',
  );
  await screenshot(page, 'deposit-completed');

  // Withdraw part of it.
  await page.goto('/rentalgame/withdraw');
  await waitForHydration(page);
  await expect(page.getByText('Available to withdraw: ZMW 150.00')).toBeVisible();
  await page.getByLabel('Amount (ZMW)').fill('40');
  await screenshot(page, 'withdraw');
  await page.getByRole('button', { name: 'Withdraw ZMW 40.00' }).click();
  await expect(
    page.getByText('Your withdrawal of ZMW 40.00 has been sent to 0961234567.'),
  ).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 110.00');
  await screenshot(page, 'withdraw-completed');

  // Both in the history, newest first, as stacked rows on a phone.
  await page.goto('/rentalgame/accounthistory');
  const rows = page.locator('.tx-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Withdrawal');
  await expect(rows.nth(0)).toContainText('-ZMW 40.00');
  await expect(rows.nth(0)).toContainText('Completed');
  await expect(rows.nth(1)).toContainText('Deposit');
  await expect(rows.nth(1)).toContainText('ZMW 150.00');
  await expect(rows.nth(1)).toContainText('Completed');
  await expect(page.locator('.tx-table thead')).not.toBeInViewport();
  await screenshot(page, 'account-history');
});

test('an empty history says so; the read-only pages ask the API nothing once loaded', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto('/rentalgame/accounthistory');
  await expect(page.getByText('No transaction history found.')).toBeVisible();
  await screenshot(page, 'account-history-empty');
  // Their data is in the first HTML (the route's loader): no /api round trip after the scripts run.
  // (The dashboard is a lobby now: its "Rooms open now" follows the lobby like join random's list.)
  for (const path of ['/rentalgame/accounthistory', '/rentalgame/gamehistory']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(asked).toEqual([]);
});

test('a signed-out deposit link comes back to the deposit form after logging in', async ({
  page,
}) => {
  const user = await signUpViaApi(page.request);
  await page.context().clearCookies();
  await page.goto('/rentalgame/deposit');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Frentalgame%2Fdeposit$/);
  const form = page.getByRole('form', { name: 'Log in' });
  await waitForHydration(page);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/deposit$/);
  await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();
});

test('the header balance follows money that moved elsewhere when the window regains focus', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await page.goto('/rentalgame/dashboard');
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 0.00');
  await depositViaApi(page.request, 25.5);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 25.50');
});

test('a guest may not deposit', async ({ page }) => {
  await startGuest(page.request);
  await page.goto('/rentalgame/deposit');
  await expect(page.getByRole('alert')).toContainText(
    'Guests can only watch. Please sign up to play.',
  );
  await expect(page.getByLabel('Amount (ZMW)')).toHaveCount(0);
  await screenshot(page, 'deposit-guest');

  const refused = await page.request.post('/api/wallet/deposit', {
    headers: { Origin: new URL(page.url()).origin },
    data: { phone: '0961234567', amount: 10, operator: 'mtn' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    error: 'Guests can only watch. Please sign up to play.',
    code: 'guest_not_allowed',
  });
});

test('the admin sees revenue; a player is turned away with Unauthorized access', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAdmin(page.request);
  await page.goto('/admin/admindashboard');
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByTestId('total-revenue')).toHaveText(/^ZMW [\d,]+\.\d{2}$/);
  await expect(page.getByRole('heading', { name: 'Revenue over time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest 50 records' })).toBeVisible();
  await screenshot(page, 'admin-dashboard');

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const player = await context.newPage();
  const errors: string[] = [];
  player.on('pageerror', (error) => errors.push(error.message));
  await signUpViaApi(player.request);
  await player.goto('/admin/admindashboard');
  await expect(player).toHaveURL(/\/rentalgame\/dashboard\?notice=unauthorized$/);
  await expect(player.getByRole('alert')).toContainText('Unauthorized access');
  await screenshot(player, 'dashboard-unauthorized');
  expect(errors).toEqual([]);
  await context.close();
});

const STATIC_PAGES = [
  { path: '/rentalgame/howtoplay', heading: 'How to Play', name: 'how-to-play' },
  { path: '/terms', heading: 'Terms and Conditions', name: 'terms' },
  { path: '/privacy', heading: 'Privacy Policy', name: 'privacy' },
  { path: '/library', heading: 'The four pillars, in depth', name: 'library' },
  { path: '/about', heading: 'Business education that keeps Zambia moving', name: 'about' },
];

for (const { path, heading, name } of STATIC_PAGES) {
  test(`${path} renders as a static page`, async ({ page }) => {
    const loaded = trackScripts(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // In the marketing frame: the navbar's brand link and the footer.
    await expect(page.getByRole('link', { name: /^Zed Truck Company\W+home$/ })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loaded.scripts.map((s) => s.url)).toEqual([]);
    await screenshot(page, name);
  });
}

test('the rules page draws the board, the die and a truck', async ({ page }) => {
  await page.goto('/rentalgame/howtoplay');
  await expect(page.getByRole('img', { name: /The board: 20 tiles in a ring/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'A die showing six' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'A truck' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Gud Will' })).toBeVisible();
});

test('home, auth and deposit load no canvas code', async ({ page }) => {
  const loaded = trackScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/auth');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await signUpViaApi(page.request);
  await page.goto('/rentalgame/deposit');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(loaded.scripts.length).toBeGreaterThan(0);
  expect(loaded.scripts.filter(isPixi).map((s) => s.url)).toEqual([]);
});

test('the leave icon goes to the dashboard from a game screen, not to the marketing home', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await page.goto('/rentalgame/deposit');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Leave to the dashboard' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/dashboard$/);
});

test('tablet and desktop widths: the dashboard grid and the history table', async ({ page }) => {
  await signUpViaApi(page.request);
  await depositViaApi(page.request, 75);
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/rentalgame/dashboard');
    await expect(page.getByTestId('header-balance')).toHaveText('ZMW 75.00');
    await screenshot(page, 'dashboard');
    await page.goto('/rentalgame/accounthistory');
    await expect(page.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Deposit ZMW 75\.00 Completed/ })).toBeVisible();
    await screenshot(page, 'account-history');
    await page.goto('/rentalgame/deposit');
    await screenshot(page, 'deposit');
  }
});
