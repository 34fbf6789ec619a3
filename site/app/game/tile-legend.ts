// What each tile is, in words: the short label the canvas draws when the board is small (one word,
// never broken mid-word), and the full line the legend shows when a tile is tapped or listed.
import { BOARD, TRUCK_COST, truckFee, type Box } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';
import { countOf } from '#site/shared/count.ts';
import { formatGameAmount } from './format';

/** One word of at most 7 letters per tile key, for boards whose tiles are narrow. */
const SHORT: Readonly<Record<string, string>> = {
  bonds: 'Bonds',
  repairs: 'Repairs',
  gudwill: 'GudWill',
  tollfee: 'Toll',
  tax: 'Tax',
  council: 'Council',
  salaries: 'Wages',
  taxrefund: 'Refund',
  advert: 'Advert',
  insurance: 'Insure',
  permits: 'Permits',
  professional: 'Prof.',
  weighbridge: 'Weigh',
};

/** Tiles at least this wide (CSS px) have room for the full names. */
export const FULL_NAME_CELL_PX = 90;

export function tileTitle(box: Box, cell: number): string {
  if (box.kind === 'home') return 'Home';
  if (box.kind === 'trucks') return 'Trucks';
  return cell >= FULL_NAME_CELL_PX ? box.name : (SHORT[box.key] ?? box.name);
}

export interface TileInfo {
  position: number;
  name: string;
  /** What landing there does, in a sentence. */
  effect: string;
}

/** The legend's line for one tile, as the room stands. */
export function tileInfo(position: number, view: RoomView): TileInfo | null {
  const box = BOARD[position];
  if (!box) return null;
  const at = { position, name: box.name };
  switch (box.kind) {
    case 'revenue':
      return { ...at, effect: `Revenue: you earn ${formatGameAmount(box.amount)}.` };
    case 'expense':
      return { ...at, effect: `Expense: you pay ${formatGameAmount(box.amount)}.` };
    case 'tax':
      return { ...at, effect: `Tax: you pay ${formatGameAmount(box.amount)}.` };
    case 'trucks':
      return {
        ...at,
        effect: `Truck depot: you may buy a truck for ${formatGameAmount(TRUCK_COST)}.`,
      };
    case 'home': {
      const owner = Object.values(view.participants).find((p) => p.homeBox === box.id);
      if (!owner) {
        return { position, name: 'Empty home', effect: 'Nobody sits here: nothing happens.' };
      }
      const trucks = view.boardState[box.id]?.trucks ?? owner.trucks;
      const fee = formatGameAmount(truckFee(trucks));
      return {
        position,
        name: `${owner.name}'s home`,
        effect: `${countOf(trucks, 'truck')}: anyone else landing here pays ${owner.name} ${fee}.`,
      };
    }
  }
}
