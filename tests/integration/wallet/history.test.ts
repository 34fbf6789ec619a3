// The wallet history: every type of line, newest first, paged with an opaque cursor.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { refundStake, settleRoom, stake } from '#db/money.ts';
import { rooms } from '#db/schema/rooms.ts';
import { startWalletApp, type TestPlayer, type WalletApp } from '#tests/support/wallet-app.ts';

let app: WalletApp;
let player: TestPlayer;

interface Line {
  id: string;
  type: string;
  amount: number;
  currency: string;
  status: string;
  createdAt: string;
}

async function openRoom(hostId: string, stakeNgwee: number): Promise<string> {
  const roomId = crypto.randomUUID();
  await app.database.write((tx) =>
    tx.insert(rooms).values({
      roomId,
      roomName: "Mutale's Room",
      hostId,
      amount: stakeNgwee,
      timeMinutes: 10,
      maxPlayers: 2,
      privacy: 'Public',
      serverSeed: 'a'.repeat(64),
      serverSeedHash: 'b'.repeat(64),
      expiresAt: Date.now() + 60_000,
    }),
  );
  return roomId;
}

async function allPages(client: TestPlayer['client'], limit: number) {
  const pages: Line[][] = [];
  let next: string | null = null;
  do {
    const query: string = `limit=${limit}${next ? `&before=${encodeURIComponent(next)}` : ''}`;
    const answer = await client.get(`/api/wallet/transactions?${query}`);
    expect(answer.status).toBe(200);
    pages.push(answer.json.transactions as Line[]);
    next = answer.json.next as string | null;
  } while (next);
  return pages;
}

beforeAll(async () => {
  app = await startWalletApp();
  player = await app.player();
  // Twelve deposits, a stake refunded, a stake won (each a second apart, an hour ago), then a failed
  // and a pending withdrawal through the API: every type and status of line.
  let at = Date.now() - 3_600_000;
  const tick = () => (at += 1000);
  // The first two come from the numbers withdrawn to below (withdrawals go only to such numbers).
  const from = (i: number) => (i === 1 ? '0961234119' : i === 2 ? '0961234129' : undefined);
  for (let i = 1; i <= 12; i += 1) await app.fund(player.id, i, tick(), from(i));
  const refunded = await openRoom(player.id, 1000);
  await app.database.write((tx) => stake(tx, { roomId: refunded, userId: player.id, now: tick() }));
  await app.database.write((tx) =>
    refundStake(tx, { roomId: refunded, userId: player.id, now: tick() }),
  );
  const won = await openRoom(player.id, 1000);
  await app.database.write((tx) => stake(tx, { roomId: won, userId: player.id, now: tick() }));
  await app.database.write((tx) =>
    settleRoom(tx, {
      roomId: won,
      payouts: [{ userId: player.id, amount: 800 }],
      systemShare: 200,
      now: tick(),
    }),
  );
  const failed = await player.client.post('/api/wallet/withdraw', {
    phone: '0961234119', // sandbox: payout UNSPECIFIED_FAILURE
    amount: 3,
  });
  expect(failed.status).toBe(202);
  await app.waitFor(
    async () => (await app.payment(failed.json.paymentId as string))?.status === 'failed',
  );
  const pending = await player.client.post('/api/wallet/withdraw', {
    phone: '0961234129', // sandbox: stays pending
    amount: 2,
  });
  expect(pending.status).toBe(202);
});

afterAll(async () => {
  await app?.close();
});

test('lists every line newest first with its type, status and ZMW amount', async () => {
  const answer = await player.client.get('/api/wallet/transactions');
  const lines = answer.json.transactions as Line[];
  expect(lines).toHaveLength(18);
  expect(answer.json.next).toBeNull();
  const times = lines.map((line) => Date.parse(line.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(lines.slice(0, 6).map(({ type, status, amount }) => ({ type, status, amount }))).toEqual([
    { type: 'withdrawal', status: 'pending', amount: 2 },
    { type: 'withdrawal', status: 'failed', amount: 3 },
    { type: 'winnings', status: 'completed', amount: 8 },
    { type: 'stake', status: 'completed', amount: 10 },
    { type: 'refund', status: 'completed', amount: 10 },
    { type: 'stake', status: 'completed', amount: 10 },
  ]);
  const deposits = lines.slice(6);
  expect(deposits.every((line) => line.type === 'deposit' && line.status === 'completed')).toBe(
    true,
  );
  expect(deposits.map((line) => line.amount)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  for (const line of lines) {
    expect(Object.keys(line).sort()).toEqual(
      ['amount', 'createdAt', 'currency', 'id', 'status', 'type'].sort(),
    );
    expect(line.currency).toBe('ZMW');
  }
});

test('answers 25 lines by default and breaks same-millisecond ties the same way on every page', async () => {
  const twin = await app.player();
  const at = Date.now() - 60_000;
  for (let i = 1; i <= 30; i += 1) await app.fund(twin.id, i, at);
  const first = await twin.client.get('/api/wallet/transactions');
  expect(first.json.transactions).toHaveLength(25);
  expect(typeof first.json.next).toBe('string');
  const everything = (await twin.client.get('/api/wallet/transactions?limit=100')).json
    .transactions as Line[];
  expect(everything).toHaveLength(30);
  const ids = everything.map((line) => line.id);
  expect(ids).toEqual([...ids].sort().reverse());
  for (const limit of [1, 7, 25]) {
    const pages = await allPages(twin.client, limit);
    expect(pages.flat().map((line) => line.id)).toEqual(ids);
  }
});

test('pages through every line exactly once', async () => {
  const everything = (await player.client.get('/api/wallet/transactions?limit=100')).json
    .transactions as Line[];
  for (const limit of [1, 4, 7, 18, 25]) {
    const pages = await allPages(player.client, limit);
    expect(pages.flat().map((line) => line.id)).toEqual(everything.map((line) => line.id));
    expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
  }
});

test('refuses a bad limit or cursor with a clear message', async () => {
  for (const limit of ['0', '101', '-1', 'ten', '2.5', '']) {
    const answer = await player.client.get(`/api/wallet/transactions?limit=${limit}`);
    expect(answer.status, `limit=${limit}`).toBe(400);
    expect(answer.json).toEqual({
      error: 'limit must be a whole number from 1 to 100.',
      code: 'invalid_limit',
    });
  }
  for (const before of ['garbage', Buffer.from('[1,2]').toString('base64url'), '%5B%5D']) {
    const answer = await player.client.get(`/api/wallet/transactions?before=${before}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: 'The "before" cursor is not valid. Start again from the newest transactions.',
      code: 'invalid_cursor',
    });
  }
});

test("shows nobody else's lines", async () => {
  const stranger = await app.player();
  const answer = await stranger.client.get('/api/wallet/transactions');
  expect(answer.json).toEqual({ transactions: [], next: null });
});
