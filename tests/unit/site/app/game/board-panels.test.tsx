// The dice bar keeps its height when the connection drops: on a phone held upright a long turn
// line and "Auto-roll in 12 s" take two lines, and the timer leaving while reconnecting moved Roll
// and the lines under it up by one line, then back down on reconnecting (a layout shift the
// first-paint test recorded: `div.dice-bar__row: 22,620 → 22,587` and back).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DicePanel } from '#site/app/game/board-panels.tsx';
import { ME, OTHER, T0, view } from './board-machine-support';

const panel = (connected: boolean) =>
  renderToStaticMarkup(
    <DicePanel
      view={view({ turn: { currentPlayer: OTHER, round: 1, deadline: T0 + 12_000 } })}
      me={ME}
      names={{ [ME]: 'Mwila Banda', [OTHER]: 'Bwalya Mwansa' }}
      turnLabel="Bwalya Mwansa's turn"
      now={T0}
      secondsLeft={12}
      onRoll={() => {}}
      rollEnabled={false}
      connected={connected}
      message={null}
    />,
  );

describe('the dice bar while reconnecting', () => {
  it('shows the timer when connected', () => {
    expect(panel(true)).toMatch(/data-testid="turn-timer"[^>]*>Auto-roll in 12 s</);
  });

  it('keeps the timer line in its place, unseen and unread, and says it is not connected', () => {
    const html = panel(false);
    expect(html).toContain('>Not connected<');
    expect(html).toMatch(
      /<p class="dice-bar__timer dice-bar__timer--paused" aria-hidden="true" data-testid="turn-timer">/,
    );
  });
});
