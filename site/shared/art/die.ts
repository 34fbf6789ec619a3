// The die: a white rounded cube with a soft shade and dark pips, its six faces and a blank face
// (with a question mark) for before the first roll. Each face is a symbol 100 units square around
// its middle; the board places the one it shows and marks it `data-die-face` (contract section 8).
import type { Point } from './geometry';
import { INK, OUTLINE } from './palette';
import { group, type LinearGradient, type SceneNode } from './scene';

export const DIE_UNITS = 100;
export const DIE_GRADIENT = 'zt-die-shade';

export const DIE_SHADE: LinearGradient = {
  id: DIE_GRADIENT,
  x1: 0,
  y1: 0,
  x2: 0.4,
  y2: 1,
  stops: [
    { offset: 0, color: '#FFFFFF' },
    { offset: 0.7, color: '#F3F4F6' },
    { offset: 1, color: '#D1D5DB' },
  ],
};

/** The pips of a face, as fractions of the die's side (0 … 1). */
const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0.5, 0.5]],
  2: [
    [0.27, 0.27],
    [0.73, 0.73],
  ],
  3: [
    [0.27, 0.27],
    [0.5, 0.5],
    [0.73, 0.73],
  ],
  4: [
    [0.27, 0.27],
    [0.73, 0.27],
    [0.27, 0.73],
    [0.73, 0.73],
  ],
  5: [
    [0.27, 0.27],
    [0.73, 0.27],
    [0.5, 0.5],
    [0.27, 0.73],
    [0.73, 0.73],
  ],
  6: [
    [0.27, 0.25],
    [0.73, 0.25],
    [0.27, 0.5],
    [0.73, 0.5],
    [0.27, 0.75],
    [0.73, 0.75],
  ],
};

export function dieFaceSymbol(face: number | null): string {
  return face === null ? 'zt-die-blank' : `zt-die-${face}`;
}

export function pipsOf(face: number): Point[] {
  const pips = PIPS[face];
  if (!pips) throw new RangeError(`A die has no face ${face}`);
  return pips.map(([x, y]) => ({ x, y }));
}

/** One face (or the blank side), 100 units square around (0, 0). */
export function dieFace(face: number | null): SceneNode {
  const half = DIE_UNITS / 2;
  const body: SceneNode[] = [
    {
      type: 'rect',
      x: -half,
      y: -half,
      width: DIE_UNITS,
      height: DIE_UNITS,
      radius: 20,
      fill: { gradient: DIE_GRADIENT },
      stroke: OUTLINE,
      strokeWidth: 6,
    },
  ];
  const marks: SceneNode[] =
    face === null
      ? [
          {
            type: 'path',
            d: 'M-13 -12 C-13 -24 13 -24 13 -11 C13 -2 3 -1 3 8 M3 20 L3 21',
            stroke: '#9CA3AF',
            strokeWidth: 10,
          },
        ]
      : pipsOf(face).map((p) => ({
          type: 'circle' as const,
          cx: (p.x - 0.5) * DIE_UNITS,
          cy: (p.y - 0.5) * DIE_UNITS,
          r: face === 1 ? 11 : 9,
          fill: face === 1 ? '#B91C1C' : INK,
        }));
  return group([...body, ...marks]);
}

export function dieSymbols(): Record<string, SceneNode> {
  const symbols: Record<string, SceneNode> = { [dieFaceSymbol(null)]: dieFace(null) };
  for (let face = 1; face <= 6; face++) symbols[dieFaceSymbol(face)] = dieFace(face);
  return symbols;
}
