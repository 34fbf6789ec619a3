// The challenge's pure pieces (game/challenge.ts): dates without a clock, the day's settings and
// seed, the streak over a list of days, the decisions read from a log, and the lesson's comparison.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  challengeClientSeed,
  challengeFairness,
  challengeOptions,
  challengeRolls,
  challengeServerSeed,
  comparedWithBest,
  decisionsOf,
  isChallengeDate,
  streakOf,
  type ChallengeDecisions,
} from '#game/challenge.ts';
import { hashServerSeed, rollDie } from '#game/dice.ts';
import type { LogEntry } from '#game/log.ts';
import { statementOf } from '#game/statement.ts';

const KEY = '9f'.repeat(32);

describe('challenge dates', () => {
  it('accepts real calendar days written YYYY-MM-DD, and nothing else', () => {
    for (const date of ['2025-01-01', '2024-02-29', '2000-02-29', '2025-12-31']) {
      expect(isChallengeDate(date)).toBe(true);
    }
    for (const bad of [
      '2025-02-29',
      '1900-02-29',
      '2025-13-01',
      '2025-1-01',
      '20250101',
      7,
      null,
    ]) {
      expect(isChallengeDate(bad)).toBe(false);
    }
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-10', -365)).toBe('2024-03-10');
    expect(addDays('2025-03-10', 0)).toBe('2025-03-10');
  });
});

describe("a day's challenge", () => {
  it('is a five-minute game against 2, 3 or 4 bots, by the date alone', () => {
    const days = Array.from({ length: 6 }, (_, i) => addDays('2025-03-10', i));
    const options = days.map(challengeOptions);
    expect(options.every((o) => o.time === 5)).toBe(true);
    expect(new Set(options.map((o) => o.bots))).toEqual(new Set([2, 3, 4]));
    expect(options.slice(3)).toEqual(options.slice(0, 3));
    expect(challengeClientSeed({ time: 5, bots: 3 })).toBe(':::');
  });

  it('has a seed that is HMAC-SHA256 of the date under the challenge key', () => {
    const expected = createHmac('sha256', KEY)
      .update('zed-truck-company daily challenge v1: 2025-03-10')
      .digest('hex');
    expect(challengeServerSeed(KEY, '2025-03-10')).toBe(expected);
    expect(challengeServerSeed(KEY, '2025-03-11')).not.toBe(expected);
    expect(challengeServerSeed(`${KEY}0`, '2025-03-10')).not.toBe(expected);
    expect(() => challengeServerSeed('', '2025-03-10')).toThrow(/empty/);
    expect(() => challengeServerSeed(KEY, '2025-3-10')).toThrow();
  });

  it('publishes the hash and client seed that recompute every roll', () => {
    const fairness = challengeFairness(KEY, '2025-03-10');
    expect(fairness.serverSeedHash).toBe(hashServerSeed(fairness.serverSeed));
    expect(fairness.clientSeed).toBe(challengeClientSeed(challengeOptions('2025-03-10')));
    const rolls = challengeRolls(fairness, 50);
    expect(rolls).toEqual(
      rolls.map((_, nonce) => rollDie(fairness.serverSeed, fairness.clientSeed, nonce)),
    );
    expect(rolls.every((r) => r >= 1 && r <= 6)).toBe(true);
  });
});

describe('the streak', () => {
  it.each([
    [[], 0],
    [['2025-03-10'], 1],
    [['2025-03-09'], 1],
    [['2025-03-08'], 0],
    [['2025-03-10', '2025-03-09', '2025-03-08'], 3],
    [['2025-03-09', '2025-03-08', '2025-03-06'], 2],
    [['2025-03-10', '2025-03-08', '2025-03-07'], 1],
    [['2025-02-28', '2025-03-01', '2025-03-02', '2025-03-10'], 1],
  ])('of %j on 2025-03-10 is %i', (days, streak) => {
    expect(streakOf(days, '2025-03-10')).toBe(streak);
  });

  it('runs across month and year ends', () => {
    expect(streakOf(['2024-12-30', '2024-12-31', '2025-01-01'], '2025-01-01')).toBe(3);
    expect(streakOf(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-02')).toBe(3);
  });
});

const ME = 'u1';
const entry = (e: Record<string, unknown>) => ({ timestamp: 0, ...e }) as LogEntry;
const roll = (player: string, auto = false) =>
  entry({ type: 'dice_roll', player, roll: 3, newPosition: 3, extraTurn: false, nonce: 0, auto });

describe('decisionsOf', () => {
  it('reads rolls, purchases by turn, offers let go and fees from the log and statement', () => {
    const logs: LogEntry[] = [
      roll(ME),
      roll('bot:bold:1'),
      roll(ME, true),
      entry({ type: 'truck_purchase', player: ME, cost: 1500, newTrucks: 2 }),
      entry({ type: 'truck_purchase', player: 'bot:bold:1', cost: 1500, newTrucks: 2 }),
      roll(ME),
      entry({ type: 'truck_declined', player: ME, lapsed: false }),
      roll(ME),
      entry({ type: 'truck_declined', player: ME, lapsed: true }),
      entry({ type: 'truck_purchase', player: ME, cost: 1500, newTrucks: 3 }),
    ];
    const revenue = { bonds: 210, truckrevenue: 400 };
    const statement = statementOf({ revenue, expenses: { repairs: 150 }, tax: 150, trucks: 3 });
    expect(decisionsOf(ME, logs, statement, revenue)).toEqual({
      netProfit: statement.netProfit,
      turns: 4,
      autoTurns: 1,
      boughtOnTurns: [2, 4],
      offersLetGo: 2,
      trucks: 3,
      truckFees: 400,
    });
  });
});

const decisions = (patch: Partial<ChallengeDecisions>): ChallengeDecisions => ({
  netProfit: 1_000,
  turns: 40,
  autoTurns: 0,
  boughtOnTurns: [],
  offersLetGo: 0,
  trucks: 1,
  truckFees: 0,
  ...patch,
});

describe('comparedWithBest', () => {
  it("sets a player's figures beside the day's best, in figures only", () => {
    const mine = decisions({
      netProfit: -250,
      boughtOnTurns: [9],
      offersLetGo: 2,
      trucks: 2,
      truckFees: 200,
      autoTurns: 3,
    });
    const best = decisions({
      netProfit: 3_880,
      boughtOnTurns: [2, 4, 5],
      trucks: 4,
      truckFees: 1_400,
      turns: 44,
    });
    const points = comparedWithBest(mine, { name: 'Chanda B.', decisions: best, isMine: false });
    expect(points).toEqual([
      {
        key: 'challenge_profit',
        text: "You finished with a loss of 250; the day's best, Chanda B., with a profit of 3,880, 4,130 ahead.",
      },
      {
        key: 'challenge_trucks',
        text:
          'You bought 1 truck (on turn 9), let 2 offers go and ran 2 in all; Chanda B. bought 3 ' +
          'trucks (on turns 2, 4 and 5) and ran 4 in all.',
      },
      {
        key: 'challenge_fees',
        text:
          "Your home earned 200 in truck fees; Chanda B.'s earned 1,400. A landing on a home pays " +
          'its owner the fee for the trucks they run at that moment.',
      },
      {
        key: 'challenge_turns',
        text:
          'You had 40 rolls, 3 by the turn timer; Chanda B. had 44 rolls. The dice are the same ' +
          'for everyone, roll by roll, all day.',
      },
    ]);
  });

  it('says when the best is yours, and when nobody ranked has finished', () => {
    const mine = decisions({ netProfit: 2_000, boughtOnTurns: [3], trucks: 2 });
    expect(comparedWithBest(mine, { name: 'Ann M.', decisions: mine, isMine: true })).toEqual([
      {
        key: 'challenge_profit',
        text: "Your profit of 2,000 is the day's best so far. You bought 1 truck (on turn 3) and ran 2 in all, in 40 rolls.",
      },
    ]);
    expect(comparedWithBest(mine, null)[0]!.text).toContain('Nobody ranked has finished');
    const level = comparedWithBest(mine, { name: 'Ann M.', decisions: mine, isMine: false });
    expect(level[0]!.text).toBe(
      "You finished level with the day's best, Ann M., on a profit of 2,000.",
    );
    // A guest (unranked) can finish above the day's best ranked result.
    const lower = decisions({ netProfit: 1_500 });
    expect(
      comparedWithBest(mine, { name: 'Ann M.', decisions: lower, isMine: false })[0]!.text,
    ).toBe(
      "You finished with a profit of 2,000; the day's best, Ann M., with a profit of 1,500, 500 behind you.",
    );
  });
});
