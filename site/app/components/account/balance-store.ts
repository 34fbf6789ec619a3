// The signed-in user as the browser last heard it from `GET /api/me`, shared by everything on the
// page that shows the balance (the header's script island, the payment form, the board's header):
// asked again when the window regains focus or comes back into view, and whenever a screen says
// money moved (`requestBalanceRefresh()`, i.e. the `balance:refresh` window event). One request at
// a time, one answer for every listener. No React here, so a script island can use it alone.
import type { PublicUser } from '#site/server/auth/users.ts';
import { apiFetch } from './api';
import { authPath } from './return-to';

export const BALANCE_REFRESH_EVENT = 'balance:refresh';

/** Ask everything showing the balance to fetch it again (after a deposit, a stake…). */
export function requestBalanceRefresh(): void {
  window.dispatchEvent(new Event(BALANCE_REFRESH_EVENT));
}

type Listener = (user: PublicUser) => void;
const listeners = new Map<Listener, string>();
let inFlight: Promise<void> | null = null;

/** Fetches the user now (one request for every caller until it is answered). */
export function fetchBalance(): Promise<void> {
  inFlight ??= apiFetch<{ user: PublicUser }>('/api/me', {
    fallbackError: 'Could not refresh your balance.',
  })
    .then((answer) => {
      if (answer.ok) {
        const user = answer.data.user;
        for (const [listener, userId] of listeners) if (userId === user.id) listener(user);
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

const onRefresh = () => void fetchBalance();
const onVisible = () => {
  if (document.visibilityState === 'visible') void fetchBalance();
};

/** Calls `listener` with every fresh copy of user `userId`; returns the way to stop. */
export function subscribeBalance(userId: string, listener: Listener): () => void {
  if (listeners.size === 0) {
    window.addEventListener('focus', onRefresh);
    window.addEventListener(BALANCE_REFRESH_EVENT, onRefresh);
    document.addEventListener('visibilitychange', onVisible);
  }
  listeners.set(listener, userId);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('focus', onRefresh);
    window.removeEventListener(BALANCE_REFRESH_EVENT, onRefresh);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
