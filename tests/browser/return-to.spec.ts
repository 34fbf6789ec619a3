// After signing in, a crafted returnTo never takes the person off the site, whichever way the
// browser reaches it: the page's redirect for someone already signed in, and the log-in form.
import { expect, signUpViaApi, test, waitForHydration } from './support/fixtures';

const CRAFTED = ['/.//evil.example', '/%2e//evil.example', '/a/..//evil.example'];

for (const returnTo of CRAFTED) {
  test(`a signed-in visit to /auth?returnTo=${returnTo} stays on the site`, async ({
    page,
    baseURL,
  }) => {
    await signUpViaApi(page.request);
    await page.goto(`/auth?returnTo=${encodeURIComponent(returnTo)}`);
    await expect(page).toHaveURL(`${baseURL}/rentalgame/dashboard`);
  });
}

test('logging in with a crafted returnTo lands on the dashboard', async ({ page, baseURL }) => {
  const user = await signUpViaApi(page.request);
  await page.context().clearCookies();
  await page.goto(`/auth?returnTo=${encodeURIComponent(CRAFTED[0]!)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await waitForHydration(page);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${baseURL}/rentalgame/dashboard`);
});
