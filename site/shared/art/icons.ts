// The tiles' icons, each drawn in a 24 × 24 box: chunky shapes with a dark outline, a few flat
// colours, nothing thinner than the outline, so they still read at 18 px on a phone's board.
// `line` is the outline's width in the box's units (the caller keeps it near 1–2.5 px on screen).
import { ICON, OUTLINE, WHITE } from './palette';
import type { IconName } from './tiles';
import { group, type SceneNode } from './scene';

type Draw = (line: number) => SceneNode[];

const outlined = (line: number) => ({ stroke: OUTLINE, strokeWidth: line });

function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  line: number | null,
  radius = 0,
): SceneNode {
  return {
    type: 'rect',
    x,
    y,
    width,
    height,
    radius,
    fill,
    ...(line === null ? {} : outlined(line)),
  };
}

function shape(d: string, fill: string | undefined, line: number | null): SceneNode {
  return { type: 'path', d, ...(fill ? { fill } : {}), ...(line === null ? {} : outlined(line)) };
}

function circle(cx: number, cy: number, r: number, fill: string, line: number | null): SceneNode {
  return { type: 'circle', cx, cy, r, fill, ...(line === null ? {} : outlined(line)) };
}

/** A stroke-only line (no fill). */
function stroke(d: string, color: string, width: number): SceneNode {
  return { type: 'path', d, stroke: color, strokeWidth: width };
}

/** Bonds: a certificate with a gold rosette and red ribbon tails. */
const certificate: Draw = (line) => [
  rect(1.5, 3, 18, 13.5, ICON.paper, line, 1.5),
  rect(5, 7, 10, 1.6, ICON.paperLine, null, 0.8),
  rect(5, 10.3, 7, 1.6, ICON.paperLine, null, 0.8),
  shape('M15.4 17 L14.2 22.8 L16.4 21.5 L17.8 23.2 L18.6 17.6 Z', ICON.red, line),
  shape('M19.4 17.6 L20.4 23.2 L21.6 21.3 L23.3 21.9 L21.6 16.8 Z', ICON.red, line),
  circle(18.6, 14.8, 4.3, ICON.gold, line),
  circle(18.6, 14.8, 2, ICON.goldDark, null),
];

/** Repairs: a spanner. */
const spanner: Draw = (line) => [
  group(
    [
      rect(-7.5, -1.9, 12, 3.8, ICON.steel, line, 1.9),
      shape(
        'M2.6 -3.2 L4.8 -5.4 A5.4 5.4 0 0 1 11.4 -3.8 L8.3 -1.4 L8.3 1.4 L11.4 3.8 A5.4 5.4 0 0 1 4.8 5.4 L2.6 3.2 Z',
        ICON.steel,
        line,
      ),
      circle(-8.2, 0, 3.4, ICON.steel, line),
      circle(-8.2, 0, 1.4, ICON.steelDark, null),
    ],
    { transform: { x: 12, y: 12.4, rotate: -40 } },
  ),
];

/** Gud Will: two hands shaking (a blue sleeve and an orange one) under a small red heart. */
const handshake: Draw = (line) => [
  shape(
    'M12 3.6 C11.1 2.1 8.8 2.2 8.8 4.2 C8.8 5.7 10.6 6.8 12 8 C13.4 6.8 15.2 5.7 15.2 4.2 C15.2 2.2 12.9 2.1 12 3.6 Z',
    ICON.red,
    line,
  ),
  shape(
    'M18.2 10 C16 9.1 13.6 9.3 11.7 10.3 L8.6 12.2 C7.7 12.8 8.3 14.2 9.4 13.9 L12.2 12.9 L16.8 16 Z',
    ICON.skinDark,
    line,
  ),
  shape(
    'M5.8 10.2 C7.6 9.6 9.2 9.8 10.5 10.6 L16 14.2 C17 14.9 16.4 16.4 15.2 16 C15.6 17.2 14.6 18.2 13.4 17.6 C13.4 18.8 12.2 19.4 11.2 18.6 C10.8 19.6 9.6 19.8 8.8 19 L7.6 17.8 Z',
    ICON.skin,
    line,
  ),
  stroke('M15.2 16 L12.9 14.4 M13.4 17.6 L11.4 15.9 M11.2 18.6 L9.6 17', OUTLINE, line * 0.7),
  shape('M0.8 11.2 L6 9.6 L8.2 16.2 L3 17.9 Z', ICON.blue, line),
  shape('M23.2 11.2 L18 9.6 L15.8 16.2 L21 17.9 Z', ICON.orange, line),
];

/** Toll Fee: a booth and a red-and-white boom gate. */
const boomGate: Draw = (line) => [
  rect(0.8, 19.6, 22.4, 2.2, ICON.steelDark, null, 1.1),
  rect(2, 9, 6.6, 10.6, ICON.paper, line, 0.8),
  rect(1.2, 6.6, 8.2, 2.8, ICON.red, line, 0.9),
  rect(3.4, 11.2, 3.8, 3.2, ICON.sky, line * 0.7, 0.4),
  rect(10.2, 11.6, 2.8, 8, ICON.steel, line, 0.6),
  rect(11.4, 10.2, 11.6, 3, WHITE, null, 1.5),
  rect(14.2, 10.2, 2.4, 3, ICON.red, null),
  rect(18.8, 10.2, 2.4, 3, ICON.red, null),
  { type: 'rect', x: 11.4, y: 10.2, width: 11.6, height: 3, radius: 1.5, ...outlined(line) },
  circle(11.6, 11.7, 1.4, ICON.steelDark, null),
];

/** Tax: a columned office with a coin in its pediment. */
const taxOffice: Draw = (line) => [
  shape('M1.8 9 L12 2.8 L22.2 9 Z', ICON.paper, line),
  circle(12, 6.9, 1.5, ICON.gold, line * 0.6),
  rect(2.6, 9, 18.8, 2.4, ICON.paper, line),
  ...[4.2, 8.3, 13.2, 17.3].map((x) => rect(x, 11.4, 2.5, 7, ICON.paper, line * 0.8)),
  rect(1.8, 18.4, 20.4, 2.8, ICON.paper, line, 0.6),
];

/** Council: the town hall, its clock tower and Zambia's flag. */
const townHall: Draw = (line) => [
  rect(4.2, 3.2, 0.9, 8, OUTLINE, null),
  rect(5.1, 3.2, 5, 3.2, ICON.green, null),
  rect(8.1, 4.6, 0.7, 1.8, ICON.red, null),
  rect(8.8, 4.6, 0.7, 1.8, ICON.black, null),
  rect(9.5, 4.6, 0.6, 1.8, ICON.orange, null),
  rect(3, 11, 18, 10.4, ICON.paper, line, 0.6),
  rect(8.8, 6, 6.4, 5.4, ICON.paper, line),
  shape('M8 6.2 L12 2.6 L16 6.2 Z', ICON.orange, line),
  circle(12, 8.7, 1.7, WHITE, line * 0.7),
  rect(5, 13.4, 3, 3, ICON.sky, line * 0.7),
  rect(16, 13.4, 3, 3, ICON.sky, line * 0.7),
  rect(10.4, 15.2, 3.2, 6.2, ICON.leather, line * 0.7, 1.2),
];

/** Salaries and Wages: a brown pay envelope with a banknote peeping out. */
const payEnvelope: Draw = (line) => [
  rect(5, 3.2, 14, 8.4, ICON.note, line, 0.8),
  circle(12, 6.8, 1.8, ICON.green, null),
  rect(2, 8.4, 20, 12.8, ICON.kraft, line, 1.2),
  stroke('M2.6 9 L12 13.6 L21.4 9', OUTLINE, line * 0.8),
  rect(5, 16, 9, 3, ICON.paper, line * 0.7, 0.5),
];

/** Tax Refund: an envelope and a gold coin with an arrow up. */
const refundEnvelope: Draw = (line) => [
  rect(1.2, 5, 16.4, 12, WHITE, line, 1),
  stroke('M1.8 5.6 L9.4 11.6 L17 5.6', OUTLINE, line * 0.8),
  circle(16.8, 16.6, 5.6, ICON.gold, line),
  circle(16.8, 16.6, 3.7, ICON.gold, null),
  stroke('M16.8 19.2 L16.8 14 M14.7 15.9 L16.8 13.8 L18.9 15.9', OUTLINE, line * 1.1),
];

/** Advert: a megaphone calling out. */
const megaphone: Draw = (line) => [
  shape('M7.5 15.2 L8.9 20.4 L11.3 20.4 L10.4 16.2 Z', ICON.steelDark, line),
  rect(1.6, 8.8, 4, 6.4, ICON.steelDark, line, 1),
  shape('M5.2 9 L15.2 4 L15.2 20 L5.2 15 Z', ICON.orange, line),
  rect(14.4, 3, 2.8, 18, ICON.red, line, 1.4),
  stroke('M19.4 9.2 Q21.1 12 19.4 14.8', OUTLINE, line),
  stroke('M21.4 6.8 Q24.1 12 21.4 17.2', OUTLINE, line),
];

/** Insurance: a shield with a tick. */
const shield: Draw = (line) => [
  shape(
    'M12 1.8 L20.6 5 L20.6 11.4 C20.6 16.8 16.8 20.4 12 22.2 C7.2 20.4 3.4 16.8 3.4 11.4 L3.4 5 Z',
    ICON.blue,
    line,
  ),
  shape('M12 3.6 L5.1 6.2 L5.1 11.4 C5.1 15.7 8.1 18.8 12 20.4 Z', '#3B82F6', null),
  stroke('M7.8 12 L10.8 15 L16.4 8.8', WHITE, line * 1.9),
];

/** Permits and Licenses: a document with a red stamp. */
const permit: Draw = (line) => [
  shape('M4.4 1.8 L15 1.8 L19.6 6.4 L19.6 22.2 L4.4 22.2 Z', ICON.paper, line),
  shape('M15 1.8 L15 6.4 L19.6 6.4 Z', ICON.paperLine, line * 0.8),
  rect(7, 8.2, 8.4, 1.6, ICON.paperLine, null, 0.8),
  rect(7, 11.2, 10, 1.6, ICON.paperLine, null, 0.8),
  rect(7, 14.2, 5, 1.6, ICON.paperLine, null, 0.8),
  { type: 'circle', cx: 14.6, cy: 17.4, r: 3.7, stroke: ICON.red, strokeWidth: line * 1.2 },
  circle(14.6, 17.4, 2, ICON.red, null),
];

/** Professional: a briefcase. */
const briefcase: Draw = (line) => [
  stroke(
    'M8.6 8 L8.6 5.6 C8.6 4.5 9.3 3.8 10.3 3.8 L13.7 3.8 C14.7 3.8 15.4 4.5 15.4 5.6 L15.4 8',
    OUTLINE,
    line * 1.5,
  ),
  rect(2, 7.6, 20, 13.6, ICON.leather, line, 2),
  stroke('M2.6 13.2 L21.4 13.2', OUTLINE, line * 0.8),
  rect(10, 11.6, 4, 3.4, ICON.gold, line * 0.8, 0.6),
];

/** Weigh Bridge: a truck on the scale's platform, and its dial. */
const weighbridge: Draw = (line) => [
  rect(18.4, 9.2, 1.4, 8.8, ICON.steelDark, null),
  circle(19.1, 6, 3.8, WHITE, line),
  stroke('M19.1 6 L20.9 4.1', ICON.red, line),
  rect(2.2, 9.2, 9.8, 6.8, ICON.orange, line, 0.6),
  shape('M12 11.4 L15.1 11.4 L17 13.7 L17 16 L12 16 Z', ICON.orange, line),
  shape('M12.8 12.2 L14.7 12.2 L16 13.7 L12.8 13.7 Z', WHITE, null),
  circle(5, 16.8, 1.8, ICON.black, null),
  circle(14.2, 16.8, 1.8, ICON.black, null),
  rect(0.8, 18.4, 22.4, 3, ICON.steel, line, 0.8),
];

/** Trucks: the dealer's showroom, a new truck on a plinth behind the glass. */
const showroom: Draw = (line) => [
  rect(1.4, 5.4, 21.2, 16, ICON.paper, line, 1),
  rect(0.8, 2.6, 22.4, 4.4, ICON.orange, line, 1),
  rect(3.4, 9, 17.2, 10.6, ICON.sky, line * 0.7, 0.6),
  rect(5.6, 17.2, 12.8, 2.2, ICON.steel, line * 0.8, 0.5),
  rect(6.2, 11.4, 7.4, 5.2, ICON.gold, line * 0.8, 0.5),
  shape('M13.6 12.8 L15.9 12.8 L17.5 14.7 L17.5 16.6 L13.6 16.6 Z', ICON.gold, line * 0.8),
  circle(8.4, 17, 1.3, ICON.black, null),
  circle(15.6, 17, 1.3, ICON.black, null),
];

const ICONS: Readonly<Record<IconName, Draw>> = {
  certificate,
  spanner,
  handshake,
  boomGate,
  taxOffice,
  townHall,
  payEnvelope,
  refundEnvelope,
  megaphone,
  shield,
  permit,
  briefcase,
  weighbridge,
  showroom,
};

export const ICON_NAMES = Object.keys(ICONS) as IconName[];

/** The icon's shapes in its 24 × 24 box, outlined `line` units wide. */
export function iconShapes(name: IconName, line: number): SceneNode[] {
  return ICONS[name](line);
}

/** The icon scaled to `side` px with its top left at (x, y); outlines stay 1–2.5 px on screen. */
export function iconAt(name: IconName, x: number, y: number, side: number): SceneNode {
  const scale = side / 24;
  const line = Math.min(2.5, Math.max(1, side / 22)) / scale;
  return group(iconShapes(name, line), { transform: { x, y, scale }, data: { icon: name } });
}
