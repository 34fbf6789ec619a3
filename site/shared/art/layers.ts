// The board scene's four layers, each drawn on its own: `board` (ground, road, tiles, yards with
// their fleets, the town square: changes when a truck is bought or a player sits down), `hud` (whose
// turn, the clock, the rings round the current yard and an open offer), `die` and `pieces` (each
// player's truck at its parking spot).
import { BOARD } from '#game/board.ts';
import { dieFaceSymbol, DIE_UNITS } from './die';
import { parkingSpot, roadOf, type Box } from './geometry';
import { acacia, depotSign, groundNodes } from './ground';
import { BRAND, centreWords } from './hud';
import { fitSlot, fitTurnSlot, layoutTiles, type CentreLayout, type TileLayout } from './labels';
import { plate, textNodes } from './lettering';
import type { BoardModel, SeatModel } from './model';
import { GROUND, INK, OUTLINE, WHITE, playerShades } from './palette';
import { group, type Group, type SceneNode } from './scene';
import { tileArts, tileBoxes } from './tile-arts';
import { tileCard } from './tile-cards';
import { truckAt } from './truck';

/** The static layer: ground, road, tiles and yards, the town square and the brand. */
export function boardLayer(
  seats: readonly SeatModel[],
  size: number,
  textScale: number,
  centre: CentreLayout,
): Group {
  const arts = tileArts(seats);
  const tiles = layoutTiles(arts, tileBoxes(size), size, textScale);
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
    ...arts.map((art, p) => tileCard(art, tiles[p] as TileLayout, cell)),
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
    return p < 0 ? null : (tileBoxes(size)[p] ?? null);
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
