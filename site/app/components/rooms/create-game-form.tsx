// Create a game, an island: an option grid (stake, time, players, privacy) with a live summary of
// the pot and the prize, then `POST /api/rooms` and on to the waiting room. Without scripts the
// same form posts to the create page's action (the page door's `rooms.create`: the API's gates and
// checks), which goes on to the waiting room or renders the form again with the refusal.
import { useRef, useState, type FormEvent } from 'react';
import { prizeOf } from '#game/payout.ts';
import {
  PLAYER_COUNT_OPTIONS as PLAYERS,
  PRIVACY_OPTIONS as PRIVACIES,
  STAKE_OPTIONS_ZMW as AMOUNTS,
  TIME_OPTIONS_MINUTES as TIMES,
} from '#game/room-options.ts';
import { formatZmw } from '#game/ngwee.ts';
import { PATHS, roomPaths } from '#site/shared/paths.ts';
import { roomMessages } from '#site/shared/room-messages.ts';
import { createRoom } from '../../game/api';
import { componentIsland } from '../../islands';
import { Banner, Progress } from '../account/banner';
import { requestBalanceRefresh } from '../account/balance-store';
import { useHydrated } from '../account/use-hydrated';
import { isPlayRefusal, PlayRefusalStep } from '../responsible-play/refusal-step';

export const CREATE_INTENT = 'create';

export interface Choice {
  amount: number | null;
  time: number | null;
  maxPlayers: number | null;
  privacy: (typeof PRIVACIES)[number] | null;
}

export const NO_CHOICE: Choice = { amount: null, time: null, maxPlayers: null, privacy: null };

export type Failure =
  | { kind: 'missing' }
  | { kind: 'funds'; message: string }
  | { kind: 'other'; message: string }
  | { kind: 'play'; message: string; code: string | null };

/** A choice as a form posts it: numbers and a privacy among the options, else null. */
export function choiceOf(field: (name: keyof Choice) => string): Choice {
  const pick = <T extends number | string>(options: readonly T[], text: string): T | null =>
    options.find((option) => String(option) === text) ?? null;
  return {
    amount: pick(AMOUNTS, field('amount')),
    time: pick(TIMES, field('time')),
    maxPlayers: pick(PLAYERS, field('maxPlayers')),
    privacy: pick(PRIVACIES, field('privacy')),
  };
}

/** A refusal of `POST /api/rooms` as the form shows it, by its code. */
export function failureOf(code: string | null, message: string): Failure {
  if (code === 'insufficient_funds') return { kind: 'funds', message };
  if (isPlayRefusal(code)) return { kind: 'play', message, code };
  if (code === 'missing_settings') return { kind: 'missing' };
  return { kind: 'other', message };
}

function CreateGameForm({ initial, failed }: { initial: Choice; failed: Failure | null }) {
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<Choice>(initial);
  const [failure, setFailure] = useState<Failure | null>(failed);
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
      window.location.assign(roomPaths.waitingRoom(answer.data.room.roomId));
      return;
    }
    if (answer.code === 'already_in_another_room' && answer.roomId) {
      // The spec: creating while already seated just goes back to that room.
      window.location.assign(roomPaths.waitingRoom(answer.roomId));
      return;
    }
    setBusy(false);
    setFailure(failureOf(answer.code, answer.error));
  }

  function pick<K extends keyof Choice>(key: K, value: Choice[K]) {
    setChoice((previous) => ({ ...previous, [key]: value }));
    if (failure?.kind === 'missing') setFailure(null);
  }

  return (
    <form
      ref={form}
      className="create-form"
      method="post"
      onSubmit={submit}
      noValidate
      aria-label="Create a game"
      data-ready={hydrated ? 'true' : undefined}
    >
      <input type="hidden" name="intent" value={CREATE_INTENT} />
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
          The stake leaves your balance when the room is created and comes back if you leave before
          the room fills.
        </p>
      </section>

      {failure ? (
        <FailureBanner failure={failure} onRetry={() => form.current?.requestSubmit()} />
      ) : null}

      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
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
  );
}

export const createGameIsland = componentIsland('create-game', CreateGameForm);

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
      <Banner tone="warning" title={roomMessages.missingSettings}>
        <p>
          Choose an amount, a time, the number of players and the privacy, then press Create game.
        </p>
      </Banner>
    );
  }
  if (failure.kind === 'funds') {
    return (
      <Banner tone="error" title={failure.message}>
        <p>
          <a href={PATHS.deposit}>Deposit</a> with mobile money, or choose a smaller amount.
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
