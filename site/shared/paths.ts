// The site's pages that both the server (redirects, mailed links) and the screens name.
export const PATHS = {
  auth: '/auth',
  verifyEmail: '/auth/verify',
  resetPassword: '/auth/reset',
  dashboard: '/rentalgame/dashboard',
  account: '/rentalgame/account',
  accountHistory: '/rentalgame/accounthistory',
  deposit: '/rentalgame/deposit',
  createGame: '/rentalgame/createnewgame',
  joinRandom: '/rentalgame/joinrandomroom',
  withdraw: '/rentalgame/withdraw',
} as const;
