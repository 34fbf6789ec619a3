// The `web` benchmark: what the site costs a phone, beside references built in the same run.
// `npx tsx bench/web/run.ts` (BENCH_QUICK=1 for one run of each instead of three). See README.md.
//
//   1. bytes per route (JS and CSS a browser downloads on first load, gzip and brotli), and what a
//      second visit downloads once the service worker holds the files; the manifest's installability
//   2. Lighthouse mobile performance (score, LCP, TBT, CLS), home and board, median of 3
//   3. time to the board's first frame on regular 3G with a 4× slower CPU
//   4. script time per frame while trucks move, and frames rendered while nothing moves
//   5. references: a bare React page and a bare React + @pixi/react board (bench/web/reference/)
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { figure, median, percentile, QUICK, savePart, type Section } from '../support/report';
import {
  bytesOf,
  firstFrameOnSlowPhone,
  installability,
  secondVisit,
  launch,
  LivePage,
  SLOW_PHONE,
  type Cookie,
  type Idle,
  type Motion,
  type PageBytes,
  type Timeline,
  type Transfer,
} from './browser';
import { PWA_AUDITS, startAuditor, type LighthouseRun } from './lighthouse';
import { GAME_TIME_SCALE, ROOT, startGame, startProduct, type Game, type Product } from './product';
import { buildReferences, type References } from './reference';
import { resolveChromium } from '../../tests/support/chromium';

const RUNS = QUICK ? 1 : 3;
const ROLLS = QUICK ? 1 : 3;
/** After a roll: the dice tumbles 650 ms, then each truck drives up to 12 tiles of 180 ms. */
const ROLL_WINDOW_MS = 3_500;
/** The reference's sprite drives for this long per "roll". */
const REFERENCE_MOVE_MS = 2_000;
const IDLE_MS = 5_000;

const started = Date.now();
const notes: string[] = [];
const REF_PAGE = 'bare React page';
const REF_BOARD = 'bare React + @pixi/react board';

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function log(message: string): void {
  console.log(`[web ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
}

// ---------------------------------------------------------------------------------------------

interface Routes {
  product: Record<string, PageBytes>;
  reference: { react: PageBytes; pixi: PageBytes };
}

const ROUTES: { name: string; path: (game: Game) => string; signedIn: boolean }[] = [
  { name: 'home', path: () => '/', signedIn: false },
  { name: 'auth', path: () => '/auth', signedIn: false },
  { name: 'dashboard', path: () => '/rentalgame/dashboard', signedIn: true },
  { name: 'deposit', path: () => '/rentalgame/deposit', signedIn: true },
  { name: 'board', path: (game) => game.boardPath, signedIn: true },
];

async function measureBytes(
  browser: Browser,
  product: Product,
  refs: References,
  game: Game,
  cookie: Cookie,
): Promise<Routes> {
  const productFile = (urlPath: string) =>
    path.join(ROOT, 'build/client', decodeURIComponent(urlPath));
  const referenceFile = (urlPath: string) => path.join(refs.outDir, decodeURIComponent(urlPath));
  const result: Routes = {
    product: {},
    reference: {
      react: await bytesOf(browser, refs.url.react, referenceFile),
      pixi: await bytesOf(browser, refs.url.pixi, referenceFile, { canvas: true }),
    },
  };
  for (const route of ROUTES) {
    result.product[route.name] = await bytesOf(
      browser,
      `${product.baseUrl}${route.path(game)}`,
      productFile,
      { cookie: route.signedIn ? cookie : undefined, canvas: route.name === 'board' },
    );
  }
  return result;
}

function bytesSection(routes: Routes): Section {
  const section: Section = {};
  const describe = (name: string, bytes: PageBytes) => {
    const files = bytes.list
      .map((file) => `${path.basename(file.path)} ${kB(file.sizes.brotli)}`)
      .join(', ');
    notes.push(`bytes.${name} loads (brotli): ${files || 'no JS or CSS'}`);
  };
  for (const [name, bytes] of Object.entries(routes.product)) {
    const ref = name === 'board' ? routes.reference.pixi : routes.reference.react;
    const refName = name === 'board' ? REF_BOARD : REF_PAGE;
    section[name] = {
      jsRaw: figure(bytes.js.raw, 'B', { name: refName, value: ref.js.raw }),
      jsGzip: figure(bytes.js.gzip, 'B', { name: refName, value: ref.js.gzip }),
      jsBrotli: figure(bytes.js.brotli, 'B', { name: refName, value: ref.js.brotli }),
      jsFiles: figure(bytes.js.files, 'files', { name: refName, value: ref.js.files }),
      cssGzip: figure(bytes.css.gzip, 'B', { name: refName, value: ref.css.gzip }),
      cssBrotli: figure(bytes.css.brotli, 'B', { name: refName, value: ref.css.brotli }),
    };
    describe(name, bytes);
  }
  describe('reference.react', routes.reference.react);
  describe('reference.pixi', routes.reference.pixi);
  return section;
}

// ---------------------------------------------------------------------------------------------

const SECOND_VISIT: { name: string; path: (game: Game) => string; canvas: boolean }[] = [
  { name: 'dashboard', path: () => '/rentalgame/dashboard', canvas: false },
  { name: 'board', path: (game) => game.boardPath, canvas: true },
];

async function measureSecondVisits(
  browser: Browser,
  product: Product,
  game: Game,
  cookie: Cookie,
): Promise<Section> {
  const section: Section = {};
  const files = (transfer: Transfer) =>
    transfer.fromNetwork
      .slice(0, 8)
      .map((entry) => `${path.basename(entry.path) || '/'} ${kB(entry.bytes)}`)
      .join(', ');
  for (const route of SECOND_VISIT) {
    const url = `${product.baseUrl}${route.path(game)}`;
    const { first, second, worker } = await secondVisit(browser, url, {
      cookie,
      canvas: route.canvas,
    });
    const firstVisit = (value: number) => ({ name: 'first visit', value });
    section[route.name] = {
      jsNetwork: figure(second.jsBytes, 'B', firstVisit(first.jsBytes)),
      totalNetwork: figure(second.totalBytes, 'B', firstVisit(first.totalBytes)),
      jsFromWorker: figure(second.jsFromWorker, 'files'),
    };
    notes.push(
      `secondVisit.${route.name}: service worker ${worker ? 'controlled the page' : 'NOT in control'}; second visit over the network: ${files(second) || 'nothing'}; first visit's biggest: ${files(first)}`,
    );
  }
  return section;
}

async function measureInstallability(browser: Browser, product: Product): Promise<Section> {
  const section: Section = {};
  for (const [name, urlPath] of [
    ['home', '/'],
    ['auth', '/auth'],
  ] as const) {
    const result = await installability(browser, `${product.baseUrl}${urlPath}`);
    section[name] = {
      manifestErrors: figure(result.manifestErrors.length, 'errors'),
      installabilityErrors: figure(result.installErrors.length, 'errors'),
    };
    notes.push(
      `installable.${name}: manifest ${result.manifestUrl ?? 'none'}; manifest errors: ${result.manifestErrors.join('; ') || 'none'}; installability errors: ${result.installErrors.join(', ') || 'none'}`,
    );
  }
  return section;
}

// ---------------------------------------------------------------------------------------------

async function measureFirstFrames(
  browser: Browser,
  url: string,
  cookie: Cookie | undefined,
  label: string,
): Promise<number[]> {
  const runs: { ms: number; timeline: Timeline }[] = [];
  const kinds = new Set<string>();
  for (let run = 0; run < RUNS; run += 1) {
    const { ms, kind, timeline } = await firstFrameOnSlowPhone(browser, url, cookie);
    runs.push({ ms, timeline });
    if (kind) kinds.add(kind);
  }
  const samples = runs.map((run) => run.ms);
  notes.push(
    `firstFrame3g ${label}: runs ${samples.map((ms) => Math.round(ms)).join(', ')} ms; drawn with ${[...kinds].join('/') || '?'}`,
  );
  const typical = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor((runs.length - 1) / 2)];
  if (typical) notes.push(`firstFrame3g ${label} timeline: ${describeTimeline(typical)}`);
  return samples;
}

/** The typical run's waterfall: the document, DOMContentLoaded, then what was fetched after it. */
function describeTimeline({ ms, timeline }: { ms: number; timeline: Timeline }): string {
  const at = (value: number | null) => (value === null ? '?' : String(Math.round(value)));
  const dcl = timeline.domContentLoaded ?? 0;
  const late = timeline.resources
    .filter((entry) => entry.start >= dcl)
    .map((entry) => `${path.basename(entry.name)} ${at(entry.start)}→${at(entry.end)}`);
  const early = timeline.resources.filter((entry) => entry.start < dcl);
  const earlyEnd = early.length > 0 ? Math.max(...early.map((entry) => entry.end)) : null;
  return [
    `document ${at(timeline.documentEnd)}`,
    `${early.length} files requested before DOMContentLoaded, done at ${at(earlyEnd)}`,
    `DOMContentLoaded ${at(dcl)}`,
    `then ${late.join(', ') || 'nothing'}`,
    `first draw ${at(ms)} ms`,
  ].join('; ');
}

// ---------------------------------------------------------------------------------------------

function emptyMotion(): Motion {
  return { frameWork: [], frames: 0, scriptPerFrameMs: null, fps: [], texts: 0, seconds: 0 };
}

async function measureBoardMotion(
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

async function measureReferenceMotion(
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

// ---------------------------------------------------------------------------------------------

async function measureLighthouse(
  targets: { name: string; url: string; cookie?: string; before?: () => Promise<unknown> }[],
): Promise<Record<string, LighthouseRun[]>> {
  const auditor = await startAuditor();
  const runs: Record<string, LighthouseRun[]> = {};
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of targets) {
        await target.before?.();
        const result = await auditor.run(target.url, target.cookie);
        (runs[target.name] ??= []).push(result);
        log(`lighthouse ${target.name} run ${run + 1}: score ${result.score}`);
      }
    }
  } finally {
    await auditor.close();
  }
  return runs;
}

function lighthouseSection(
  runs: LighthouseRun[],
  refRuns: LighthouseRun[],
  refName: string,
): Section {
  const pick = (list: LighthouseRun[], key: keyof LighthouseRun) =>
    median(list.map((run) => run[key]).filter((value): value is number => value !== null));
  const entry = (key: keyof LighthouseRun, unit: string) =>
    figure(pick(runs, key), unit, { name: refName, value: pick(refRuns, key) });
  return {
    score: entry('score', 'points'),
    lcp: entry('lcpMs', 'ms'),
    tbt: entry('tbtMs', 'ms'),
    cls: entry('cls', 'score'),
    // The old PWA category's checks that Lighthouse 12 keeps: how many of them every run passed.
    pwaChecksPassed: figure(
      runs.length === 0
        ? null
        : PWA_AUDITS.filter((id) => runs.every((run) => run.pwa[id] === true)).length,
      `of ${PWA_AUDITS.length}`,
    ),
  };
}

// ---------------------------------------------------------------------------------------------

/** One measurement phase: a failure becomes a note, and the phases after it still run. */
async function phase(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
    log(`${name} measured`);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    notes.push(`${name}: not measured (${message})`);
    log(`${name} failed: ${message}`);
  }
}

function motionSection(board: Motion, ref: Motion): Section {
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

function idleSection(board: Idle, ref: Idle): Section {
  const span = `${IDLE_MS / 1000}s`;
  const against = (value: number) => ({ name: REF_BOARD, value });
  return {
    renders: figure(board.renders, `renders/${span}`, against(ref.renders)),
    animationFrames: figure(board.rafFrames, `frames/${span}`, against(ref.rafFrames)),
    scriptPerSecond: figure(board.scriptMsPerSecond, 'ms/s', against(ref.scriptMsPerSecond)),
    textRasterisations: figure(board.texts, `texts/${span}`, against(ref.texts)),
  };
}

function lighthouseNotes(lighthouse: Record<string, LighthouseRun[]>): void {
  const file = (url: string) => (URL.canParse(url) ? path.basename(new URL(url).pathname) : url);
  for (const [name, runs] of Object.entries(lighthouse)) {
    notes.push(
      `lighthouse ${name} runs: ${runs.map((run) => `score ${run.score} LCP ${round1(run.lcpMs)} TBT ${round1(run.tbtMs)} CLS ${run.cls?.toFixed(3)}`).join(' | ')}`,
    );
    const shifts = runs.flatMap((run, index) =>
      run.shifts.map((shift) => `run ${index + 1}: ${shift.element} ${shift.score.toFixed(3)}`),
    );
    if (shifts.length > 0) notes.push(`lighthouse ${name} layout shifts: ${shifts.join(', ')}`);
    const first = runs[0];
    if (first && first.bootup.length > 0) {
      notes.push(
        `lighthouse ${name} bootup-time (run 1, simulated slow CPU): ${first.bootup.map((item) => `${file(item.url)} ${Math.round(item.totalMs)} ms (script ${Math.round(item.scriptingMs)})`).join(', ')}`,
      );
    }
    if (first && first.unused.length > 0) {
      notes.push(
        `lighthouse ${name} unused-javascript (run 1): ${first.unused.map((item) => `${file(item.url)} ${kB(item.wastedBytes)} of ${kB(item.totalBytes)} unused`).join(', ')}`,
      );
    }
  }
}

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
    const playing = await startGame(running.baseUrl);
    game = playing;
    const cookie: Cookie = playing.spectator.cookiePair();
    const boardUrl = `${running.baseUrl}${playing.boardPath}`;
    log(`game ${playing.roomId} set up; a signed-in spectator opens the board`);

    const chromium = await launch();
    browser = chromium;
    const which = resolveChromium();
    notes.push(`chromium: ${which.source} ${chromium.version()} (${which.executablePath})`);
    await phase('bytes', async () => {
      figures.bytes = bytesSection(
        await measureBytes(chromium, running, references, playing, cookie),
      );
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
