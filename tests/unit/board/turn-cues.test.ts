// The turn cue's vibration (site/app/game/turn-cues.tsx): asked for only when the page has been
// tapped (sticky activation), which the Vibration API requires; a browser that cannot say keeps the
// call. Without the check a board opened by a link and never tapped asks anyway, and Chromium
// answers with a console error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playTurnCue } from '../../../site/app/game/turn-cues';

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
    playTurnCue(true);
    expect(vibrate).toHaveBeenCalledOnce();
  });

  it('does not ask to vibrate before the player has tapped the page', () => {
    const vibrate = phone({ hasBeenActive: false });
    playTurnCue(true);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('asks as before where the browser does not say whether the page was tapped', () => {
    const vibrate = phone();
    playTurnCue(true);
    expect(vibrate).toHaveBeenCalledOnce();
  });
});
