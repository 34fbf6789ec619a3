// The board page's box as the server renders it (game/first-paint/, decision 103): the room drawn
// as SVG with the contract's markers, whatever its players are called and whatever its id is.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOX_IDS } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';
import { BoardStage } from '#site/app/game/board-stage.tsx';
import { BoardPreview } from '#site/app/game/first-paint/board-preview.tsx';
import { HOSTILE_NAMES, hostile, twoEarly, twoEarlyNow } from '#tests/support/art-rooms.ts';

function page(view: RoomView | null, renderedAt = twoEarlyNow, me: string | null = null): string {
  // With no room (unknown, or its server silent) the page draws the board's box on its own.
  if (!view) return renderToString(<BoardPreview view={null} renderedAt={renderedAt} />);
  return renderToString(
    <BoardStage
      view={view}
      renderedAt={renderedAt}
      drive={null}
      playing={null}
      die={{ face: view.lastRoll?.roll ?? null, nonce: view.lastRoll?.nonce ?? null, tumble: null }}
      line={null}
      me={me}
    />,
  );
}

/** Every value of `data-<name>` in the markup. */
function marked(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`data-${name}="([^"]*)"`, 'g'))].map((m) => m[1] ?? '');
}

describe('the board in the first HTML', () => {
  it('draws the room in the box the canvas takes: 20 tiles, each seat, whose turn, the die, the clock', () => {
    const html = page(twoEarly);
    expect(html).toMatch(/^<div class="board-stage"><div class="board-stage__square">/);
    expect(html).toContain('data-renderer="svg"');
    expect(marked(html, 'board')).toHaveLength(1);
    expect(marked(html, 'tile')).toEqual([...BOX_IDS]);
    expect(marked(html, 'seat')).toEqual(twoEarly.joinedOrder);
    expect(marked(html, 'die-face')).toEqual([String(twoEarly.lastRoll?.roll)]);
    expect(marked(html, 'turn')).toEqual([twoEarly.turn.currentPlayer]);
    expect(html).toContain(">Chileshe's turn<");
    // The clock counts from the server's render time, as text.
    expect(html).toMatch(/\d+:\d\d left/);
  });

  it('reads "Your turn" for the player whose turn it is', () => {
    expect(page(twoEarly, twoEarlyNow, twoEarly.turn.currentPlayer)).toContain('Your turn');
  });

  it('draws the empty board when the room is unknown or its server silent', () => {
    const html = page(null);
    expect(marked(html, 'tile')).toHaveLength(20);
    expect(marked(html, 'seat')).toEqual([]);
    expect(marked(html, 'die-face')).toEqual(['']);
  });

  it('draws names and ids with </script>, <svg onload=…> and quotes as text', () => {
    for (const html of [
      page(hostile, twoEarlyNow, hostile.joinedOrder[0]),
      renderToString(<BoardPreview view={hostile} renderedAt={twoEarlyNow} />),
    ]) {
      expect(html).not.toMatch(/<\/script/i);
      expect(html).not.toMatch(/<svg onload/i);
      expect(html).not.toMatch(/onclick="x/);
      expect(html).not.toMatch(/<img|<iframe|javascript:/i);
      // Every seat is there, its id and name escaped.
      expect(marked(html, 'seat')).toHaveLength(hostile.joinedOrder.length);
      expect(html).toContain('&lt;');
    }
    expect(HOSTILE_NAMES.some((name) => name.includes('</script>'))).toBe(true);
  });
});
