// The database refusing writes, as on a full disk. SQLite's `max_page_count` on the site's one write
// connection stops the file from growing, and a filler table takes every free page: from then on a
// write that needs a new page fails with SQLITE_FULL, exactly as on a full disk (writes that fit in
// the free room of existing pages still succeed, as they would there). The person gets a clear 503
// that says nothing was changed and what to do; nothing is half-written; once there is room again,
// the same request goes through.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '#db/schema/people.ts';
import { expectConsoleError } from '#tests/support/console-errors.ts';
import { HttpClient } from '#tests/support/http-client.ts';
import { startWalletApp, TEST_PASSWORD, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;

beforeAll(async () => {
  app = await startWalletApp();
});

afterAll(async () => {
  await app?.close();
});

const sql = (statement: string) => app.database.client.execute(statement);

/** Stops the file growing and takes every free page left, as a disk full to the last byte. */
async function fillUp(): Promise<void> {
  await sql('CREATE TABLE IF NOT EXISTS filler (blob BLOB)');
  const pages = Number((await sql('PRAGMA page_count')).rows[0]?.[0]);
  await sql(`PRAGMA max_page_count = ${pages}`);
  for (let size = 65_536; size >= 16;) {
    try {
      await sql(`INSERT INTO filler VALUES (randomblob(${size}))`);
    } catch {
      size = Math.floor(size / 2);
    }
  }
}

async function makeRoom(): Promise<void> {
  await sql('DROP TABLE filler');
  await sql('PRAGMA max_page_count = 1073741823');
}

const signupBody = (email: string) => ({
  firstName: 'Chanda',
  lastName: 'Phiri',
  phone: '0971234567',
  email,
  password: TEST_PASSWORD,
  adult: true,
  terms: true,
});

describe('a full disk', () => {
  test('answers 503 storage_unavailable, writes nothing half-way, and recovers', async () => {
    expectConsoleError(/SQLITE_FULL/);
    await fillUp();
    let refused: { email: string; answer: Awaited<ReturnType<HttpClient['post']>> } | null = null;
    for (let i = 0; i < 50 && !refused; i++) {
      const email = `full.${i}.${Date.now()}@example.zm`;
      const client = new HttpClient(app.url, app.url, `203.0.113.${i + 1}`);
      const answer = await client.post('/api/auth/signup', signupBody(email));
      // Until the disk is full, sign-ups succeed; none fails any other way.
      expect([201, 503], answer.text).toContain(answer.status);
      if (answer.status === 503) refused = { email, answer };
    }
    expect(refused, 'no write ever needed a new page').not.toBeNull();
    const { email, answer } = refused!;
    expect(answer.json).toEqual({
      error:
        'We cannot save anything right now, so nothing was changed. Please try again in a few minutes.',
      code: 'storage_unavailable',
    });
    expect(answer.headers.get('retry-after')).toBe('60');
    // Nothing half-written: no account for the refused sign-up.
    expect(await app.database.read.select().from(users).where(eq(users.email, email))).toEqual([]);

    // Room again: the books are whole and the same request goes through.
    await makeRoom();
    expect(await app.ledger()).toEqual({
      sumOfAllPostings: 0,
      mismatchedAccounts: [],
      negativeAccounts: [],
      unbalancedTransfers: [],
    });
    const again = await new HttpClient(app.url, app.url, '203.0.113.200').post(
      '/api/auth/signup',
      signupBody(email),
    );
    expect(again.status, again.text).toBe(201);
  });
});
