import { describe, expect, it } from 'vitest';
import {
  BOARD,
  HOME_BOXES,
  MAX_TRUCKS,
  PLAYER_COLORS,
  START_BALANCE,
  START_TRUCKS,
  TRUCK_COST,
  boxIdAt,
  homeSeatOf,
  truckFee,
} from '#game/board.ts';

describe('the board', () => {
  it('has the spec constants', () => {
    expect(START_BALANCE).toBe(5100);
    expect(START_TRUCKS).toBe(1);
    expect(MAX_TRUCKS).toBe(6);
    expect(TRUCK_COST).toBe(1500);
    expect(PLAYER_COLORS).toEqual(['red', 'blue', 'green', 'yellow', 'pink', 'lightblue']);
    expect(HOME_BOXES).toEqual(['box2', 'box6', 'box9', 'box12', 'box16', 'box19']);
  });

  it.each([
    ['box1', 'revenue', 'bonds', 210],
    ['box2', 'home', 1, null],
    ['box3', 'expense', 'repairs', 150],
    ['box4', 'revenue', 'gudwill', 900],
    ['box5', 'expense', 'tollfee', 20],
    ['box6', 'home', 2, null],
    ['box7', 'tax', 'tax', 150],
    ['box8', 'expense', 'council', 80],
    ['box9', 'home', 3, null],
    ['box10', 'expense', 'salaries', 150],
    ['box11', 'revenue', 'taxrefund', 250],
    ['box12', 'home', 4, null],
    ['box13', 'expense', 'advert', 240],
    ['box14', 'expense', 'insurance', 100],
    ['box15', 'expense', 'permits', 75],
    ['box16', 'home', 5, null],
    ['box17', 'expense', 'professional', 150],
    ['box18', 'expense', 'weighbridge', 100],
    ['box19', 'home', 6, null],
    ['box20', 'trucks', null, null],
  ] as const)('%s is %s %s %s', (id, kind, keyOrSeat, amount) => {
    const box = BOARD.find((b) => b.id === id);
    expect(box?.kind).toBe(kind);
    if (box?.kind === 'home') expect(box.seat).toBe(keyOrSeat);
    if (box?.kind === 'revenue' || box?.kind === 'expense' || box?.kind === 'tax') {
      expect([box.key, box.amount]).toEqual([keyOrSeat, amount]);
    }
    expect(box?.name).toBeTruthy();
    expect(box?.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('has 20 boxes in order, position p being box(p + 1)', () => {
    expect(BOARD.map((b) => b.id)).toEqual(Array.from({ length: 20 }, (_, i) => `box${i + 1}`));
    expect(boxIdAt(0)).toBe('box1');
    expect(boxIdAt(19)).toBe('box20');
    expect(() => boxIdAt(-1)).toThrow(RangeError);
    expect(() => boxIdAt(20)).toThrow(RangeError);
    expect(() => boxIdAt(1.5)).toThrow(RangeError);
  });

  it('knows whose home a box is', () => {
    expect(HOME_BOXES.map(homeSeatOf)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(homeSeatOf('box1')).toBeNull();
  });

  it.each([
    [1, 100],
    [2, 200],
    [3, 380],
    [4, 470],
    [5, 520],
    [6, 700],
    [0, 100],
    [7, 100],
    [-1, 100],
    [2.5, 100],
  ])('charges a fee of %s trucks → %s', (trucks, fee) => {
    expect(truckFee(trucks)).toBe(fee);
  });
});
