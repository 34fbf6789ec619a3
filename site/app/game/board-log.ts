// The board's log as the room sends it: which entries are news (they wait for their state, to be
// revealed), which are history the view already includes (straight to the log), and which of those
// happened while the player was away; the log kept to its last MAX_LOGS entries.
import type { LogEntry } from '#game/log.ts';
import { MAX_LOGS, type BoardContext } from './board-context';
import type { Ended } from './reveal-queue';
import { followsRoll, isNewer, markerOf } from './room-marker';

export function trimmed(logs: readonly LogEntry[], more: readonly LogEntry[]): LogEntry[] {
  const all = more.length === 0 ? [...logs] : [...logs, ...more];
  return all.length > MAX_LOGS ? all.slice(all.length - MAX_LOGS) : all;
}

/** The entries of the reveals that ended, for the log. */
export function entriesOf(ended: readonly Ended[]): LogEntry[] {
  return ended.flatMap((e) => e.reveal.entries);
}

/**
 * A log entry: history the view already includes goes to the log (and, after a reconnect, to
 * "while you were away" when it is newer than what the board knew); news waits for its state.
 */
export function hearEntry(
  context: Pick<BoardContext, 'view' | 'heard' | 'pending' | 'away' | 'logs'>,
  entry: LogEntry,
): Partial<BoardContext> {
  const view = context.view;
  const verdict = view ? isNewer(entry, markerOf(view)) : false;
  const follows = context.heard !== null && followsRoll(entry, context.heard.rollAt);
  const history = verdict === null ? (follows ? context.heard!.history : true) : !verdict;
  const heard = entry.type === 'dice_roll' ? { rollAt: entry.timestamp, history } : context.heard;
  if (!history) return { heard, pending: [...context.pending, entry] };
  const away = context.away;
  const awayVerdict = away ? isNewer(entry, away.from) : null;
  const missed =
    away !== null &&
    (awayVerdict === true ||
      (awayVerdict === null &&
        follows &&
        away.entries.some((e) => e.timestamp === entry.timestamp)));
  return {
    heard,
    logs: trimmed(context.logs, [entry]),
    away: missed ? { ...away, entries: [...away.entries, entry] } : away,
  };
}
