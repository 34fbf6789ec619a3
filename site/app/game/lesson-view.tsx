// The business lesson of a finished game and the "Practice" mark: shown at game over, in game
// history and on the practice screens, so nobody mistakes a practice game for money.
import { Link } from 'react-router';
import { isPracticeView } from '#game/bots.ts';
import type { RoomView } from '#game/protocol.ts';
import { namesOf } from './format';
import { GameDialog } from './game-dialog';
import { ShareResult } from './share-result';
import { Confetti, Podium } from './podium';
import { resultHeadline, winReason } from './win-reason';
import { PATHS } from '#site/shared/paths.ts';
import { signUpPath } from '../components/account/return-to';

export interface LessonPointView {
  key: string;
  text: string;
}

export function PracticeMark() {
  return (
    <span
      className="tag tag--practice"
      data-testid="practice-mark"
      title="A practice game against bots: no money is staked or won."
    >
      Practice
    </span>
  );
}

/** The one line under a practice game's title, wherever it is shown (short on the board). */
export function PracticeNote({ short = false }: { short?: boolean }) {
  return (
    <p className="practice-note" data-testid="practice-note">
      <PracticeMark />{' '}
      {short
        ? 'Against bots: no money moves.'
        : 'A practice game against bots: no stake, no prize, no money moves.'}
    </p>
  );
}

export function LessonList({
  points,
  title = 'What this game teaches you',
}: {
  points: readonly LessonPointView[] | undefined;
  title?: string;
}) {
  if (!points || points.length === 0) return null;
  return (
    <section className="lesson" data-testid="lesson" aria-label={title}>
      <h3 className="lesson__title">{title}</h3>
      <ul className="lesson__points">
        {points.map((point) => (
          <li key={point.key} data-key={point.key}>
            {point.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** After a practice game: one tap on to the real thing. */
export function AfterPractice({ isGuest }: { isGuest: boolean }) {
  return (
    <p className="room-actions" data-testid="after-practice">
      {isGuest ? (
        <Link className="button" to={signUpPath()}>
          Sign up to play for real
        </Link>
      ) : (
        <Link className="button" to={PATHS.createGame}>
          Create a real game
        </Link>
      )}{' '}
      <Link className="button button--ghost" to={PATHS.practice}>
        Practise again
      </Link>
    </p>
  );
}

/** Game over in a practice game: the player's place, the podium, the way on, the lesson below. */
export function PracticeGameOver({
  view,
  me,
  isGuest,
  open,
}: {
  view: RoomView;
  me: string;
  isGuest: boolean;
  open: boolean;
}) {
  const result = view.result;
  if (!result || !isPracticeView(view)) return null;
  const names = result.winners.map((uid) => view.participants[uid]?.name ?? 'A player');
  const iWon = result.winners.includes(me);
  const place = resultHeadline(view, me, true);
  const challenge = view.dailyChallenge !== undefined;
  return (
    <GameDialog
      open={open}
      title={challenge ? 'Daily challenge over' : 'Practice game over'}
      className="game-over"
      focusTitle
      footer={
        <div className="game-over__actions">
          {challenge ? (
            <p className="room-actions">
              <Link
                className="button"
                to={PATHS.challenge}
                reloadDocument
                data-testid="challenge-standing"
              >
                See how you rank today
              </Link>
            </p>
          ) : null}
          <ShareResult view={view} me={me} />
          <AfterPractice isGuest={isGuest} />
          <Link className="button button--ghost button--small" to={PATHS.gameHistory}>
            Game history
          </Link>
        </div>
      }
    >
      {iWon ? <Confetti /> : null}
      <PracticeNote short />
      {place ? (
        <p
          className={`game-over__headline${iWon ? ' game-over__headline--won' : ''}`}
          data-testid="game-over-you"
        >
          {place}
        </p>
      ) : null}
      {iWon && result.winners.length === 1 ? null : (
        <p className="game-over__winners" data-testid="game-over-winners">
          {iWon
            ? `You share first place with ${names.filter((_, i) => result.winners[i] !== me).join(' and ')}.`
            : `${names.join(' and ')} finished first.`}
        </p>
      )}
      <Podium view={view} me={me} />
      <p className="game-over__why">
        {winReason(result, view.joinedOrder, namesOf(view.participants))}
      </p>
      <details className="game-over__more">
        <summary>What this game teaches you</summary>
        <LessonList points={result.lessons[me]} />
      </details>
      <p className="game-over__note">The history keeps this lesson.</p>
    </GameDialog>
  );
}
