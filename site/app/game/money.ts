// Real money on the game screens (ZMW numbers from the API), counted in whole ngwee.

/** What a game did to a player's balance: the prize received minus the stake paid. */
export function balanceChange(prizeZmw: number, stakeZmw: number): number {
  return (Math.round(prizeZmw * 100) - Math.round(stakeZmw * 100)) / 100;
}
