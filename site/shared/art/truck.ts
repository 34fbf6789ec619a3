// The trucks: a side-view lorry (cargo box and cab) in the player's colour, dark outline, white
// window, black wheels with a hub that shows them turning, a small shadow. Drawn once per colour as
// a symbol, 32 × 20 units around its middle, facing right; a piece is that symbol placed, turned
// and scaled (geometry.ts says where). The wheels are their own symbol so a renderer can spin them.
import type { PlayerColor } from '#game/board.ts';
import { truckPose, type Parking } from './geometry';
import { ICON, OUTLINE, WHITE, playerShades } from './palette';
import { group, type SceneNode } from './scene';

export const TRUCK_UNITS = { length: 32, height: 20 } as const;
/** Where the two wheels turn, in the truck's units. */
export const WHEELS = [
  { x: -9, y: 6.6 },
  { x: 9.6, y: 6.6 },
] as const;

export const WHEEL_SYMBOL = 'zt-wheel';

/** A piece's rim, round the truck: what it covers of the road (in the truck's units). */
export const PIECE_RIM = { length: 35, height: 22.4 } as const;

export function truckSymbol(color: PlayerColor | 'gold'): string {
  return `zt-truck-${color}`;
}

/** The body of a truck (everything but its wheels and shadow), in `fill`. */
export function truckBody(fill: string, line = 1.6): SceneNode {
  return group([
    {
      type: 'rect',
      x: -15,
      y: -9.2,
      width: 19.4,
      height: 14.6,
      radius: 2,
      fill,
      stroke: OUTLINE,
      strokeWidth: line,
    },
    {
      type: 'rect',
      x: -13,
      y: -7.4,
      width: 15.4,
      height: 2.4,
      radius: 1.2,
      fill: WHITE,
      opacity: 0.35,
    },
    {
      type: 'path',
      d: 'M5 -4.6 L10.8 -4.6 C12 -4.6 12.8 -4.1 13.4 -3.1 L15.6 0.6 L15.6 5.4 L5 5.4 Z',
      fill,
      stroke: OUTLINE,
      strokeWidth: line,
    },
    {
      type: 'path',
      d: 'M7 -2.9 L10.6 -2.9 L12.6 0.6 L7 0.6 Z',
      fill: WHITE,
      stroke: OUTLINE,
      strokeWidth: line * 0.6,
    },
    { type: 'rect', x: -15.4, y: 4.6, width: 31.4, height: 2.6, radius: 1.3, fill: OUTLINE },
    { type: 'rect', x: 14.2, y: 1.4, width: 1.8, height: 1.8, radius: 0.5, fill: ICON.gold },
  ]);
}

/** A wheel around (0, 0): a tyre, a hub, and a notch so that turning shows. */
export function wheel(): SceneNode {
  return group([
    { type: 'circle', cx: 0, cy: 0, r: 3.5, fill: ICON.black, stroke: OUTLINE, strokeWidth: 1 },
    { type: 'circle', cx: 0, cy: 0, r: 1.5, fill: ICON.steel },
    { type: 'rect', x: -0.45, y: -3.1, width: 0.9, height: 1.5, fill: ICON.steel },
  ]);
}

/** Symbols for the trucks of `colors` (and the wheel). */
export function truckSymbols(colors: readonly PlayerColor[]): Record<string, SceneNode> {
  const symbols: Record<string, SceneNode> = { [WHEEL_SYMBOL]: wheel() };
  for (const color of colors) symbols[truckSymbol(color)] = truckBody(playerShades(color).fill);
  return symbols;
}

/**
 * A truck parked at `at`: shadow, body, wheels. `piece` draws the player's moving piece, which gets
 * a white rim so it stands out on the dark road and on a tile of its own colour.
 */
export function truckAt(
  color: PlayerColor,
  at: Parking,
  options: {
    piece?: boolean;
    /** The current player's piece: a gold rim. */
    current?: boolean;
    data?: Record<string, string>;
    title?: string;
  } = {},
): SceneNode {
  const { rotate, mirror } = truckPose(at.heading);
  const scale = at.length / TRUCK_UNITS.length;
  const children: SceneNode[] = [
    { type: 'ellipse', cx: 0.5, cy: 10.4, rx: 15.5, ry: 2, fill: '#000000', opacity: 0.22 },
  ];
  if (options.piece) {
    children.push({
      type: 'rect',
      x: -PIECE_RIM.length / 2,
      y: -11.6,
      width: PIECE_RIM.length,
      height: PIECE_RIM.height,
      radius: 8,
      fill: options.current ? '#FACC15' : WHITE,
      stroke: OUTLINE,
      strokeWidth: 1.4,
    });
  }
  children.push(
    { type: 'use', symbol: truckSymbol(color) },
    ...WHEELS.map((w): SceneNode => ({
      type: 'use',
      symbol: WHEEL_SYMBOL,
      transform: { x: w.x, y: w.y },
      data: { wheel: '' },
    })),
  );
  return group(children, {
    transform: {
      x: at.x,
      y: at.y,
      rotate,
      scale: mirror ? { x: -scale, y: scale } : scale,
    },
    ...(options.data ? { data: options.data } : {}),
    ...(options.title === undefined ? {} : { title: options.title }),
  });
}
