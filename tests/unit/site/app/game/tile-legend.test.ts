import { boardLayout, tileAt } from '#site/shared/art/geometry.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD, BOARD_SIZE } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';
import { FULL_NAME_CELL_PX, tileInfo, tileTitle } from '#site/app/game/tile-legend.ts';

function seat(name: string, color: 'red' | 'blue', homeBox: `box${number}`, trucks: number) {
  return {
    name,
    position: -1,
    balance: 3000,
    trucks,
    color,
    homeBox,
    revenue: {},
    expenses: {},
    tax: 0,
    connected: true,
  };
}

const view = {
  roomId: 'room-1',
  status: 'active',
  stake: 10,
  timeMinutes: 10,
  maxPlayers: 2,
  joinedOrder: ['m', 'b'],
  participants: { m: seat('Mwila', 'red', 'box2', 1), b: seat('Bwalya', 'blue', 'box6', 3) },
  boardState: { box2: { owner: 'm', trucks: 1 }, box6: { owner: 'b', trucks: 3 } },
  turn: { currentPlayer: 'm', round: 1, deadline: 0 },
  countdownEndsAt: null,
  gameStartTime: 0,
  gameEndTime: 0,
  pendingPurchase: null,
  lastRoll: null,
  spectators: 0,
  fairness: { serverSeedHash: 'h', clientSeed: 'c', serverSeed: null },
  result: null,
} as RoomView;

describe('tile titles', () => {
  it('are one word of at most 7 letters on a narrow board, and the full name on a wide one', () => {
    for (const box of BOARD) {
      const short = tileTitle(box, 56);
      expect(short, box.name).toMatch(/^\S{1,7}$/);
      expect(tileTitle(box, FULL_NAME_CELL_PX)).toBe(
        box.kind === 'home' ? 'Home' : box.kind === 'trucks' ? 'Trucks' : box.name,
      );
    }
  });
});

describe('the legend', () => {
  it('says what each tile does, naming homes by their owner', () => {
    expect(tileInfo(2, view)).toEqual({
      position: 2,
      name: 'Repairs',
      effect: 'Expense: you pay 150.',
    });
    expect(tileInfo(5, view)).toEqual({
      position: 5,
      name: "Bwalya's home",
      effect: '3 trucks: anyone else landing here pays Bwalya 380.',
    });
    expect(tileInfo(8, view)?.name).toBe('Empty home');
    expect(tileInfo(19, view)?.effect).toBe('Truck depot: you may buy a truck for 1,500.');
    expect(tileInfo(20, view)).toBeNull();
  });
});

describe('tileAt', () => {
  it('finds the tile under every point of every tile, and nothing in the middle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 280, max: 720 }),
        fc.integer({ min: 0, max: BOARD_SIZE - 1 }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        (size, position, fx, fy) => {
          const tile = boardLayout(size).tiles[position]!;
          const point = { x: tile.x + fx * tile.width, y: tile.y + fy * tile.height };
          expect(tileAt(size, point)).toBe(position);
        },
      ),
    );
    expect(tileAt(600, { x: 300, y: 300 })).toBeNull();
    expect(tileAt(600, { x: -1, y: 10 })).toBeNull();
  });
});
