// What the soak's players tally together: the figures of its per-minute report and summary.

export interface PlayerStats {
  signups: number;
  depositsAsked: number;
  withdrawalsAsked: number;
  /** Refusals the player expected or accepts (rate limits, a number not proved, a full room). */
  refusals: Record<string, number>;
  roomsCreated: number;
  joins: number;
  leftBeforeStart: number;
  gamesPlayed: number;
  gamesWon: number;
  /** Sockets the player dropped on purpose mid-game, then came back. */
  drops: number;
  /** Sockets the server closed while the game was on (by close code), then came back. */
  serverCloses: Record<string, number>;
  /** Rooms a player sat in that closed unfilled (stakes refunded by the sweeper). */
  expiredRooms: number;
  balanceChecks: number;
  /** Answers no step expected (a 5xx, an unknown refusal), with where they came from. */
  unexpected: string[];
}

export function emptyStats(): PlayerStats {
  return {
    signups: 0,
    depositsAsked: 0,
    withdrawalsAsked: 0,
    refusals: {},
    roomsCreated: 0,
    joins: 0,
    leftBeforeStart: 0,
    gamesPlayed: 0,
    gamesWon: 0,
    drops: 0,
    serverCloses: {},
    expiredRooms: 0,
    balanceChecks: 0,
    unexpected: [],
  };
}
