// One API read (GET) with its loading, refused and failed states, and a reload.
import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from './api';

export type ApiRead<T> =
  { name: 'loading' } | { name: 'ready'; data: T } | { name: 'failed'; error: string };

export function useApiRead<T>(path: string | null): [ApiRead<T>, () => void] {
  const [state, setState] = useState<ApiRead<T>>({ name: 'loading' });
  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (path === null) return;
      setState({ name: 'loading' });
      let answer;
      try {
        answer = await apiFetch<T>(path, { signal, fallbackError: 'Could not load. Try again.' });
      } catch {
        return; // aborted
      }
      setState(
        answer.ok ? { name: 'ready', data: answer.data } : { name: 'failed', error: answer.error },
      );
    },
    [path],
  );
  useEffect(() => {
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state changes when the answer arrives, not synchronously
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return [state, () => void load()];
}

export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
