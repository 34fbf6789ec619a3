// What tells a player that their turn has come and is running out, besides the board: a two-note
// chime and a short-short vibration, a quiet tick per second (and one short vibration) in its last
// five seconds, "● Your turn" in the tab title, an announcement with the seconds left before the
// server rolls for them; and the one sound switch (remembered on the device). Sounds and vibration
// wait for the player's first tap on the page (sound.ts).
import { countOf } from '#site/shared/count.ts';
import { useEffect, useRef, useState } from 'react';
import { readMuted, soundBoard, writeMuted } from './sound';
import { URGENT_SECONDS, VIBRATION } from './sound-plan';

export const TURN_TITLE_MARK = '● Your turn';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The sound switch, remembered across visits; the first tap or key on the page unlocks sound. */
export function useSoundSwitch(): { muted: boolean; toggle(): void } {
  // Read once on the client: the switch shows only on a connected board, never in server HTML.
  const [muted, setMuted] = useState(() => typeof window !== 'undefined' && readMuted(storage()));
  useEffect(() => {
    soundBoard.muted = muted;
  }, [muted]);
  useEffect(() => {
    const unlock = () => soundBoard.unlock();
    const options = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', unlock, options);
    window.addEventListener('keydown', unlock, options);
    return () => {
      window.removeEventListener('pointerdown', unlock, options);
      window.removeEventListener('keydown', unlock, options);
    };
  }, []);
  return {
    muted,
    toggle() {
      const next = !muted;
      setMuted(next);
      writeMuted(storage(), next);
    },
  };
}

/** The cue when the machine says `yourTurn`: the chime and a short-short vibration. */
export function playTurnCue(): void {
  soundBoard.play([{ at: 0, sound: 'yourTurn' }]);
  soundBoard.vibrate(VIBRATION.yourTurn);
}

/**
 * The last seconds of the player's own turn: a tick each second, and one short vibration as they
 * begin. `seconds` is what the turn timer shows (null when it is not the player's turn).
 */
export function useUrgency(seconds: number | null): void {
  const last = useRef<number | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = seconds;
    if (seconds === null || seconds === before || seconds <= 0 || seconds > URGENT_SECONDS) return;
    soundBoard.play([{ at: 0, sound: 'tick' }]);
    if (before === null || before > URGENT_SECONDS) soundBoard.vibrate(VIBRATION.lastSeconds);
  }, [seconds]);
}

/** "● Your turn" in front of the tab title while it is the player's turn. */
export function useTurnTitle(myTurn: boolean): void {
  useEffect(() => {
    if (!myTurn) return;
    const before = document.title;
    document.title = `${TURN_TITLE_MARK} · ${before}`;
    return () => {
      document.title = before;
    };
  }, [myTurn]);
}

export function turnAnnouncement(seconds: number | null): string {
  return seconds === null
    ? 'Your turn. Press Roll.'
    : `Your turn. Press Roll: the server rolls for you in ${countOf(seconds, 'second')}.`;
}

export function SoundToggle({ muted, onToggle }: { muted: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      className="button button--ghost button--small dice-bar__sound"
      aria-pressed={!muted}
      onClick={onToggle}
    >
      <SpeakerIcon muted={muted} /> Sound
    </button>
  );
}

/** A speaker, with waves when sound is on and a cross when it is off (drawn, so no glyph is missing). */
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M17 9l5 6M22 9l-5 6" />
      ) : (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      )}
    </svg>
  );
}
