// What tells a player that their turn has come, besides the board: a short vibration, a short beep
// (muted with a toggle remembered in localStorage), "● Your turn" in the tab title, and an
// announcement with the seconds left before the server rolls for them.
import { countOf } from '../../shared/count';
import { useEffect, useState } from 'react';

export const TURN_TITLE_MARK = '● Your turn';
export const SOUND_STORAGE_KEY = 'zt.turnSound';
const VIBRATION_MS = 200;
const BEEP_SECONDS = 0.15;

let audio: AudioContext | null = null;

function beep(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + BEEP_SECONDS);
  } catch {
    // No audio on this device: the other cues remain.
  }
}

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(SOUND_STORAGE_KEY) === 'off';
  } catch {
    return false;
  }
}

/** The mute toggle's state, remembered across visits. */
export function useTurnSound(): { muted: boolean; toggle(): void } {
  // Read once on the client: the toggle shows only on a connected board, never in server HTML.
  const [muted, setMuted] = useState(() => typeof window !== 'undefined' && readMuted());
  return {
    muted,
    toggle() {
      const next = !muted;
      setMuted(next);
      try {
        window.localStorage.setItem(SOUND_STORAGE_KEY, next ? 'off' : 'on');
      } catch {
        // Private mode: the choice lasts this visit.
      }
    },
  };
}

/**
 * The cue when the machine says `yourTurn`: vibration, and the beep unless muted. The Vibration API
 * refuses a page the player has never tapped (Chromium with a console error): that page is not
 * asked.
 */
export function playTurnCue(muted: boolean): void {
  const tapped = navigator.userActivation?.hasBeenActive ?? true;
  if (typeof navigator.vibrate === 'function' && tapped) navigator.vibrate(VIBRATION_MS);
  if (!muted) beep();
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
      <span aria-hidden="true">{muted ? '🔕' : '🔔'}</span> Turn sound
    </button>
  );
}
