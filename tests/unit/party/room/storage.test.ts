// What a room server reads back from its storage (party/room/storage.ts): the snapshot with exactly
// the log entries it counts. A snapshot that counts entries the storage lacks (its change's log
// keys lost while the snapshot was kept, seen when `partykit dev` was stopped mid-game) cannot be
// played on or reported faithfully: it is read as no game, so the room is refunded (decision 079).
import type * as Party from 'partykit/server';
import { describe, expect, it } from 'vitest';
import { loadRoom, logKey, saveChange } from '#party/room/storage.ts';

/** The part of a Durable Object's storage the room uses, over a Map (list() in key order). */
function mapStorage(): { storage: Party.Storage; data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const storage = {
    get: async (key: string) => structuredClone(data.get(key)),
    put: async (entries: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(entries)) data.set(key, structuredClone(value));
    },
    list: async ({ prefix }: { prefix: string }) =>
      new Map(
        [...data.entries()]
          .filter(([key]) => key.startsWith(prefix))
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      ),
  } as unknown as Party.Storage;
  return { storage, data };
}

const machine = { status: 'active', value: 'active', context: { nonce: 2 } };

describe('a room read back from its storage', () => {
  it('has its snapshot and exactly the log entries it counts', async () => {
    const { storage, data } = mapStorage();
    await saveChange(storage, {
      snapshot: machine,
      rules: 1,
      logs: { firstIndex: 0, entries: ['a', 'b'] },
    });
    // An entry past the count was never committed with a snapshot: dropped.
    data.set(logKey(2), 'torn');
    const room = await loadRoom(storage);
    expect(room.snapshot).toEqual(machine);
    expect(room.logs).toEqual(['a', 'b']);
    expect(room.unreadable).toBeNull();
  });

  it('holds no game when the snapshot counts log entries the storage lacks', async () => {
    const { storage, data } = mapStorage();
    await saveChange(storage, {
      snapshot: machine,
      rules: 1,
      logs: { firstIndex: 0, entries: ['a', 'b', 'c'] },
    });
    data.delete(logKey(1));
    data.delete(logKey(2));
    const room = await loadRoom(storage);
    expect(room.snapshot).toBeUndefined();
    expect(room.logs).toEqual([]);
    expect(room.unreadable).toMatch(/log/);
  });
});
