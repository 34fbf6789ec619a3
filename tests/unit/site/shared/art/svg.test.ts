import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoomView } from '#game/protocol.ts';
import { boardScene } from '#site/shared/art/board.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { group } from '#site/shared/art/scene.ts';
import {
  escapeAttribute,
  escapeText,
  nodeToSvg,
  num,
  sceneToSvg,
  xmlChars,
} from '#site/shared/art/svg.ts';
import { HOSTILE_NAMES, hostile, sixLate, sixLateNow, twoEarly } from '#tests/support/art-rooms.ts';
import { elements, parseXml, textOf } from '#tests/support/xml-reader.ts';

function withNames(view: RoomView, names: readonly string[], uids?: readonly string[]): RoomView {
  const order = view.joinedOrder.map((uid, i) => uids?.[i] ?? uid);
  const participants = Object.fromEntries(
    view.joinedOrder.map((uid, i) => [
      order[i] as string,
      { ...(view.participants[uid] as RoomView['participants'][string]), name: names[i] ?? 'x' },
    ]),
  );
  const boardState = { ...view.boardState };
  for (const [i, uid] of view.joinedOrder.entries()) {
    const home = view.participants[uid]?.homeBox as string;
    boardState[home] = { owner: order[i] as string, trucks: boardState[home]?.trucks ?? 1 };
  }
  return {
    ...view,
    joinedOrder: order,
    participants,
    boardState,
    turn: { ...view.turn, currentPlayer: order[0] ?? null },
  };
}

function svgOf(view: RoomView | null, size = 300): string {
  return sceneToSvg(boardScene(boardModel(view), { size, now: sixLateNow }));
}

describe('escaping', () => {
  it('writes markup characters as entities', () => {
    expect(escapeText('<b>&</b>')).toBe('&lt;b&gt;&amp;&lt;/b&gt;');
    expect(escapeAttribute(`"it's" <x>`)).toBe('&quot;it&#x27;s&quot; &lt;x&gt;');
  });

  it('replaces characters XML forbids instead of passing them on', () => {
    expect(xmlChars('a\u0000b\uFFFEc\uD800d')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(xmlChars('🚚 é')).toBe('🚚 é');
  });

  it('draws hostile names and ids as text: the document stays well formed, nothing runs', () => {
    const svg = svgOf(hostile);
    const doc = parseXml(svg);
    const all = [...elements(doc)];
    expect(all.some((e) => /^(script|foreignObject|iframe|a)$/i.test(e.name))).toBe(false);
    expect(all.some((e) => Object.keys(e.attributes).some((a) => /^on/i.test(a)))).toBe(false);
    const seats = all.filter((e) => e.attributes['data-seat'] !== undefined);
    expect(seats.map((e) => e.attributes['data-seat'])).toEqual(hostile.joinedOrder);
    for (const [i, uid] of hostile.joinedOrder.entries()) {
      const seat = seats[i];
      expect(seat?.attributes['data-seat']).toBe(uid);
      const title = seat?.children.find((c) => typeof c !== 'string' && c.name === 'title');
      expect(title && typeof title !== 'string' ? textOf(title) : null).toBe(
        xmlChars(HOSTILE_NAMES[i] as string),
      );
    }
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<svg onload');
  });

  it('keeps any name and uid as data, whatever their characters', () => {
    const text = fc.oneof(
      fc.constantFrom(...HOSTILE_NAMES),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.string({
        unit: fc.constantFrom('<', '>', '"', "'", '&', ';', '/', '=', ' ', 'a'),
        maxLength: 20,
      }),
    );
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 6, maxLength: 6 }),
        fc.uniqueArray(text, { minLength: 6, maxLength: 6 }),
        (names, uids) => {
          const view = withNames(sixLate, names, uids);
          const doc = parseXml(svgOf(view, 280));
          const seats = [...elements(doc)].filter((e) => e.attributes['data-seat'] !== undefined);
          expect(seats.map((e) => e.attributes['data-seat'])).toEqual(uids.map(xmlChars));
          const titles = seats.map((seat) => {
            const title = seat.children.find((c) => typeof c !== 'string' && c.name === 'title');
            return title && typeof title !== 'string' ? textOf(title) : null;
          });
          expect(titles).toEqual(names.map(xmlChars));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses what it cannot write safely: a bad data name, an id, a number that is not one', () => {
    expect(() => nodeToSvg(group([], { data: { 'on click': 'x' } }))).toThrow();
    expect(() => nodeToSvg({ type: 'use', symbol: 'a" onload="x' })).toThrow();
    expect(() => num(Number.NaN)).toThrow(RangeError);
    expect(() => num(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(num(-0.001)).toBe('0');
    expect(num(1.005)).toBe('1');
    expect(num(12.3456)).toBe('12.35');
  });
});

describe('deterministic output', () => {
  it('draws the same room the same way, byte for byte', () => {
    for (const view of [null, twoEarly, sixLate, hostile]) {
      const structured = structuredClone(view);
      expect(svgOf(structured)).toBe(svgOf(view));
    }
  });

  it('depends on the room, not on the order its maps were built in', () => {
    const reordered: RoomView = {
      ...sixLate,
      participants: Object.fromEntries(Object.entries(sixLate.participants).reverse()),
      boardState: Object.fromEntries(Object.entries(sixLate.boardState).reverse()),
    };
    expect(svgOf(reordered)).toBe(svgOf(sixLate));
  });
});
