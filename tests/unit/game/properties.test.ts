import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOARD, START_BALANCE, TRUCK_COST, boxIdAt, truckFee } from '#game/board.ts';
import { applyRoll, buyTruck, declineTruck, type MoveResult } from '#game/rules.ts';
import { createGame, type GameState } from '#game/game-state.ts';
import { payoutOf, winnersOf } from '#game/payout.ts';
import { rollDie } from '#game/dice.ts';
import { statementOf } from '#game/statement.ts';
import type { LogEntry } from '#game/log.ts';
import { players } from './helpers';

type Intent = { kind: 'roll' | 'strayRoll' | 'buy' | 'decline'; who: number };

const intentArb: fc.Arbitrary<Intent> = fc.record({
  kind: fc.constantFrom('roll', 'roll', 'roll', 'strayRoll', 'buy', 'decline'),
  who: fc.nat({ max: 5 }),
});

const gameArb = fc.record({
  serverSeed: fc
    .uint8Array({ minLength: 32, maxLength: 32 })
    .map((b) => Buffer.from(b).toString('hex')),
  playerCount: fc.integer({ min: 2, max: 6 }),
  intents: fc.array(intentArb, { maxLength: 400, size: 'max' }),
});

interface Step {
  before: GameState;
  result: MoveResult;
}

/** Plays the intents through the pure rules; rolls come from the dice, nonce by nonce. */
function play(serverSeed: string, playerCount: number, intents: Intent[]) {
  let state = createGame({ players: players(playerCount) });
  let nonce = 0;
  const steps: Step[] = [];
  intents.forEach((intent, i) => {
    const now = 1_000 + i;
    const anyone = state.joinedOrder[intent.who % playerCount] as string;
    let result: MoveResult;
    if (intent.kind === 'roll' || intent.kind === 'strayRoll') {
      const by = intent.kind === 'roll' ? state.turn.currentPlayer : anyone;
      const roll = rollDie(serverSeed, 'c1:c2', nonce);
      result = applyRoll(state, { by, roll, nonce, auto: false, now });
      if (result.ok) nonce += 1;
    } else {
      const by =
        state.pendingPurchase !== null && intent.who % 2 === 0 ? state.pendingPurchase : anyone;
      result = (intent.kind === 'buy' ? buyTruck : declineTruck)(state, { by, now });
    }
    steps.push({ before: state, result });
    if (result.ok) state = result.state;
  });
  return { state, steps };
}

const balances = (s: GameState) => Object.values(s.players).reduce((t, p) => t + p.balance, 0);
const sum = (m: Record<string, number>) => Object.values(m).reduce((t, v) => t + v, 0);

function expectedDelta(logs: LogEntry[]): number {
  return logs.reduce((total, entry) => {
    switch (entry.type) {
      case 'revenue':
        return total + entry.amount;
      case 'expense':
      case 'tax':
        return total - entry.amount;
      case 'truck_purchase':
        return total - entry.cost;
      default:
        return total;
    }
  }, 0);
}

describe('random games through the pure rules', () => {
  it('are deterministic: same seed and intents, same game', () => {
    fc.assert(
      fc.property(gameArb, ({ serverSeed, playerCount, intents }) => {
        expect(play(serverSeed, playerCount, intents)).toEqual(
          play(serverSeed, playerCount, intents),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('move money only by the spec’s amounts, and every fee paid is received', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(gameArb, ({ serverSeed, playerCount, intents }) => {
        const { steps, state } = play(serverSeed, playerCount, intents);
        for (const { before, result } of steps) {
          if (!result.ok) continue;
          expect(balances(result.state) - balances(before)).toBe(expectedDelta(result.logs));
          for (const entry of result.logs) {
            seen.add(entry.type);
            if (entry.type === 'revenue' || entry.type === 'expense' || entry.type === 'tax') {
              const box = BOARD.find((b) => b.id === entry.boxId);
              expect(box && 'amount' in box ? [box.key, box.amount] : null).toEqual([
                entry.key,
                entry.amount,
              ]);
              expect(boxIdAt(result.state.players[entry.player]?.position ?? -1)).toBe(entry.boxId);
            }
            if (entry.type === 'truck_fee') {
              expect(entry.amount).toBe(truckFee(before.players[entry.to]?.trucks ?? 0));
              expect(result.state.players[entry.to]?.homeBox).toBe(entry.boxId);
            }
            if (entry.type === 'truck_purchase') expect(entry.cost).toBe(TRUCK_COST);
          }
        }
        const all = Object.values(state.players);
        expect(all.reduce((t, p) => t + (p.expenses.truckfee ?? 0), 0)).toBe(
          all.reduce((t, p) => t + (p.revenue.truckrevenue ?? 0), 0),
        );
        for (const p of all) {
          expect(p.balance).toBe(
            START_BALANCE + sum(p.revenue) - sum(p.expenses) - p.tax - TRUCK_COST * (p.trucks - 1),
          );
          expect(p.trucks).toBeGreaterThanOrEqual(1);
          expect(p.trucks).toBeLessThanOrEqual(6);
        }
      }),
      { numRuns: 100 },
    );
    // The generated games really do cover every kind of money movement.
    expect([...seen].sort()).toEqual(
      [
        'dice_roll',
        'expense',
        'revenue',
        'tax',
        'truck_declined',
        'truck_fee',
        'truck_purchase',
      ].sort(),
    );
  });

  it('keep the statement identities', () => {
    fc.assert(
      fc.property(gameArb, ({ serverSeed, playerCount, intents }) => {
        const { state } = play(serverSeed, playerCount, intents);
        for (const p of Object.values(state.players)) {
          const s = statementOf(p);
          expect(s.revenue).toBe(sum(p.revenue));
          expect(s.expenses).toBe(sum(p.expenses));
          expect(s.charitable).toBe(Math.floor(s.revenue / 10));
          expect(s.autoinvestment).toBe(s.charitable);
          expect(s.tithe).toBe(s.charitable);
          expect(s.netOperatingProfit).toBe(s.revenue - s.expenses - 3 * s.charitable);
          expect(s.netProfit).toBe(s.netOperatingProfit - p.tax);
          expect(s.trucks).toBe(p.trucks);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('payouts', () => {
  it('sum to the pot to the ngwee, with the winners’ share within n ngwee of 80 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 2, max: 6 }),
        fc.array(
          fc.record({
            netProfit: fc.integer({ min: -5, max: 5 }),
            trucks: fc.integer({ min: 1, max: 6 }),
          }),
          {
            minLength: 6,
            maxLength: 6,
          },
        ),
        (stake, n, results) => {
          const order = players(n).map((p) => p.uid);
          const statements = Object.fromEntries(
            order.map((uid, i) => [uid, results[i] as (typeof results)[0]]),
          );
          const winners = winnersOf(order, statements);
          const payout = payoutOf(stake, order, winners);
          const pot = stake * n;
          expect(winners.length).toBeGreaterThanOrEqual(1);
          expect(payout.totalPotNgwee).toBe(pot);
          expect(Object.values(payout.payouts).reduce((a, b) => a + b, 0)).toBe(
            payout.winnerShareNgwee,
          );
          expect(payout.winnerShareNgwee + payout.systemShareNgwee).toBe(pot);
          const eighty = Math.floor((pot * 4) / 5);
          expect(payout.winnerShareNgwee).toBeLessThanOrEqual(eighty);
          expect(payout.winnerShareNgwee).toBeGreaterThan(eighty - winners.length);
          for (const uid of order) {
            expect(Number.isInteger(payout.payouts[uid])).toBe(true);
          }
          const best = winners.map((w) => statements[w]);
          for (const s of Object.values(statements)) {
            expect(
              s.netProfit < (best[0]?.netProfit ?? 0) ||
                (s.netProfit === best[0]?.netProfit && s.trucks <= (best[0]?.trucks ?? 0)),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
