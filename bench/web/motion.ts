// The `web` benchmark's motion phase: script time per frame while trucks move after a roll (the
// live board, or the reference's sprite driving), then what the board does while nothing moves.
import type { Browser } from '@playwright/test';
import { figure, median, percentile, type Section } from '../support/report';
import type { Cookie } from './browser';
import { LivePage, type Idle, type Motion } from './browser-frames';
import { notes, REF_BOARD, ROLLS } from './phases';
import type { Game } from './product';

/** After a roll: the dice tumbles 650 ms, then each truck drives up to 12 tiles of 180 ms. */
export const ROLL_WINDOW_MS = 3_500;
/** The reference's sprite drives for this long per "roll". */
export const REFERENCE_MOVE_MS = 2_000;
const IDLE_MS = 5_000;

function emptyMotion(): Motion {
  return { frameWork: [], frames: 0, scriptPerFrameMs: null, fps: [], texts: 0, seconds: 0 };
}

export async function measureBoardMotion(
  browser: Browser,
  url: string,
  cookie: Cookie,
  game: Game,
): Promise<{ motion: Motion; idle: Idle }> {
  const live = await LivePage.open(browser, url, cookie);
  try {
    const motion = emptyMotion();
    for (let roll = 0; roll < ROLLS; roll += 1) {
      let answered = false;
      await live.recordMotion(
        motion,
        async () => {
          answered = await game.roll();
        },
        ROLL_WINDOW_MS,
      );
      if (!answered) notes.push(`motion.board: roll ${roll + 1} got no answer from the room`);
    }
    await live.page.waitForTimeout(1_000);
    const idle = await live.idle(IDLE_MS);
    return { motion, idle };
  } finally {
    await live.close();
  }
}

export async function measureReferenceMotion(
  browser: Browser,
  url: string,
): Promise<{ motion: Motion; idle: Idle }> {
  const live = await LivePage.open(browser, url);
  try {
    await live.page.waitForTimeout(500);
    const motion = emptyMotion();
    for (let roll = 0; roll < ROLLS; roll += 1) {
      await live.recordMotion(
        motion,
        () => live.page.evaluate(`window.__benchMove(${REFERENCE_MOVE_MS})`),
        REFERENCE_MOVE_MS,
      );
    }
    await live.page.waitForTimeout(500);
    const idle = await live.idle(IDLE_MS);
    return { motion, idle };
  } finally {
    await live.close();
  }
}

export function motionSection(board: Motion, ref: Motion): Section {
  const perSecond = (motion: Motion) => (motion.seconds > 0 ? motion.texts / motion.seconds : null);
  const against = (value: number | null) => ({ name: REF_BOARD, value });
  return {
    frameJsP50: figure(
      percentile(board.frameWork, 50),
      'ms',
      against(percentile(ref.frameWork, 50)),
    ),
    frameJsP95: figure(
      percentile(board.frameWork, 95),
      'ms',
      against(percentile(ref.frameWork, 95)),
    ),
    scriptPerFrameAvg: figure(board.scriptPerFrameMs, 'ms', against(ref.scriptPerFrameMs)),
    fps: figure(median(board.fps), 'frames/s', against(median(ref.fps))),
    textRasterisations: figure(perSecond(board), 'texts/s', against(perSecond(ref))),
  };
}

export function idleSection(board: Idle, ref: Idle): Section {
  const span = `${IDLE_MS / 1000}s`;
  const against = (value: number) => ({ name: REF_BOARD, value });
  return {
    renders: figure(board.renders, `renders/${span}`, against(ref.renders)),
    animationFrames: figure(board.rafFrames, `frames/${span}`, against(ref.rafFrames)),
    scriptPerSecond: figure(board.scriptMsPerSecond, 'ms/s', against(ref.scriptMsPerSecond)),
    textRasterisations: figure(board.texts, `texts/${span}`, against(ref.texts)),
  };
}
