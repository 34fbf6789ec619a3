import { describe, expect, it } from 'vitest';
import { winReason } from '../../../site/app/game/win-reason';

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
