// What a room server keeps in its storage, so a restart resumes the same game:
//   roomId      the room's id (onAlarm cannot read `room.id`)
//   snapshot    the machine's persisted snapshot, how many log entries belong with it, the rules the
//               game is played under and the record's format (snapshot-format.ts: older formats
//               are migrated when read)
//   log:<n>     every log entry, one key each (a value is limited to 128 KiB; a long game's log is not)
//   settlement  the settlement record once the game has finished
//   clock       the test clock, once a test has held it (party/room/clock.ts; tests only)
//   rematch     the finished game's rematch as the site last pushed it (call 1; decision 120)
import type * as Party from 'partykit/server';
import type { RoomView } from '#game/protocol.ts';
import { RULES_VERSION } from '#game/rules.ts';
import type { ClockState } from './clock';
import { readSnapshotRecord, snapshotRecord } from './snapshot-format';

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

/** A finished game's rematch: its room and who started it. */
export type StoredRematch = NonNullable<RoomView['rematch']>;

export interface StoredRoom<Snapshot, Entry> {
  roomId: string | undefined;
  snapshot: Snapshot | undefined;
  /** The rules the stored game is played under (today's when there is none). */
  rules: number;
  /** Why a stored snapshot could not be read (then `snapshot` is undefined: no game here). */
  unreadable: string | null;
  /** The format a stored snapshot was migrated from, when it was. */
  migratedFrom: number | null;
  logs: Entry[];
  settlement: SettlementRecord | undefined;
  clock: ClockState | undefined;
  rematch: StoredRematch | undefined;
}

export function logKey(index: number): string {
  return `${LOG_PREFIX}${String(index).padStart(8, '0')}`;
}

/** Whether every log key from 0 to `count` − 1 is there. */
function logKeysComplete(logMap: Map<string, unknown>, count: number): boolean {
  for (let index = 0; index < count; index++) if (!logMap.has(logKey(index))) return false;
  return true;
}

export async function loadRoom<Snapshot, Entry>(
  storage: Party.Storage,
): Promise<StoredRoom<Snapshot, Entry>> {
  const [roomId, stored, settlement, clock, rematch, logMap] = await Promise.all([
    storage.get<string>('roomId'),
    storage.get<unknown>('snapshot'),
    storage.get<SettlementRecord>('settlement'),
    storage.get<ClockState>('clock'),
    storage.get<unknown>('rematch'),
    storage.list<Entry>({ prefix: LOG_PREFIX }),
  ]);
  const read = stored === undefined ? null : readSnapshotRecord<Snapshot>(stored);
  let snapshot = read?.ok ? read.record : undefined;
  let unreadable = read && !read.ok ? read.reason : null;
  // list() returns keys in order, and the zero-padded index makes that the log's order. Entries past
  // logCount were never committed with a snapshot; they are dropped and later overwritten.
  let logs = [...logMap.values()].slice(0, snapshot?.logCount ?? 0);
  // A snapshot counting entries the storage lacks (its change's log keys lost while the snapshot was
  // kept, as seen when `partykit dev` stopped mid-game): the game can be neither played on nor
  // reported as it was played, so the room holds no game and is refunded (decision 079).
  if (snapshot && !logKeysComplete(logMap, snapshot.logCount)) {
    unreadable = `the stored log lacks entries its snapshot counts (${logs.length} of ${snapshot.logCount})`;
    snapshot = undefined;
    logs = [];
  }
  return {
    roomId,
    snapshot: snapshot?.machine,
    rules: snapshot?.rules ?? RULES_VERSION,
    unreadable,
    migratedFrom: read?.ok && snapshot ? read.migratedFrom : null,
    settlement,
    clock,
    rematch: storedRematch(rematch),
    logs,
  };
}

/** A stored rematch, or undefined when what is stored is not one (then the board shows none). */
function storedRematch(stored: unknown): StoredRematch | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { roomId, hostId, hostName } = stored as Record<string, unknown>;
  if (typeof roomId !== 'string' || typeof hostId !== 'string' || typeof hostName !== 'string') {
    return undefined;
  }
  return { roomId, hostId, hostName };
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
    /** The rules the game is played under. */
    rules: number;
    logs: { firstIndex: number; entries: Entry[] };
    settlement?: SettlementRecord | undefined;
    clock?: ClockState | undefined;
  },
): Promise<void> {
  const entries: Record<string, unknown> = {};
  change.logs.entries.forEach((entry, offset) => {
    entries[logKey(change.logs.firstIndex + offset)] = entry;
  });
  entries.snapshot = snapshotRecord(
    change.snapshot,
    change.logs.firstIndex + change.logs.entries.length,
    change.rules,
  );
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

/** The site's latest word on the finished game's rematch; none deletes what was stored. */
export async function saveRematch(
  storage: Party.Storage,
  rematch: StoredRematch | undefined,
): Promise<void> {
  if (rematch === undefined) await storage.delete('rematch');
  else await storage.put('rematch', rematch);
}
