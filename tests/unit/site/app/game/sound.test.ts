/**
 * The board's sounds: the plan of a roll, a 6, a fee, a purchase and a win as pure data; and the
 * sound board, which creates no audio context and plays nothing before the player's first gesture,
 * nor while muted.
 */
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '#game/log.ts';
import { castOf, planChange, planStartOf, type Reveal } from '#site/app/game/motion-plan.ts';
import {
  gameOverSounds,
  instantSounds,
  RATTLE_CLICKS,
  revealSounds,
} from '#site/app/game/sound-plan.ts';
import { readMuted, SoundBoard, writeMuted, type AudioLike } from '#site/app/game/sound.ts';
import { ME, OTHER, T0, view } from './board-machine-support';

const roll = (player: string, value: number, newPosition: number): LogEntry => ({
  type: 'dice_roll',
  player,
  roll: value,
  newPosition,
  extraTurn: value === 6,
  nonce: 1,
  auto: false,
  timestamp: T0,
});

function plan(entries: LogEntry[]): Reveal {
  const v = view();
  const [reveal] = planChange(entries, planStartOf(v), v, castOf(v, ME));
  return reveal as Reveal;
}

describe('the sound plan', () => {
  it('a roll: a rattle over the tumble, a thud as the die lands, a rising tick per tile, then the cost', () => {
    const reveal = plan([
      roll(ME, 3, 2),
      { type: 'expense', player: ME, boxId: 'box3', key: 'repairs', amount: 150, timestamp: T0 },
    ]);
    const cues = revealSounds(reveal);
    const [die, hops] = reveal.steps;
    expect(cues.filter((c) => c.sound === 'rattle')).toHaveLength(RATTLE_CLICKS);
    expect(cues.filter((c) => c.sound === 'rattle').every((c) => c.at < die!.ms)).toBe(true);
    expect(cues.find((c) => c.sound === 'thud')?.at).toBe(die!.ms);
    const ticks = cues.filter((c) => c.sound === 'hop');
    expect(ticks.map((c) => c.step)).toEqual([0, 1, 2]);
    expect(ticks.at(-1)?.at).toBe(die!.ms + hops!.ms);
    expect(cues.at(-1)).toEqual({ at: die!.ms + hops!.ms, sound: 'cost' });
    // In order of time.
    expect(cues.map((c) => c.at)).toEqual([...cues.map((c) => c.at)].sort((a, b) => a - b));
  });

  it('a 6 gets its own bright cue, after the landing', () => {
    const cues = revealSounds(plan([roll(OTHER, 6, 5)]));
    expect(cues.at(-1)?.sound).toBe('six');
  });

  it('a fee: the coin; a gain: two rising notes (its own cue)', () => {
    const fee = revealSounds(
      plan([
        roll(OTHER, 2, 1),
        { type: 'truck_fee', from: OTHER, to: ME, boxId: 'box2', amount: 100, timestamp: T0 },
      ]),
    );
    expect(fee.at(-1)?.sound).toBe('fee');
    const gain = revealSounds(
      plan([
        roll(ME, 1, 0),
        { type: 'revenue', player: ME, boxId: 'box1', key: 'bonds', amount: 210, timestamp: T0 },
      ]),
    );
    expect(gain.at(-1)?.sound).toBe('gain');
  });

  it('a purchase: the engine and horn as the truck drives into its yard', () => {
    const bought = plan([
      { type: 'truck_purchase', player: ME, cost: 1500, newTrucks: 2, timestamp: T0 },
    ]);
    expect(revealSounds(bought)).toEqual([{ at: 0, sound: 'purchase' }]);
  });

  it('steps played faster sound faster; reduced motion hears one click; a win its fanfare', () => {
    const reveal = plan([roll(ME, 2, 1)]);
    const half = reveal.steps.map((s) => s.ms / 2);
    const fast = revealSounds(reveal, half);
    expect(fast.at(-1)?.at).toBe(half[0]! + half[1]!);
    expect(instantSounds(reveal)).toEqual([{ at: 0, sound: 'click' }]);
    expect(gameOverSounds(true)).toEqual([{ at: 0, sound: 'win' }]);
    expect(gameOverSounds(false)).toEqual([{ at: 0, sound: 'done' }]);
  });
});

/** An audio context that counts what it is asked to make and play. */
function fakeAudio() {
  const counts = { contexts: 0, started: 0, resumed: 0 };
  const param = () => ({
    setValueAtTime: () => undefined,
    exponentialRampToValueAtTime: () => undefined,
  });
  const node = () => {
    const n = {
      connect: () => n,
      start: () => {
        counts.started++;
      },
      stop: () => undefined,
      frequency: param(),
      gain: param(),
      Q: param(),
      type: '',
      buffer: null as unknown,
    };
    return n;
  };
  const make = (): AudioLike => {
    counts.contexts++;
    return {
      currentTime: 0,
      sampleRate: 8000,
      destination: {} as AudioNode,
      state: 'suspended',
      resume: async () => {
        counts.resumed++;
      },
      createOscillator: () => node() as unknown as OscillatorNode,
      createGain: () => node() as unknown as GainNode,
      createBiquadFilter: () => node() as unknown as BiquadFilterNode,
      createBufferSource: () => node() as unknown as AudioBufferSourceNode,
      createBuffer: (_c: number, length: number) =>
        ({ getChannelData: () => new Float32Array(length) }) as unknown as AudioBuffer,
    };
  };
  return { counts, make };
}

describe('the sound board', () => {
  const cues = revealSounds(plan([roll(ME, 6, 5)]));

  it('makes no audio context and plays nothing before the first gesture', () => {
    const { counts, make } = fakeAudio();
    const board = new SoundBoard(make);
    board.play(cues);
    board.play([{ at: 0, sound: 'yourTurn' }]);
    expect(counts).toEqual({ contexts: 0, started: 0, resumed: 0 });
    expect(board.ready).toBe(false);

    board.unlock();
    expect(counts.contexts).toBe(1);
    expect(counts.resumed).toBe(1);
    board.play(cues);
    expect(counts.started).toBeGreaterThan(cues.length);
    board.unlock();
    expect(counts.contexts).toBe(1);
  });

  it('plays nothing while muted; the switch is remembered (and the old "off" still counts)', () => {
    const { counts, make } = fakeAudio();
    const board = new SoundBoard(make);
    board.unlock();
    board.muted = true;
    board.play(cues);
    expect(counts.started).toBe(0);

    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readMuted(storage)).toBe(false);
    writeMuted(storage, true);
    expect(readMuted(storage)).toBe(true);
    writeMuted(storage, false);
    expect(readMuted(storage)).toBe(false);
    expect(readMuted({ getItem: (k) => (k === 'zt.turnSound' ? 'off' : null) })).toBe(true);
  });
});
