import { describe, expect, it } from 'vitest';
import { ordinal, resultHeadline, standings, winReason } from '#site/app/game/win-reason.ts';

const names = { a: 'Mwila', b: 'Bwalya', c: 'Chanda' };
const s = (netProfit: number, trucks: number) => ({
  revenue: 0,
  expenses: 0,
  charitable: 0,
  autoinvestment: 0,
  tithe: 0,
  netOperatingProfit: 0,
  tax: 0,
  netProfit,
  trucks,
});

describe('why the winner won', () => {
  it('the highest net profit, with the next player’s', () => {
    const result = { winners: ['b'], statements: { a: s(1200, 3), b: s(2500, 1), c: s(-300, 0) } };
    expect(winReason(result, ['a', 'b', 'c'], names)).toBe(
      'Highest net profit: 2,500 (next: Mwila, 1,200).',
    );
  });

  it('on equal net profit, more trucks', () => {
    const result = { winners: ['a'], statements: { a: s(900, 2), b: s(900, 1) } };
    expect(winReason(result, ['a', 'b'], names)).toBe(
      'Net profit level at 900; more trucks: 2 trucks against 1 truck.',
    );
  });

  it('a tie on both', () => {
    const result = { winners: ['a', 'b'], statements: { a: s(-50, 0), b: s(-50, 0) } };
    expect(winReason(result, ['a', 'b'], names)).toBe(
      'Level on net profit (−50) and on trucks (0 trucks).',
    );
  });
});

describe('the podium', () => {
  it('places every player by net profit, then trucks; level players share a place', () => {
    const result = {
      statements: { a: s(900, 2), b: s(2500, 1), c: s(900, 2), d: s(900, 1) },
    };
    expect(standings(result, ['a', 'b', 'c', 'd'])).toEqual([
      { uid: 'b', place: 1, netProfit: 2500, trucks: 1 },
      { uid: 'a', place: 2, netProfit: 900, trucks: 2 },
      { uid: 'c', place: 2, netProfit: 900, trucks: 2 },
      { uid: 'd', place: 4, netProfit: 900, trucks: 1 },
    ]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
  });
});

describe('the player’s own line at game over', () => {
  const result = (winners: string[]) => ({
    winners,
    totalPot: 40,
    winnerShare: 32,
    systemShare: 8,
    statements: { a: s(900, 2), b: s(2500, 1), c: s(-100, 1) },
    lessons: {},
  });
  const view = (winners: string[]) => ({ joinedOrder: ['a', 'b', 'c'], result: result(winners) });

  it('the winner’s prize, or the place; practice says the place only; a spectator has none', () => {
    expect(resultHeadline(view(['b']), 'b', false)).toBe('You won ZMW 32.00');
    expect(resultHeadline(view(['b']), 'a', false)).toBe('You came 2nd');
    expect(resultHeadline(view(['b']), 'c', false)).toBe('You came 3rd');
    expect(resultHeadline(view(['b']), 'b', true)).toBe('You finished 1st');
    expect(resultHeadline(view(['b']), 'someone', false)).toBeNull();
  });
});
