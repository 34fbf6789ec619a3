// Where things sit on the board. The ring of tiles, the tile under a tap and the paths trucks drive
// are the art module's geometry (site/shared/art/geometry.ts), shared with the server-rendered
// board; `truckSpot` is where today's canvas parks a truck inside its tile.
import { START_POSITION } from '#game/board.ts';
import { GRID, tileCell, type Point } from '#site/shared/art/geometry.ts';

export {
  boardLayout,
  fitBoardSize,
  GRID,
  MAX_BOARD_SIZE,
  MIN_BOARD_SIZE,
  pathBetween,
  pointAlong,
  tileAt,
  tileCell,
  type BoardLayout,
  type Cell,
  type Point,
  type TileRect,
} from '#site/shared/art/geometry.ts';

/**
 * Where seat `seat` (0-based, up to 6) parks on a tile: a 3 × 2 grid of slots inside the tile, so
 * trucks sharing a tile never cover each other. Off the board (position −1) the trucks wait in the
 * depot, a row along the top of the inner square.
 */
export function truckSpot(position: number, seat: number, size: number): Point {
  const cell = size / GRID;
  const slotCol = seat % 3;
  const slotRow = Math.floor(seat / 3) % 2;
  if (position === START_POSITION) {
    return { x: cell * 1.5 + seat * (cell * 0.55), y: cell * 1.45 };
  }
  const { col, row } = tileCell(position);
  return {
    x: col * cell + cell * (0.22 + 0.28 * slotCol),
    y: row * cell + cell * (0.58 + 0.26 * slotRow),
  };
}
