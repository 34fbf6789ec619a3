// For a script island on a server-rendered page that shows something still in motion (a pending
// payment, a game being paid out): ask a small question every so often and, once the answer has
// changed, load the page again so the server renders the new state. It asks only while the page is
// visible, and gives up after a while (the page says what to do then).

export interface ReloadWhen {
  /** Between two questions. */
  everyMs: number;
  /** Stop asking after this long (the page's own words cover what follows). */
  forMs: number;
}

/** Calls `changed()` every `everyMs` for at most `forMs`; reloads the page once it answers true. */
export function reloadWhen(changed: () => Promise<boolean>, { everyMs, forMs }: ReloadWhen): void {
  const until = Date.now() + forMs;
  const ask = async () => {
    if (Date.now() > until) return;
    if (document.visibilityState === 'visible' && (await changed().catch(() => false))) {
      window.location.reload();
      return;
    }
    window.setTimeout(() => void ask(), everyMs);
  };
  window.setTimeout(() => void ask(), everyMs);
}
