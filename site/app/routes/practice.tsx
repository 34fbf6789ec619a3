// Practise first: a free game against bots (contract section 7). Anyone may start one: a signed-out
// visitor gets a guest session first. No stake and no prize; the board and the rules are the real
// ones, and the game ends with a business lesson. A plain form: it posts to this route's action
// (the page door's `practice`), which goes on to the board.
import { data, Link, redirect } from 'react-router';
import { MAX_BOTS, MIN_BOTS } from '#game/bots.ts';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { SitePage } from '../components/site-page';
import { BRAND, DEFAULT_PRACTICE } from '../content/brand';
import { formText } from '../form-data';
import { PracticeNote } from '../game/lesson-view';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/practice';
import { PATHS, roomPaths } from '#site/shared/paths.ts';
import { signUpPath } from '../components/account/return-to';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Practise first · ${BRAND.name}` },
  {
    name: 'description',
    content: 'Play the Truck Company game free against bots, then read what the game teaches you.',
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return { user: context.user };
}

const TIMES = [5, 10, 20, 30, 40, 50, 60] as const;
const BOT_COUNTS = Array.from({ length: MAX_BOTS - MIN_BOTS + 1 }, (_, i) => MIN_BOTS + i);

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const answer = await context.services.rooms.practice({
    time: Number(formText(form, 'time')),
    bots: Number(formText(form, 'bots')),
  });
  const headers = answer.cookie ? { 'Set-Cookie': answer.cookie } : undefined;
  if (answer.ok) throw redirect(roomPaths.board(answer.room.roomId), { headers });
  // Already in a game: that game's board.
  if (answer.code === 'already_in_another_room' && answer.roomId) {
    throw redirect(roomPaths.board(answer.roomId), { headers });
  }
  return data({ error: answer.error }, { status: answer.status, headers });
}

export default function Practice({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const content = <PracticeForm signedIn={user !== null} error={actionData?.error ?? null} />;
  if (user) {
    return (
      <AccountPage user={user} className="practice">
        {content}
      </AccountPage>
    );
  }
  return <SitePage className="practice">{content}</SitePage>;
}

function PracticeForm({ signedIn, error }: { signedIn: boolean; error: string | null }) {
  return (
    <>
      <p className="account__back">
        <Link to={PATHS.howToPlay}>How to play</Link>
      </p>
      <h1 className="account__title">Practise first</h1>
      <PracticeNote />
      <p className="account__lead">
        Run your truck company against bots on the real board, with the real rules and the turn
        timer. Nothing is staked and nothing is won: every game ends with what your numbers teach
        you. The bots play three ways: careful (keeps cash back), balanced, and bold (buys every
        truck it can).
      </p>
      <form
        className="create-form"
        method="post"
        noValidate
        aria-label="Start a practice game"
        data-ready="true"
      >
        <div className="field">
          <label htmlFor="practice-time">Time</label>
          <select id="practice-time" name="time" defaultValue={DEFAULT_PRACTICE.time}>
            {TIMES.map((t) => (
              <option key={t} value={t}>
                {t} minutes
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="practice-bots">Bots</label>
          <select id="practice-bots" name="bots" defaultValue={DEFAULT_PRACTICE.bots}>
            {BOT_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'bot' : 'bots'}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <Banner tone="error" title={error}>
            <p>Check your connection and try again.</p>
          </Banner>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button">
            Start practice game
          </button>
        </div>
        {!signedIn ? (
          <p className="summary__note">
            No account needed: you play as a guest. <Link to={signUpPath()}>Sign up</Link> when you
            want to play for real money.
          </p>
        ) : null}
      </form>
    </>
  );
}
