// Every screen at 360 × 740, 740 × 360 and 1366 × 800: a screenshot kept in the report, axe-core
// finds nothing serious or critical, nothing scrolls sideways, the back links and the footer's links
// are touch targets at least 44 px tall, and the sticky header never hides the field that has focus.
// The live board and game over are checked the same way in phone-game-layout.spec.ts and
// phone-game-invite-rematch.spec.ts.
import type { Page, TestInfo } from '@playwright/test';
import {
  baseUrl,
  createRoomViaApi,
  depositViaApi,
  expect,
  signInAdmin,
  signUpViaApi,
  test,
} from './support/fixtures';
import {
  attachScreenshot,
  expectAccessible,
  expectNoSidewaysScroll,
  SIZES,
} from './support/screens';
import { movesWhileParsing } from './support/parse-order';

const TOUCH_TARGET_PX = 44;

/** Opens `path` and checks it at every size; `name` names the screenshots. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string, path: string) {
  await page.setViewportSize(SIZES[0]);
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('load');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const screen = `${name} (${size.name})`;
    await expectNoSidewaysScroll(page, screen);
    await expectAccessible(page, screen);
    await expectTouchTargets(page, screen);
    await attachScreenshot(page, testInfo, name);
  }
}

/** The back links and the footer's links: tall enough for a thumb. */
async function expectTouchTargets(page: Page, screen: string) {
  const small = await page.locator('.account__back a, .site-footer a').evaluateAll(
    (links, min) =>
      links
        .map((link) => ({
          text: link.textContent?.trim() ?? '',
          box: link.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width > 0 && box.height < min - 0.5)
        .map(({ text, box }) => `"${text}" ${Math.round(box.height)} px`),
    TOUCH_TARGET_PX,
  );
  expect(small, `links under ${TOUCH_TARGET_PX} px on ${screen}`).toEqual([]);
}

// One test per screen: each has its own time (three sizes, three axe runs), so a slow machine
// stretches every screen a little rather than one test over fifteen screens past its limit.
const PUBLIC_SCREENS = [
  ['home', '/'],
  ['log-in', '/auth'],
  ['sign-up', '/auth?mode=signup'],
  ['forgot-password', '/auth/forgot'],
  ['reset-password', '/auth/reset?token=expired'],
  ['verify-email', '/auth/verify?token=expired'],
  ['how-to-play', '/rentalgame/howtoplay'],
  ['practice', '/rentalgame/practice'],
  ['challenge', '/rentalgame/challenge'],
  ['responsible-play', '/responsible-play'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['about', '/about'],
  ['library', '/library'],
  ['not-found', '/no-such-page'],
] as const;

for (const [name, path] of PUBLIC_SCREENS) {
  test(`public screen: ${name}`, async ({ page }, testInfo) => {
    await checkScreen(page, testInfo, name, path);
  });
}

const PLAYER_SCREENS = [
  ['dashboard', '/rentalgame/dashboard'],
  ['create-game', '/rentalgame/createnewgame'],
  ['join-random', '/rentalgame/joinrandomroom'],
  ['game-history', '/rentalgame/gamehistory'],
  ['challenge-signed-in', '/rentalgame/challenge'],
  ['deposit', '/rentalgame/deposit'],
  ['withdraw', '/rentalgame/withdraw'],
  ['account-history', '/rentalgame/accounthistory'],
  ['account', '/rentalgame/account'],
  ['play-settings', '/rentalgame/responsible-play'],
  ['support', '/rentalgame/support'],
] as const;

for (const [name, path] of PLAYER_SCREENS) {
  test(`a player's screen: ${name}`, async ({ page }, testInfo) => {
    await signUpViaApi(page.request, { firstName: 'Chanda' });
    await depositViaApi(page.request, 60);
    await checkScreen(page, testInfo, name, path);
  });
}

test("a seated player's screens: the waiting room, then the dashboard with its way back", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request, { firstName: 'Chanda' });
  await depositViaApi(page.request, 60);
  // A seat puts the "Back to your game" bar on every page.
  const roomId = await createRoomViaApi(page.request, { privacy: 'Private' });
  await checkScreen(page, testInfo, 'waiting-room', `/rentalgame/boardgame/${roomId}`);
  await checkScreen(page, testInfo, 'dashboard-seated', '/rentalgame/dashboard');
});

test("the operator's console", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAdmin(page.request);
  await checkScreen(page, testInfo, 'admin', '/rentalgame/admin');
});

/** Where a page's HTML may stop arriving for a while: after any of its parts. */
const PAGE_PARTS = [
  'header > *',
  '.site-header__bar > *',
  '.site-nav > *',
  '.game-header__bar > *',
  '.game-header__who > *',
  '.game-header__text > *',
  'main > *',
  'main > * > *',
].join(', ');

test('a page painted before all of it has arrived: nothing in it moves when the rest comes', async ({
  browser,
  page,
}) => {
  // A player, so the header carries the bell, the balance and the menu.
  await signUpViaApi(page.request, { firstName: 'Chanda' });
  const context = await browser.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  for (const path of ['/', '/rentalgame/dashboard', '/rentalgame/deposit', '/about']) {
    await plain.goto(path);
    for (const size of SIZES) {
      await plain.setViewportSize(size);
      expect(await movesWhileParsing(plain, PAGE_PARTS), `${path} (${size.name})`).toEqual([]);
    }
  }
  await context.close();
});

test('the sticky header never hides the field that has focus', async ({ page }) => {
  await signUpViaApi(page.request, { firstName: 'Chanda' });
  await page.setViewportSize(SIZES[1]);
  await page.goto('/rentalgame/account');
  await expect(page.locator('h1').first()).toBeVisible();
  const header = await page.locator('.game-header').boundingBox();
  expect(header).not.toBeNull();
  for (const field of await page.locator('main input:visible').all()) {
    // To the bottom at once: the page scrolls smoothly (CSS), and a smooth scroll still running
    // would carry on past the focus's own scroll and leave the field out of sight.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await field.focus();
    const name = await field.getAttribute('name');
    // Smooth scrolling brings the field down from above the viewport; on a busy machine it takes a
    // while, so wait for where it comes to rest. A field left under the header never gets there.
    await expect
      .poll(async () => (await field.boundingBox())?.y ?? null, {
        message: `${name} under the header`,
      })
      .toBeGreaterThanOrEqual(header!.y + header!.height - 0.5);
  }
});
