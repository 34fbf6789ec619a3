// Real money on the game screens (ZMW numbers from the API), counted in whole ngwee.

/** Winner's prize for a pot in ZMW: floor(80 % of the pot) to the ngwee (docs/rules.md). */
export function prizeOf(potZmw: number): number {
  const potNgwee = Math.round(potZmw * 100);
  return Math.floor((potNgwee * 80) / 100) / 100;
}

/** What a game did to a player's balance: the prize received minus the stake paid. */
export function balanceChange(prizeZmw: number, stakeZmw: number): number {
  return (Math.round(prizeZmw * 100) - Math.round(stakeZmw * 100)) / 100;
}
