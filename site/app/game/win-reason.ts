// Why the winner won, in words, by the game's rule (game/payout.ts winnersOf): the highest net
// profit wins; on equal net profit, the most trucks; players still level share the prize.
import type { ResultView } from '../../../game/protocol';
import { formatGameAmount, type Names } from './format';

export function winReason(
  result: Pick<ResultView, 'winners' | 'statements'>,
  joinedOrder: readonly string[],
  names: Names,
): string {
  const winner = result.winners[0];
  const best = winner ? result.statements[winner] : undefined;
  if (!winner || !best) return '';
  const profit = formatGameAmount(best.netProfit);
  const trucks = (n: number) => `${n} ${n === 1 ? 'truck' : 'trucks'}`;
  if (result.winners.length > 1) {
    return `Level on net profit (${profit}) and on trucks (${trucks(best.trucks)}).`;
  }
  const others = joinedOrder
    .filter((uid) => uid !== winner)
    .flatMap((uid) => {
      const s = result.statements[uid];
      return s ? [{ uid, ...s }] : [];
    })
    .sort((a, b) => b.netProfit - a.netProfit || b.trucks - a.trucks);
  const next = others[0];
  const name = (uid: string) => names[uid] ?? 'A player';
  if (!next) return `Net profit ${profit}.`;
  if (best.netProfit > next.netProfit) {
    return `Highest net profit: ${profit} (next: ${name(next.uid)}, ${formatGameAmount(next.netProfit)}).`;
  }
  return `Net profit level at ${profit}; more trucks: ${trucks(best.trucks)} against ${trucks(next.trucks)}.`;
}
