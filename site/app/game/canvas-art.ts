// What the board's canvas draws, as pure data from the art module's scene (site/shared/art): the
// static layer as a standalone SVG document for the browser to rasterise (the tiles, yards and
// fleets, the town square), each piece's picture per colour, and where every piece sits and
// how it is turned, on the road ring, at any moment of a drive. board-canvas.tsx turns these into
// textures and sprites; nothing here knows about Pixi, the DOM or the clock.
import type { PlayerColor } from '#game/board.ts';
import { boardDefs } from '#site/shared/art/board.ts';
import {
  alongPath,
  parkingSpot,
  ringPath,
  roadOf,
  stopDistance,
  truckPose,
  type Parking,
  type RingPath,
} from '#site/shared/art/geometry.ts';
import type { BoardModel, SeatModel } from '#site/shared/art/model.ts';
import type { Group, SceneNode } from '#site/shared/art/scene.ts';
import {
  defsMarkup,
  escapeAttribute,
  layerMarkup,
  num,
  svgRootAttributes,
} from '#site/shared/art/svg.ts';
import { truckAt } from '#site/shared/art/truck.ts';
import { HOP_HEIGHT, tilesDriven, type Drive } from './animation';

/**
 * What the static layer (`boardLayer`: ground, road, tiles, yards and their fleets, the town
 * square) is drawn from: it changes only when a player sits down or buys a truck, or the size, the
 * text scale or the pixel ratio changes. The same inputs as `board-svg.tsx`'s cache.
 */
export function boardKey(
  seats: readonly SeatModel[],
  size: number,
  textScale: number,
  resolution: number,
): string {
  return JSON.stringify([
    size,
    textScale,
    resolution,
    seats.map((s) => [s.uid, s.name, s.color, s.homeBox, s.trucks]),
  ]);
}

let defs: string | null = null;

/**
 * A layer's markup as a standalone SVG document of `side` CSS px, its pixels `resolution` times as
 * many: the browser decodes an SVG image at its own width and height, so the texture is sharp on a
 * dense screen while the drawing keeps the board's coordinates (the viewBox).
 */
export function svgDocument(markup: string, side: number, resolution: number): string {
  defs ??= defsMarkup(boardDefs());
  const pixels = num(side * resolution);
  const root = svgRootAttributes({ size: side, label: '' })
    .filter(([name]) => name !== 'role' && name !== 'aria-label' && name !== 'data-board')
    .map(([name, value]) =>
      name === 'width' || name === 'height' ? [name, pixels] : [name, value],
    )
    .map(([name, value]) => ` ${name}="${escapeAttribute(value as string)}"`)
    .join('');
  return `<svg${root}><defs>${defs}</defs>${markup}</svg>`;
}

/** A piece's picture is drawn once at the longest a piece gets (a quarter-tile lane slot's truck). */
export const PIECE_LENGTH_SHARE = 0.35;
/** The square round a piece, in the truck's units (32 long): its rim and shadow fit inside. */
const PIECE_BOX_UNITS = 40;

export interface PieceArt {
  /** The picture's side in CSS px and the truck's length in it. */
  side: number;
  length: number;
  svg: string;
}

/** The picture of a piece of `color` (the current player's has a gold rim), its middle centred. */
export function pieceArt(
  color: PlayerColor,
  current: boolean,
  size: number,
  resolution: number,
): PieceArt {
  const length = (size / 6) * PIECE_LENGTH_SHARE;
  const side = Math.ceil((length / 32) * PIECE_BOX_UNITS);
  const piece: SceneNode = truckAt(
    color,
    { x: side / 2, y: side / 2, heading: 0, length },
    { piece: true, current },
  );
  const markup = layerMarkup({ type: 'group', children: [piece] } satisfies Group);
  return { side, length, svg: svgDocument(markup, side, resolution) };
}

/** Where a piece is and how it is turned: a sprite's position, rotation (radians) and scale. */
export interface PiecePose {
  x: number;
  y: number;
  rotation: number;
  scaleX: number;
  scaleY: number;
}

/** A parked or driving truck as a sprite drawn from a picture whose truck is `artLength` long. */
export function poseOf(at: Parking, artLength: number): PiecePose {
  const { rotate, mirror } = truckPose(at.heading);
  const scale = at.length / artLength;
  return {
    x: at.x,
    y: at.y,
    rotation: (rotate * Math.PI) / 180,
    scaleX: mirror ? -scale : scale,
    scaleY: scale,
  };
}

/** A seat's lane: the ring path its trucks follow and how far along it its slot is from a stop. */
interface Lane {
  path: RingPath;
  offset: number;
  /** Px along the lane from a tile's stop to this seat's slot at it. */
  shift: number;
  perimeter: number;
}

/** A tile on the top straight, where a slot's lane and place along it read off plainly. */
const STRAIGHT_TILE = 2;

/**
 * The lane of `seat` and its slot's place along it, read from `parkingSpot` itself on the top
 * straight (where the lane runs level and `s` grows with x), so the drive and the parked truck can
 * never disagree about where a seat parks.
 */
export function laneOf(seat: number, size: number, players: number): Lane {
  const road = roadOf(size);
  const parked = parkingSpot(STRAIGHT_TILE, seat, size, players);
  const offset = road.centre.y - parked.y;
  const path = ringPath(road, offset);
  const s = parked.x - (path.box.x + path.radius);
  const straight = path.box.width - 2 * path.radius;
  return {
    path,
    offset,
    shift: s - stopDistance(STRAIGHT_TILE, size, offset),
    perimeter: 4 * straight + 2 * Math.PI * path.radius,
  };
}

function laneDistance(lane: Lane, position: number, size: number): number {
  return stopDistance(position, size, lane.offset) + lane.shift;
}

/**
 * Where the driving truck of `seat` is at `now`: along its lane from the stop it left to each next
 * one in turn (so it turns with the bends), a small hop between two tiles; from the depot (−1) it
 * drives straight to its slot at the first tile. At the end of the drive: its parking spot.
 */
export function drivePose(
  drive: Drive,
  seat: number,
  players: number,
  size: number,
  now: number,
): Parking {
  const stops = [drive.from, ...drive.path];
  const driven = tilesDriven(drive, now);
  const index = Math.min(stops.length - 2, Math.floor(driven));
  if (stops.length < 2 || index < 0) {
    return parkingSpot(stops[stops.length - 1] as number, seat, size, players);
  }
  const within = Math.min(1, driven - index);
  const from = stops[index] as number;
  const to = stops[index + 1] as number;
  const a = parkingSpot(from, seat, size, players);
  const b = parkingSpot(to, seat, size, players);
  const hop = Math.sin(Math.PI * within) * HOP_HEIGHT * (size / 6) * 0.5;
  let at: Parking;
  if (within >= 1) at = b;
  else if (from < 0) {
    at = {
      x: a.x + (b.x - a.x) * within,
      y: a.y + (b.y - a.y) * within,
      heading: (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI,
      length: a.length + (b.length - a.length) * within,
    };
  } else {
    const lane = laneOf(seat, size, players);
    const start = laneDistance(lane, from, size);
    // Trucks only drive forward: the next stop is ahead, round the ring if need be.
    const ahead =
      (((laneDistance(lane, to, size) - start) % lane.perimeter) + lane.perimeter) % lane.perimeter;
    at = { ...alongPath(lane.path, start + ahead * within), length: b.length };
  }
  return { ...at, y: at.y - hop };
}

/** Each seated player's piece: where it parks, or where its drive has it; the current one last. */
export function piecePlacements(
  model: BoardModel,
  size: number,
  drive: Drive | null,
  now: number,
): { uid: string; color: PlayerColor; current: boolean; at: Parking }[] {
  const players = model.seats.length;
  const turn = (s: SeatModel) => s.uid === model.currentPlayer;
  return [...model.seats]
    .sort((a, b) => Number(turn(a)) - Number(turn(b)))
    .map((s) => ({
      uid: s.uid,
      color: s.color,
      current: turn(s) && model.status === 'active',
      at:
        drive && drive.player === s.uid && drive.path.length > 0
          ? drivePose(drive, s.seat, players, size, now)
          : parkingSpot(s.position, s.seat, size, players),
    }));
}
