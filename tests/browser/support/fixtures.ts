// What every browser test uses: the product's URL, a guard that fails the test on any console
// error or uncaught page error, and quick ways to make users and money through the public API
// (the forms are tested where they are the subject, not in every test's set-up).
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { waitForLink } from '#tests/support/outbox.ts';

export { expect };

export const PASSWORD = 'truck-company-1';
export const SCREENSHOT_DIR = path.resolve(
  import.meta.dirname,
  '../../../test-results/screenshots',
);

export interface TestUser {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npm run test:browser`');
  return url;
}

/** An email no other test (or earlier run against the same product) has used. */
export function uniqueEmail(label = 'player'): string {
  return `${label}.${randomUUID().slice(0, 12)}@example.zm`;
}

/** An address of the benchmarking range (RFC 2544), one per test. */
function testAddress(): string {
  const n = randomUUID().replace(/-/g, '');
  return `198.18.${parseInt(n.slice(0, 2), 16)}.${parseInt(n.slice(2, 4), 16)}`;
}

/** Headers of a browser call that changes something: the server wants its own Origin. */
function changing(): Record<string, string> {
  return { Origin: baseUrl() };
}

/** Chromium's own line for a fetch the API refused (4xx): the page handles those on purpose. */
function isHandledApiRefusal(text: string, url: string): boolean {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
    new URL(url, baseUrl()).pathname.startsWith('/api/')
  );
}

export const test = base.extend<{ consoleGuard: void }>({
  // Playwright reads a fixture's dependencies from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  // Each test is a person on their own network: the product counts sign-ups and guest visits per
  // client address (it trusts X-Forwarded-For from a proxy on its own machine, as the tests are),
  // so a suite of many sign-ups from 127.0.0.1 would read as one abusive address.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': testAddress() });
  },
  // Every test, automatically: a console.error or an uncaught error on any page fails it.
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        if (isHandledApiRefusal(message.text(), url)) return;
        // A not-found page answers its own address with 404, and a form post the server refused
        // answers with the form and its refusal under the API's status (4xx), as they should;
        // Chromium logs both.
        if (url === page.url() && /status of 4\d\d/.test(message.text())) return;
        problems.push(`console.error on ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) =>
        problems.push(`page error on ${page.url()}: ${error.message}`),
      );
      await use();
      expect(problems, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Signs a new player up through the API; the session lands in `request`'s cookies (the page's). */
export async function signUpViaApi(
  request: APIRequestContext,
  overrides: Partial<Omit<TestUser, 'id'>> = {},
): Promise<TestUser> {
  const person = {
    firstName: 'Chanda',
    lastName: 'Mwansa',
    phone: '0961234567',
    email: uniqueEmail(),
    password: PASSWORD,
    ...overrides,
  };
  const response = await request.post('/api/auth/signup', {
    headers: changing(),
    data: { ...person, adult: true, terms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { ...person, id: user.id };
}

export async function logInViaApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', {
    headers: changing(),
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function emailVerified(request: APIRequestContext): Promise<boolean> {
  const answer = await request.get('/api/me');
  return (
    ((await answer.json()) as { user?: { emailVerified?: boolean } }).user?.emailVerified === true
  );
}

/** Opens the verification link mailed to `email` (read from the product's outbox). */
async function proveEmail(request: APIRequestContext, email: string): Promise<void> {
  if (await emailVerified(request)) return;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error(`${email} is not verified and the product's outbox is unknown`);
  const link = await waitForLink(path.join(dataDir, 'outbox'), email, '/auth/verify');
  // Another test may have opened it first: then the account is verified all the same.
  await request.post('/api/auth/email/verify', {
    headers: changing(),
    data: { token: link.searchParams.get('token') },
  });
  await expect.poll(() => emailVerified(request)).toBe(true);
}

/**
 * The admin of this run (ADMIN_EMAILS, which counts only for a verified email): signed up and
 * verified the first time, logged in after that.
 */
export async function signInAdmin(request: APIRequestContext): Promise<void> {
  const email = process.env.E2E_ADMIN_EMAIL;
  if (!email) throw new Error('E2E_ADMIN_EMAIL is not set');
  const response = await request.post('/api/auth/signup', {
    headers: changing(),
    data: {
      firstName: 'Ada',
      lastName: 'Admin',
      phone: '0971234567',
      email,
      password: PASSWORD,
      adult: true,
      terms: true,
    },
  });
  if (response.status() === 409) await logInViaApi(request, email, PASSWORD);
  else expect(response.status(), await response.text()).toBe(201);
  await proveEmail(request, email);
}

/** A watch-only guest session. */
export async function startGuest(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/auth/guest', { headers: changing() });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Funds the signed-in player's wallet the way a person does: a deposit through the API with the
 * sandbox provider (by default an MTN number that approves), followed until the payment completes.
 * The number it came from may then receive withdrawals.
 */
export async function depositViaApi(
  request: APIRequestContext,
  amount: number,
  phone = '0961234567',
): Promise<void> {
  const response = await request.post('/api/wallet/deposit', {
    headers: { ...changing(), 'Idempotency-Key': randomUUID() },
    data: { phone, amount },
  });
  expect(response.status(), await response.text()).toBe(202);
  const { paymentId } = (await response.json()) as { paymentId: string };
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/wallet/payments/${paymentId}`);
        return ((await answer.json()) as { payment?: { status: string } }).payment?.status;
      },
      { timeout: 15_000, intervals: [200, 300, 500] },
    )
    .toBe('completed');
}

/** Resolves once the page's form has hydrated (forms carry `data-ready` from then on). */
export async function waitForHydration(page: Page, form = 'form'): Promise<void> {
  await page.locator(`${form}[data-ready="true"]`).first().waitFor();
}

/**
 * Takes a screenshot, again if Chromium gives up on one ("Unable to capture screenshot": on a busy
 * machine its compositor may not hand over a frame in time).
 */
export async function capture(take: () => Promise<Buffer>): Promise<Buffer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await take();
    } catch (error) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(String(error))) throw error;
    }
  }
}

/** A full-page screenshot as `test-results/screenshots/<name>-<width>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await capture(() =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true }),
  );
}

/**
 * Records every script the page loads, with its text, so a test can say what a page must not
 * ship (e.g. the game board's canvas library).
 */
export function trackScripts(page: Page): { scripts: { url: string; body: string }[] } {
  const record = { scripts: [] as { url: string; body: string }[] };
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    record.scripts.push({ url: response.url(), body });
  });
  return record;
}

/** True when a script is (part of) pixi.js. */
export function isPixi(script: { url: string; body: string }): boolean {
  return /pixi/i.test(new URL(script.url).pathname) || /PixiJS|@pixi\//.test(script.body);
}

/**
 * A room created through the API by the signed-in player of `request`; answers its ID. Private
 * unless asked: a room nobody else can find. (The quick-match test, which seats its player in any
 * open public room, runs after every other file: support/alone.ts.)
 */
export async function createRoomViaApi(
  request: APIRequestContext,
  settings: { amount?: number; time?: number; maxPlayers?: number; privacy?: string } = {},
): Promise<string> {
  const response = await request.post('/api/rooms', {
    headers: changing(),
    data: { amount: 10, time: 10, maxPlayers: 2, privacy: 'Private', ...settings },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { room: { roomId: string } }).room.roomId;
}

/** A practice game against `bots` bots, started through the API by `request`'s player; its ID. */
export async function createPracticeViaApi(
  request: APIRequestContext,
  settings: { time: number; bots: number },
): Promise<string> {
  const response = await request.post('/api/practice', { headers: changing(), data: settings });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { room: { roomId: string } }).room.roomId;
}

export async function joinViaApi(request: APIRequestContext, roomId: string): Promise<void> {
  const response = await request.post(`/api/rooms/${roomId}/join`, {
    headers: changing(),
    data: {},
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The signed-in player of `request` leaves the waiting room they sit in: 200 with the room, or 204
 * when they were its last player and it closed.
 */
export async function leaveViaApi(request: APIRequestContext, roomId: string): Promise<void> {
  const response = await request.post(`/api/rooms/${roomId}/leave`, {
    headers: changing(),
    data: {},
  });
  expect([200, 204], await response.text()).toContain(response.status());
}

/**
 * Another person in a browser context of their own, with the same guard as `page`: their console
 * errors and page errors land in `problems` (check it at the end of the test).
 */
export async function anotherPerson(
  browser: Browser,
  viewport = { width: 360, height: 640 },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (isHandledApiRefusal(message.text(), message.location().url)) return;
    problems.push(`console.error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  return { context, page, problems };
}

/** The signed-in player's balance in ZMW, as `/api/me` says. */
export async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/me');
  return ((await answer.json()) as { user: { accountBalance: number } }).user.accountBalance;
}
