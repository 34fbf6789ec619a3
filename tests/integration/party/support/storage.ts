// Reads what the room servers of a `partykit dev --persist <dir>` wrote: each Durable Object keeps
// its storage in its own SQLite file (table `_cf_KV`), values in V8's serialization format.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { createClient } from '@libsql/client';

/** One object's storage: every key and its value. */
export type StoredObject = Map<string, unknown>;

async function objectFiles(persistDir: string): Promise<string[]> {
  const dir = path.join(persistDir, 'party', '-PartyKitDurable');
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.sqlite')).map((name) => path.join(dir, name));
}

/** The storage of every object that holds at least one key. */
export async function readStoredObjects(persistDir: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for (const file of await objectFiles(persistDir)) {
    const db = createClient({ url: `file:${file}` });
    try {
      const rows = await db.execute('select key, value from _cf_KV');
      if (rows.rows.length === 0) continue;
      const stored: StoredObject = new Map();
      for (const row of rows.rows) {
        stored.set(String(row.key), deserialize(Buffer.from(row.value as ArrayBuffer)));
      }
      objects.push(stored);
    } catch {
      // An object that never wrote may have no table yet.
    } finally {
      db.close();
    }
  }
  return objects;
}

/** The stored room with this id (its `roomId` key), or undefined. */
export async function readStoredRoom(
  persistDir: string,
  roomId: string,
): Promise<StoredObject | undefined> {
  const objects = await readStoredObjects(persistDir);
  return objects.find((object) => object.get('roomId') === roomId);
}

/**
 * Rewrites one stored value of the room with this id, in the format workerd reads (V8's
 * serialization), while its room server is stopped: e.g. to put back what an older release stored.
 */
export async function rewriteStoredValue(
  persistDir: string,
  roomId: string,
  key: string,
  rewrite: (value: unknown) => unknown,
): Promise<void> {
  for (const file of await objectFiles(persistDir)) {
    const db = createClient({ url: `file:${file}` });
    try {
      const owner = await db.execute({
        sql: 'select value from _cf_KV where key = ?',
        args: ['roomId'],
      });
      const id = owner.rows[0]
        ? deserialize(Buffer.from(owner.rows[0].value as ArrayBuffer))
        : null;
      if (id !== roomId) continue;
      const found = await db.execute({
        sql: 'select value from _cf_KV where key = ?',
        args: [key],
      });
      const before = found.rows[0]
        ? deserialize(Buffer.from(found.rows[0].value as ArrayBuffer))
        : undefined;
      await db.execute({
        sql: 'update _cf_KV set value = ? where key = ?',
        args: [serialize(rewrite(before)), key],
      });
      return;
    } catch (error) {
      if (error instanceof Error && /no such table/.test(error.message)) continue;
      throw error;
    } finally {
      db.close();
    }
  }
  throw new Error(`no stored room ${roomId}`);
}
