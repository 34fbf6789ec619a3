// The game log as readable lines, newest first, and the polite live region that announces each
// new line (and the room server's refusals) to screen readers.
import type { LogLine } from './format';

export function GameLog({ lines }: { lines: readonly LogLine[] }) {
  const newestFirst = [...lines].reverse();
  return (
    <section className="game-log" aria-labelledby="game-log-title">
      <h2 id="game-log-title" className="game-section__title">
        Game log
      </h2>
      {newestFirst.length === 0 ? (
        <p className="game-log__empty">
          No moves yet. Rolls and payments appear here as they happen.
        </p>
      ) : (
        // Scrolls on its own: focusable, so keyboard users can scroll it too.
        <ol
          className="game-log__list"
          reversed
          data-testid="game-log"
          tabIndex={0}
          aria-labelledby="game-log-title"
        >
          {newestFirst.map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Announces `text` politely; a change of `id` re-announces equal words (`data-said` names it). */
export function Announcer({ text, id }: { text: string; id: number | string }) {
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
      <span key={id} data-said={id}>
        {text}
      </span>
    </p>
  );
}
