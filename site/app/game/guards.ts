// Guards at the top of the game screens' loaders: a signed-out person goes to sign-in and comes
// back to the same path afterwards.
import { redirect } from 'react-router';
import type { PublicUser } from '#site/server/auth/users.ts';
import { authPath, pathOf } from '../components/account/return-to';

export function requireUser(request: Request, user: PublicUser | null): PublicUser {
  if (!user) throw redirect(authPath(pathOf(request.url)));
  return user;
}

export const waitingRoomPath = (roomId: string) =>
  `/rentalgame/playerwaitingroom/${encodeURIComponent(roomId)}`;
export const boardPath = (roomId: string) => `/rentalgame/boardgame/${encodeURIComponent(roomId)}`;
export { inviteLink } from '#site/shared/share.ts';
export const CREATE_PATH = '/rentalgame/createnewgame';
/** The deposit page, keeping the room the person was joining (it links back once they can pay). */
export const depositForRoomPath = (roomId: string) =>
  `/rentalgame/deposit?room=${encodeURIComponent(roomId)}`;
/** Sign-up first (newcomers), with a link to log in, coming back to `returnTo`. */
export const signUpPath = (returnTo: string) => `${authPath(returnTo)}&mode=signup`;
export const HISTORY_PATH = '/rentalgame/gamehistory';
/** The daily challenge: today's game, the leaderboard, the revealed seeds. */
export const CHALLENGE_PATH = '/rentalgame/challenge';
export const DASHBOARD_PATH = '/rentalgame/dashboard';
/** The seated player's current game: the board route sends them to their room (or the dashboard). */
export const CURRENT_GAME_PATH = '/rentalgame/gameboard';
