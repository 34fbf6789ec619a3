// The game dashboard: every place a player goes from here, as cards, rendered on the server. Its
// two forms (send the verification link again, complete the profile) post to this route's action.
import { data, Link, redirect } from 'react-router';
import { AccountIcon, type AccountIconName } from '../components/account/account-icons';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import {
  COMPLETE_PROFILE_INTENT,
  completeProfileIsland,
  needsProfile,
} from '../components/account/complete-profile-dialog';
import { completeProfileAction } from '../components/account/profile-action';
import { authPath, pathOf } from '../components/account/return-to';
import {
  VERIFY_REQUEST_INTENT,
  VerifyEmailNotice,
  verifyRequestAction,
} from '../components/account/verify-email-notice';
import { Island } from '../components/island';
import { ExclusionNotice } from '../components/responsible-play/exclusion-notice';
import { formText } from '../form-data';
import { BRAND, PRACTICE_PATH } from '../content/brand';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/dashboard';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Game dashboard · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

const DASHBOARD = '/rentalgame/dashboard';

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const notice = new URL(request.url).searchParams.get('notice');
  return { user, unauthorized: notice === 'unauthorized' };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(authPath(pathOf(request.url)));
  const form = await request.formData();
  switch (formText(form, 'intent')) {
    case VERIFY_REQUEST_INTENT:
      return verifyRequestAction(context.services, DASHBOARD);
    case COMPLETE_PROFILE_INTENT:
      return completeProfileAction(context.services, form, DASHBOARD);
  }
  throw data('This form is not one of this page.', 400);
}

interface Card {
  to: string;
  title: string;
  line: string;
  icon: AccountIconName;
}

const CARDS: readonly Card[] = [
  { to: '/', title: 'Home', line: 'Back to the four pillars and our services.', icon: 'home' },
  {
    to: PRACTICE_PATH,
    title: 'Practise first',
    line: 'A free game against bots, and what your numbers teach you.',
    icon: 'play',
  },
  {
    to: '/rentalgame/createnewgame',
    title: 'Create New Game',
    line: 'Choose the stake, time and players, and host a room.',
    icon: 'create',
  },
  {
    to: '/rentalgame/joinrandomroom',
    title: 'Join a random room',
    line: 'Take a seat in a public room that is filling up.',
    icon: 'join',
  },
  {
    to: '/rentalgame/gamehistory',
    title: 'Game History',
    line: 'Your finished games, statements and winnings.',
    icon: 'history',
  },
  {
    to: '/rentalgame/deposit',
    title: 'Deposit',
    line: 'Add money with MTN, Airtel or Zamtel mobile money.',
    icon: 'deposit',
  },
  {
    to: '/rentalgame/withdraw',
    title: 'Withdraw',
    line: 'Send your balance to your mobile money wallet.',
    icon: 'withdraw',
  },
  {
    to: '/rentalgame/accounthistory',
    title: 'Account History',
    line: 'Every deposit, withdrawal, stake and win.',
    icon: 'account',
  },
  {
    to: '/rentalgame/account',
    title: 'Your account',
    line: 'Your email, password and Google sign-in.',
    icon: 'account',
  },
  {
    to: '/rentalgame/responsible-play',
    title: 'Responsible play',
    line: 'Deposit and loss limits, a break, and where to get help.',
    icon: 'chart',
  },
  {
    to: '/rentalgame/howtoplay',
    title: 'How to Play',
    line: 'The board, the fees, the statement and who wins.',
    icon: 'rules',
  },
  {
    to: '/terms',
    title: 'Terms and Conditions',
    line: 'Stakes, payouts, refunds and fair play.',
    icon: 'terms',
  },
  {
    to: '/privacy',
    title: 'Privacy Policy',
    line: 'What we keep about you, why, and your rights.',
    icon: 'privacy',
  },
];

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, unauthorized } = loaderData;
  const roomId = user.currentRoomId;

  return (
    <AccountPage user={user} className="dashboard">
      <h1 className="account__title">Game dashboard</h1>
      {unauthorized ? (
        <Banner tone="error" title="Unauthorized access">
          <p>That page is for administrators only. Everything you can do is below.</p>
        </Banner>
      ) : null}
      {user.isGuest ? (
        <Banner tone="info" title="You are watching as a guest.">
          <p>
            Guests can watch games and <Link to={PRACTICE_PATH}>practise against bots</Link>.{' '}
            <Link to="/auth?mode=signup">Sign up</Link> to deposit, create rooms and play for real
            money.
          </p>
        </Banner>
      ) : null}
      {!user.isGuest && !user.emailVerified ? (
        <VerifyEmailNotice
          email={user.email}
          answer={actionData && 'verify' in actionData ? actionData.verify : null}
        />
      ) : null}
      <ExclusionNotice exclusionUntil={user.exclusionUntil} />
      {roomId ? (
        <Link
          to={`/rentalgame/playerwaitingroom/${encodeURIComponent(roomId)}`}
          className="dash-card dash-card--current"
        >
          <span className="dash-card__icon">
            <AccountIcon name="play" size={32} />
          </span>
          <span className="dash-card__text">
            <span className="dash-card__title">Back to your game</span>
            <span className="dash-card__line">
              You have a seat in a room. Go back before the game moves on without you.
            </span>
          </span>
        </Link>
      ) : null}
      <nav aria-label="Dashboard">
        <ul className="dash-grid" role="list">
          {CARDS.map((card) => (
            <li key={card.to}>
              <Link to={card.to} className="dash-card">
                <span className="dash-card__icon">
                  <AccountIcon name={card.icon} />
                </span>
                <span className="dash-card__text">
                  <span className="dash-card__title">{card.title}</span>
                  <span className="dash-card__line">{card.line}</span>
                </span>
              </Link>
            </li>
          ))}
          {user.isAdmin ? (
            <li>
              <Link to="/rentalgame/admin" className="dash-card">
                <span className="dash-card__icon">
                  <AccountIcon name="chart" />
                </span>
                <span className="dash-card__text">
                  <span className="dash-card__title">Admin</span>
                  <span className="dash-card__line">System revenue and the latest games.</span>
                </span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      {needsProfile(user) ? (
        <Island
          of={completeProfileIsland}
          props={{
            user: { firstName: user.firstName, lastName: user.lastName, phone: user.phone },
            next: DASHBOARD,
            attempt: actionData && 'profile' in actionData ? actionData.profile : null,
          }}
        />
      ) : null}
    </AccountPage>
  );
}
