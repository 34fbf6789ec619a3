// Create a game: an option grid (stake, time, players, privacy) with a live summary of the pot and
// the prize, then `POST /api/rooms` and on to the waiting room.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { formatZmw } from '../components/account/money';
import { useHydrated } from '../components/account/use-hydrated';
import { isPlayRefusal, PlayRefusalStep } from '../components/responsible-play/refusal-step';
import { BRAND } from '../content/brand';
import { prizeOf } from '../../../game/payout';
import {
  PLAYER_COUNT_OPTIONS as PLAYERS,
  PRIVACY_OPTIONS as PRIVACIES,
  STAKE_OPTIONS_ZMW as AMOUNTS,
  TIME_OPTIONS_MINUTES as TIMES,
} from '../../../game/room-options';
import { createRoom } from '../game/api';
import { requireUser, waitingRoomPath } from '../game/guards';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/create-game';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Create a game · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  const notice = new URL(request.url).searchParams.get('notice');
  return { user, roomClosed: notice === 'closed' };
}

const MISSING_SETTINGS = '⚠️ Please select all settings before creating a game.';
const INSUFFICIENT = 'Insufficient funds to create this room!';

interface Choice {
  amount: number | null;
  time: number | null;
  maxPlayers: number | null;
  privacy: (typeof PRIVACIES)[number] | null;
}

type Failure =
  | { kind: 'missing' }
  | { kind: 'funds' }
  | { kind: 'other'; message: string }
  | { kind: 'play'; message: string; code: string | null };

export default function CreateGame({ loaderData }: Route.ComponentProps) {
  const { user, roomClosed } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<Choice>({
    amount: null,
    time: null,
    maxPlayers: null,
    privacy: null,
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const pot =
    choice.amount !== null && choice.maxPlayers !== null ? choice.amount * choice.maxPlayers : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const { amount, time, maxPlayers, privacy } = choice;
    if (amount === null || time === null || maxPlayers === null || privacy === null) {
      setFailure({ kind: 'missing' });
      return;
    }
    setBusy(true);
    const answer = await createRoom({ amount, time, maxPlayers, privacy });
    if (answer.ok) {
      requestBalanceRefresh();
      await navigate(waitingRoomPath(answer.data.room.roomId));
      return;
    }
    setBusy(false);
    if (answer.code === 'already_in_another_room' && answer.roomId) {
      // The spec: creating while already seated just goes back to that room.
      await navigate(waitingRoomPath(answer.roomId));
      return;
    }
    if (answer.code === 'insufficient_funds') return setFailure({ kind: 'funds' });
    if (isPlayRefusal(answer.code)) {
      return setFailure({ kind: 'play', message: answer.error, code: answer.code });
    }
    if (answer.code === 'missing_settings') return setFailure({ kind: 'missing' });
    setFailure({ kind: 'other', message: answer.error });
  }

  function pick<K extends keyof Choice>(key: K, value: Choice[K]) {
    setChoice((previous) => ({ ...previous, [key]: value }));
    if (failure?.kind === 'missing') setFailure(null);
  }

  return (
    <AccountPage user={user} className="create-game">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Create a new game</h1>
      {roomClosed ? (
        <Banner tone="info" title="The room was closed.">
          <p>Every stake in it was returned. Create a new room below, or join another one.</p>
        </Banner>
      ) : null}
      {user.isGuest ? (
        <Banner tone="error" title="Guests can only watch. Please sign up to play.">
          <p>
            <Link to="/auth?mode=signup&returnTo=%2Frentalgame%2Fcreatenewgame">
              Create an account
            </Link>{' '}
            to host a game for real money.
          </p>
        </Banner>
      ) : (
        <form
          ref={form}
          className="create-form"
          onSubmit={submit}
          noValidate
          aria-label="Create a game"
          data-ready={hydrated ? 'true' : undefined}
        >
          <OptionGroup
            legend="Amount (stake per player)"
            name="amount"
            options={AMOUNTS.map((a) => ({ value: a, label: `ZMW ${a}` }))}
            value={choice.amount}
            onChange={(v) => pick('amount', v)}
          />
          <OptionGroup
            legend="Time"
            name="time"
            options={TIMES.map((t) => ({ value: t, label: `${t} min` }))}
            value={choice.time}
            onChange={(v) => pick('time', v)}
          />
          <OptionGroup
            legend="Players"
            name="maxPlayers"
            options={PLAYERS.map((p) => ({ value: p, label: `${p} players` }))}
            value={choice.maxPlayers}
            onChange={(v) => pick('maxPlayers', v)}
          />
          <OptionGroup
            legend="Privacy"
            name="privacy"
            options={PRIVACIES.map((p) => ({ value: p, label: p }))}
            value={choice.privacy}
            onChange={(v) => pick('privacy', v)}
          />

          <section className="summary" aria-labelledby="summary-title" aria-live="polite">
            <h2 id="summary-title" className="game-section__title">
              Summary
            </h2>
            <dl className="summary__list">
              <div>
                <dt>Your stake</dt>
                <dd data-testid="summary-stake">
                  {choice.amount === null ? '—' : formatZmw(choice.amount)}
                </dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>{choice.time === null ? '—' : `${choice.time} minutes`}</dd>
              </div>
              <div>
                <dt>Pot (stake × players)</dt>
                <dd data-testid="summary-pot">{pot === null ? '—' : formatZmw(pot)}</dd>
              </div>
              <div>
                <dt>Winner&apos;s prize (80 %)</dt>
                <dd data-testid="summary-prize">{pot === null ? '—' : formatZmw(prizeOf(pot))}</dd>
              </div>
              <div>
                <dt>Room</dt>
                <dd>
                  {choice.privacy === null
                    ? '—'
                    : choice.privacy === 'Public'
                      ? 'Public: listed for everyone'
                      : 'Private: only people with your link'}
                </dd>
              </div>
            </dl>
            <p className="summary__note">
              The stake leaves your balance when the room is created and comes back if you leave
              before the room fills.
            </p>
          </section>

          {failure ? (
            <FailureBanner failure={failure} onRetry={() => form.current?.requestSubmit()} />
          ) : null}

          <div className="form__actions">
            <button type="submit" className="button" disabled={busy || !hydrated}>
              {busy ? (
                <>
                  <span className="spinner spinner--light" aria-hidden="true" /> Creating…
                </>
              ) : (
                'Create game'
              )}
            </button>
          </div>
          {busy ? <Progress>Creating your room and taking the stake…</Progress> : null}
        </form>
      )}
    </AccountPage>
  );
}

function FailureBanner({ failure, onRetry }: { failure: Failure; onRetry(): void }) {
  if (failure.kind === 'play') {
    return (
      <Banner tone="error" title={failure.message}>
        <PlayRefusalStep code={failure.code} onAccepted={onRetry} />
      </Banner>
    );
  }
  if (failure.kind === 'missing') {
    return (
      <Banner tone="warning" title={MISSING_SETTINGS}>
        <p>
          Choose an amount, a time, the number of players and the privacy, then press Create game.
        </p>
      </Banner>
    );
  }
  if (failure.kind === 'funds') {
    return (
      <Banner tone="error" title={INSUFFICIENT}>
        <p>
          <Link to="/rentalgame/deposit">Deposit</Link> with mobile money, or choose a smaller
          amount.
        </p>
      </Banner>
    );
  }
  return (
    <Banner tone="error" title={failure.message}>
      <p>Check your connection and press Create game again.</p>
    </Banner>
  );
}

function OptionGroup<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange(value: T): void;
}) {
  return (
    <fieldset className="options">
      <legend>{legend}</legend>
      <div className="options__grid">
        {options.map((option) => (
          <label key={String(option.value)} className="option">
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
