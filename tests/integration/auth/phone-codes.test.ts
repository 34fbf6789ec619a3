// The stored sign-in codes on a real libSQL file: a code is never stored in clear (nor its number),
// whatever the code, and what is stored still checks the right code and only it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCodes } from '#db/schema/people.ts';
import type { AuthDeps } from '#site/server/auth/config.ts';
import {
  checkCode,
  codeHash,
  phoneDigest,
  randomCode,
  storeCode,
} from '#site/server/auth/phone-codes.ts';
import { startPhoneSignIn } from '#site/server/auth/phone-sign-in.ts';
import type { OutgoingSms } from '#site/server/sms/sender.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts';
import { TEST_CODE_KEY } from './harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.cleanup());

const codes = fc.stringMatching(/^\d{6}$/);
const phones = fc
  .tuple(fc.constantFrom('095', '096', '097', '076', '077'), fc.stringMatching(/^\d{7}$/))
  .map(([prefix, rest]) => `${prefix}${rest}`);

/** Every text held in the phone codes table, column by column. */
async function storedTexts(): Promise<string[]> {
  const rows = await db.database.read.select().from(phoneCodes);
  return rows.flatMap((row) => Object.values(row).map(String));
}

describe('stored sign-in codes', () => {
  it('never hold the code or the number in clear, and still check the right code only', async () => {
    let now = Date.UTC(2026, 0, 1);
    await fc.assert(
      fc.asyncProperty(phones, codes, codes, async (phone, code, other) => {
        now += 1;
        await db.database.write((tx) => storeCode(tx, TEST_CODE_KEY, phone, code, now));
        const stored = await db.database.read.select().from(phoneCodes);
        const mine = stored.find((r) => r.phoneDigest === phoneDigest(TEST_CODE_KEY, phone))!;
        // The text columns are keyed digests; the numeric ones are a counter and two times.
        expect(mine.codeHash).toBe(codeHash(TEST_CODE_KEY, phone, code));
        expect(mine).toMatchObject({ attempts: 0, expiresAt: now + 600_000, createdAt: now });
        for (const text of [mine.phoneDigest, mine.codeHash]) {
          expect(text).not.toContain(code);
          expect(text).not.toContain(phone.slice(1));
        }
        const wrong = await db.database.write((tx) =>
          checkCode(tx, TEST_CODE_KEY, phone, other, now),
        );
        expect(wrong.ok).toBe(other === code);
        const right = await db.database.write((tx) =>
          checkCode(tx, TEST_CODE_KEY, phone, code, now),
        );
        expect(right).toEqual({ ok: true });
      }),
      { numRuns: 60 },
    );
  });

  it('never hold the code the service sent, whatever it is (the whole table, every column)', async () => {
    const sent: OutgoingSms[] = [];
    let next = '';
    let now = Date.UTC(2026, 1, 1);
    const deps: AuthDeps = {
      database: db.database,
      config: { publicUrl: 'https://play.example.zm', adminEmails: [] },
      clock: () => now,
      phone: {
        sms: { send: async (sms) => void sent.push(sms) },
        codeKey: TEST_CODE_KEY,
        newCode: () => next,
      },
    };
    let address = 0;
    await fc.assert(
      fc.asyncProperty(phones, codes, async (phone, code) => {
        next = code;
        now += 24 * 3_600_000; // past every limit of the number
        address += 1;
        const outcome = await startPhoneSignIn(deps, { phone }, { address: `10.1.0.${address}` });
        expect(outcome.ok).toBe(true);
        expect(sent.at(-1)).toMatchObject({ to: phone, text: expect.stringContaining(code) });
        for (const text of await storedTexts()) {
          if (/^\d+$/.test(text)) continue; // attempts and times (digits by nature)
          expect(text).not.toContain(code);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('draws six digits, leading zeros included, spread over the whole range', () => {
    const drawn = Array.from({ length: 4000 }, randomCode);
    for (const code of drawn) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(drawn).size).toBeGreaterThan(3900);
    // Each leading digit about a tenth of the time (never zero, never all).
    const leading = new Map<string, number>();
    for (const code of drawn) leading.set(code[0]!, (leading.get(code[0]!) ?? 0) + 1);
    expect(leading.size).toBe(10);
    for (const count of leading.values()) expect(count).toBeGreaterThan(250);
  });
});
