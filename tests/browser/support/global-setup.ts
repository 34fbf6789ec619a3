// Starts the whole product once for the browser suite (tests/support/product.ts: scripts/start.ts
// on free ports, with its own temp data folder and database). Settings reach the tests as
// environment variables (Playwright hands the runner's environment to its workers).
import { randomBytes, randomUUID } from 'node:crypto';
import { purposeKey } from '#wire/signing.ts';
import { resolveChromium } from '#tests/support/chromium.ts';
import { startProduct } from '#tests/support/product.ts';

export default async function globalSetup(): Promise<void> {
  const browser = resolveChromium();
  console.log(`[browser] Chromium (${browser.source}): ${browser.executablePath}`);
  if (process.env.E2E_BASE_URL) return; // a product that is already running

  const adminEmail = `admin.${randomUUID().slice(0, 8)}@example.zm`;
  // The secrets are the run's own, so that the tests can sign the test clock's calls
  // (TEST_CLOCK=1: support/clock.ts, docs/decisions/083).
  const internalSecret = randomBytes(32).toString('hex');
  const product = await startProduct({
    prefix: 'zed-browser-',
    env: {
      SANDBOX_DELAY_MS: '300',
      GAME_TIME_SCALE: '0.05',
      ADMIN_EMAILS: adminEmail,
      TEST_CLOCK: '1',
      INTERNAL_SECRET: internalSecret,
    },
  });

  process.env.E2E_SERVER_PROCESS = JSON.stringify(product.process);
  process.env.E2E_DATA_DIR = product.dataDir;
  process.env.E2E_BASE_URL = product.baseUrl;
  process.env.E2E_PARTY_URL = product.partyUrl;
  process.env.E2E_TEST_CLOCK_KEY = purposeKey(internalSecret, 'test-clock');
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  console.log(`[browser] product ready at ${product.baseUrl} (log: ${product.logFile})`);
}
