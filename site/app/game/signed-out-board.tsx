// The board page signed out, when the guest step could not be taken: sign in to play, or watch as
// a guest, over the board as the server saw it.
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { RoomView } from '#game/protocol.ts';
import { Banner } from '../components/account/banner';
import { authPath } from '../components/account/return-to';
import { useHydrated } from '../components/account/use-hydrated';
import { SitePage } from '../components/site-page';
import { startGuestSession } from './api';
import { BoardPreview } from './first-paint/board-preview';

/**
 * Signed out, when the guest step could not be taken (no such room, the address's guest visits
 * spent, a browser that keeps no cookie): sign in to play, or watch as a guest.
 */
export function SignedOutBoard({
  here,
  firstView,
  renderedAt,
  refusal,
}: {
  here: string;
  firstView: RoomView | null;
  renderedAt: number;
  /** Why no guest session was started for this visit (the guest visits' rate limit). */
  refusal: string | null;
}) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(refusal);
  const [busy, setBusy] = useState(false);

  async function watch() {
    setBusy(true);
    setError(null);
    const answer = await startGuestSession();
    if (answer.ok) {
      await revalidator.revalidate();
      return;
    }
    setBusy(false);
    setError(answer.error);
  }

  return (
    <SitePage className="board-signed-out">
      <h1 className="account__title">Watch or play</h1>
      <p className="account__lead">
        Players sign in to play. Anyone with the link can watch the game live.
      </p>
      {error ? (
        <Banner tone="error" title={error}>
          <p>Check your connection and try again.</p>
        </Banner>
      ) : null}
      <div className="room-actions">
        <Link className="button" to={authPath(here)}>
          Sign in
        </Link>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void watch()}
          disabled={busy || !hydrated}
        >
          {busy ? 'Starting…' : 'Watch as guest'}
        </button>
      </div>
      <BoardPreview view={firstView} renderedAt={renderedAt} />
    </SitePage>
  );
}
