// The tiles for a set of seats: what each shows (its art, with the yards' owners) and its box.
import { BOARD } from '#game/board.ts';
import { boardLayout, type Box } from './geometry';
import type { SeatModel } from './model';
import { tileArt, type TileArt, type YardOwner } from './tiles';

/** The yards' owners by home box. */
function ownersOf(seats: readonly SeatModel[]): Map<string, YardOwner> {
  return new Map(
    seats.map((s) => [s.homeBox, { uid: s.uid, name: s.name, color: s.color, trucks: s.trucks }]),
  );
}

export function tileArts(seats: readonly SeatModel[]): TileArt[] {
  const owners = ownersOf(seats);
  return BOARD.map((_, position) => tileArt(position, owners));
}

/** Each tile's box on a board of `size` px, in board order. */
export function tileBoxes(size: number): Box[] {
  return boardLayout(size).tiles.map((t) => ({ x: t.x, y: t.y, width: t.width, height: t.height }));
}
