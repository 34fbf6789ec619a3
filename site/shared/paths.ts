// The site's pages that both the server (redirects, mailed links) and the screens name.
export const PATHS = {
  /** Sign-in and sign-up (`?mode=signup`), coming back to `?returnTo=`: built by authPath / signUpPath. */
  auth: '/auth',
  /** The first version's sign-in address, kept as a redirect to `auth`. */
  login: '/login',
  forgotPassword: '/auth/forgot',
  verifyEmail: '/auth/verify',
  resetPassword: '/auth/reset',
  dashboard: '/rentalgame/dashboard',
  account: '/rentalgame/account',
  accountHistory: '/rentalgame/accounthistory',
  deposit: '/rentalgame/deposit',
  createGame: '/rentalgame/createnewgame',
  joinRandom: '/rentalgame/joinrandomroom',
  withdraw: '/rentalgame/withdraw',
  gameHistory: '/rentalgame/gamehistory',
  howToPlay: '/rentalgame/howtoplay',
  /** The daily challenge: today's game, the leaderboard, the revealed seeds. */
  challenge: '/rentalgame/challenge',
  /** The seated player's current game: the board route sends them to their room (or the dashboard). */
  currentGame: '/rentalgame/gameboard',
  /** The seated player's waiting room, without its id. */
  seatedRoom: '/rentalgame/playerwaitingroom',
  /** Practice against bots: free, open to visitors (as guests). */
  practice: '/rentalgame/practice',
  support: '/rentalgame/support',
  /** A player's own limits, break and self-exclusion. */
  responsiblePlay: '/rentalgame/responsible-play',
  /** The operator's console. */
  admin: '/rentalgame/admin',
} as const;

/** The notice a page shows when another sends a person there (`?notice=`). */
export const NOTICES = {
  /** On the create form: the room the person was in had closed. */
  roomClosed: 'closed',
  /** On the dashboard: the console is for operators only. */
  notAdmin: 'unauthorized',
} as const;

/** Pages opened with their notice. */
export const noticePaths = {
  roomClosed: `${PATHS.createGame}?notice=${NOTICES.roomClosed}`,
  notAdmin: `${PATHS.dashboard}?notice=${NOTICES.notAdmin}`,
} as const;

/** A room's own pages (the islands, which run without the router, build these links too). */
export const roomPaths = {
  waitingRoom: (roomId: string) => `/rentalgame/playerwaitingroom/${encodeURIComponent(roomId)}`,
  board: (roomId: string) => `/rentalgame/boardgame/${encodeURIComponent(roomId)}`,
  /** A finished game's public page: what "Share my win" links to. */
  result: (roomId: string) => `/rentalgame/gameresult/${encodeURIComponent(roomId)}`,
  /** The deposit page, keeping the room the person was joining (it links back once they can pay). */
  depositFor: (roomId: string) => `/rentalgame/deposit?room=${encodeURIComponent(roomId)}`,
  /** A room's invite page: the room, and sign-up first for someone signed out. */
  joinWithLink: (roomId: string) => `/rentalgame/joinwithlink?room=${encodeURIComponent(roomId)}`,
  /** The invite link a host shares: the site's origin, the room's id. */
  invite: (origin: string, roomId: string) => `${origin}${roomPaths.joinWithLink(roomId)}`,
};
