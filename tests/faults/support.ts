// What every fault case shares: players made through the real site's API, rooms played by bots
// through real tickets, and the check every case ends with (the ledger whole, every finished room's
// escrow at zero, every payment's money moved exactly once for its final status).
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createDatabase, type Database } from '#db/client.ts';
import { checkLedger } from '#db/ledger.ts';
import { startBot, type Bot } from '#tests/support/bot.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { HttpClient } from '#tests/support/http-client.ts';
import { freePort, removeDir, tempDir } from '#tests/support/partykit.ts';
import { startPart, type StartedPart } from '#tests/support/start-script.ts';
import { waitFor } from '#tests/support/wait.ts';

export interface WholeProduct {
  dataDir: string;
  product: StartedPart;
  /** The product's own database file, opened beside it. */
  database: Database;
  siteUrl: string;
  publicUrl: string;
}

/** `npm start` (START=all) over a new temp data folder and free ports, the sandbox provider. */
export async function startWholeProduct(options: {
  prefix: string;
  timeScale: number;
  sandboxDelayMs: number;
}): Promise<WholeProduct> {
  await ensureSiteBuild();
  const dataDir = await tempDir(options.prefix);
  const [port, partyPort] = [await freePort(), await freePort()];
  const publicUrl = `http://localhost:${port}`;
  const product = await startPart({
    name: 'product',
    dataDir,
    env: {
      PORT: String(port),
      PARTY_PORT: String(partyPort),
      PUBLIC_URL: publicUrl,
      GAME_TIME_SCALE: String(options.timeScale),
      SANDBOX_DELAY_MS: String(options.sandboxDelayMs),
    },
  });
  const database = createDatabase({ url: `file:${path.join(dataDir, 'app.db')}` });
  return { dataDir, product, database, siteUrl: `http://127.0.0.1:${port}`, publicUrl };
}

/**
 * The whole product for one test file: started in its `beforeAll`, stopped (the latest `product`:
 * a case that restarts it puts the new one here) and its data folder removed in its `afterAll`.
 */
export function wholeProductPerFile(
  options: Parameters<typeof startWholeProduct>[0],
): WholeProduct {
  const whole = {} as WholeProduct;
  beforeAll(async () => {
    Object.assign(whole, await startWholeProduct(options));
  }, 180_000);
  afterAll(async () => {
    whole.database?.close();
    await whole.product?.stop();
    if (whole.dataDir) await removeDir(whole.dataDir);
  });
  return whole;
}

export interface Player {
  id: string;
  client: HttpClient;
  email: string;
  /** The number its deposits come from (and so the one it may withdraw to). */
  phone: string;
}

let people = 0;

/** A signed-up player on `siteUrl` (its own forwarded address, so sign-up limits never bite). */
export async function signUp(siteUrl: string, publicUrl: string): Promise<Player> {
  people += 1;
  const client = new HttpClient(
    siteUrl,
    publicUrl,
    `203.0.${Math.floor(people / 200)}.${people % 200}`,
  );
  const email = `faults.${people}.${Date.now()}@example.zm`;
  const answer = await client.post('/api/auth/signup', {
    firstName: 'Bwalya',
    lastName: `Mwale${people}`,
    phone: '0971234567',
    email,
    password: 'truck-company-1',
    adult: true,
    terms: true,
  });
  expect(answer.status, answer.text).toBe(201);
  return { id: (answer.json.user as { id: string }).id, client, email, phone: '0961234567' };
}

/** Starts a deposit (202) and answers its payment id; the sandbox completes it later. */
export async function startDeposit(player: Player, zmw: number, phone = player.phone) {
  const answer = await player.client.post(
    '/api/wallet/deposit',
    { phone, amount: zmw },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(answer.status, answer.text).toBe(202);
  return answer.json.paymentId as string;
}

/** Starts a withdrawal to the player's proved number (202); its amount is held at once. */
export async function startWithdrawal(player: Player, zmw: number): Promise<string> {
  const answer = await player.client.post(
    '/api/wallet/withdraw',
    { phone: player.phone, amount: zmw },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(answer.status, answer.text).toBe(202);
  return answer.json.paymentId as string;
}

export async function paymentStatus(database: Database, paymentId: string): Promise<string> {
  const { rows } = await database.client.execute({
    sql: 'SELECT status FROM payment_requests WHERE id = ?',
    args: [paymentId],
  });
  return String(rows[0]?.status);
}

/**
 * A deposit made and completed (so the number is proved for withdrawals). With the sandbox, a
 * number ending in 079 takes deposits but fails every withdrawal (its hold returns to the wallet).
 */
export async function funded(
  siteUrl: string,
  publicUrl: string,
  database: Database,
  zmw: number,
  phone?: string,
): Promise<Player> {
  const player = { ...(await signUp(siteUrl, publicUrl)), ...(phone ? { phone } : {}) };
  const paymentId = await startDeposit(player, zmw);
  await waitFor(
    'a deposit to complete',
    async () => (await paymentStatus(database, paymentId)) === 'completed',
    60_000,
  );
  return player;
}

/** Creates a 10-minute room (scaled by GAME_TIME_SCALE) and answers its id. */
export async function createRoom(host: Player, amount: number, maxPlayers = 2): Promise<string> {
  const created = await host.client.post('/api/rooms', {
    amount,
    time: 10,
    maxPlayers,
    privacy: 'Private',
  });
  expect(created.status, created.text).toBe(201);
  return (created.json.room as { roomId: string }).roomId;
}

/** A bot on the player's seat, through a ticket from the site. */
export async function seatBot(player: Player, roomId: string, random: () => number): Promise<Bot> {
  const ticket = await waitFor('a ticket', async () => {
    const answer = await player.client.post(`/api/rooms/${roomId}/ticket`);
    return answer.status === 200 ? (answer.json.url as string) : null;
  });
  return startBot({ url: ticket, uid: player.id, random, buyChance: 0.6 });
}

/**
 * A ZMW 20 room for two funded players (ZMW 40 each; the guest's deposits from `guestPhone` when
 * given), both seated and each played by a bot.
 */
export async function twoPlayerGame(
  { siteUrl, publicUrl, database }: WholeProduct,
  random: () => number,
  guestPhone?: string,
) {
  const host = await funded(siteUrl, publicUrl, database, 40);
  const guest = await funded(siteUrl, publicUrl, database, 40, guestPhone);
  const roomId = await createRoom(host, 20);
  const joined = await guest.client.post(`/api/rooms/${roomId}/join`);
  expect(joined.status, joined.text).toBe(200);
  const seats = [host, guest];
  const bots = await Promise.all(seats.map((p) => seatBot(p, roomId, random)));
  return { host, guest, roomId, seats, bots };
}

export async function roomRow(database: Database, roomId: string) {
  const { rows } = await database.client.execute({
    sql: 'SELECT status, settled_at FROM rooms WHERE room_id = ?',
    args: [roomId],
  });
  return rows[0] as unknown as { status: string; settled_at: number | null } | undefined;
}

export async function waitForSettlement(database: Database, roomId: string, timeoutMs = 90_000) {
  await waitFor(
    `room ${roomId} to be settled`,
    async () => (await roomRow(database, roomId))?.settled_at != null,
    timeoutMs,
    200,
  );
}

/** Every payment reached a final status (none is left pending). */
export async function waitForPaymentsFinal(database: Database, timeoutMs = 90_000) {
  await waitFor(
    'every payment to reach its final status',
    async () => {
      const { rows } = await database.client.execute(
        "SELECT count(*) AS n FROM payment_requests WHERE status = 'pending'",
      );
      return Number(rows[0]?.n) === 0 || null;
    },
    timeoutMs,
    250,
  );
}

/** What a payment's status must have moved: [wallet, hold] change and how many transfers. */
function expectedMoves(kind: string, status: string, amount: number): [number, number, number] {
  if (kind === 'deposit') return status === 'completed' ? [amount, 0, 1] : [0, 0, 0];
  if (status === 'completed') return [-amount, 0, 2];
  if (status === 'failed') return [0, 0, 2];
  return [-amount, amount, 1];
}

/**
 * The end of every case: the ledger check clean; every settled room paid once and its escrow (and
 * every closed room's) at zero; every payment's money moved exactly once, as its status says.
 */
export async function expectMoneyWhole(database: Database): Promise<void> {
  expect(await checkLedger(database.read)).toEqual({
    sumOfAllPostings: 0,
    mismatchedAccounts: [],
    negativeAccounts: [],
    unbalancedTransfers: [],
  });
  const finished = await database.client.execute(
    "SELECT room_id, status, settled_at, practice FROM rooms WHERE status IN ('ended', 'closed')",
  );
  for (const room of finished.rows) {
    const roomId = String(room.room_id);
    const escrow = await database.client.execute({
      sql: 'SELECT coalesce(sum(amount), 0) AS total FROM postings WHERE account_id = ?',
      args: [`escrow:${roomId}`],
    });
    expect({ roomId, escrow: Number(escrow.rows[0]?.total) }).toEqual({ roomId, escrow: 0 });
    if (room.settled_at != null && !room.practice) {
      const settled = await database.client.execute({
        sql: 'SELECT count(*) AS n FROM transfers WHERE idempotency_key = ?',
        args: [`settle:${roomId}`],
      });
      expect({ roomId, settlements: Number(settled.rows[0]?.n) }).toEqual({
        roomId,
        settlements: 1,
      });
    }
  }
  const payments = await database.client.execute(
    'SELECT id, user_id, kind, status, amount FROM payment_requests',
  );
  for (const payment of payments.rows) {
    const id = String(payment.id);
    const userId = String(payment.user_id);
    const moved = await database.client.execute({
      sql: `SELECT
          coalesce(sum(CASE WHEN p.account_id = ? THEN p.amount END), 0) AS wallet,
          coalesce(sum(CASE WHEN p.account_id = ? THEN p.amount END), 0) AS hold,
          count(DISTINCT t.id) AS transfers
        FROM transfers t JOIN postings p ON p.transfer_id = t.id
        WHERE t.reference = ?`,
      args: [`wallet:${userId}`, `hold:${userId}`, id],
    });
    const row = moved.rows[0]!;
    const [wallet, hold, transfers] = expectedMoves(
      String(payment.kind),
      String(payment.status),
      Number(payment.amount),
    );
    expect({
      id,
      kind: payment.kind,
      status: payment.status,
      wallet: Number(row.wallet),
      hold: Number(row.hold),
      transfers: Number(row.transfers),
    }).toEqual({ id, kind: payment.kind, status: payment.status, wallet, hold, transfers });
  }
}
