// What the board sounds like, as pure data: the cues of each step of a reveal (a rattle over the
// die's tumble and a thud as it lands, a tick per tile with a rising pitch, a gain, a cost, a fee's
// coin, a purchase's engine and horn, a 6), and of the moments around it (your turn, the last
// seconds of it, a win, a game that ended). Times are ms from the start of the step; sound.ts
// synthesises each cue with the Web Audio API. Reduced motion hears a click instead of each reveal.
import type { MotionStep, Reveal, Tone } from './motion-plan';

export type Sound =
  | 'rattle'
  | 'thud'
  | 'hop'
  | 'gain'
  | 'cost'
  | 'fee'
  | 'purchase'
  | 'six'
  | 'click'
  | 'tick'
  | 'yourTurn'
  | 'win'
  | 'done';

export interface SoundCue {
  /** ms from the start of the step (or of the moment). */
  at: number;
  sound: Sound;
  /** A hop's place along the drive, 0, 1, 2…: its pitch rises with it. */
  step?: number;
}

/** How many clicks make the die's rattle. */
export const RATTLE_CLICKS = 5;

/** Vibration patterns (ms), where the device has it. */
export const VIBRATION = {
  yourTurn: [60, 80, 60],
  lastSeconds: [40],
  win: [400],
} as const;

/** The last seconds of a turn tick, and vibrate once as they begin. */
export const URGENT_SECONDS = 5;

const TONE_SOUND: Record<Tone, Sound> = {
  gain: 'gain',
  cost: 'cost',
  tax: 'cost',
  fee: 'fee',
  purchase: 'purchase',
};

/** The cues of one step that plays for `ms`. */
export function stepSounds(step: MotionStep, ms: number): SoundCue[] {
  switch (step.kind) {
    case 'die': {
      // The rattle over most of the tumble, the thud as it lands.
      const rattle = Array.from({ length: RATTLE_CLICKS }, (_, i) => ({
        at: Math.round((i * ms * 0.8) / RATTLE_CLICKS),
        sound: 'rattle' as const,
      }));
      return [...rattle, { at: ms, sound: 'thud' }];
    }
    case 'hops': {
      const tiles = step.path.length;
      return step.path.map((_, i) => ({
        at: Math.round(((i + 1) * ms) / Math.max(1, tiles)),
        sound: 'hop' as const,
        step: i,
      }));
    }
    case 'effect': {
      const tones = step.floats.map((float) => float.tone);
      const tone = tones[0] ?? step.tone;
      return [{ at: 0, sound: tone ? TONE_SOUND[tone] : 'click' }];
    }
    case 'six':
      return [{ at: 0, sound: 'six' }];
    case 'buy':
      return [{ at: 0, sound: 'purchase' }];
  }
}

/**
 * A whole reveal's cues at full speed (or with each step's own duration from `durations`), from
 * the start of the reveal.
 */
export function revealSounds(
  reveal: Pick<Reveal, 'steps'>,
  durations?: readonly number[],
): SoundCue[] {
  let start = 0;
  const cues: SoundCue[] = [];
  reveal.steps.forEach((step, i) => {
    const ms = durations?.[i] ?? step.ms;
    for (const cue of stepSounds(step, ms)) cues.push({ ...cue, at: start + cue.at });
    start += ms;
  });
  return cues;
}

/** A reveal that ends at once (reduced motion): one click, the same for every kind. */
export function instantSounds(reveal: Pick<Reveal, 'steps'>): SoundCue[] {
  return reveal.steps.length > 0 ? [{ at: 0, sound: 'click' }] : [];
}

/** The game ended: a fanfare for the winner, a soft chord for everyone else. */
export function gameOverSounds(won: boolean): SoundCue[] {
  return [{ at: 0, sound: won ? 'win' : 'done' }];
}
