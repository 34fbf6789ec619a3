// The signed-in user's balance in a React component, kept fresh by the page's one balance store
// (balance-store.ts): `const { balance } = useLiveBalance(user)` with the loader's user to start.
import { useCallback, useEffect, useState } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { fetchBalance, subscribeBalance } from './balance-store';

export interface LiveBalance {
  /** The freshest user the page knows of (the loader's until an answer arrives). */
  user: PublicUser;
  /** ZMW. */
  balance: number;
  /** Fetch now; resolves once the answer is in. */
  refresh(): Promise<void>;
}

export function useLiveBalance(initial: PublicUser): LiveBalance {
  const [user, setUser] = useState(initial);

  // A new loader answer (navigation, revalidation) is newer than what we had.
  const [initialSeen, setInitialSeen] = useState(initial);
  if (initialSeen !== initial) {
    setInitialSeen(initial);
    setUser(initial);
  }

  useEffect(() => subscribeBalance(initial.id, setUser), [initial.id]);

  const refresh = useCallback(() => fetchBalance(), []);
  return { user, balance: user.accountBalance, refresh };
}
