// The header of every /rentalgame screen: welcome name, live balance in ZMW, the player's picture
// (initials until accounts carry one), a leave icon to the dashboard (asking first during a live
// game: `confirmLeave`), and the "Back to your game" bar while the player holds a seat.
//
//   <GameHeader user={user} />   // user: the loader's PublicUser (context.user)
//
// The balance refreshes from GET /api/me when the window regains focus and whenever a screen calls
// requestBalanceRefresh() (or dispatches the `balance:refresh` event on window); a signed-out answer
// sends the person to /auth and back (account/balance-store.ts). On the board, which hydrates the
// router, React keeps it; on every other page a script island of about a kilobyte does
// (island-entries/live-balance.ts), so that the header alone never brings React to a page.
import { Link } from 'react-router';
import type { PublicUser } from '#site/server/auth/users.ts';
import accountStyles from '../styles/account.css?url';
import { formatZmw } from '#game/ngwee.ts';
import { LIVE_BALANCE_ATTRIBUTE, liveBalanceScript } from './account/header-balance';
import { useLiveBalance } from './account/live-balance';
import { BackToGameBar } from './back-to-game';
import { useIslandScript, useRouterPage } from './island';
import { LeaveControl } from './leave-game';
import { NotificationsMenu } from './notifications-menu';
import { PATHS } from '#site/shared/paths.ts';

/** Its stylesheet, for the `links` of a route that shows the header: `links = gameHeaderLinks`. */
export const gameHeaderLinks = () => [{ rel: 'stylesheet', href: accountStyles }];

export interface GameHeaderProps {
  /** The signed-in user as the loader had it; the balance then stays live on its own. */
  user: PublicUser;
  /** A live game on this screen: leaving asks first. */
  confirmLeave?: boolean;
}

export function GameHeader({ user, confirmLeave = false }: GameHeaderProps) {
  return useRouterPage() ? (
    <LiveGameHeader user={user} confirmLeave={confirmLeave} />
  ) : (
    <ServerGameHeader user={user} confirmLeave={confirmLeave} />
  );
}

function LiveGameHeader({ user: initial, confirmLeave = false }: GameHeaderProps) {
  const { user, balance } = useLiveBalance(initial);
  return <HeaderBar user={user} balance={balance} confirmLeave={confirmLeave} />;
}

function ServerGameHeader({ user, confirmLeave = false }: GameHeaderProps) {
  return user.isGuest ? (
    <HeaderBar user={user} balance={0} confirmLeave={confirmLeave} />
  ) : (
    <LiveBalanceHeader user={user} confirmLeave={confirmLeave} />
  );
}

/** A guest has no balance to follow: only a player's header asks for the script island. */
function LiveBalanceHeader({ user, confirmLeave = false }: GameHeaderProps) {
  useIslandScript(liveBalanceScript);
  return <HeaderBar user={user} balance={user.accountBalance} confirmLeave={confirmLeave} live />;
}

function HeaderBar({
  user,
  balance,
  confirmLeave,
  live = false,
}: {
  user: PublicUser;
  balance: number;
  confirmLeave: boolean;
  /** The balance is kept fresh by the script island (pages without the router). */
  live?: boolean;
}) {
  const name = user.firstName.trim() || (user.isGuest ? 'Guest' : 'player');
  return (
    <header className="game-header">
      <div className="container game-header__bar">
        {/* Named by its words, not an aria-label that differs from the visible "ZT" mark. */}
        <Link to={PATHS.dashboard} className="game-header__home">
          <span className="brand__mark" aria-hidden="true">
            ZT
          </span>
          <span className="visually-hidden">Game dashboard</span>
        </Link>
        <div className="game-header__who">
          <span className="game-header__avatar" aria-hidden="true">
            {initialsOf(user)}
          </span>
          <div className="game-header__text">
            <p className="game-header__welcome">Welcome, {name}</p>
            {user.isGuest ? (
              // A guest plays only practice games (their seat is their current room) and watches.
              <p className="game-header__balance">
                {user.currentRoomId ? 'Playing practice as a guest' : 'Signed in as a guest'}
              </p>
            ) : (
              <p className="game-header__balance" aria-live="polite" aria-atomic="true">
                <span className="game-header__balance-label">Balance: </span>
                <strong
                  data-testid="header-balance"
                  {...(live ? { [LIVE_BALANCE_ATTRIBUTE]: user.id } : {})}
                >
                  {formatZmw(balance)}
                </strong>
              </p>
            )}
          </div>
        </div>
        <NotificationsMenu tone="dark" />
        <LeaveControl confirm={confirmLeave} icon={<LeaveIcon />} />
      </div>
      <BackToGameBar roomId={user.currentRoomId} />
    </header>
  );
}

function initialsOf(user: Pick<PublicUser, 'firstName' | 'lastName'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return letters.toUpperCase() || '?';
}

function LeaveIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
      <path d="M10 16l-4-4 4-4M6 12h10" />
    </svg>
  );
}
