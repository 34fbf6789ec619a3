// Phone numbers as people paste them ("+260 96 123 4567", "096 123 4567") are taken whole by the
// sign-up and deposit forms: the field keeps the local 10 digits (site/shared/phone.ts).
import { expect, signUpViaApi, test, waitForHydration } from './support/fixtures';

const AS_PASTED = ['+260 96 123 4567', '096 123 4567', '260961234567'];

test('the sign-up form keeps a pasted +260 number whole', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await waitForHydration(page);
  const phone = page.getByLabel('Phone number');
  for (const pasted of AS_PASTED) {
    await phone.fill(pasted);
    await expect(phone).toHaveValue('0961234567');
  }
});

test('the deposit form keeps a pasted +260 number whole and knows its network', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await page.goto('/rentalgame/deposit');
  await waitForHydration(page);
  const phone = page.getByLabel('Mobile money number');
  for (const pasted of AS_PASTED) {
    await phone.fill(pasted);
    await expect(phone).toHaveValue('0961234567');
  }
  await expect(page.getByLabel('Network')).toHaveValue('mtn');
});
