// The game dashboard, a lobby: first "Play ZMW 10 now" (quick match), the balance with "Add money",
// the rematches waiting, the public rooms open now (the room list island), the people last played,
// then every other place as cards; rendered on the server. Its forms (quick match, join, accept the
// terms and go on, send the verification link again, complete the profile) post to this action.
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
import { authPath, pathOf, signUpPath } from '../components/account/return-to';
import {
  VERIFY_REQUEST_INTENT,
  VerifyEmailNotice,
  verifyRequestAction,
} from '../components/account/verify-email-notice';
import { Island } from '../components/island';
import {
  ACCEPT_TERMS_FIELDS,
  ACCEPT_TERMS_INTENT,
} from '../components/responsible-play/accept-terms';
import { AllowanceGate, loadAllowance } from '../components/responsible-play/allowance';
import { ExclusionNotice } from '../components/responsible-play/exclusion-notice';
import {
  BalanceCard,
  QUICK_MATCH_INTENT,
  QuickMatchForm,
  RecentOpponents,
  RematchNotices,
} from '../components/rooms/lobby';
import {
  JOIN_ROOM_INTENT,
  ProblemBanner,
  roomListIsland,
  roomProblem,
  type RoomProblem,
} from '../components/rooms/room-list';
import { formChecked, formText } from '../form-data';
import { BRAND } from '../content/brand';
import { UNEXPECTED } from '../game/api';
import { partyOriginOf } from '../game/party-origin';
import { staticPage } from '../islands';
import { QUICK_PLAY_STAKE_ZMW } from '#game/room-options.ts';
import { formatZmwShort } from '#game/ngwee.ts';
import type { PageServices } from '#site/server/pages/services.ts';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/dashboard';
import { NOTICES, PATHS, roomPaths } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Game dashboard · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const notice = new URL(request.url).searchParams.get('notice');
  const [rooms, lobby, allowance] = await Promise.all([
    context.services.rooms.publicRooms().catch(() => null),
    context.services.games.lobby(),
    user.isGuest ? null : loadAllowance(context.services),
  ]);
  return {
    user,
    unauthorized: notice === NOTICES.notAdmin,
    rooms,
    partyOrigin: partyOriginOf(context),
    opponents: lobby.ok ? lobby.opponents : [],
    rematches: lobby.ok ? lobby.rematches : [],
    allowance,
  };
}

/** Where a lobby form seats the player: a room (join) or a stake (quick match). */
type Seat = { roomId: string } | { amount: string };

/**
 * Seats the player through the page door (join or quick match, with their checks), then to the
 * waiting room; a refusal comes back as the problem to show, with the fields to post again.
 */
async function seat(services: PageServices, target: Seat) {
  const answer =
    'roomId' in target
      ? await services.rooms.join(target.roomId)
      : await services.rooms.quick({ amount: target.amount });
  if (answer.ok) throw redirect(roomPaths.waitingRoom(answer.room.roomId));
  const roomId = 'roomId' in target ? target.roomId : '';
  const seatedIn = 'roomId' in answer && typeof answer.roomId === 'string' ? answer.roomId : null;
  const problem = roomProblem(answer.code, answer.error, roomId, seatedIn);
  if (!problem && roomId) throw redirect(roomPaths.waitingRoom(roomId));
  return data(
    { seat: { problem: problem ?? ({ kind: 'plain', message: UNEXPECTED } as const), target } },
    answer.status,
  );
}

function seatOf(form: FormData): Seat {
  const roomId = formText(form, 'roomId');
  return roomId ? { roomId } : { amount: formText(form, 'amount') };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(authPath(pathOf(request.url)));
  const form = await request.formData();
  switch (formText(form, 'intent')) {
    case VERIFY_REQUEST_INTENT:
      return verifyRequestAction(context.services, PATHS.dashboard);
    case COMPLETE_PROFILE_INTENT:
      return completeProfileAction(context.services, form, PATHS.dashboard);
    case QUICK_MATCH_INTENT:
    case JOIN_ROOM_INTENT:
      return seat(context.services, seatOf(form));
    case ACCEPT_TERMS_INTENT: {
      const accepted = formChecked(form, ACCEPT_TERMS_FIELDS.accepted)
        ? await context.services.play.acceptTerms(formChecked(form, ACCEPT_TERMS_FIELDS.adult))
        : null;
      if (accepted?.ok) return seat(context.services, seatOf(form));
      const message = accepted ? accepted.error : 'Please accept the Terms and Conditions.';
      const problem: RoomProblem = { kind: 'play', message, code: 'terms_required', roomId: '' };
      return data({ seat: { problem, target: seatOf(form) } }, 400);
    }
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
  {
    to: PATHS.practice,
    title: 'Practise first',
    line: 'A free game against bots, and what your numbers teach you.',
    icon: 'play',
  },
  {
    to: PATHS.createGame,
    title: 'Create New Game',
    line: 'Choose the stake, time and players, and host a room.',
    icon: 'create',
  },
  {
    to: PATHS.joinRandom,
    title: 'Join a random room',
    line: 'Take a seat in a public room that is filling up.',
    icon: 'join',
  },
  {
    to: PATHS.gameHistory,
    title: 'Game History',
    line: 'Your finished games, statements and winnings.',
    icon: 'history',
  },
  {
    to: PATHS.deposit,
    title: 'Deposit',
    line: 'Add money with MTN, Airtel or Zamtel mobile money.',
    icon: 'deposit',
  },
  {
    to: PATHS.withdraw,
    title: 'Withdraw',
    line: 'Send your balance to your mobile money wallet.',
    icon: 'withdraw',
  },
  {
    to: PATHS.accountHistory,
    title: 'Account History',
    line: 'Every deposit, withdrawal, stake and win.',
    icon: 'account',
  },
  {
    to: PATHS.account,
    title: 'Your account',
    line: 'Your email, password and Google sign-in.',
    icon: 'account',
  },
  {
    to: PATHS.responsiblePlay,
    title: 'Responsible play',
    line: 'Deposit and loss limits, a break, and where to get help.',
    icon: 'chart',
  },
  {
    to: PATHS.howToPlay,
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
  { to: '/', title: 'Home', line: 'Back to the four pillars and our services.', icon: 'home' },
];

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, unauthorized, rooms, partyOrigin, opponents, rematches, allowance } = loaderData;
  const roomId = user.currentRoomId;
  const seatAnswer = actionData && 'seat' in actionData ? actionData.seat : null;

  return (
    <AccountPage user={user} className="dashboard">
      <h1 className="account__title">Game dashboard</h1>
      {unauthorized ? (
        <Banner tone="error" title="Unauthorized access">
          <p>That page is for administrators only. Everything you can do is below.</p>
        </Banner>
      ) : null}
      {roomId ? (
        <Link to={roomPaths.waitingRoom(roomId)} className="dash-card dash-card--current">
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
      <div aria-live="polite">
        {seatAnswer ? (
          <ProblemBanner problem={seatAnswer.problem} onJoin={() => {}} retry={seatAnswer.target} />
        ) : null}
      </div>
      <RematchNotices rematches={rematches} />
      {user.isGuest ? null : (
        <div className="lobby-top">
          <section className="lobby-play" aria-labelledby="lobby-play-title">
            <h2 id="lobby-play-title" className="visually-hidden">
              Play now
            </h2>
            <AllowanceGate allowance={allowance} kind="stake">
              <QuickMatchForm amount={QUICK_PLAY_STAKE_ZMW} className="button lobby-play__button">
                Play {formatZmwShort(QUICK_PLAY_STAKE_ZMW)} now
              </QuickMatchForm>
            </AllowanceGate>
            <p className="lobby-play__line">
              A seat in the public room at that stake closest to full, or a new one.
            </p>
          </section>
          <BalanceCard balance={user.accountBalance} />
        </div>
      )}
      {user.isGuest ? (
        <Banner tone="info" title="You are watching as a guest.">
          <p>
            Guests can watch games and <Link to={PATHS.practice}>practise against bots</Link>.{' '}
            <Link to={signUpPath()}>Sign up</Link> to deposit, create rooms and play for real money.
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
      <section className="lobby-section" aria-labelledby="lobby-rooms-title">
        <h2 id="lobby-rooms-title" className="lobby-section__title">
          Rooms open now
        </h2>
        <AllowanceGate allowance={allowance?.exclusionUntil ? allowance : null} kind="stake">
          <Island
            of={roomListIsland}
            props={{ isGuest: user.isGuest, rooms, partyOrigin, problem: null }}
          />
        </AllowanceGate>
      </section>
      <AllowanceGate allowance={allowance?.exclusionUntil ? allowance : null} kind="stake">
        <RecentOpponents opponents={opponents} />
      </AllowanceGate>
      <h2 className="lobby-section__title">Everything else</h2>
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
              <Link to={PATHS.admin} className="dash-card">
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
            next: PATHS.dashboard,
            attempt: actionData && 'profile' in actionData ? actionData.profile : null,
          }}
        />
      ) : null}
    </AccountPage>
  );
}
