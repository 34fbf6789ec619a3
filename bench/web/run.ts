// The `web` benchmark: what the site costs a phone, beside references built in the same run.
// `npx tsx bench/web/run.ts` (BENCH_QUICK=1 for one run of each instead of three). See README.md.
//
//   1. bytes per route (JS and CSS a browser downloads on first load, gzip and brotli), and what a
//      second visit downloads once the service worker holds the files; the manifest's installability
//   2. Lighthouse mobile performance (score, LCP, TBT, CLS), home and board, median of 3
//   3. time to the board's first frame on regular 3G with a 4× slower CPU; on the same phone, when
//      the board is readable (its SVG in the first HTML), its LCP, the canvas's takeover and the
//      layout shift up to it (first-paint.ts)
//   4. script time per frame while trucks move, and frames rendered while nothing moves
//   5. references: a bare React page and a bare React + @pixi/react board (bench/web/reference/)
//
// Each phase lives in its own file (bytes.ts, installable.ts, first-frame.ts, motion.ts,
// lighthouse-figures.ts, sharing phases.ts); this one starts everything, runs the phases in order
// and saves the report.
import type { Browser } from '@playwright/test';
import { figure, median, QUICK, savePart, type Section } from '../support/report';
import { launch, type Cookie } from './browser';
import { SLOW_PHONE } from './browser-frames';
import { bytesSection, measureBytes, measureSecondVisits } from './bytes';
import { measureFirstFrames } from './first-frame';
import { measureFirstPaint } from './first-paint';
import { measureInstallability } from './installable';
import { lighthouseNotes, lighthouseSection, measureLighthouse } from './lighthouse-figures';
import {
  idleSection,
  measureBoardMotion,
  measureReferenceMotion,
  motionSection,
  REFERENCE_MOVE_MS,
  ROLL_WINDOW_MS,
} from './motion';
import { log, notes, phase, REF_BOARD, REF_PAGE, ROLLS, started } from './phases';
import { GAME_TIME_SCALE, startGame, startProduct, type Game, type Product } from './product';
import { buildReferences, type References } from './reference';
import { resolveChromium } from '#tests/support/chromium.ts';

async function main(): Promise<void> {
  const figures: Section = {};
  log('starting the product (migrate, react-router build, site, partykit) and building references');
  const productStarting = startProduct();
  productStarting.catch(() => {}); // awaited below; a failure is reported there
  let refs: References | null = null;
  let product: Product | null = null;
  let game: Game | null = null;
  let browser: Browser | null = null;
  const cleanUp = async () => {
    game?.close();
    await browser?.close().catch(() => {});
    await refs?.stop().catch(() => {});
    await (product ?? (await productStarting.catch(() => null)))?.stop();
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(1));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const references = await buildReferences();
    refs = references;
    const running = await productStarting;
    product = running;
    log(`product ready at ${running.baseUrl} after ${running.startSeconds.toFixed(1)} s`);
    notes.push(
      `product started (migrate + react-router build + servers) in ${running.startSeconds.toFixed(1)} s; references built by vite in ${references.buildSeconds.toFixed(1)} s`,
    );
    const playing = await startGame(running);
    game = playing;
    const cookie: Cookie = playing.spectator.cookiePair();
    const boardUrl = `${running.baseUrl}${playing.boardPath}`;
    log(`game ${playing.roomId} set up; a signed-in spectator opens the board`);

    const chromium = await launch();
    browser = chromium;
    const which = resolveChromium();
    notes.push(`chromium: ${which.source} ${chromium.version()} (${which.executablePath})`);
    await phase('bytes', async () => {
      figures.bytes = bytesSection(await measureBytes(chromium, running, references, playing));
    });
    await phase('secondVisit', async () => {
      figures.secondVisit = await measureSecondVisits(chromium, running, playing, cookie);
    });
    await phase('installable', async () => {
      figures.installable = await measureInstallability(chromium, running);
    });
    await phase('firstFrame3g', async () => {
      const boardFirst = await measureFirstFrames(chromium, boardUrl, cookie, 'board');
      const refFirst = await measureFirstFrames(
        chromium,
        references.url.pixi,
        undefined,
        'reference',
      );
      figures.firstFrame3g = {
        board: figure(median(boardFirst), 'ms', { name: REF_BOARD, value: median(refFirst) }),
      };
    });
    await phase('firstPaint3g', async () => {
      figures.firstPaint3g = {
        board: await measureFirstPaint(chromium, boardUrl, cookie, references.url.pixi),
      };
    });
    await phase('moving and idle', async () => {
      const board = await measureBoardMotion(chromium, boardUrl, cookie, playing);
      const ref = await measureReferenceMotion(chromium, references.url.pixi);
      figures.moving = { board: motionSection(board.motion, ref.motion) };
      figures.idle = { board: idleSection(board.idle, ref.idle) };
      notes.push(
        `moving: board ${board.motion.frames} frames over ${ROLLS} roll(s) × ${ROLL_WINDOW_MS} ms windows; reference ${ref.motion.frames} frames over ${ROLLS} × ${REFERENCE_MOVE_MS} ms of motion`,
      );
    });
    await chromium.close();
    browser = null;

    await phase('lighthouse', async () => {
      const lighthouse = await measureLighthouse([
        { name: 'home', url: `${running.baseUrl}/` },
        { name: 'react', url: references.url.react },
        {
          name: 'board',
          url: boardUrl,
          cookie: playing.spectator.cookie,
          // A fresh turn before each run: no turn times out (and auto-rolls) during the audit.
          before: () => playing.roll(),
        },
        { name: 'pixi', url: references.url.pixi },
      ]);
      figures.lighthouse = {
        home: lighthouseSection(lighthouse.home ?? [], lighthouse.react ?? [], REF_PAGE),
        board: lighthouseSection(lighthouse.board ?? [], lighthouse.pixi ?? [], REF_BOARD),
      };
      lighthouseNotes(lighthouse);
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    notes.push(`stopped early: ${message}`);
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }

  notes.push(
    `emulation: viewport 360×640 at DPR 1 for Playwright pages; firstFrame3g: latency ${SLOW_PHONE.latency} ms, ${(SLOW_PHONE.downloadThroughput * 8) / 1024} kbit/s down and up, CPU ×${SLOW_PHONE.cpuSlowdown}, cold cache; moving/idle: no throttling; Lighthouse: its default mobile settings (simulated); GAME_TIME_SCALE=${GAME_TIME_SCALE}`,
  );
  if (QUICK) notes.push('quick mode: one run of each (Lighthouse, first frame) and one roll');
  savePart('web', { figures, notes, seconds: Math.round((Date.now() - started) / 1000) });
}

void main();
