// The board's sounds, synthesised with the Web Audio API (no files to download): short, soft
// voices for each cue of sound-plan.ts, scheduled on the audio clock. Nothing is created or played
// before the player's first tap or key on the page (`unlock`, from a gesture: browsers allow audio
// only then, and a game should not make noise unasked); the one mute switch silences every sound
// and is remembered in localStorage. Vibration follows the first tap too, not the mute switch.
import type { Sound, SoundCue } from './sound-plan';

/** The parts of an AudioContext the voices use (a fake in tests). */
export interface AudioLike {
  readonly currentTime: number;
  readonly sampleRate: number;
  readonly destination: AudioNode;
  readonly state: string;
  resume(): Promise<void>;
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
  createBiquadFilter(): BiquadFilterNode;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer;
  createBufferSource(): AudioBufferSourceNode;
}

export const SOUND_STORAGE_KEY = 'zt.sound';
/** The key of the old turn-beep switch: its "off" still counts. */
const OLD_STORAGE_KEY = 'zt.turnSound';

/** Overall loudness: soft. */
const VOLUME = 0.5;

type Wave = OscillatorType;

export class SoundBoard {
  private context: AudioLike | null = null;
  private noiseBuffer: AudioBuffer | null = null;
  private unlocked = false;
  muted = false;

  constructor(private readonly makeContext: () => AudioLike | null) {}

  /** Whether a gesture has unlocked sound (and vibration) on this page. */
  get ready(): boolean {
    return this.unlocked;
  }

  /** Call from a tap or key handler: the first one creates the audio context. */
  unlock(): void {
    this.unlocked = true;
    try {
      this.context ??= this.makeContext();
      if (this.context?.state === 'suspended') void this.context.resume().catch(() => undefined);
    } catch {
      // No audio on this device: the other cues remain.
      this.context = null;
    }
  }

  /** Plays the cues from now (their `at` in ms); nothing before the first gesture, or muted. */
  play(cues: readonly SoundCue[]): void {
    if (!this.unlocked || this.muted || cues.length === 0) return;
    const context = this.context;
    if (!context) return;
    const start = context.currentTime + 0.01;
    for (const cue of cues) {
      try {
        voice(this, context, cue.sound, start + cue.at / 1000, cue.step ?? 0);
      } catch {
        // A voice this browser cannot make: the rest still play.
      }
    }
  }

  /** A vibration pattern, where the device has it; nothing before the first gesture. */
  vibrate(pattern: readonly number[]): void {
    if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
    // The Vibration API refuses a page never tapped (Chromium says so in the console): asked only
    // once the page has been (its sticky activation, or else the first tap this board saw).
    if (navigator.userActivation?.hasBeenActive ?? this.unlocked) navigator.vibrate([...pattern]);
  }

  /** White noise, made once, for the rattle and the clicks. */
  noise(context: AudioLike): AudioBuffer {
    if (!this.noiseBuffer) {
      const length = Math.round(context.sampleRate * 0.2);
      const buffer = context.createBuffer(1, length, context.sampleRate);
      const data = buffer.getChannelData(0);
      // A fixed pseudo-random sequence: the same rattle every time.
      let seed = 7;
      for (let i = 0; i < length; i++) {
        seed = (seed * 16807) % 2147483647;
        data[i] = (seed / 2147483647) * 2 - 1;
      }
      this.noiseBuffer = buffer;
    }
    return this.noiseBuffer;
  }
}

/** A note: a wave from `freq` (gliding to `to`), a quick attack and an exponential decay. */
function tone(
  context: AudioLike,
  at: number,
  freq: number,
  seconds: number,
  level: number,
  wave: Wave = 'sine',
  to?: number,
): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = wave;
  oscillator.frequency.setValueAtTime(freq, at);
  if (to !== undefined) oscillator.frequency.exponentialRampToValueAtTime(to, at + seconds);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level * VOLUME, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.02);
}

/** A burst of filtered noise (a click, one knock of the rattle). */
function burst(
  board: SoundBoard,
  context: AudioLike,
  at: number,
  seconds: number,
  level: number,
  filter: { type: BiquadFilterType; freq: number; q?: number },
): void {
  const source = context.createBufferSource();
  source.buffer = board.noise(context);
  const shape = context.createBiquadFilter();
  shape.type = filter.type;
  shape.frequency.setValueAtTime(filter.freq, at);
  shape.Q.setValueAtTime(filter.q ?? 1, at);
  const gain = context.createGain();
  gain.gain.setValueAtTime(level * VOLUME, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  source.connect(shape).connect(gain).connect(context.destination);
  source.start(at);
  source.stop(at + seconds + 0.02);
}

const NOTE = { C4: 261.63, E4: 329.63, G4: 392, A4: 440, F4: 349.23, C5: 523.25, E5: 659.25 };
const NOTE_HIGH = { G5: 783.99, A5: 880, C6: 1046.5 };

function voice(
  board: SoundBoard,
  context: AudioLike,
  sound: Sound,
  at: number,
  step: number,
): void {
  switch (sound) {
    case 'click':
      return burst(board, context, at, 0.025, 0.12, { type: 'highpass', freq: 2500 });
    case 'rattle':
      return burst(board, context, at, 0.035, 0.22, {
        type: 'bandpass',
        freq: 1800 + (step % 3) * 500,
        q: 4,
      });
    case 'thud':
      return tone(context, at, 150, 0.16, 0.5, 'sine', 55);
    case 'hop':
      return tone(context, at, 520 * Math.pow(1.06, step), 0.03, 0.12, 'sine');
    case 'gain':
      tone(context, at, NOTE.C5, 0.12, 0.22, 'triangle');
      return tone(context, at + 0.1, NOTE.E5, 0.18, 0.22, 'triangle');
    case 'cost':
      tone(context, at, NOTE.A4, 0.12, 0.22, 'triangle');
      return tone(context, at + 0.1, NOTE.F4, 0.2, 0.22, 'triangle');
    case 'fee':
      tone(context, at, 2093, 0.28, 0.12, 'sine');
      return tone(context, at + 0.01, 3136, 0.22, 0.08, 'sine');
    case 'purchase':
      // The engine, then the horn.
      tone(context, at, 55, 0.45, 0.3, 'sawtooth', 90);
      tone(context, at + 0.45, 370, 0.18, 0.14, 'square');
      return tone(context, at + 0.45, 440, 0.18, 0.1, 'square');
    case 'six':
      tone(context, at, NOTE.C5, 0.12, 0.2, 'square');
      return tone(context, at + 0.11, NOTE_HIGH.G5, 0.3, 0.2, 'square');
    case 'tick':
      return tone(context, at, 1000, 0.03, 0.1, 'sine');
    case 'yourTurn':
      tone(context, at, NOTE.E5, 0.25, 0.25, 'sine');
      return tone(context, at + 0.16, NOTE_HIGH.A5, 0.35, 0.25, 'sine');
    case 'win':
      [NOTE.C5, NOTE.E5, NOTE_HIGH.G5, NOTE_HIGH.C6].forEach((freq, i) =>
        tone(context, at + i * 0.13, freq, i === 3 ? 0.5 : 0.16, 0.25, 'triangle'),
      );
      return;
    case 'done':
      for (const freq of [NOTE.C4, NOTE.E4, NOTE.G4]) tone(context, at, freq, 0.7, 0.1, 'triangle');
      return;
  }
}

/** Whether sound was switched off on this device (either switch, old or new). */
export function readMuted(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    const now = storage?.getItem(SOUND_STORAGE_KEY);
    if (now) return now === 'off';
    return storage?.getItem(OLD_STORAGE_KEY) === 'off';
  } catch {
    return false;
  }
}

export function writeMuted(storage: Pick<Storage, 'setItem'> | null, muted: boolean): void {
  try {
    storage?.setItem(SOUND_STORAGE_KEY, muted ? 'off' : 'on');
  } catch {
    // Private mode: the choice lasts this visit.
  }
}

function browserContext(): AudioLike | null {
  if (typeof window === 'undefined') return null;
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return Context ? new Context() : null;
}

/** The page's one sound board. */
export const soundBoard = new SoundBoard(browserContext);
