// The board as a scene: a pure function of what the room shows (model.ts), the board's side in CSS
// px and the reader's text size. Four layers, redrawn separately: `board` (ground, road, tiles,
// yards with their fleets, the town square: changes when a truck is bought or a player sits down),
// `hud` (whose turn, the clock, the rings round the current yard and an open offer), `die` and
// `pieces` (each player's truck at its parking spot).
import { BOARD, PLAYER_COLORS, type PlayerColor } from '#game/board.ts';
import { dieFaceSymbol, DIE_SHADE, DIE_UNITS, dieSymbols } from './die';
import { boardLayout, parkingSpot, roadOf, yardSpots, type Box, type Parking } from './geometry';
import { acacia, depotSign, GROUND_GRADIENTS, groundNodes } from './ground';
import { BRAND, centreWords, describeBoard } from './hud';
import { iconAt } from './icons';
import {
  fitSlot,
  fitTurnSlot,
  haloWidth,
  layoutCentre,
  layoutTiles,
  type CentreLayout,
  type PlacedText,
  type TileLayout,
} from './labels';
import type { BoardModel, SeatModel } from './model';
import { CREAM, GROUND, INK, OUTLINE, TONES, WHITE, playerShades, type Tone } from './palette';
import { group, type Group, type LinearGradient, type Scene, type SceneNode } from './scene';
import { tileArt, type StopArt, type TileArt, type YardArt, type YardOwner } from './tiles';
import { truckAt, truckSymbols } from './truck';

export interface BoardOptions {
  /** The board's side in CSS px. */
  size: number;
  /** The reader's text size: 1 = 100 %, 2 = 200 %. */
  textScale?: number;
  /** The time the clocks count from (ms since the epoch); without it they show the game's length. */
  now?: number | null;
  /** The viewer's uid: their turn reads "Your turn". */
  me?: string | null;
}

const TONE_GRADIENTS: LinearGradient[] = (Object.keys(TONES) as Tone[]).map((tone) => ({
  id: `zt-tone-${tone}`,
  x1: 0,
  y1: 0,
  x2: 0,
  y2: 1,
  stops: [
    { offset: 0, color: TONES[tone].base },
    { offset: 0.45, color: TONES[tone].base },
    { offset: 1, color: TONES[tone].light },
  ],
}));

/** The yards' owners by home box. */
export function ownersOf(seats: readonly SeatModel[]): Map<string, YardOwner> {
  return new Map(
    seats.map((s) => [s.homeBox, { uid: s.uid, name: s.name, color: s.color, trucks: s.trucks }]),
  );
}

export function tileArts(seats: readonly SeatModel[]): TileArt[] {
  const owners = ownersOf(seats);
  return BOARD.map((_, position) => tileArt(position, owners));
}

function cells(size: number): Box[] {
  return boardLayout(size).tiles.map((t) => ({ x: t.x, y: t.y, width: t.width, height: t.height }));
}

function textNodes(
  placed: PlacedText,
  fill: string,
  halo?: { color: string; width: number },
): SceneNode[] {
  return placed.lines.map((line, i): SceneNode => ({
    type: 'text',
    x: placed.x,
    y: placed.baselines[i] as number,
    text: line,
    size: placed.size,
    weight: placed.weight,
    anchor: 'middle',
    fill,
    ...(halo ? { stroke: halo.color, strokeWidth: halo.width } : {}),
  }));
}

function plate(box: Box, fill: string, radius: number, stroke = OUTLINE, width = 1): SceneNode {
  return { type: 'rect', ...box, radius, fill, stroke, strokeWidth: width };
}

/** The price tag: a cream tag with a punched hole, the amount in the tone's ink. */
function priceTag(tag: PlacedText, ink: string, cell: number): SceneNode[] {
  const hole = tag.size * 0.12;
  const nodes = [
    plate(
      tag.box,
      CREAM,
      Math.min(tag.box.height / 2, cell * 0.08),
      OUTLINE,
      Math.max(1, cell * 0.018),
    ),
    ...textNodes(tag, ink),
  ];
  if (hole >= 1.2) {
    nodes.splice(1, 0, {
      type: 'circle',
      cx: tag.box.x + tag.size * 0.16,
      cy: tag.box.y + tag.box.height / 2,
      r: hole,
      fill: OUTLINE,
      opacity: 0.55,
    });
  }
  return nodes;
}

/** A soft shadow under a plot, so the tiles stand on the grass. */
function cardShadow(card: Box, cell: number): SceneNode {
  return {
    type: 'rect',
    ...card,
    y: card.y + Math.max(1, cell * 0.025),
    radius: cell * 0.1,
    fill: '#000000',
    opacity: 0.22,
  };
}

function stopTile(art: StopArt, layout: TileLayout, cell: number): SceneNode {
  const tone = TONES[art.tone];
  const iconSide = Math.min(layout.art.width, layout.art.height);
  const halo = { color: OUTLINE, width: haloWidth(layout.label.size) };
  return group(
    [
      cardShadow(layout.card, cell),
      {
        type: 'rect',
        ...layout.card,
        radius: cell * 0.1,
        fill: { gradient: `zt-tone-${art.tone}` },
        stroke: OUTLINE,
        strokeWidth: Math.max(1, cell * 0.02),
      },
      iconAt(
        art.icon,
        layout.art.x + (layout.art.width - iconSide) / 2,
        layout.art.y + (layout.art.height - iconSide) / 2,
        iconSide,
      ),
      ...textNodes(layout.label, WHITE, halo),
      ...(layout.tag ? priceTag(layout.tag, tone.tagInk, cell) : []),
    ],
    { data: { tile: art.box.id, tone: art.tone } },
  );
}

/** A fenced lot: posts at the corners and along the sides, rails between them. */
function fence(card: Box, rail: string, post: string, cell: number): SceneNode[] {
  const width = Math.max(1.5, cell * 0.035);
  const postSide = Math.max(2.5, cell * 0.06);
  const inset = width / 2 + 0.5;
  const box = {
    x: card.x + inset,
    y: card.y + inset,
    width: card.width - 2 * inset,
    height: card.height - 2 * inset,
  };
  const posts: SceneNode[] = [];
  for (const fx of [0, 0.5, 1]) {
    for (const fy of [0, 0.5, 1]) {
      if (fx === 0.5 && fy === 0.5) continue;
      posts.push({
        type: 'rect',
        x: box.x + box.width * fx - postSide / 2,
        y: box.y + box.height * fy - postSide / 2,
        width: postSide,
        height: postSide,
        radius: postSide * 0.25,
        fill: post,
      });
    }
  }
  return [
    { type: 'rect', ...box, radius: cell * 0.08, stroke: rail, strokeWidth: width },
    ...posts,
  ];
}

function yardTile(art: YardArt, layout: TileLayout, cell: number): SceneNode {
  const { card } = layout;
  if (!art.owner) {
    // An empty lot: bare earth with a few tufts, fence posts without rails, and a "For rent"
    // board on two short legs.
    const leg = Math.max(1.5, cell * 0.035);
    const label = layout.label.box;
    const legTop = label.y + label.height - 0.5;
    const legLength = Math.max(2, layout.art.height * 0.35);
    const a = layout.art;
    const tuft = (x: number, y: number): SceneNode => ({
      type: 'path',
      d: `M${x - cell * 0.05} ${y} L${x - cell * 0.02} ${y - cell * 0.07} L${x} ${y} L${x + cell * 0.025} ${y - cell * 0.08} L${x + cell * 0.05} ${y} Z`,
      fill: GROUND.grassDark,
    });
    return group(
      [
        cardShadow(card, cell),
        {
          type: 'rect',
          ...card,
          radius: cell * 0.1,
          fill: GROUND.sandShade,
          stroke: OUTLINE,
          strokeWidth: Math.max(1, cell * 0.02),
        },
        {
          type: 'ellipse',
          cx: a.x + a.width * 0.3,
          cy: a.y + a.height * 0.72,
          rx: a.width * 0.24,
          ry: a.height * 0.14,
          fill: GROUND.earth,
          opacity: 0.25,
        },
        {
          type: 'ellipse',
          cx: a.x + a.width * 0.75,
          cy: a.y + a.height * 0.8,
          rx: a.width * 0.15,
          ry: a.height * 0.1,
          fill: GROUND.earth,
          opacity: 0.2,
        },
        tuft(a.x + a.width * 0.62, a.y + a.height * 0.98),
        tuft(a.x + a.width * 0.14, a.y + a.height * 0.95),
        ...fence(card, GROUND.sand, GROUND.earthDark, cell).slice(1),
        ...[0.3, 0.7].map((f): SceneNode => ({
          type: 'rect',
          x: label.x + label.width * f - leg / 2,
          y: legTop,
          width: leg,
          height: legLength,
          fill: GROUND.earthDark,
        })),
        plate(label, WHITE, cell * 0.05, OUTLINE, Math.max(1, cell * 0.02)),
        ...textNodes(layout.label, '#B42318'),
      ],
      { data: { tile: art.box.id, yard: 'empty' } },
    );
  }
  const shades = playerShades(art.owner.color);
  const fleet = yardSpots(layout.art, art.owner.trucks).map((spot) =>
    truckAt(art.owner?.color as PlayerColor, spot),
  );
  return group(
    [
      cardShadow(card, cell),
      {
        type: 'rect',
        ...card,
        radius: cell * 0.1,
        fill: shades.tint,
        stroke: OUTLINE,
        strokeWidth: Math.max(1, cell * 0.02),
      },
      ...fence(card, shades.fill, shades.dark, cell),
      group(
        [
          plate(layout.label.box, shades.dark, cell * 0.06, OUTLINE, Math.max(1, cell * 0.02)),
          ...textNodes(layout.label, WHITE),
          ...fleet,
          ...(layout.tag ? priceTag(layout.tag, INK, cell) : []),
        ],
        { data: { seat: art.owner.uid }, title: art.owner.name },
      ),
    ],
    { data: { tile: art.box.id, yard: art.owner.color } },
  );
}

/**
 * A bought truck's way, as the static layer draws its ends: from the dealer's showroom (the middle of
 * its icon) to the spot where the owner's yard parks its `trucks`-th truck once the fleet counts it
 * (the layout of every tile with that fleet, as `boardLayer` lays them out). The landing's length is
 * the parked truck's. Null for a player with no yard on the board.
 */
export function purchaseDrive(
  seats: readonly SeatModel[],
  size: number,
  textScale: number,
  uid: string,
  trucks: number,
): { from: Parking; to: Parking } | null {
  const after = seats.map((s) => (s.uid === uid ? { ...s, trucks } : s));
  const arts = tileArts(after);
  const tiles = layoutTiles(arts, cells(size), size, textScale);
  const yard = arts.findIndex((art) => art.kind === 'yard' && art.owner?.uid === uid);
  const dealer = arts.findIndex((art) => art.kind === 'stop' && art.icon === 'showroom');
  const to = yard < 0 ? undefined : yardSpots((tiles[yard] as TileLayout).art, trucks).at(-1);
  const showroom = dealer < 0 ? undefined : tiles[dealer]?.art;
  if (!to || !showroom) return null;
  return {
    from: {
      x: showroom.x + showroom.width / 2,
      y: showroom.y + showroom.height / 2,
      heading: 0,
      length: to.length,
    },
    to,
  };
}

/** The static layer: ground, road, tiles and yards, the town square and the brand. */
export function boardLayer(
  seats: readonly SeatModel[],
  size: number,
  textScale: number,
  centre: CentreLayout,
): Group {
  const arts = tileArts(seats);
  const tiles = layoutTiles(arts, cells(size), size, textScale);
  const cell = size / 6;
  const brand = fitSlot(centre.brand, BRAND);
  // Two acacias either side of the die's plaza, where the square leaves them room.
  const town = roadOf(size).town;
  const tree = cell * 0.62;
  const beside = (town.width - centre.die.width * 1.25) / 2;
  const base = centre.die.y + centre.die.height;
  const trees =
    beside >= tree + cell * 0.1
      ? [
          acacia(town.x + beside / 2, base, tree),
          acacia(town.x + town.width - beside / 2, base, tree),
        ]
      : [];
  return group([
    ...groundNodes(size, centre),
    ...depotSign(size),
    ...trees,
    ...arts.map((art, p) => {
      const layout = tiles[p] as TileLayout;
      return art.kind === 'stop' ? stopTile(art, layout, cell) : yardTile(art, layout, cell);
    }),
    ...textNodes(brand, GROUND.brand),
  ]);
}

/** Whose turn and the clock, and rings round the current player's yard and an open offer. */
export function hudLayer(
  model: BoardModel,
  size: number,
  centre: CentreLayout,
  options: { me: string | null; now: number | null },
): Group {
  const words = centreWords(model, options.me, options.now);
  const cell = size / 6;
  const current = model.seats.find((s) => s.uid === model.currentPlayer) ?? null;
  const plateFill = current ? playerShades(current.color).dark : GROUND.brand;
  const plateInk = WHITE;
  const turn = fitTurnSlot(centre.turn, words.turn);
  const clock = fitSlot(centre.clock, words.clock);
  const rings: SceneNode[] = [];
  const ring = (box: Box, kind: string): SceneNode => ({
    type: 'rect',
    x: box.x + 1,
    y: box.y + 1,
    width: box.width - 2,
    height: box.height - 2,
    radius: cell * 0.12,
    stroke: '#FACC15',
    strokeWidth: Math.max(2.5, cell * 0.06),
    data: { highlight: kind },
  });
  const cellBox = (boxId: string): Box | null => {
    const p = BOARD.findIndex((b) => b.id === boxId);
    return p < 0 ? null : (cells(size)[p] ?? null);
  };
  if (current && model.status === 'active') {
    const home = cellBox(current.homeBox);
    if (home) rings.push(ring(home, 'turn'));
  }
  if (model.pendingPurchase && model.status === 'active') {
    const dealer = cellBox(BOARD.find((b) => b.kind === 'trucks')?.id ?? '');
    if (dealer) rings.push(ring(dealer, 'offer'));
  }
  const turnNodes: SceneNode[] =
    turn.lines[0] === ''
      ? []
      : [
          plate(turn.box, plateFill, turn.box.height / 2, OUTLINE, Math.max(1, cell * 0.025)),
          ...textNodes(turn, plateInk),
        ];
  return group([
    ...rings,
    group(turnNodes, { data: { turn: current?.uid ?? '' } }),
    group(textNodes(clock, INK), { data: { clock: '' } }),
  ]);
}

/** The die in the town square, showing the last roll (blank before the first). */
export function dieLayer(model: BoardModel, centre: CentreLayout): Group {
  const face = model.lastRoll?.roll ?? null;
  const box = centre.die;
  const side = box.width * 0.82;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return group([
    group(
      [
        {
          type: 'ellipse',
          cx: side * 0.06,
          cy: side * 0.5,
          rx: side * 0.5,
          ry: side * 0.1,
          fill: '#000000',
          opacity: 0.18,
        },
        { type: 'use', symbol: dieFaceSymbol(face), transform: { scale: side / DIE_UNITS } },
      ],
      {
        transform: { x: cx, y: cy },
        data: { die: '', 'die-face': face === null ? '' : String(face) },
        title: face === null ? 'The die: not rolled yet' : `The die shows ${face}`,
      },
    ),
  ]);
}

/** Each seated player's truck at its parking spot; the current player's on top. */
export function piecesLayer(model: BoardModel, size: number): Group {
  const order = [...model.seats].sort(
    (a, b) => Number(a.uid === model.currentPlayer) - Number(b.uid === model.currentPlayer),
  );
  return group(
    order.map((s) =>
      truckAt(s.color, parkingSpot(s.position, s.seat, size, model.seats.length), {
        piece: true,
        current: s.uid === model.currentPlayer && model.status === 'active',
        data: { piece: s.uid, position: String(s.position) },
      }),
    ),
  );
}

let defs: Pick<Scene, 'gradients' | 'symbols'> | null = null;

/** What every board shares (its `<defs>`): the gradients, a truck per colour, the die's faces. */
export function boardDefs(): Pick<Scene, 'gradients' | 'symbols'> {
  defs ??= {
    gradients: [...GROUND_GRADIENTS, ...TONE_GRADIENTS, DIE_SHADE],
    symbols: { ...truckSymbols(PLAYER_COLORS), ...dieSymbols() },
  };
  return defs;
}

/** The whole board as a scene. */
export function boardScene(model: BoardModel, options: BoardOptions): Scene {
  const size = options.size;
  const textScale = options.textScale ?? 1;
  const now = options.now ?? null;
  const me = options.me ?? null;
  const centre = layoutCentre(size, textScale);
  return {
    size,
    label: describeBoard(model, me, now),
    ...boardDefs(),
    layers: {
      board: boardLayer(model.seats, size, textScale, centre),
      hud: hudLayer(model, size, centre, { me, now }),
      die: dieLayer(model, centre),
      pieces: piecesLayer(model, size),
    },
  };
}
