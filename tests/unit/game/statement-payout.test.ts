import { describe, expect, it } from 'vitest';
import { payoutOf, winnersOf } from '#game/payout.ts';
import { statementOf } from '#game/statement.ts';

describe('statement', () => {
  it.each([
    ['no money moved', { revenue: {}, expenses: {}, tax: 0, trucks: 1 }, [0, 0, 0, 0, 0, 0, 1]],
    [
      'a typical game',
      {
        revenue: { bonds: 420, gudwill: 900, truckrevenue: 380 },
        expenses: { repairs: 150, truckfee: 200, tollfee: 20 },
        tax: 300,
        trucks: 3,
      },
      // revenue 1700 → 170 each; 1700 − 370 − 510 = 820; 820 − 300 = 520
      [1700, 370, 170, 820, 300, 520, 3],
    ],
    [
      'deductions rounded down',
      { revenue: { bonds: 210, taxrefund: 250, truckrevenue: 9 }, expenses: {}, tax: 0, trucks: 2 },
      // revenue 469 → floor(46.9) = 46 each; 469 − 0 − 138 = 331
      [469, 0, 46, 331, 0, 331, 2],
    ],
    [
      'a loss',
      { revenue: { bonds: 210 }, expenses: { advert: 240, salaries: 150 }, tax: 150, trucks: 1 },
      // 210 − 390 − 63 = −243; −243 − 150 = −393
      [210, 390, 21, -243, 150, -393, 1],
    ],
  ] as const)('%s', (_, player, expected) => {
    const s = statementOf(player);
    const [revenue, expenses, deduction, netOperatingProfit, tax, netProfit, trucks] = expected;
    expect(s).toEqual({
      revenue,
      expenses,
      charitable: deduction,
      autoinvestment: deduction,
      tithe: deduction,
      netOperatingProfit,
      tax,
      netProfit,
      trucks,
    });
  });
});

describe('winners', () => {
  const order = ['a', 'b', 'c', 'd'];
  const s = (netProfit: number, trucks: number) => ({ netProfit, trucks });

  it.each([
    ['the highest net profit', { a: s(10, 1), b: s(30, 1), c: s(20, 6), d: s(-5, 1) }, ['b']],
    ['most trucks on a profit tie', { a: s(30, 2), b: s(30, 3), c: s(20, 6), d: s(30, 1) }, ['b']],
    ['a two-way tie', { a: s(30, 2), b: s(10, 3), c: s(30, 2), d: s(30, 1) }, ['a', 'c']],
    ['a three-way tie', { a: s(7, 1), b: s(7, 1), c: s(7, 1), d: s(6, 6) }, ['a', 'b', 'c']],
    ['everyone level', { a: s(0, 1), b: s(0, 1), c: s(0, 1), d: s(0, 1) }, order],
    ['negative profits', { a: s(-50, 1), b: s(-20, 1), c: s(-20, 2), d: s(-99, 6) }, ['c']],
  ])('picks %s', (_, statements, winners) => {
    expect(winnersOf(order, statements)).toEqual(winners);
  });
});

describe('payout in ngwee', () => {
  it.each([
    // stake, players, winners → pot, each, winnerShare, system
    [3000, 3, 1, 9000, 7200, 7200, 1800],
    [3000, 3, 2, 9000, 3600, 7200, 1800],
    [3000, 3, 3, 9000, 2400, 7200, 1800],
    [1000, 2, 1, 2000, 1600, 1600, 400],
    [5000, 6, 1, 30000, 24000, 24000, 6000],
    [1000, 3, 1, 3000, 2400, 2400, 600],
    [1001, 3, 2, 3003, 1201, 2402, 601],
    [1001, 6, 3, 6006, 1601, 4803, 1203],
    [1, 3, 2, 3, 1, 2, 1],
    [1, 2, 2, 2, 0, 0, 2],
    [4999, 6, 4, 29994, 5998, 23992, 6002],
  ])('stake %s × %s players, %s winner(s)', (stake, n, w, pot, each, winnerShare, system) => {
    const order = Array.from({ length: n }, (_, i) => `p${i + 1}`);
    const winners = order.slice(0, w);
    const payout = payoutOf(stake, order, winners);
    expect(payout).toMatchObject({
      winners,
      totalPotNgwee: pot,
      perWinnerNgwee: each,
      winnerShareNgwee: winnerShare,
      systemShareNgwee: system,
    });
    expect(Object.values(payout.payouts).reduce((a, b) => a + b, 0) + system).toBe(pot);
    expect(payout.payouts[order[n - 1] as string]).toBe(w === n ? each : 0);
  });

  it('refuses a stake that is not whole ngwee', () => {
    expect(() => payoutOf(10.5, ['a', 'b'], ['a'])).toThrow(RangeError);
    expect(() => payoutOf(-1, ['a', 'b'], ['a'])).toThrow(RangeError);
  });
});
