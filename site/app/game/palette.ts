// The players' colours as hex, for the canvas and the DOM alike: the art module's player shades
// (site/shared/art/palette.ts), so a truck, its yard and its row in the statement always match.
import type { PlayerColor } from '#game/board.ts';
import { playerShades } from '#site/shared/art/palette.ts';

/** `'lightblue'` → `'#4fc3f7'`. */
export function playerHex(color: PlayerColor): string {
  return playerShades(color).fill;
}

/** Readable text on top of a player's colour (yellow, pink and light blue need dark text). */
export function inkOn(color: PlayerColor): string {
  return playerShades(color).ink;
}
