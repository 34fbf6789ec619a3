// The finance statement of docs/rules.md, in in-game money (plain integers): its fields and how it
// is computed. No schema library here, so that the board can compute a statement without loading
// one (decision 057); `statement.ts` holds the schema the wire checks, tied to this type.
import type { Player } from './game-state';

export interface Statement {
  revenue: number;
  expenses: number;
  charitable: number;
  autoinvestment: number;
  tithe: number;
  netOperatingProfit: number;
  tax: number;
  netProfit: number;
  /** A whole number. */
  trucks: number;
}

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
