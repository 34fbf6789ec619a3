// The finance statement of docs/rules.md, in in-game money (plain integers): its one shape (the
// room's view, the settlement report and the finished game all carry it) and how it is computed.
// The schema (`statementSchema`) lives with the wire's in game/protocol.ts: only its type is read
// here, so the board, which computes statements, does not load the schema library.
import type { z } from 'zod';
import type { Player } from './game-state';
import type { statementSchema } from './protocol';

export type Statement = z.infer<typeof statementSchema>;

function sum(map: Record<string, number>): number {
  return Object.values(map).reduce((total, amount) => total + amount, 0);
}

/** floor(10 % of amount) for a whole amount, without floating-point. */
function tenPercent(amount: number): number {
  return (amount - (((amount % 10) + 10) % 10)) / 10;
}

export function statementOf(
  player: Pick<Player, 'revenue' | 'expenses' | 'tax' | 'trucks'>,
): Statement {
  const revenue = sum(player.revenue);
  const expenses = sum(player.expenses);
  const deduction = tenPercent(revenue);
  const netOperatingProfit = revenue - expenses - 3 * deduction;
  return {
    revenue,
    expenses,
    charitable: deduction,
    autoinvestment: deduction,
    tithe: deduction,
    netOperatingProfit,
    tax: player.tax,
    netProfit: netOperatingProfit - player.tax,
    trucks: player.trucks,
  };
}

export function statementsOf(players: Record<string, Player>): Record<string, Statement> {
  return Object.fromEntries(Object.entries(players).map(([uid, p]) => [uid, statementOf(p)]));
}
