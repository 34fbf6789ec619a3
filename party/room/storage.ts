// What a room server keeps in its storage, so a restart resumes the same game:
//   roomId      the room's id (onAlarm cannot read `room.id`)
//   snapshot    the machine's persisted snapshot and how many log entries belong with it
//   log:<n>     every log entry, one key each (a value is limited to 128 KiB; a long game's log is not)
//   settlement  the settlement record once the game has finished
//   clock       the test clock, once a test has held it (party/room/clock.ts; tests only)
import type * as Party from 'partykit/server';
import type { ClockState } from './clock';

const LOG_PREFIX = 'log:';
/** Cloudflare storage takes at most 128 keys per put. */
const MAX_KEYS_PER_PUT = 128;

export interface SettlementRecord {
  /** `refused`: the site answered that this report can never be accepted (see its error log). */
  status: 'pending' | 'acknowledged' | 'refused';
  /** Failed attempts so far. */
  failures: number;
  /** When the next attempt is due (ms epoch); the alarm wakes the room for it. */
  nextAttemptAt: number;
  acknowledgedAt: number | null;
}

interface SnapshotRecord<Snapshot> {
  machine: Snapshot;
  logCount: number;
}

export interface StoredRoom<Snapshot, Entry> {
  roomId: string | undefined;
  snapshot: Snapshot | undefined;
  logs: Entry[];
  settlement: SettlementRecord | undefined;
  clock: ClockState | undefined;
}

export function logKey(index: number): string {
  return `${LOG_PREFIX}${String(index).padStart(8, '0')}`;
}

export async function loadRoom<Snapshot, Entry>(
  storage: Party.Storage,
): Promise<StoredRoom<Snapshot, Entry>> {
  const [roomId, snapshot, settlement, clock, logMap] = await Promise.all([
    storage.get<string>('roomId'),
    storage.get<SnapshotRecord<Snapshot>>('snapshot'),
    storage.get<SettlementRecord>('settlement'),
    storage.get<ClockState>('clock'),
    storage.list<Entry>({ prefix: LOG_PREFIX }),
  ]);
  // list() returns keys in order, and the zero-padded index makes that the log's order. Entries past
  // logCount were never committed with a snapshot; they are dropped and later overwritten.
  const logs = [...logMap.values()].slice(0, snapshot?.logCount ?? 0);
  return { roomId, snapshot: snapshot?.machine, settlement, clock, logs };
}

export async function saveRoomId(storage: Party.Storage, roomId: string): Promise<void> {
  await storage.put('roomId', roomId);
}

/**
 * Writes one change: the snapshot with the whole log's length, the log entries it added, the
 * settlement record, and the test clock when the change moved it. The puts are issued without awaiting in between, which storage commits as one
 * atomic write; the log count makes a torn write harmless anyway.
 */
export async function saveChange<Snapshot, Entry>(
  storage: Party.Storage,
  change: {
    snapshot: Snapshot;
    logs: { firstIndex: number; entries: Entry[] };
    settlement?: SettlementRecord | undefined;
    clock?: ClockState | undefined;
  },
): Promise<void> {
  const entries: Record<string, unknown> = {};
  change.logs.entries.forEach((entry, offset) => {
    entries[logKey(change.logs.firstIndex + offset)] = entry;
  });
  const record: SnapshotRecord<Snapshot> = {
    machine: change.snapshot,
    logCount: change.logs.firstIndex + change.logs.entries.length,
  };
  entries.snapshot = record;
  if (change.settlement !== undefined) entries.settlement = change.settlement;
  if (change.clock !== undefined) entries.clock = change.clock;
  const keys = Object.keys(entries);
  const writes: Promise<void>[] = [];
  for (let start = 0; start < keys.length; start += MAX_KEYS_PER_PUT) {
    const chunk = keys.slice(start, start + MAX_KEYS_PER_PUT);
    writes.push(storage.put(Object.fromEntries(chunk.map((key) => [key, entries[key]]))));
  }
  await Promise.all(writes);
}

export async function saveSettlement(
  storage: Party.Storage,
  settlement: SettlementRecord,
): Promise<void> {
  await storage.put('settlement', settlement);
}

export async function saveClock(storage: Party.Storage, clock: ClockState): Promise<void> {
  await storage.put('clock', clock);
}
