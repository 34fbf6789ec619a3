// Browser tests: Chromium against the whole product, started once by the global setup
// (scripts/start.ts on free ports with a temp database). `npm run test:browser`.
// Set E2E_BASE_URL to run against a product that is already running instead.
// Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the npm package's
// (tests/support/chromium.ts; unpacked on the first load of this file).
import { defineConfig } from '@playwright/test';
import { playwrightLaunchOptions } from '#tests/support/chromium.ts';
import { ALONE_SPEC } from '#tests/browser/support/alone.ts';

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  // Playwright empties its output folder at the start; screenshots live beside it, not inside.
  outputDir: 'test-results/playwright',
  globalSetup: './tests/browser/support/global-setup.ts',
  globalTeardown: './tests/browser/support/global-teardown.ts',
  // Ceilings for a hung test, not speed checks: beside a second suite on a 2-core machine a step
  // takes two to three times as long as alone (support/budget.ts sets the heavy tests' limits).
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: playwrightLaunchOptions(),
    // Mobile first: every test starts on a 360 × 640 screen unless it says otherwise.
    viewport: { width: 360, height: 640 },
    locale: 'en-GB',
    timezoneId: 'Africa/Lusaka',
    // The service worker answers page navigations; only pwa.spec.ts, which tests it, lets it run,
    // so that the other files' routes, offline switches and request counts see the pages themselves.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // A quick match seats its player in any open public room at its stake, which may be another
  // test's: the files that use one (`*.alone.spec.ts`, support/alone.ts) run after every other
  // file has finished. They are the `teardown` of the rest because a teardown runs even when a
  // test before it failed (a dependency would be skipped); a run of other files brings them along.
  projects: [
    { name: 'shared', testIgnore: ALONE_SPEC, teardown: 'alone' },
    { name: 'alone', testMatch: ALONE_SPEC },
  ],
});
