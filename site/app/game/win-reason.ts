// Who came where and why the winner won, in words, by the game's rule (game/payout.ts winnersOf):
// the highest net profit wins; on equal net profit, the most trucks; players still level share.
import type { ResultView, RoomView } from '#game/protocol.ts';
import { formatNgwee, zmwToNgwee } from '#game/ngwee.ts';
import { formatGameAmount, type Names } from './format';

export interface Standing {
  uid: string;
  /** 1 for the winners, then 2, 3…; players level on both share a place. */
  place: number;
  netProfit: number;
  trucks: number;
}

/** Every player by the game's rule: net profit, then trucks; level players share a place. */
export function standings(
  result: Pick<ResultView, 'statements'>,
  joinedOrder: readonly string[],
): Standing[] {
  const rows = joinedOrder
    .flatMap((uid) => {
      const s = result.statements[uid];
      return s ? [{ uid, netProfit: s.netProfit, trucks: s.trucks }] : [];
    })
    .sort((a, b) => b.netProfit - a.netProfit || b.trucks - a.trucks);
  const placed: Standing[] = [];
  rows.forEach((row, i) => {
    const above = placed[i - 1];
    const level = above && above.netProfit === row.netProfit && above.trucks === row.trucks;
    placed.push({ ...row, place: level ? above.place : i + 1 });
  });
  return placed;
}

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 4 → "4th". */
export function ordinal(place: number): string {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th'}`;
}

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
  const next = standings(result, joinedOrder).find((row) => row.uid !== winner);
  const name = (uid: string) => names[uid] ?? 'A player';
  if (!next) return `Net profit ${profit}.`;
  if (best.netProfit > next.netProfit) {
    return `Highest net profit: ${profit} (next: ${name(next.uid)}, ${formatGameAmount(next.netProfit)}).`;
  }
  return `Net profit level at ${profit}; more trucks: ${trucks(best.trucks)} against ${trucks(next.trucks)}.`;
}

/** The player's own line at the top of the game over, or null for someone who did not play. */
export function resultHeadline(
  view: Pick<RoomView, 'joinedOrder' | 'result'>,
  me: string | null,
  practice: boolean,
): string | null {
  const result = view.result;
  if (!result || me === null || !view.joinedOrder.includes(me)) return null;
  const mine = standings(result, view.joinedOrder).find((row) => row.uid === me);
  if (!mine) return null;
  const shared = result.winners.length > 1;
  if (mine.place === 1) {
    if (practice) return shared ? 'You share 1st place' : 'You finished 1st';
    const each = Math.floor(zmwToNgwee(result.winnerShare) / Math.max(1, result.winners.length));
    return shared ? `You share 1st: you won ${formatNgwee(each)}` : `You won ${formatNgwee(each)}`;
  }
  return `You came ${ordinal(mine.place)}`;
}
