// One sitting: from the first board this tab showed, kept in sessionStorage (a reminder, not a
// limit: a new tab starts a new sitting). Every `interval` of it, a reality check falls due.
import { useCallback, useEffect, useState } from 'react';

const HOUR_MS = 60 * 60 * 1000;
const STARTED_KEY = 'zed.sitting.startedAt';
const NEXT_KEY = 'zed.sitting.nextCheckAt';
/** Tests shorten the hour with `?realityCheck=<seconds>` on the board's address; never lengthen. */
const TEST_PARAM = 'realityCheck';

function intervalFromAddress(): number {
  const seconds = Number(new URLSearchParams(window.location.search).get(TEST_PARAM));
  return Number.isFinite(seconds) && seconds >= 1 ? Math.min(seconds * 1000, HOUR_MS) : HOUR_MS;
}

function readNumber(key: string): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeNumber(key: string, value: number): void {
  try {
    window.sessionStorage.setItem(key, String(value));
  } catch {
    // Storage refused (private mode): the sitting lasts as long as this page.
  }
}

export interface Sitting {
  /** A check is due and not answered yet. */
  due: boolean;
  /** How long this sitting has lasted (ms), as of the check falling due. */
  playedMs: number;
  /** "Keep playing": the next check comes one interval after this answer. */
  acknowledge(): void;
}

/** Counts the sitting while `active` (a seated player on the board). */
export function useSitting(active: boolean): Sitting {
  const [state, setState] = useState({ due: false, playedMs: 0 });

  useEffect(() => {
    if (!active) return;
    const interval = intervalFromAddress();
    const startedAt = readNumber(STARTED_KEY) ?? Date.now();
    writeNumber(STARTED_KEY, startedAt);
    const tick = () => {
      const now = Date.now();
      const nextAt = readNumber(NEXT_KEY) ?? startedAt + interval;
      if (now >= nextAt) setState({ due: true, playedMs: now - startedAt });
    };
    tick();
    const timer = window.setInterval(tick, Math.min(interval / 4, 15_000));
    return () => window.clearInterval(timer);
  }, [active]);

  // Counted from the answer, not from the sitting's start: a check answered late is never followed
  // at once by the next one.
  const acknowledge = useCallback(() => {
    writeNumber(NEXT_KEY, Date.now() + intervalFromAddress());
    setState((previous) => ({ ...previous, due: false }));
  }, []);

  return { ...state, acknowledge };
}
