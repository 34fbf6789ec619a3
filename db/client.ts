import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import type { Client, ResultSet } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { PRIVATE_DIR_MODE } from './private-files';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;
/** The transaction handed to a `write` callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database itself or an open transaction. */
export type Queryable = BaseSQLiteDatabase<'async', ResultSet, Schema>;

export interface DatabaseOptions {
  /** `file:./data/app.db`, `file:/abs/path.db`, `libsql://…`, `http://…` or `:memory:`. */
  url: string;
  authToken?: string;
}

export interface Database {
  /** The libSQL client of the write connection (migrations and tooling; not for request code). */
  client: Client;
  /** Drizzle for reads: the same instance as `read`. Never write through it; use `write`. */
  db: Db;
  /** Drizzle for reads; on a local file it has its own connections, so reads never wait on a write. */
  read: Db;
  /** Runs `fn` in one write transaction, after every earlier write of this process has finished. */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Settles once the connection settings (PRAGMAs) are applied. */
  ready: Promise<void>;
  /** Settles once every write queued so far (and any queued meanwhile) has finished. */
  idle(): Promise<void>;
  close(): void;
}

const BUSY_TIMEOUT_MS = 5000;

// One queue for the whole process. Two write transactions on one libSQL file from one process do not
// wait for each other: the second fails with SQLITE_BUSY, or with a busy timeout blocks the event
// loop (docs/decisions/004-one-write-queue.md).
let queueTail: Promise<unknown> = Promise.resolve();
const insideWrite = new AsyncLocalStorage<true>();

type QueueWaitObserver = (waitedMs: number) => void;
const queueWaitObservers = new Set<QueueWaitObserver>();

/**
 * Tells `observer` how long each write waited behind the ones queued before it (the site's
 * metrics). Returns the function that stops it.
 */
export function observeWriteQueue(observer: QueueWaitObserver): () => void {
  queueWaitObservers.add(observer);
  return () => queueWaitObservers.delete(observer);
}

function enqueue<T>(job: () => Promise<T>): Promise<T> {
  const queuedAt = performance.now();
  const result = queueTail.then(() => {
    const waited = performance.now() - queuedAt;
    for (const observer of queueWaitObservers) observer(waited);
    return job();
  });
  queueTail = result.catch(() => undefined);
  return result;
}

/** Waits until the queue is empty: a write queued while waiting is waited for too. */
async function queueIdle(): Promise<void> {
  for (;;) {
    const tail = queueTail;
    await tail;
    if (tail === queueTail) return;
  }
}

/** The file path of a local `file:` URL, or null for remote and in-memory databases. */
export function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  const rest = url.slice('file:'.length).split('?')[0] ?? '';
  if (rest === '' || rest === ':memory:') return null;
  // file:///abs, file://localhost/abs, file:/abs and file:relative
  const withoutAuthority = rest.startsWith('//') ? rest.replace(/^\/\/(localhost)?/, '') : rest;
  return path.resolve(decodeURIComponent(withoutAuthority));
}

const FILE_PRAGMAS = [
  'PRAGMA journal_mode = WAL',
  'PRAGMA synchronous = FULL',
  'PRAGMA foreign_keys = ON',
  `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`,
];

async function runInOrder(client: Client, statements: string[]): Promise<void> {
  for (const statement of statements) await client.execute(statement);
}

export function createDatabase(options: DatabaseOptions): Database {
  const filePath = localFilePath(options.url);
  if (filePath) mkdirSync(path.dirname(filePath), { recursive: true, mode: PRIVATE_DIR_MODE });

  const config = { url: options.url, authToken: options.authToken };
  // On a file, libSQL keeps a pool of connections and per-connection PRAGMAs would reach only one
  // of them; so writes get a single connection of their own (PRAGMAs set once, every write
  // transaction on it, in order) and reads get the pool.
  const writeClient = filePath
    ? createClient({ ...config, concurrency: 1, timeout: BUSY_TIMEOUT_MS })
    : createClient(config);
  const readClient = filePath ? createClient({ ...config, timeout: BUSY_TIMEOUT_MS }) : writeClient;

  // Run one by one: journal_mode and foreign_keys cannot change inside a transaction.
  const ready = filePath ? runInOrder(writeClient, FILE_PRAGMAS) : Promise.resolve();
  ready.catch(() => undefined); // reported by the first write that awaits it

  const writer = drizzle(writeClient, { schema });
  const read = readClient === writeClient ? writer : drizzle(readClient, { schema });

  return {
    client: writeClient,
    db: read,
    read,
    write(fn) {
      if (insideWrite.getStore()) {
        return Promise.reject(
          new Error(
            'write() was called inside another write(): use the transaction you were given',
          ),
        );
      }
      return enqueue(async () => {
        await ready;
        // When SQLite ends a transaction itself (SQLITE_FULL on a full disk), drizzle's ROLLBACK
        // fails with TRANSACTION_CLOSED and that error would hide the real one: keep the first.
        let failure: { error: unknown } | null = null;
        try {
          return await insideWrite.run(true, () =>
            writer.transaction(async (tx) => {
              try {
                return await fn(tx);
              } catch (error) {
                failure = { error };
                throw error;
              }
            }),
          );
        } catch (error) {
          throw failure ? (failure as { error: unknown }).error : error;
        }
      });
    },
    ready,
    idle: queueIdle,
    close() {
      writeClient.close();
      if (readClient !== writeClient) readClient.close();
    },
  };
}
