// The board as a scene: a pure function of what the room shows (model.ts), the board's side in CSS
// px and the reader's text size, in four layers (layers.ts) over the defs every board shares.
import { PLAYER_COLORS } from '#game/board.ts';
import { DIE_SHADE, dieSymbols } from './die';
import { GROUND_GRADIENTS } from './ground';
import { describeBoard } from './hud';
import { layoutCentre } from './labels';
import { boardLayer, dieLayer, hudLayer, piecesLayer } from './layers';
import type { BoardModel } from './model';
import type { Scene } from './scene';
import { TONE_GRADIENTS } from './tile-cards';
import { truckSymbols } from './truck';

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
