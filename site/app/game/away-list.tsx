// After a reconnect: what happened while the board could not hear the room, from the log entries
// it missed (the room resends its recent log to a new socket), in a few lines the player puts away.
import type { LogEntry } from '#game/log.ts';
import { describeLog, type Homes, type Names } from './format';

/** At most this many lines; the rest are in the game log. */
export const AWAY_LINES = 3;

export function AwayList({
  entries,
  names,
  homes,
  onDismiss,
}: {
  entries: readonly LogEntry[];
  names: Names;
  homes: Homes;
  onDismiss(): void;
}) {
  const lines = describeLog(entries, names, homes);
  const shown = lines.slice(-AWAY_LINES);
  const more = lines.length - shown.length;
  return (
    <section
      className="away-list"
      role="status"
      aria-labelledby="away-list-title"
      data-testid="away-list"
    >
      <h2 id="away-list-title" className="away-list__title">
        While you were away
      </h2>
      {lines.length === 0 ? (
        <p>Nothing happened: the board is as you left it.</p>
      ) : (
        <ul className="away-list__lines">
          {shown.map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ul>
      )}
      {more > 0 ? <p className="away-list__more">And {more} more in the game log.</p> : null}
      <button type="button" className="button button--small button--ghost" onClick={onDismiss}>
        Got it
      </button>
    </section>
  );
}
