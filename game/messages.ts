// Refusal messages. The first six are the spec's own words (product-spec §8) and must stay exact.
export const MESSAGES = {
  notYourTurn: "It's not your turn to roll.",
  playerNotFound: 'Player data not found.',
  insufficientBalance: 'Insufficient balance to purchase truck.',
  maxTrucks: 'Maximum truck limit reached.',
  roomClosed: 'Room is closed.',
  noOffer: 'There is no truck offer open for you.',
  notStarted: 'The game has not started yet.',
  gameOver: 'The game is over.',
  invalidRoll: 'A roll must be a whole number from 1 to 6.',
} as const;
