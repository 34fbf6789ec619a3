import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '#db/schema/people.ts';
import { admit, type CounterCheck } from '#site/server/rate-limit/counters.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts';

let db: TestDatabase;
beforeEach(async () => {
  db = await createTestDatabase();
});
afterEach(() => db.cleanup());

const take = (checks: CounterCheck[], now: number) =>
  db.database.write((tx) => admit(tx, checks, now));

const account: CounterCheck = { key: 'x:account:a', limit: 3, windowMs: 60_000 };
const address: CounterCheck = { key: 'x:address:1.2.3.4', limit: 5, windowMs: 600_000 };

describe('rate-limit counters', () => {
  it('admits up to the limit in a window, then says how long until it ends', async () => {
    for (let i = 0; i < 3; i++) expect(await take([account], 1000 + i)).toEqual({ ok: true });
    expect(await take([account], 11_000)).toEqual({
      ok: false,
      retryAfterMs: 50_000,
      full: [{ key: account.key, retryAfterMs: 50_000 }],
    });
    expect(await take([account], 61_000)).toEqual({ ok: true });
  });

  it('counts a refused request against no counter', async () => {
    for (let i = 0; i < 3; i++) await take([account, address], 0);
    expect((await take([account, address], 0)).ok).toBe(false);
    const rows = await db.database.read.select().from(rateLimitCounters);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.count]))).toEqual({
      [account.key]: 3,
      [address.key]: 3,
    });
    // Another account behind the same address still has the address's two remaining requests.
    const other = { ...account, key: 'x:account:b' };
    expect(await take([other, address], 0)).toEqual({ ok: true });
    expect(await take([other, address], 0)).toEqual({ ok: true });
    expect(await take([other, address], 0)).toEqual({
      ok: false,
      retryAfterMs: 600_000,
      full: [{ key: address.key, retryAfterMs: 600_000 }],
    });
  });

  it('names every full counter with its own wait, and waits for the longest', async () => {
    const minute: CounterCheck = { key: 'x:phone-minute:0961234567', limit: 1, windowMs: 60_000 };
    const hour: CounterCheck = { key: 'x:phone-hour:0961234567', limit: 1, windowMs: 3_600_000 };
    expect(await take([minute, hour], 0)).toEqual({ ok: true });
    expect(await take([minute, hour], 10_000)).toEqual({
      ok: false,
      retryAfterMs: 3_590_000,
      full: [
        { key: minute.key, retryAfterMs: 50_000 },
        { key: hour.key, retryAfterMs: 3_590_000 },
      ],
    });
  });

  it('admits exactly the limit out of a burst, across concurrent requests', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => take([address], 0)));
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
  });

  it('clears expired counters as it goes', async () => {
    for (let i = 0; i < 30; i++) {
      await take([{ key: `x:address:10.0.0.${i}`, limit: 1, windowMs: 1000 }], 0);
    }
    await take([account], 5000);
    await take([account], 5001);
    const keys = (await db.database.read.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toEqual([account.key]);
  });
});
