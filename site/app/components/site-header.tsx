// The navbar. The mobile menu opens with a checkbox and its label (CSS does the rest), so it works
// on pages that ship no JavaScript; on wide screens the links are always shown.
import { Link, NavLink } from 'react-router';
import { BRAND, NAV_LINKS } from '../content/brand';
import { BackToGameBar } from './back-to-game';
import { CloseIcon, MenuIcon } from './icons';
import { NotificationsMenu } from './notifications-menu';
import { PATHS } from '#site/shared/paths.ts';

export interface NavUser {
  firstName: string;
  lastName: string;
  /** The room where the person holds a seat: a "Back to your game" bar shows. */
  currentRoomId?: string | null;
}

export function SiteHeader({ user }: { user: NavUser | null }) {
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        {/* Named by its visible words (an aria-label that differs from them confuses voice control). */}
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            ZT
          </span>
          <span className="brand__name">{BRAND.name}</span>
          <span className="visually-hidden">, home</span>
        </Link>
        {user ? <NotificationsMenu /> : null}
        <input
          type="checkbox"
          id="nav-toggle"
          className="nav-toggle visually-hidden"
          aria-controls="site-nav"
        />
        <label htmlFor="nav-toggle" className="nav-toggle__button">
          <span className="visually-hidden">Menu</span>
          <span className="nav-toggle__open">
            <MenuIcon />
          </span>
          <span className="nav-toggle__close">
            <CloseIcon />
          </span>
        </label>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="site-nav__links">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className="site-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="site-nav__account">
            {user ? <UserMenu user={user} /> : <LoginButton />}
          </div>
        </nav>
      </div>
      <BackToGameBar roomId={user?.currentRoomId} />
    </header>
  );
}

function LoginButton() {
  return (
    <Link to={PATHS.auth} className="button button--small">
      Login
    </Link>
  );
}

function UserMenu({ user }: { user: NavUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim() || 'Account';
  return (
    <details className="user-menu">
      <summary className="user-menu__summary">
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(user)}
        </span>
        <span className="user-menu__name">{name}</span>
      </summary>
      <div className="user-menu__panel">
        {/* A plain form, not <Form>: the API lives outside the router, and it must work without JS. */}
        <form method="post" action="/api/auth/logout">
          <button type="submit" className="user-menu__item">
            Logout
          </button>
        </form>
      </div>
    </details>
  );
}

function initials(user: NavUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';
}
