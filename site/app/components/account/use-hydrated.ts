import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False during the server render and the first client render, true once React runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
