// Calls that anyone can send without a key (payment callbacks, the room servers' side door) are
// refused; each refusal is counted (site/server/refusal-counter.ts, for /metrics) and the operator's
// error log gets at most one row per kind a minute, saying how many were refused since the last,
// never one row per call.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrors } from '#db/schema/operator.ts';
import { refusalCounts } from '#site/server/refusal-counter.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import {
  postCallback,
  sandboxCallback,
  startWalletApp,
  type WalletApp,
} from '#tests/support/wallet-app.ts';

const BURST = 200;
const MINUTE = 60_000;

async function rowsSaying(database: WalletApp['database'], message: string) {
  return database.read.select().from(adminErrors).where(eq(adminErrors.message, message));
}

describe('unsigned payment callbacks', () => {
  let app: WalletApp;
  let now = Date.now();
  beforeAll(async () => {
    app = await startWalletApp({ clock: () => now });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a burst of 200 is refused, counted, and written to the error log as one row a minute', async () => {
    const message = 'Payment callback refused: invalid signature';
    const before = refusalCounts().payment_callback_signature;
    const forged = () =>
      sandboxCallback(
        app.url,
        {
          id: crypto.randomUUID(),
          kind: 'deposit',
          status: 'COMPLETED',
          amount: '20',
          phone: '0961234567',
        },
        { unsigned: true },
      );
    const statuses = await Promise.all(Array.from({ length: BURST }, () => postCallback(forged())));
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(refusalCounts().payment_callback_signature - before).toBe(BURST);
    const rows = await rowsSaying(app.database, message);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.details ?? '{}')).toMatchObject({
      provider: 'sandbox',
      refusedSinceLastRow: 1,
    });

    // A minute on, the next refusal writes the next row, with how many there were since the last.
    now += MINUTE;
    expect(await postCallback(forged())).toBe(401);
    const later = await rowsSaying(app.database, message);
    expect(later).toHaveLength(2);
    const newest = later.find((row) => row.id !== rows[0]!.id)!;
    expect(JSON.parse(newest.details ?? '{}')).toMatchObject({ refusedSinceLastRow: BURST });
  });
});

describe('unsigned internal calls', () => {
  let app: RoomsApp;
  beforeAll(async () => {
    app = await startRoomsApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a burst of 200 is refused, counted, and written to the error log as one row a minute', async () => {
    const message = 'Refused an unsigned internal call';
    const before = refusalCounts().internal_call_signature;
    const unsigned = () =>
      fetch(`${app.url}/api/internal/rooms/abcdefghij234567`).then(async (response) => {
        await response.body?.cancel();
        return response.status;
      });
    const statuses = await Promise.all(Array.from({ length: BURST }, unsigned));
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(refusalCounts().internal_call_signature - before).toBe(BURST);
    await expect.poll(async () => (await rowsSaying(app.db.database, message)).length).toBe(1);

    app.advance(MINUTE);
    expect(await unsigned()).toBe(401);
    await expect.poll(async () => (await rowsSaying(app.db.database, message)).length).toBe(2);
    const rows = await rowsSaying(app.db.database, message);
    const counts = rows.map(
      (row) =>
        (JSON.parse(row.details ?? '{}') as { refusedSinceLastRow: number }).refusedSinceLastRow,
    );
    expect(counts.sort((a, b) => a - b)).toEqual([1, BURST]);
  });
});
