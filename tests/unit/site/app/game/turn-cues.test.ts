// The turn cue's vibration (site/app/game/turn-cues.tsx, through sound.ts): asked for only when the
// page has been tapped (sticky activation), which the Vibration API requires; a browser that cannot
// say is asked once the board has seen the player's first tap. Without the check a board opened by a link and never tapped asks anyway, and Chromium
// answers with a console error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playTurnCue } from '#site/app/game/turn-cues.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function phone(userActivation?: { hasBeenActive: boolean }) {
  const vibrate = vi.fn(() => true);
  vi.stubGlobal('navigator', { vibrate, ...(userActivation ? { userActivation } : {}) });
  return vibrate;
}

describe('the turn cue', () => {
  it('vibrates on a page the player has tapped', () => {
    const vibrate = phone({ hasBeenActive: true });
    playTurnCue();
    expect(vibrate).toHaveBeenCalledOnce();
  });

  it('does not ask to vibrate before the player has tapped the page', () => {
    const vibrate = phone({ hasBeenActive: false });
    playTurnCue();
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('where the browser does not say whether the page was tapped, waits for the first tap', () => {
    const vibrate = phone();
    playTurnCue();
    expect(vibrate).not.toHaveBeenCalled();
  });
});
