// The motion's clock on the page: a timer for the playing step (the board machine is pure and
// keeps no timers), reveals at once when the player asks for reduced motion or the page is hidden
// (a hidden page's timers crawl; it catches up when seen again), and the sounds of each step.
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import type { BoardEvent } from './board-context';
import type { boardMachine } from './board-machine';
import type { MotionState } from './reveal-queue';
import { soundBoard } from './sound';
import { instantSounds, stepSounds } from './sound-plan';

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function useMotionDirector(motion: MotionState, actor: Actor<typeof boardMachine>): void {
  const step = motion.step;
  const id = step?.id;
  const index = step?.index;
  const endsAt = step ? step.startedAt + step.ms : null;

  useEffect(() => {
    if (id === undefined || index === undefined || endsAt === null) return;
    const timer = window.setTimeout(
      () =>
        actor.send({ type: 'motion.stepDone', id, index, now: Date.now() } satisfies BoardEvent),
      Math.max(0, endsAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [actor, id, index, endsAt]);

  useEffect(() => {
    const media = window.matchMedia?.(REDUCED_MOTION);
    const update = () =>
      actor.send({
        type: 'motion.instant',
        instant: Boolean(media?.matches) || document.visibilityState === 'hidden',
      });
    update();
    media?.addEventListener('change', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      media?.removeEventListener('change', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, [actor]);

  // Each step's sounds as it begins; with reduced motion a reveal that ends at once clicks (one
  // that ended to catch up, or on a hidden page, stays quiet).
  useEffect(() => {
    const began = actor.on('reveal.step', ({ reveal, index: at, ms }) => {
      const played = reveal.steps[at];
      if (played) soundBoard.play(stepSounds(played, ms));
    });
    const ended = actor.on('reveal.end', ({ reveal, instant }) => {
      if (instant && window.matchMedia?.(REDUCED_MOTION).matches)
        soundBoard.play(instantSounds(reveal));
    });
    return () => {
      began.unsubscribe();
      ended.unsubscribe();
    };
  }, [actor]);
}
