// Where things sit on the board. The ring of tiles, the tile under a tap and the paths trucks drive
// are the art module's geometry (site/shared/art/geometry.ts), shared with the server-rendered
// board.
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
