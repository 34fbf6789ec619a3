// The players' colours as hex, for the canvas and the DOM alike: the colour of each seat's home
// box in game/board.ts, so a truck, its home box and its row in the statement always match.
import { BOARD, PLAYER_COLORS, type PlayerColor } from '../../../game/board';

const BY_NAME = new Map<PlayerColor, string>(
  BOARD.flatMap((box) =>
    box.kind === 'home' ? [[PLAYER_COLORS[box.seat - 1] as PlayerColor, box.color] as const] : [],
  ),
);

/** `'lightblue'` → `'#4fc3f7'`. */
export function playerHex(color: PlayerColor): string {
  return BY_NAME.get(color) ?? '#78716c';
}

/** Readable text on top of a player's colour (yellow and light blue need dark text). */
export function inkOn(color: PlayerColor): string {
  return color === 'yellow' || color === 'lightblue' || color === 'pink' ? '#1c1917' : '#ffffff';
}
