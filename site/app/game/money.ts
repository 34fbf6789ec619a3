// Real money on the game screens (ZMW numbers from the API), counted in whole ngwee.
import { ngweeToZmw, zmwToNgwee } from '#game/ngwee.ts';

/** What a game did to a player's balance: the prize received minus the stake paid. */
export function balanceChange(prizeZmw: number, stakeZmw: number): number {
  return ngweeToZmw(zmwToNgwee(prizeZmw) - zmwToNgwee(stakeZmw));
}
