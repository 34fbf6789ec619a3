import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOX_IDS } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';
import { BoardSvg } from '#site/app/game/board-svg.tsx';
import { boardScene } from '#site/shared/art/board.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { sceneToSvg } from '#site/shared/art/svg.ts';
import {
  hostile,
  sixLate,
  sixLateNow,
  twoEarly,
  twoEarlyNow,
  waiting,
} from '#tests/support/art-rooms.ts';
import { elements, parseXml, textOf, type XmlElement } from '#tests/support/xml-reader.ts';

function rendered(view: RoomView | null, now: number | null = null, size = 300): XmlElement {
  const html = renderToString(<BoardSvg view={view} size={size} now={now} />);
  const svg = [...elements(parseXml(html))].find((e) => e.name === 'svg');
  if (!svg) throw new Error('No <svg>');
  return svg;
}

function marked(svg: XmlElement, name: string): XmlElement[] {
  return [...elements(svg)].filter((e) => e.attributes[name] !== undefined);
}

describe('<BoardSvg> on the server', () => {
  it('writes the same markup as sceneToSvg: one drawing for the page and for pictures', () => {
    for (const [view, now] of [
      [null, null],
      [twoEarly, twoEarlyNow],
      [sixLate, sixLateNow],
      [hostile, twoEarlyNow],
    ] as const) {
      const html = renderToString(<BoardSvg view={view} size={320} now={now} />);
      expect(html).toBe(sceneToSvg(boardScene(boardModel(view), { size: 320, now })));
    }
  });

  it('marks the board, its 20 tiles, each seated player with their name, and the die (contract 8)', () => {
    const svg = rendered(sixLate, sixLateNow);
    expect(svg.attributes['data-board']).toBe('');
    expect(marked(svg, 'data-tile').map((e) => e.attributes['data-tile'])).toEqual(BOX_IDS);
    const seats = marked(svg, 'data-seat');
    expect(seats.map((e) => e.attributes['data-seat'])).toEqual(sixLate.joinedOrder);
    for (const seat of seats) {
      const uid = seat.attributes['data-seat'] as string;
      expect(textOf(seat)).toContain(sixLate.participants[uid]?.name);
    }
    const dice = marked(svg, 'data-die');
    expect(dice).toHaveLength(1);
    expect(dice[0]?.attributes['data-die-face']).toBe(String(sixLate.lastRoll?.roll));
  });

  it('shows every face the die can land on, and an empty face before the first roll', () => {
    for (let face = 1; face <= 6; face++) {
      const view: RoomView = {
        ...twoEarly,
        lastRoll: { ...(twoEarly.lastRoll as NonNullable<RoomView['lastRoll']>), roll: face },
      };
      const die = marked(rendered(view), 'data-die')[0];
      expect(die?.attributes['data-die-face']).toBe(String(face));
      expect(
        [...elements(die as XmlElement)].some((e) => e.attributes.href === `#zt-die-${face}`),
      ).toBe(true);
    }
    for (const view of [null, waiting]) {
      expect(marked(rendered(view), 'data-die')[0]?.attributes['data-die-face']).toBe('');
    }
  });

  it('draws an empty board when there is no room: every tile, no seat, "For rent" lots', () => {
    const svg = rendered(null);
    expect(marked(svg, 'data-tile')).toHaveLength(20);
    expect(marked(svg, 'data-seat')).toHaveLength(0);
    expect(marked(svg, 'data-yard').map((e) => e.attributes['data-yard'])).toEqual(
      Array(6).fill('empty'),
    );
    expect(textOf(svg)).toContain('rent');
  });

  it('says whose turn it is and parks each player’s truck, marked with its position', () => {
    const svg = rendered(twoEarly, twoEarlyNow);
    expect(marked(svg, 'data-turn')[0]?.attributes['data-turn']).toBe('u-chileshe');
    expect(textOf(marked(svg, 'data-turn')[0] as XmlElement)).toContain('Chileshe');
    const pieces = marked(svg, 'data-piece');
    expect(pieces.map((p) => [p.attributes['data-piece'], p.attributes['data-position']])).toEqual([
      ['u-mwila', '3'],
      ['u-chileshe', '-1'],
    ]);
    expect(textOf(marked(svg, 'data-clock')[0] as XmlElement)).toBe('8:59 left');
  });
});
