// The signed-in user's balance, kept fresh: from `GET /api/me` when the window regains focus and
// whenever some screen says money moved (`requestBalanceRefresh()`, i.e. the `balance:refresh`
// window event). Every hook on the page shares one request and one answer.
import { useCallback, useEffect, useState } from 'react';
import type { PublicUser } from '../../../server/auth/users';
import { apiFetch } from './api';
import { authPath } from './return-to';

export const BALANCE_REFRESH_EVENT = 'balance:refresh';

/** Ask every `useLiveBalance` on the page to fetch the balance again (after a deposit, a stake…). */
export function requestBalanceRefresh(): void {
  window.dispatchEvent(new Event(BALANCE_REFRESH_EVENT));
}

type Listener = (user: PublicUser) => void;
const listeners = new Set<Listener>();
let inFlight: Promise<void> | null = null;

function fetchMe(): Promise<void> {
  inFlight ??= apiFetch<{ user: PublicUser }>('/api/me', {
    fallbackError: 'Could not refresh your balance.',
  })
    .then((answer) => {
      if (answer.ok) {
        for (const listener of listeners) listener(answer.data.user);
      } else if (answer.code === 'not_signed_in') {
        // The session ended (logged out elsewhere, expired): sign in again and come back here.
        window.location.assign(authPath(`${window.location.pathname}${window.location.search}`));
      }
      // Any other failure keeps the last known balance on screen; the next focus tries again.
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export interface LiveBalance {
  /** The freshest user the page knows of (the loader's until an answer arrives). */
  user: PublicUser;
  /** ZMW. */
  balance: number;
  /** Fetch now; resolves once the answer is in. */
  refresh(): Promise<void>;
}

/** `const { balance } = useLiveBalance(user)` with the loader's user as the starting point. */
export function useLiveBalance(initial: PublicUser): LiveBalance {
  const [user, setUser] = useState(initial);

  // A new loader answer (navigation, revalidation) is newer than what we had.
  const [initialSeen, setInitialSeen] = useState(initial);
  if (initialSeen !== initial) {
    setInitialSeen(initial);
    setUser(initial);
  }

  useEffect(() => {
    const listener: Listener = (fresh) => {
      if (fresh.id === initial.id) setUser(fresh);
    };
    listeners.add(listener);
    const onRefresh = () => void fetchMe();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void fetchMe();
    };
    window.addEventListener('focus', onRefresh);
    window.addEventListener(BALANCE_REFRESH_EVENT, onRefresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('focus', onRefresh);
      window.removeEventListener(BALANCE_REFRESH_EVENT, onRefresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [initial.id]);

  const refresh = useCallback(() => fetchMe(), []);
  return { user, balance: user.accountBalance, refresh };
}
