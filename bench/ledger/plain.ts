// The reference: a stake (wallet → room escrow) as the bare SQL the project's code runs for it
// (db/money.ts `stake` → db/ledger.ts `postTransfer`), replayed through plain `@libsql/client` on one
// connection, in one BEGIN IMMEDIATE transaction per transfer, with the PRAGMAs db/client.ts sets on a
// file (WAL, synchronous=FULL). No drizzle, no project code on the measured path; the fixture (schema,
// users, rooms, funding) is made with the project's own migrations and deposit path beforehand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { createDatabase } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { applyPaymentStatus, createPaymentRequest } from '#db/payments.ts';
import { rooms } from '#db/schema/rooms.ts';
import { users } from '#db/schema/people.ts';

/** The PRAGMAs db/client.ts applies to a `file:` database, in its order. */
export const FILE_PRAGMAS = [
  'PRAGMA journal_mode = WAL',
  'PRAGMA synchronous = FULL',
  'PRAGMA foreign_keys = ON',
  'PRAGMA busy_timeout = 5000',
];

/**
 * Where the benchmark files go: BENCH_DB_DIR, else the OS temp dir. Not /dev/shm (where the tests put
 * theirs): on tmpfs an fsync costs nothing and synchronous=FULL would measure nothing.
 */
export function benchDbRoot(): string {
  return process.env.BENCH_DB_DIR ?? tmpdir();
}

export function makeTempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(benchDbRoot(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface StakeFixture {
  url: string;
  userIds: string[];
  roomIds: string[];
  /** The stake of every room, ngwee. */
  amount: number;
}

/**
 * A migrated file with `users` funded players (each a completed sandbox deposit of `fundNgwee`
 * through db/payments) and `rooms` waiting rooms of `amount` ngwee, all hosted by the first player.
 */
export async function prepareStakeFixture(
  file: string,
  options: { users: number; rooms: number; fundNgwee: number; amount: number },
): Promise<StakeFixture> {
  const url = `file:${file}`;
  await runMigrations({ url });
  const userIds = Array.from({ length: options.users }, () => crypto.randomUUID());
  const roomIds = Array.from({ length: options.rooms }, () => crypto.randomUUID());
  const database = createDatabase({ url });
  try {
    await database.ready;
    const now = Date.now();
    await database.write(async (tx) => {
      for (const id of userIds) {
        await tx.insert(users).values({
          id,
          firstName: 'Bench',
          lastName: 'Player',
          phone: '0961234567',
          email: `${id}@example.test`,
        });
        const { payment } = await createPaymentRequest(tx, {
          userId: id,
          kind: 'deposit',
          provider: 'sandbox',
          phone: '0961234567',
          operator: 'mtn',
          amount: options.fundNgwee,
          now,
        });
        await applyPaymentStatus(tx, {
          paymentId: payment.id,
          status: 'completed',
          providerStatus: 'COMPLETED',
          source: 'callback',
          payload: { depositId: payment.id, status: 'COMPLETED' },
          now,
        });
      }
      for (let i = 0; i < roomIds.length; i += 100) {
        await tx.insert(rooms).values(
          roomIds.slice(i, i + 100).map((roomId) => ({
            roomId,
            roomName: 'Bench room',
            hostId: userIds[0]!,
            amount: options.amount,
            timeMinutes: 10,
            maxPlayers: 6,
            privacy: 'Public' as const,
            serverSeed: 'a'.repeat(64),
            serverSeedHash: 'b'.repeat(64),
            createdAt: now,
            expiresAt: now + 30 * 60_000,
          })),
        );
      }
    });
  } finally {
    database.close();
  }
  return { url, userIds, roomIds, amount: options.amount };
}

// The statements, as drizzle renders them for db/money.ts `stake` (checked against the project at
// run time by `captureSql`).
const SELECT_TRANSFER =
  'select "id", "idempotency_key", "reason", "reference", "created_at" from "transfers" where "transfers"."idempotency_key" = ?';
const SELECT_ROOM_AMOUNT = 'select "amount" from "rooms" where "rooms"."room_id" = ?';
const SELECT_BALANCES = 'select "id", "balance" from "accounts" where "accounts"."id" in (?, ?)';
const INSERT_ACCOUNT =
  'insert into "accounts" ("id", "kind", "user_id", "balance", "may_go_negative", "created_at") values (?, ?, ?, ?, ?, ?) on conflict do nothing';
const INSERT_TRANSFER =
  'insert into "transfers" ("id", "idempotency_key", "reason", "reference", "created_at") values (?, ?, ?, ?, ?)';
const INSERT_POSTINGS =
  'insert into "postings" ("id", "transfer_id", "account_id", "amount") values (null, ?, ?, ?), (null, ?, ?, ?)';
const UPDATE_BALANCE =
  'update "accounts" set "balance" = "accounts"."balance" + ? where "accounts"."id" = ?';
const INSERT_USER_TRANSACTION =
  'insert into "user_transactions" ("id", "user_id", "type", "amount", "status", "reference", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing';

/** The stake's statements, in the order the project runs them for a fresh (room, player). */
export const STAKE_SQL = [
  SELECT_TRANSFER, // refund already? (db/money stake)
  SELECT_ROOM_AMOUNT,
  SELECT_TRANSFER, // stake already?
  SELECT_TRANSFER, // settled? (settle key)
  SELECT_TRANSFER, // settled? (revenue key)
  SELECT_TRANSFER, // postTransfer: key already posted?
  SELECT_BALANCES,
  INSERT_ACCOUNT, // wallet
  INSERT_ACCOUNT, // escrow
  INSERT_TRANSFER,
  INSERT_POSTINGS,
  UPDATE_BALANCE, // wallet
  UPDATE_BALANCE, // escrow
  INSERT_USER_TRANSACTION,
];

type Exec = (stmt: InStatement) => Promise<ResultSet>;

/** The stake of `userId` in `roomId` as bare statements inside an open transaction. */
export async function plainStake(
  exec: Exec,
  input: { roomId: string; userId: string; now?: number },
): Promise<void> {
  const { roomId, userId } = input;
  const now = input.now ?? Date.now();
  const stakeKey = `stake:${roomId}:${userId}`;
  const wallet = `wallet:${userId}`;
  const escrow = `escrow:${roomId}`;
  const transfer = (key: string) => exec({ sql: SELECT_TRANSFER, args: [key] });

  if ((await transfer(`refund:${roomId}:${userId}`)).rows.length > 0) {
    throw new Error(`stake of ${userId} in ${roomId} was refunded`);
  }
  const room = await exec({ sql: SELECT_ROOM_AMOUNT, args: [roomId] });
  if (room.rows.length === 0) throw new Error(`room ${roomId} does not exist`);
  const amount = Number(room.rows[0]!.amount);
  if ((await transfer(stakeKey)).rows.length === 0) {
    if (
      (await transfer(`settle:${roomId}`)).rows.length > 0 ||
      (await transfer(`settle:${roomId}:revenue`)).rows.length > 0
    ) {
      throw new Error(`room ${roomId} is settled`);
    }
  }
  if ((await transfer(stakeKey)).rows.length > 0) return; // a duplicate: nothing to do
  const balances = await exec({ sql: SELECT_BALANCES, args: [wallet, escrow] });
  const walletRow = balances.rows.find((row) => row.id === wallet);
  const balance = walletRow ? Number(walletRow.balance) : 0;
  if (balance < amount) throw new Error(`insufficient funds in ${wallet}`);

  await exec({ sql: INSERT_ACCOUNT, args: [wallet, 'wallet', userId, 0, 0, now] });
  await exec({ sql: INSERT_ACCOUNT, args: [escrow, 'escrow', null, 0, 0, now] });
  const transferId = crypto.randomUUID();
  await exec({ sql: INSERT_TRANSFER, args: [transferId, stakeKey, 'stake', roomId, now] });
  await exec({
    sql: INSERT_POSTINGS,
    args: [transferId, wallet, -amount, transferId, escrow, amount],
  });
  await exec({ sql: UPDATE_BALANCE, args: [-amount, wallet] });
  await exec({ sql: UPDATE_BALANCE, args: [amount, escrow] });
  await exec({
    sql: INSERT_USER_TRANSACTION,
    args: [crypto.randomUUID(), userId, 'stake', amount, 'completed', roomId, now, now],
  });
}

/** A plain libSQL connection set up like db/client.ts's write connection. */
export interface PlainLedger {
  client: Client;
  /** One stake in its own BEGIN IMMEDIATE transaction, after every earlier one finished. */
  stake(input: { roomId: string; userId: string; now?: number }): Promise<void>;
  close(): void;
}

export async function openPlainLedger(url: string): Promise<PlainLedger> {
  const client = createClient({ url, concurrency: 1, timeout: 5000 });
  for (const pragma of FILE_PRAGMAS) await client.execute(pragma);
  // One connection holds one transaction at a time: the callers wait their turn, as they must.
  let tail: Promise<unknown> = Promise.resolve();
  return {
    client,
    stake(input) {
      const run = tail.then(async () => {
        const tx: Transaction = await client.transaction('write');
        try {
          await plainStake((stmt) => tx.execute(stmt), input);
          await tx.commit();
        } catch (error) {
          await tx.rollback();
          throw error;
        } finally {
          tx.close();
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
    close: () => client.close(),
  };
}

/** The SQL texts that go through `client`'s transactions while `fn` runs. */
export async function captureSql(client: Client, fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = client.transaction.bind(client);
  client.transaction = (async (mode?: TransactionMode) => {
    const tx = await original(mode);
    const execute = tx.execute.bind(tx) as Exec;
    tx.execute = ((stmt: InStatement) => {
      seen.push(typeof stmt === 'string' ? stmt : stmt.sql);
      return execute(stmt);
    }) as Transaction['execute'];
    return tx;
  }) as Client['transaction'];
  try {
    await fn();
  } finally {
    client.transaction = original;
  }
  return seen;
}

/** Whether two statement lists are the same, and where they first differ. */
export function compareSql(project: string[], plain: string[]): string | null {
  for (let i = 0; i < Math.max(project.length, plain.length); i += 1) {
    if (project[i] !== plain[i]) {
      return `statement ${i + 1}: project ${JSON.stringify(project[i] ?? null)} vs plain ${JSON.stringify(plain[i] ?? null)}`;
    }
  }
  return null;
}
