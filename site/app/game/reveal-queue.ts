// The reveals waiting to be shown, and the one playing: pure state that the board machine keeps.
// Time comes in as `now`; the screen's timer says when a step's time is up (`stepDone`). The head's
// step knows when it began and how long it takes, so the die, the trucks and the floats all follow
// the same clock, and steps follow one another on it even when a timer fires late. A queue that
// grows (a fast clock, a page in the background) plays faster, and beyond MAX_WAITING the oldest
// reveals end at once; `instant` (reduced motion, a hidden page) ends every reveal as it comes,
// with the same words.
import { TURN_MS } from '#game/timing.ts';
import { speedOf, stepMs, type Reveal } from './motion-plan';

/** More reveals than this waiting behind the one playing: the oldest end at once. */
export const MAX_WAITING = 2;

export interface PlayingStep {
  /** The playing reveal's id and the index of its step. */
  id: string;
  index: number;
  startedAt: number;
  ms: number;
}

export interface MotionState {
  /** Waiting to be shown, in order; [0] is playing. */
  reveals: Reveal[];
  /** The head's step, or null when nothing plays. */
  step: PlayingStep | null;
  /** The line of the last reveal that ended (the board's centre says it). */
  line: { id: string; text: string; player: string } | null;
  /** The turn timer's length as last seen (ms): reveals fit a share of it. */
  turnMs: number;
}

export interface Ended {
  reveal: Reveal;
  /** Ended without playing (reduced motion, a hidden page, catching up). */
  instant: boolean;
}

export interface MotionUpdate {
  motion: MotionState;
  ended: Ended[];
}

export function idleMotion(turnMs = TURN_MS): MotionState {
  return { reveals: [], step: null, line: null, turnMs };
}

function lineOf(reveal: Reveal): MotionState['line'] {
  return { id: reveal.id, text: reveal.line, player: reveal.player };
}

/** Starts the head's step `index` at `now` (a reveal without steps, or past them, ends). */
function begin(motion: MotionState, index: number, now: number, ended: Ended[]): MotionState {
  let state = motion;
  let at = index;
  for (;;) {
    const head = state.reveals[0];
    if (!head) return { ...state, step: null };
    const step = head.steps[at];
    if (step) {
      const speed = speedOf(head, state.turnMs, state.reveals.length - 1);
      return {
        ...state,
        step: { id: head.id, index: at, startedAt: now, ms: stepMs(step, speed) },
      };
    }
    ended.push({ reveal: head, instant: false });
    state = { ...state, reveals: state.reveals.slice(1), line: lineOf(head) };
    at = 0;
  }
}

/** Ends the oldest reveals at once while more than MAX_WAITING wait behind the head. */
function catchUp(motion: MotionState, now: number, ended: Ended[]): MotionState {
  let state = motion;
  let restarted = false;
  while (state.reveals.length - 1 > MAX_WAITING) {
    const head = state.reveals[0] as Reveal;
    ended.push({ reveal: head, instant: true });
    state = { ...state, reveals: state.reveals.slice(1), line: lineOf(head) };
    restarted = true;
  }
  return restarted ? begin(state, 0, now, ended) : state;
}

/** New reveals join the queue (or, `instant`, end at once). */
export function enqueue(
  motion: MotionState,
  reveals: readonly Reveal[],
  now: number,
  instant: boolean,
): MotionUpdate {
  if (reveals.length === 0) return { motion, ended: [] };
  const ended: Ended[] = [];
  if (instant) {
    const all = [...motion.reveals, ...reveals];
    for (const reveal of all) ended.push({ reveal, instant: true });
    const last = all[all.length - 1] as Reveal;
    return { motion: { ...motion, reveals: [], step: null, line: lineOf(last) }, ended };
  }
  let state: MotionState = { ...motion, reveals: [...motion.reveals, ...reveals] };
  if (state.step === null) state = begin(state, 0, now, ended);
  return { motion: catchUp(state, now, ended), ended };
}

/**
 * The playing step's time is up: the next step begins when this one was due to end (not when the
 * timer fired), and steps whose time has passed meanwhile end at once, so a late timer on a busy
 * page never makes the board fall behind the room. Stale calls change nothing.
 */
export function stepDone(
  motion: MotionState,
  id: string,
  index: number,
  now: number,
): MotionUpdate {
  const step = motion.step;
  if (!step || step.id !== id || step.index !== index) return { motion, ended: [] };
  const ended: Ended[] = [];
  let state = begin(motion, index + 1, step.startedAt + step.ms, ended);
  while (state.step && state.step.startedAt + state.step.ms <= now) {
    const due = state.step;
    state = begin(state, due.index + 1, due.startedAt + due.ms, ended);
  }
  return { motion: state, ended };
}

/** Everything waiting ends at once (reduced motion turned on, the page hidden). */
export function finishAll(motion: MotionState): MotionUpdate {
  if (motion.reveals.length === 0) return { motion, ended: [] };
  const ended = motion.reveals.map((reveal) => ({ reveal, instant: true }));
  const last = motion.reveals[motion.reveals.length - 1] as Reveal;
  return { motion: { ...motion, reveals: [], step: null, line: lineOf(last) }, ended };
}

/** Forgets what was waiting without saying it (a new socket: the room resends its log). */
export function dropAll(motion: MotionState): MotionState {
  return { ...motion, reveals: [], step: null };
}

/** Learns the turn timer's length from a new roll: the next deadline is set as the roll lands. */
export function learnTurn(
  motion: MotionState,
  lastRoll: { timestamp: number } | null,
  deadline: number | null,
): MotionState {
  if (!lastRoll || deadline === null) return motion;
  const turnMs = deadline - lastRoll.timestamp;
  return turnMs > 0 && turnMs !== motion.turnMs ? { ...motion, turnMs } : motion;
}

/** The playing reveal and its step, or null. */
export function playing(motion: MotionState): { reveal: Reveal; step: PlayingStep } | null {
  const reveal = motion.reveals[0];
  const step = motion.step;
  return reveal && step && step.id === reveal.id ? { reveal, step } : null;
}
