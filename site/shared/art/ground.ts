// The ground the tiles stand on: grass inside a brand-green frame, the tarmac ring with its kerbs
// and a dashed centre line that follows the bends, and the town square of warm sand with the depot's
// concrete bays and a paved plaza for the die.
import { alongCentreLine, depotBays, depotRoof, roadOf, type Road } from './geometry';
import type { CentreLayout } from './labels';
import { GROUND, OUTLINE } from './palette';
import { MIN_FONT_PX } from './type';
import { group, type LinearGradient, type SceneNode } from './scene';

export const GROUND_GRADIENTS: LinearGradient[] = [
  {
    id: 'zt-grass',
    x1: 0,
    y1: 0,
    x2: 1,
    y2: 1,
    stops: [
      { offset: 0, color: GROUND.grassLight },
      { offset: 1, color: GROUND.grass },
    ],
  },
  {
    id: 'zt-sand',
    x1: 0,
    y1: 0,
    x2: 0,
    y2: 1,
    stops: [
      { offset: 0, color: GROUND.sand },
      { offset: 1, color: GROUND.sandShade },
    ],
  },
];

/**
 * The centre line's dashes as one path: short strokes along the road, each a few points so that
 * the dashes on a bend bend too. Dashes are geometry, not a dash pattern: Pixi has none.
 */
export function centreLineDashes(road: Road, dash: number, gap: number): string {
  const perimeter =
    4 * (road.centre.width - 2 * road.centreRadius) + 2 * Math.PI * road.centreRadius;
  const count = Math.max(4, Math.round(perimeter / (dash + gap)));
  const period = perimeter / count;
  const f = (n: number) => String(Math.round(n * 100) / 100);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = i * period - dash / 2;
    const points = [0, 1 / 3, 2 / 3, 1].map((k) => alongCentreLine(road, start + k * dash));
    parts.push(points.map((p, j) => `${j === 0 ? 'M' : 'L'}${f(p.x)} ${f(p.y)}`).join(' '));
  }
  return parts.join(' ');
}

/** An acacia, flat-topped, standing at (x, base), `width` px across its crown. */
export function acacia(x: number, base: number, width: number): SceneNode {
  const height = width * 0.85;
  const trunk = Math.max(1, width * 0.07);
  return group([
    {
      type: 'ellipse',
      cx: x,
      cy: base,
      rx: width * 0.34,
      ry: width * 0.07,
      fill: '#000000',
      opacity: 0.15,
    },
    {
      type: 'path',
      d: `M${x} ${base} L${x - width * 0.02} ${base - height * 0.5} L${x - width * 0.22} ${base - height * 0.74} M${x - width * 0.02} ${base - height * 0.5} L${x + width * 0.2} ${base - height * 0.76}`,
      stroke: GROUND.earthDark,
      strokeWidth: trunk,
    },
    {
      type: 'ellipse',
      cx: x,
      cy: base - height * 0.8,
      rx: width / 2,
      ry: height * 0.17,
      fill: GROUND.grassDark,
    },
    {
      type: 'ellipse',
      cx: x - width * 0.06,
      cy: base - height * 0.86,
      rx: width * 0.38,
      ry: height * 0.1,
      fill: GROUND.grass,
    },
  ]);
}

/** The depot's name on its roof, where the roof is tall enough for 11 px letters. */
export function depotSign(size: number): SceneNode[] {
  const roof = depotRoof(size);
  const letters = Math.floor(roof.height * 0.78 * 2) / 2;
  if (letters < MIN_FONT_PX) return [];
  return [
    {
      type: 'text',
      x: roof.x + roof.width / 2,
      y: roof.y + roof.height / 2 + letters * 0.36,
      text: 'DEPOT',
      size: letters,
      weight: 800,
      anchor: 'middle',
      fill: GROUND.sand,
    },
  ];
}

/** Grass, the frame, the road and the town square's ground. */
export function groundNodes(size: number, centre: CentreLayout): SceneNode[] {
  const road = roadOf(size);
  const cell = road.cell;
  const frame = Math.max(2, cell * 0.05);
  const town = road.town;
  const bays = depotBays(size);
  const roof = depotRoof(size);
  const depotPad = cell * 0.05;
  const die = centre.die;
  const plaza = die.width * 0.6;
  return [
    {
      type: 'rect',
      x: frame / 2,
      y: frame / 2,
      width: size - frame,
      height: size - frame,
      radius: cell * 0.16,
      fill: { gradient: 'zt-grass' },
      stroke: GROUND.brand,
      strokeWidth: frame,
    },
    {
      type: 'rect',
      x: town.x,
      y: town.y,
      width: town.width,
      height: town.height,
      radius: Math.max(2, road.innerRadius - cell * 0.04),
      fill: { gradient: 'zt-sand' },
    },
    // The tarmac: a thick stroke round the centre line, then its kerbs.
    {
      type: 'rect',
      x: road.centre.x,
      y: road.centre.y,
      width: road.centre.width,
      height: road.centre.height,
      radius: road.centreRadius,
      stroke: GROUND.asphalt,
      strokeWidth: road.width,
    },
    {
      type: 'rect',
      x: road.outer.x,
      y: road.outer.y,
      width: road.outer.width,
      height: road.outer.height,
      radius: road.outerRadius,
      stroke: GROUND.asphaltEdge,
      strokeWidth: Math.max(1, cell * 0.025),
    },
    {
      type: 'rect',
      x: road.outer.x + road.width,
      y: road.outer.y + road.width,
      width: road.outer.width - 2 * road.width,
      height: road.outer.height - 2 * road.width,
      radius: Math.max(0.5, road.innerRadius),
      stroke: GROUND.asphaltEdge,
      strokeWidth: Math.max(1, cell * 0.025),
    },
    {
      type: 'path',
      d: centreLineDashes(road, road.width * 0.36, road.width * 0.34),
      stroke: GROUND.roadLine,
      strokeWidth: Math.max(1, road.width * 0.08),
    },
    // The depot: a concrete pad with a painted bay for each seat, under a copper shed roof.
    {
      type: 'rect',
      x: centre.depot.x - depotPad,
      y: centre.depot.y,
      width: centre.depot.width + 2 * depotPad,
      height: centre.depot.height + depotPad,
      radius: cell * 0.06,
      fill: GROUND.concrete,
      stroke: GROUND.concreteLine,
      strokeWidth: 1,
    },
    group(
      bays.slice(1).map((bay): SceneNode => ({
        type: 'rect',
        x: bay.x - 0.5,
        y: bay.y + bay.height * 0.12,
        width: 1,
        height: bay.height * 0.76,
        fill: '#FACC15',
      })),
    ),
    {
      type: 'rect',
      x: roof.x - depotPad,
      y: roof.y,
      width: roof.width + 2 * depotPad,
      height: roof.height,
      radius: Math.min(roof.height / 2, cell * 0.05),
      fill: GROUND.earth,
      stroke: OUTLINE,
      strokeWidth: Math.max(1, cell * 0.02),
    },
    group(
      Array.from({ length: 11 }, (_, i): SceneNode => ({
        type: 'rect',
        x: roof.x + ((i + 1) * roof.width) / 12 - 0.5,
        y: roof.y + roof.height * 0.2,
        width: 1,
        height: roof.height * 0.6,
        fill: GROUND.earthDark,
        opacity: 0.7,
      })),
    ),
    // The plaza the die lands on.
    {
      type: 'circle',
      cx: die.x + die.width / 2,
      cy: die.y + die.height / 2,
      r: plaza,
      fill: GROUND.sandShade,
      stroke: GROUND.earth,
      strokeWidth: Math.max(1, cell * 0.03),
      opacity: 0.9,
    },
  ];
}
