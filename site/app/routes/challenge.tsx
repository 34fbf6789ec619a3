// The daily challenge (contract section 8): today's five-minute game with the same dice and bots
// for everyone, a plain form that starts it, the caller's streak, best and result against the day's
// best, today's leaderboard, and the latest revealed seed with how to check it. Rendered on the
// server from its loader; the form posts to the route's action, so the page ships no JavaScript.
import { Link, redirect } from 'react-router';
import { formatAmount } from '#game/lesson.ts';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { authPath, signUpPath } from '../components/account/return-to';
import { SitePage } from '../components/site-page';
import { BRAND } from '../content/brand';
import { LessonList, PracticeMark } from '../game/lesson-view';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import challengeStyles from '../styles/challenge.css?url';
import gameStyles from '../styles/game.css?url';
import type { ChallengePageData, RevealedDay } from '#site/server/challenge/pages.ts';
import type { Route } from './+types/challenge';
import { PATHS, roomPaths } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
  { rel: 'stylesheet', href: challengeStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Daily challenge · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'One five-minute truck-company game a day, the same dice for everyone: run it, see where ' +
      'your net profit ranks, and check the dice the next day. Free: no stake, no prize.',
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { user: context.user, data: await context.challenge.page(context.user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await context.challenge.start(request, context.user, context.clientAddress);
  if (outcome.ok) throw redirect(roomPaths.board(outcome.roomId), 303);
  return { error: outcome.error, code: outcome.code, roomId: outcome.roomId ?? null };
}

/** An in-game amount with its sign (these are the game's units, never ZMW). */
function signed(amount: number): string {
  return `${amount < 0 ? '−' : ''}${formatAmount(amount)}`;
}

function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}

function lusakaTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Lusaka',
  });
}

export default function Challenge({ loaderData, actionData }: Route.ComponentProps) {
  const { user, data } = loaderData;
  const content = (
    <>
      <header className="challenge__header">
        <p className="eyebrow">
          <PracticeMark /> Daily challenge
        </p>
        <h1 className="account__title">Today&apos;s business challenge</h1>
        <p className="challenge__date" data-testid="challenge-date" data-date={data.today.date}>
          {dayLabel(data.today.date)} · Lusaka
        </p>
      </header>
      {actionData ? <StartRefusal {...actionData} /> : null}
      <div className="challenge__grid">
        <TodayCard data={data} />
        <YouCard data={data} />
        <LeaderboardCard data={data} />
        <RevealedCard revealed={data.revealed} yesterdayRevealAt={data.yesterdayRevealAt} />
      </div>
    </>
  );
  if (user) {
    return (
      <AccountPage user={user} className="challenge">
        {content}
      </AccountPage>
    );
  }
  return <SitePage className="challenge">{content}</SitePage>;
}

function StartRefusal({
  error,
  code,
  roomId,
}: {
  error: string;
  code: string;
  roomId: string | null;
}) {
  return (
    <Banner tone="error" title={error}>
      {code === 'already_in_another_room' && roomId ? (
        <p>
          Finish that game first: <Link to={roomPaths.board(roomId)}>back to your game</Link>.
        </p>
      ) : code === 'not_signed_in' ? (
        <p>
          <Link to={authPath(PATHS.challenge)}>Log in</Link> and try again.
        </p>
      ) : (
        <p>Please try again.</p>
      )}
    </Banner>
  );
}

function TodayCard({ data }: { data: ChallengePageData }) {
  const { roomOptions, botNames } = data.today;
  return (
    <section className="challenge-card challenge-card--today" aria-labelledby="challenge-today">
      <h2 id="challenge-today">Five minutes, same dice for all</h2>
      <dl className="challenge-facts">
        <div>
          <dt>Game</dt>
          <dd data-testid="challenge-time">{roomOptions.time} min</dd>
        </div>
        <div>
          <dt>Against</dt>
          <dd data-testid="challenge-bots">{roomOptions.bots} bots</dd>
        </div>
        <div>
          <dt>Score</dt>
          <dd>Net profit</dd>
        </div>
      </dl>
      <PlayAction data={data} />
      <p>
        Everyone plays today&apos;s game with the same dice, roll by roll, against the same bots (
        {listOf(botNames)}). Your first finish counts: the highest net profit tops the board. No
        stake, no prize, just your numbers.
      </p>
      <p className="challenge__fine">
        Today&apos;s seed is locked in now: its SHA-256 is{' '}
        <code className="mono" data-testid="challenge-seed-hash">
          {data.today.serverSeedHash}
        </code>
        . The seed itself is shown here tomorrow.
      </p>
    </section>
  );
}

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function PlayAction({ data }: { data: ChallengePageData }) {
  if (!data.signedIn) {
    return (
      <div className="challenge__actions">
        <Link className="button" to={signUpPath(PATHS.challenge)} data-testid="challenge-signup">
          Sign up to play
        </Link>
        <Link className="button button--ghost" to={authPath(PATHS.challenge)}>
          Log in
        </Link>
      </div>
    );
  }
  if (data.liveRoomId) {
    return (
      <div className="challenge__actions">
        <Link className="button" to={roomPaths.board(data.liveRoomId)}>
          Back to your game
        </Link>
        <p className="challenge__note" data-testid="challenge-live">
          {data.liveIsChallenge ? (
            <>
              Your challenge is in play, or has just ended and is being counted:{' '}
              <Link to={PATHS.challenge}>refresh</Link> in a moment to see your rank.
            </>
          ) : (
            'A new game starts once the one you are in has ended.'
          )}
        </p>
      </div>
    );
  }
  return (
    <form method="post" action={PATHS.challenge} className="challenge__actions">
      <button type="submit" className="button button--big" data-testid="challenge-play">
        {data.result ? 'Play it again' : 'Play today’s challenge'}
      </button>
      {data.result ? (
        <p className="challenge__note">
          Your first finish is the one that counts; this is practice.
        </p>
      ) : null}
      {data.isGuest ? (
        <p className="challenge__note">
          As a guest you play unranked. <Link to={signUpPath(PATHS.challenge)}>Sign up</Link> to
          appear on the leaderboard.
        </p>
      ) : null}
    </form>
  );
}

function YouCard({ data }: { data: ChallengePageData }) {
  if (!data.signedIn) return null;
  const { result } = data;
  return (
    <section className="challenge-card" aria-labelledby="challenge-you">
      <h2 id="challenge-you">You</h2>
      <dl className="challenge-stats">
        <div>
          <dt>Streak</dt>
          <dd data-testid="challenge-streak">
            {data.streak} day{data.streak === 1 ? '' : 's'}
          </dd>
        </div>
        <div>
          <dt>Best</dt>
          <dd data-testid="challenge-best">{data.best ? signed(data.best.netProfit) : '—'}</dd>
        </div>
        <div>
          <dt>Today</dt>
          <dd data-testid="challenge-result">{result ? signed(result.netProfit) : 'Not yet'}</dd>
        </div>
      </dl>
      {result ? (
        <>
          <p className="challenge__standing" data-testid="challenge-standing-line">
            {result.rank !== null
              ? `You rank #${result.rank} of ${data.leaderboard.ranked} today.`
              : 'Played as a guest: not ranked.'}
          </p>
          <LessonList points={result.comparedWithBest} title="Your game against the day's best" />
          <p className="challenge__note">
            <Link to={`${PATHS.gameHistory}?room=${encodeURIComponent(result.roomId)}`}>
              Your full lesson and statement
            </Link>{' '}
            are in your game history.
          </p>
        </>
      ) : (
        <p className="challenge__note">
          A streak counts the days in a row you finish the challenge. Finish today&apos;s to{' '}
          {data.streak > 0 ? 'keep it going' : 'start one'}.
        </p>
      )}
    </section>
  );
}

function LeaderboardCard({ data }: { data: ChallengePageData }) {
  const { entries, ranked } = data.leaderboard;
  return (
    <section className="challenge-card" aria-labelledby="challenge-board">
      <h2 id="challenge-board">Today&apos;s leaderboard</h2>
      {entries.length === 0 ? (
        <p data-testid="leaderboard-empty">Nobody has finished today&apos;s challenge yet.</p>
      ) : (
        <>
          <ol className="leaderboard" data-testid="leaderboard">
            {entries.map((entry) => (
              <li
                key={`${entry.rank}-${entry.name}-${entry.mine ? 'me' : ''}`}
                className={
                  entry.mine ? 'leaderboard__row leaderboard__row--mine' : 'leaderboard__row'
                }
                data-testid="leaderboard-entry"
                data-mine={entry.mine ? 'true' : undefined}
              >
                <span className="leaderboard__rank">#{entry.rank}</span>
                <span className="leaderboard__name">
                  {entry.name}
                  {entry.mine ? <span className="leaderboard__you"> (you)</span> : null}
                </span>
                <span className="leaderboard__profit">{signed(entry.netProfit)}</span>
              </li>
            ))}
          </ol>
          <p className="challenge__note">
            {ranked} player{ranked === 1 ? '' : 's'} ranked. Net profit decides; the earlier finish
            is listed first on a tie. First name and initial only.
          </p>
        </>
      )}
    </section>
  );
}

function RevealedCard({
  revealed,
  yesterdayRevealAt,
}: {
  revealed: RevealedDay | null;
  yesterdayRevealAt: string | null;
}) {
  return (
    <section className="challenge-card challenge-card--seed" aria-labelledby="challenge-seed">
      <h2 id="challenge-seed">Check the dice</h2>
      {yesterdayRevealAt ? (
        <p className="challenge__note">
          Yesterday&apos;s seed is revealed at {lusakaTime(yesterdayRevealAt)}, once every game of
          the day has ended.
        </p>
      ) : null}
      {revealed ? <Revealed revealed={revealed} /> : <p>No revealed day yet.</p>}
    </section>
  );
}

function Revealed({ revealed }: { revealed: RevealedDay }) {
  const { fairness } = revealed;
  const command = `printf '%s' '${fairness.clientSeed}:0' | openssl dgst -sha256 -hmac '${fairness.serverSeed}'`;
  return (
    <div data-testid="revealed-day" data-date={revealed.date}>
      <p>
        <strong>{dayLabel(revealed.date)}</strong>
        {revealed.best
          ? `: ${revealed.best.name} was best with ${signed(revealed.best.netProfit)} (${revealed.ranked} ranked).`
          : ': nobody ranked.'}
      </p>
      <dl className="fairness__list">
        <div>
          <dt>Server seed (revealed)</dt>
          <dd className="mono" data-testid="revealed-seed">
            {fairness.serverSeed}
          </dd>
        </div>
        <div>
          <dt>Its SHA-256, published that morning</dt>
          <dd className="mono">{fairness.serverSeedHash}</dd>
        </div>
        <div>
          <dt>Client seed (every seat empty)</dt>
          <dd className="mono">{fairness.clientSeed}</dd>
        </div>
      </dl>
      <p>Every game of that day rolled these, in this order (roll 0 first):</p>
      <ol className="challenge-rolls" start={0} data-testid="revealed-rolls">
        {revealed.rolls.map((roll, nonce) => (
          <li key={nonce} data-face={roll}>
            {roll}
          </li>
        ))}
      </ol>
      {revealed.myRoomId ? (
        <p>
          <Link
            className="button button--ghost"
            to={`${PATHS.gameHistory}?verify=${encodeURIComponent(revealed.myRoomId)}`}
          >
            Verify every roll of your game
          </Link>
        </p>
      ) : null}
      <details className="challenge-howto">
        <summary>Check a roll yourself</summary>
        <p>
          Roll number <em>n</em> is HMAC-SHA256 with the server seed as key of the client seed, a
          colon and <em>n</em>. For roll 0:
        </p>
        <pre className="mono">{command}</pre>
        <p>
          Read the answer eight hex digits at a time: the first number below fffffffc, divided by 6,
          leaves a remainder; add 1 and you have the roll. And{' '}
          <code>printf &apos;%s&apos; &apos;seed&apos; | sha256sum</code> gives the hash published
          before the day began.
        </p>
      </details>
    </div>
  );
}
