// The stored snapshot record's format and its migrations (docs/decisions/093). A release reads the
// records every earlier release wrote: each migration takes a record of one format to the next, and
// `readSnapshotRecord` runs them in order up to `SNAPSHOT_FORMAT`. A record of a newer format (a
// release rolled back) or one that no migration can read is not guessed at: the room holds no game,
// and the site refunds it after its end time like a room whose storage was lost (decision 079).
//
// Formats:
//   1  `{machine, logCount}`: the release before formats. Its games were played under rules 1.
//   2  `{format: 2, rules, machine, logCount}`: `rules` is the RULES_VERSION the game was created
//      under, reported with the settlement so the site replays it with those rules (decision 094).
import { RULES_VERSION } from '#game/rules.ts';

export const SNAPSHOT_FORMAT = 2;

export interface SnapshotRecord<Snapshot> {
  format: typeof SNAPSHOT_FORMAT;
  /** The rules the game is played under (game/rules.ts RULES_VERSION when it was created). */
  rules: number;
  machine: Snapshot;
  /** How many log entries belong with this snapshot (entries past it were never committed). */
  logCount: number;
}

type Migration = (record: Record<string, unknown>) => Record<string, unknown>;

/** MIGRATIONS[n] takes a record of format n to format n + 1. */
const MIGRATIONS: Record<number, Migration> = {
  1: (record) => ({ ...record, format: 2, rules: 1 }),
};

export type ReadSnapshot<Snapshot> =
  | { ok: true; record: SnapshotRecord<Snapshot>; migratedFrom: number | null }
  | { ok: false; reason: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored record brought to today's format, or why it cannot be. */
export function readSnapshotRecord<Snapshot>(stored: unknown): ReadSnapshot<Snapshot> {
  if (!isObject(stored)) return { ok: false, reason: 'the stored snapshot is not a record' };
  const from = stored.format === undefined ? 1 : stored.format;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) {
    return { ok: false, reason: `unknown snapshot format ${String(from)}` };
  }
  if (from > SNAPSHOT_FORMAT) {
    return { ok: false, reason: `snapshot format ${from} is newer than this release's` };
  }
  let record = stored;
  for (let format = from; format < SNAPSHOT_FORMAT; format++) {
    const migrate = MIGRATIONS[format];
    if (!migrate) return { ok: false, reason: `no migration from snapshot format ${format}` };
    record = migrate(record);
  }
  const { machine, logCount, rules } = record;
  if (!isObject(machine) || typeof logCount !== 'number' || typeof rules !== 'number') {
    return { ok: false, reason: 'the stored snapshot lacks its machine, log count or rules' };
  }
  return {
    ok: true,
    record: { format: SNAPSHOT_FORMAT, rules, machine: machine as Snapshot, logCount },
    migratedFrom: from === SNAPSHOT_FORMAT ? null : from,
  };
}

/** A new record in today's format, for the game this release plays. */
export function snapshotRecord<Snapshot>(
  machine: Snapshot,
  logCount: number,
  rules: number = RULES_VERSION,
): SnapshotRecord<Snapshot> {
  return { format: SNAPSHOT_FORMAT, rules, machine, logCount };
}

/**
 * Whether this release can play on a stored game: only under the rules it has. A game created under
 * other rules that has not finished cannot be played on faithfully; a finished one only needs
 * reporting, which carries its rules version to the site.
 */
export function playableHere(rules: number, finished: boolean): boolean {
  return finished || rules === RULES_VERSION;
}
