// Deposit limits and self-exclusion through the HTTP API (real routers, real libSQL file, the
// built-in sandbox provider), on a simulated clock.
import { lusakaPeriod } from '#db/lusaka-time.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';

const HOUR = 60 * 60 * 1000;
// Wednesday 4 March 2026, 12:00 in Lusaka (10:00 UTC).
const START = Date.UTC(2026, 2, 4, 10);
let offset = 0;
const clock = () => START + offset;

let app: WalletApp;
beforeAll(async () => {
  app = await startWalletApp({ clock, sandboxDelayMs: 20 });
});
afterAll(() => app.close());

async function player(fundZmw = 0): Promise<TestPlayer> {
  const p = await app.player();
  if (fundZmw) await app.fund(p.id, fundZmw, clock());
  return p;
}

const userOf = (answer: { json: Record<string, unknown> }) =>
  answer.json.user as { exclusionUntil: string | null };

const deposit = (p: TestPlayer, amount: number, key?: string) =>
  p.client.post(
    '/api/wallet/deposit',
    { phone: '0961234567', amount, operator: 'mtn' },
    key ? { 'Idempotency-Key': key } : undefined,
  );

describe('GET/PUT /api/me/limits', () => {
  it('lowers at once, raises or removes only after 24 hours, and leaves out fields as they are', async () => {
    const p = await player();
    const empty = await p.client.get('/api/me/limits');
    expect(empty.json).toEqual({
      depositDaily: null,
      depositWeekly: null,
      depositMonthly: null,
      lossDaily: null,
      lossWeekly: null,
      lossMonthly: null,
      pending: [],
    });

    const set = await p.client.put('/api/me/limits', { depositDaily: 100, lossWeekly: 250.5 });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ depositDaily: 100, lossWeekly: 250.5, pending: [] });

    const raised = await p.client.put('/api/me/limits', { depositDaily: 200, lossWeekly: null });
    expect(raised.json).toMatchObject({
      depositDaily: 100,
      lossWeekly: 250.5,
      pending: [
        {
          field: 'depositDaily',
          value: 200,
          effectiveAt: new Date(clock() + 24 * HOUR).toISOString(),
        },
        {
          field: 'lossWeekly',
          value: null,
          effectiveAt: new Date(clock() + 24 * HOUR).toISOString(),
        },
      ],
    });
    const me = await p.client.get('/api/me');
    expect(me.json.user).toMatchObject({
      exclusionUntil: null,
      limits: { depositDaily: 100, lossWeekly: 250.5, lossDaily: null },
    });

    await p.client.put('/api/me/limits', { lossDaily: 20 });
    offset += 23 * HOUR;
    expect((await p.client.get('/api/me/limits')).json).toMatchObject({
      depositDaily: 100,
      lossDaily: 20,
      lossWeekly: 250.5,
    });
    offset += HOUR;
    expect((await p.client.get('/api/me/limits')).json).toMatchObject({
      depositDaily: 200,
      lossDaily: 20,
      lossWeekly: null,
      pending: [],
    });
  });

  it('refuses an amount that is not ZMW above 0 with at most 2 decimals', async () => {
    const p = await player();
    for (const bad of [-5, 0, 1.234, 'ten', true]) {
      const answer = await p.client.put('/api/me/limits', { depositDaily: bad });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        error:
          'Each limit is an amount in ZMW above 0 with at most 2 decimals, or null for no limit.',
        code: 'invalid_play_limit',
      });
    }
  });

  it('refuses guests', async () => {
    const guest = await app.guest();
    const answer = await guest.client.put('/api/me/limits', { depositDaily: 10 });
    expect(answer.status).toBe(403);
  });
});

describe('deposit limits', () => {
  it('refuses a deposit past the limit with limit_reached, the limit and when it resets', async () => {
    const p = await player();
    await p.client.put('/api/me/limits', { depositDaily: 100 });
    expect((await deposit(p, 60)).status).toBe(202);
    const refused = await deposit(p, 50);
    expect(refused.status).toBe(403);
    // Midnight of the next Lusaka day, as the clock stands now.
    const day = new Date(lusakaPeriod('day', clock()).end + 2 * HOUR);
    expect(refused.json).toEqual({
      code: 'limit_reached',
      error: `This deposit would take you past your daily deposit limit of ZMW 100.00. It resets on ${day.getUTCDate()} March 2026, 00:00 Lusaka time.`,
    });
    expect((await deposit(p, 40)).status).toBe(202);
  });

  it('two deposits at once cannot pass one limit together', async () => {
    const p = await player();
    await p.client.put('/api/me/limits', { depositWeekly: 100 });
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((key) => deposit(p, 60, `concurrent-${key}-${p.id}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 403, 403, 403]);
    expect(
      answers.filter((a) => a.status === 403).every((a) => a.json.code === 'limit_reached'),
    ).toBe(true);
  });
});

describe('POST /api/me/exclusion', () => {
  it('blocks deposits with self_excluded and the end date, but never withdrawals or history', async () => {
    const p = await player(50);
    const answer = await p.client.post('/api/me/exclusion', { period: '7d' });
    expect(answer.status).toBe(200);
    const until = new Date(clock() + 7 * 24 * HOUR);
    expect(answer.json).toEqual({ exclusion: { until: until.toISOString() } });

    const refused = await deposit(p, 10);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('self_excluded');
    const local = new Date(until.getTime() + 2 * HOUR);
    const hhmm = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
    expect(refused.json.error).toBe(
      `You have excluded yourself from play until ${local.getUTCDate()} March 2026, ${hhmm} Lusaka time: deposits, new games and joining games are closed until then. You can still sign in, withdraw your balance and see your history.`,
    );

    const withdrawn = await p.client.post('/api/wallet/withdraw', {
      phone: '0961234567',
      amount: 20,
      operator: 'mtn',
    });
    expect(withdrawn.status).toBe(202);
    expect((await p.client.get('/api/wallet/transactions')).status).toBe(200);
    expect(userOf(await p.client.get('/api/me')).exclusionUntil).toBe(until.toISOString());
    const relogin = await app.client().post('/api/auth/login', {
      email: p.email,
      password: 'correct-horse-battery',
    });
    expect(relogin.status).toBe(200);
  });

  it('cannot be shortened or lifted; a longer one extends it; permanent has no end', async () => {
    const p = await player();
    await p.client.post('/api/me/exclusion', { period: '30d' });
    const shorter = await p.client.post('/api/me/exclusion', { period: '24h' });
    expect(shorter.status).toBe(409);
    expect(shorter.json.code).toBe('exclusion_running');
    expect(shorter.json.error).toMatch(
      /^You are already excluded until .* Lusaka time\. An exclusion cannot be shortened or lifted early: choose a longer period to extend it\.$/,
    );

    const longer = await p.client.post('/api/me/exclusion', { period: '180d' });
    expect(longer.json).toEqual({
      exclusion: { until: new Date(clock() + 180 * 24 * HOUR).toISOString() },
    });
    const permanent = await p.client.post('/api/me/exclusion', { period: 'permanent' });
    expect(permanent.json).toEqual({ exclusion: { until: null } });
    expect(userOf(await p.client.get('/api/me')).exclusionUntil).toBe('permanent');
    const again = await p.client.post('/api/me/exclusion', { period: '180d' });
    expect(again.json).toEqual({
      error: 'You are already excluded permanently. An exclusion cannot be shortened or lifted.',
      code: 'exclusion_running',
    });
    const refused = await deposit(p, 10);
    expect(refused.json.error).toMatch(/^You have excluded yourself from play permanently/);
  });

  it('refuses an unknown period', async () => {
    const p = await player();
    const answer = await p.client.post('/api/me/exclusion', { period: '2d' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: 'Please choose a period of 24h, 7d, 30d, 180d or permanent.',
      code: 'invalid_period',
    });
  });

  it('ends when its time is over', async () => {
    const p = await player();
    await p.client.post('/api/me/exclusion', { period: '24h' });
    expect((await deposit(p, 10)).json.code).toBe('self_excluded');
    offset += 24 * HOUR;
    expect((await deposit(p, 10)).status).toBe(202);
    expect(userOf(await p.client.get('/api/me')).exclusionUntil).toBeNull();
  });
});
