// Winners and the split of the pot, in integer ngwee (docs/rules.md, "Payout").
import { ngweeToZmw, zmwToNgwee } from './ngwee';
import type { Statement } from './statement';

export interface Payout {
  winners: string[];
  totalPotNgwee: number;
  /** What the winners received together: perWinnerNgwee × winners.length. */
  winnerShareNgwee: number;
  perWinnerNgwee: number;
  /** The pot minus what the winners received, so the pieces always sum to the pot. */
  systemShareNgwee: number;
  /** Every seated player's amount (0 for the others), for settlement. */
  payouts: Record<string, number>;
}

/** Highest net profit, then most trucks; players still level all win. Order follows joinedOrder. */
export function winnersOf(
  joinedOrder: readonly string[],
  statements: Record<string, Pick<Statement, 'netProfit' | 'trucks'>>,
): string[] {
  let best: { netProfit: number; trucks: number } | null = null;
  let winners: string[] = [];
  for (const uid of joinedOrder) {
    const s = statements[uid];
    if (!s) continue;
    const beats =
      best === null ||
      s.netProfit > best.netProfit ||
      (s.netProfit === best.netProfit && s.trucks > best.trucks);
    if (beats) {
      best = { netProfit: s.netProfit, trucks: s.trucks };
      winners = [uid];
    } else if (s.netProfit === best?.netProfit && s.trucks === best.trucks) {
      winners.push(uid);
    }
  }
  return winners;
}

function floorDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** What the winners share: floor(80 % of the pot), in ngwee. */
export function winnersPotNgwee(totalPotNgwee: number): number {
  return floorDiv(totalPotNgwee * 4, 5);
}

/** A lone winner's prize for a pot in ZMW, floored to the ngwee: what the screens show. */
export function prizeOf(potZmw: number): number {
  return ngweeToZmw(winnersPotNgwee(zmwToNgwee(potZmw)));
}

/** pot = stake × players; the winners share floor(80 % of pot), each floored to the ngwee. */
export function payoutOf(
  stakeNgwee: number,
  joinedOrder: readonly string[],
  winners: string[],
): Payout {
  if (!Number.isSafeInteger(stakeNgwee) || stakeNgwee < 0) {
    throw new RangeError('The stake must be a whole, non-negative number of ngwee');
  }
  const totalPotNgwee = stakeNgwee * joinedOrder.length;
  const winnersPot = winnersPotNgwee(totalPotNgwee);
  const perWinnerNgwee = winners.length === 0 ? 0 : floorDiv(winnersPot, winners.length);
  const winnerShareNgwee = perWinnerNgwee * winners.length;
  const payouts = Object.fromEntries(
    joinedOrder.map((uid) => [uid, winners.includes(uid) ? perWinnerNgwee : 0]),
  );
  return {
    winners,
    totalPotNgwee,
    winnerShareNgwee,
    perWinnerNgwee,
    systemShareNgwee: totalPotNgwee - winnerShareNgwee,
    payouts,
  };
}
