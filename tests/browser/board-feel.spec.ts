// The board as a game on a 360 × 740 phone: a practice game against bots from its first screen to
// game over. The page's clock is held and run forward by the test, so each moment of a roll (the
// die, the truck between tiles, the landing, a 6, a fee, a purchase) can be stopped and
// photographed at the three sizes; what the board showed is recorded in the page as it happened
// (its markers: `data-motion-phase`, `data-die-face`) and checked against the finished game's
// record: the die shown after each roll's motion is the roll, the steps come in order, each line
// names its player, nothing sounds before the first tap, and game over opens on the winner. With
// reduced motion each roll shows at once. In a staked two-player game, a player back from a dropped
// connection reads what happened meanwhile, and game over opens on the prize with its actions.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import {
  anotherPerson,
  createPracticeViaApi,
  createRoomViaApi,
  depositViaApi,
  expect,
  joinViaApi,
  SCREENSHOT_DIR,
  signUpViaApi,
  startGuest,
  test,
} from './support/fixtures';
import { expectAccessible, expectOnScreen, SIZES } from './support/screens';

const PORTRAIT = SIZES[0];
/** Page time run forward per look at the board while nothing moves (ms). */
const IDLE_STEP_MS = 80;

interface Seen {
  phase: string;
  reveal: string;
  face: string;
  nonce: string;
  rolling: boolean;
  line: string;
  lineFor: string;
  /** What the polite live region said last, and the reveal it said it for. */
  said: string;
  saidFor: string;
  /** Whose turn the board's town square names, and the dice bar (uids; '' for nobody's). */
  hudTurn: string | null;
  panelTurn: string | null;
}

/**
 * In the page, before any script of the site: every change of the board's markers, and every
 * audio context made and sound started.
 */
function recordTheBoard() {
  const w = window as unknown as {
    __seen: Seen[];
    __audio: { contexts: number; starts: number };
  };
  w.__seen = [];
  w.__audio = { contexts: 0, starts: 0 };
  const Real = window.AudioContext;
  if (Real) {
    const counted = <T extends { start: (...a: never[]) => void }>(node: T): T => {
      const start = node.start.bind(node);
      node.start = ((...a: never[]) => {
        w.__audio.starts++;
        return start(...a);
      }) as T['start'];
      return node;
    };
    window.AudioContext = class extends Real {
      constructor(...args: ConstructorParameters<typeof AudioContext>) {
        super(...args);
        w.__audio.contexts++;
      }
      override createOscillator() {
        return counted(super.createOscillator());
      }
      override createBufferSource() {
        return counted(super.createBufferSource());
      }
    };
  }
  let last = '';
  const look = () => {
    const overlay = document.querySelector('.board-overlay');
    const die = document.querySelector('[data-die]');
    if (!overlay || !die) return;
    const line = document.querySelector('.board-centre__line');
    const said = document.querySelector('[data-testid="announcer"] [data-said]');
    const hud = document.querySelector('[data-testid="board"] [data-hud-turn]');
    const panel = document.querySelector('[data-testid="turn-label"]');
    const seen: Seen = {
      phase: overlay.getAttribute('data-motion-phase') ?? '',
      reveal: overlay.getAttribute('data-reveal') ?? '',
      face: die.getAttribute('data-die-face') ?? '',
      nonce: die.getAttribute('data-die-nonce') ?? '',
      rolling: die.hasAttribute('data-die-rolling'),
      line: line?.textContent ?? '',
      lineFor: line?.getAttribute('data-line-for') ?? '',
      said: said?.textContent ?? '',
      saidFor: said?.getAttribute('data-said') ?? '',
      hudTurn: hud?.getAttribute('data-hud-turn') ?? null,
      panelTurn: panel?.getAttribute('data-turn') ?? null,
    };
    const key = JSON.stringify(seen);
    if (key !== last) w.__seen.push(seen);
    last = key;
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: [
      'data-motion-phase',
      'data-reveal',
      'data-die-face',
      'data-die-rolling',
      'data-hud-turn',
      'data-turn',
    ],
  });
}

/** What the test needs of the board at one moment (read in one go). */
async function lookAt(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __audio: { contexts: number; starts: number } };
    const overlay = document.querySelector('.board-overlay');
    const roll = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Roll');
    return {
      phase: overlay?.getAttribute('data-motion-phase') ?? '',
      reveal: overlay?.getAttribute('data-reveal') ?? '',
      effect: overlay?.getAttribute('data-effect') ?? '',
      /** Page time left in the playing step (ms), or null when nothing plays. */
      stepLeft: overlay?.getAttribute('data-step-ends')
        ? Number(overlay.getAttribute('data-step-ends')) - Date.now()
        : null,
      rollEnabled: roll ? !roll.disabled : false,
      offer: document.querySelector('[data-testid="truck-offer"]') !== null,
      over: document.querySelector('dialog[open].game-over') !== null,
      audio: { ...w.__audio },
    };
  });
}

/**
 * A trusted tap at an element's centre, if it is there (no actionability wait: the page's clock is
 * held, while the room's own clock goes on and may have taken the element away). Whether it tapped.
 */
async function tap(page: Page, selector: string): Promise<boolean> {
  const box = await page.evaluate((s) => {
    const rect = document.querySelector(s)?.getBoundingClientRect();
    return rect && rect.width > 0
      ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height }
      : null;
  }, selector);
  if (!box) return false;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return true;
}

/** The board at each of the three sizes, as it stands (the clock held), then back to the phone. */
async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of [...SIZES.slice(1), PORTRAIT]) {
    await page.setViewportSize(size);
    // Drawn at the new size (the canvas draws at once on a resize; the page's clock is held, so
    // this asks again straight away rather than on a timer).
    for (let tries = 0; ; tries++) {
      const drawn = await page.evaluate(() => {
        const stage = document.querySelector<HTMLElement>('.board-stage__canvas');
        const canvas = stage?.querySelector('canvas');
        return Boolean(
          canvas &&
          stage &&
          Math.abs(canvas.clientWidth - stage.clientWidth) < 2 &&
          canvas.dataset.drawn === String(stage.clientWidth),
        );
      });
      if (drawn) break;
      expect(tries, `the board drawn at ${size.width} × ${size.height}`).toBeLessThan(200);
    }
    // A landscape phone shows the whole board, a practice game's note beside it.
    if (size.width > size.height && size.height < 400) {
      await expectOnScreen(page, page.locator('.board-stage__canvas'), `the board (${name})`);
    }
    if (size !== PORTRAIT) await keep(page, testInfo, name);
  }
  await keep(page, testInfo, name);
}

/** The screen as it is, attached to the report and kept as `test-results/screenshots/<name>-<width>.png`. */
async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const body = await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`) });
  await testInfo.attach(`${name}-${width}`, { body, contentType: 'image/png' });
}

/**
 * Fakes the page's clock and stops it a moment from now: its timers, animation frames and
 * `Date.now()` then move only with `page.clock.runFor`. (A busy page may pass "a moment from now"
 * before the call lands: then it tries a little further on.)
 */
async function holdTheClock(page: Page): Promise<void> {
  await page.clock.install();
  // Never more than a few seconds ahead: the board takes a room silent for 7 s as a lost link.
  for (let tries = 0, lead = 200; ; tries++, lead = Math.min(lead * 2, 3_000)) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + lead);
      return;
    } catch (error) {
      if (tries > 10) throw error;
    }
  }
}

/**
 * The room's messages to the page pass through the test, which can hold them back for a moment
 * (while it photographs one; the room goes on, and what it said arrives afterwards, in order).
 */
async function holdableRoom(page: Page) {
  const gate = { held: false, waiting: [] as (() => void)[] };
  await page.routeWebSocket(/\/parties\/main\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (gate.held) gate.waiting.push(() => ws.send(message));
      else ws.send(message);
    });
  });
  return {
    hold() {
      gate.held = true;
    },
    release() {
      gate.held = false;
      for (const send of gate.waiting.splice(0)) send();
    },
  };
}

interface Roll {
  nonce: number;
  roll: number;
  player: string;
}

test('a practice game reveals each roll in order: the die shows the roll, sound waits for a tap, game over opens on the winner', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PORTRAIT);
  await page.addInitScript(recordTheBoard);
  const room = await holdableRoom(page);
  await startGuest(page.request);
  const roomId = await createPracticeViaApi(page.request, { time: 10, bots: 3 });
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  await expect(page.locator('[data-die]')).toBeAttached({ timeout: 30_000 });
  await expect(page.locator('[data-testid="board"] canvas')).toBeVisible({ timeout: 30_000 });

  // From here the page's time moves only as the test runs it forward.
  await holdTheClock(page);
  room.hold();
  await photograph(page, testInfo, 'feel-first-screen');
  room.release();

  const moments: Record<string, (s: Awaited<ReturnType<typeof lookAt>>) => boolean> = {
    'feel-die': (s) => s.phase === 'die',
    'feel-mid-motion': (s) => s.phase === 'hops',
    'feel-landing': (s) => s.phase === 'effect' && /gain|cost|tax/.test(s.effect),
    'feel-six': (s) => s.phase === 'six',
    'feel-fee': (s) => s.phase === 'effect' && s.effect.includes('fee'),
    'feel-purchase': (s) => s.phase === 'buy',
    'feel-offer': (s) => s.offer,
  };
  const captured = new Set<string>();
  const revealsBeforeTap = new Set<string>();
  let tapped = false;
  let heard = false;
  let bought = false;
  const deadline = Date.now() + 110_000;
  let now = await lookAt(page);
  for (;;) {
    expect(Date.now(), 'the practice game should end').toBeLessThan(deadline);
    // On to the next step of the motion (so that every step is seen), or a little while idle.
    await page.clock.runFor(now.stepLeft === null ? IDLE_STEP_MS : Math.max(1, now.stepLeft + 1));
    now = await lookAt(page);
    if (now.over) break;
    for (const [name, matches] of Object.entries(moments)) {
      if (captured.has(name) || !matches(now)) continue;
      // The room's news waits while the moment is photographed (a roll arriving meanwhile would
      // hurry the board on); a moment gone by the time it is held is left for the next one.
      room.hold();
      if (matches(await lookAt(page))) {
        captured.add(name);
        await photograph(page, testInfo, name);
      }
      room.release();
    }
    if (!tapped) {
      if (now.reveal) revealsBeforeTap.add(now.reveal);
      // Rolls have played, with their sounds due: none made before the player's first tap.
      if (revealsBeforeTap.size >= 3) {
        expect(now.audio, 'no audio before the first tap').toEqual({ contexts: 0, starts: 0 });
        tapped = await tap(page, '[data-testid="practice-note"]');
        expect(tapped, 'the practice note tapped').toBe(true);
      }
    } else if (!heard && now.audio.starts > 0) {
      heard = true;
    }
    // The player's own taps wait for the sound check above: any tap (Roll too) lets sound play.
    if (!tapped) continue;
    if (now.offer && !bought && captured.has('feel-offer')) {
      bought = await tap(page, '[data-testid="truck-offer"] button');
    } else if (now.rollEnabled && !now.offer) {
      await tap(page, '.dice-bar__roll');
    }
  }
  await page.clock.resume();
  const audioAfter = await lookAt(page);
  expect(
    { tapped, heard, audio: audioAfter.audio },
    'sounds play once the player has tapped',
  ).toMatchObject({ tapped: true, heard: true });
  expect(
    await page.evaluate(
      () => (window as unknown as { __audio: { contexts: number } }).__audio.contexts,
    ),
  ).toBe(1);

  // Game over opens at its top: the heading has focus, the player's line and the winner's in view.
  const over = page.getByRole('dialog', { name: 'Practice game over' });
  await expect(over).toBeVisible();
  await expect(over.getByRole('heading', { name: 'Practice game over' })).toBeFocused();
  await expectOnScreen(page, over.getByTestId('game-over-you'), 'the player’s place at game over');
  await expectOnScreen(
    page,
    over.getByTestId('podium').locator('li').first(),
    'the winner on the podium',
  );
  await expectOnScreen(page, over.getByRole('link', { name: 'Game history' }), 'the history link');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keep(page, testInfo, 'feel-game-over');
  }
  await page.setViewportSize(PORTRAIT);
  await expectAccessible(page, 'practice game over');

  // The moments that every game has were photographed; the rarer ones when they happened.
  for (const name of ['feel-die', 'feel-mid-motion', 'feel-landing']) {
    expect(captured, `a screenshot of ${name}`).toContain(name);
  }
  const missed = Object.keys(moments).filter((name) => !captured.has(name));
  if (missed.length)
    testInfo.annotations.push({ type: 'not seen in this game', description: missed.join(', ') });

  // What the board showed, against the game's record.
  const answer = await page.request.get(`/api/games/${roomId}`);
  expect(answer.status()).toBe(200);
  const { game } = (await answer.json()) as {
    game: {
      participants: Record<string, { name: string }>;
      logs: { type: string; nonce?: number; roll?: number; player?: string }[];
    };
  };
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const rolls = new Map<number, Roll>(
    game.logs
      .filter((e) => e.type === 'dice_roll')
      .map((e) => [e.nonce as number, { nonce: e.nonce!, roll: e.roll!, player: e.player! }]),
  );
  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);

  // The die: whenever it was not tumbling, it showed the face of the roll it stood for.
  const landed = seen.filter((s) => !s.rolling && s.nonce !== '');
  expect(landed.length).toBeGreaterThan(10);
  for (const s of landed) {
    expect(s.face, `the die for roll ${s.nonce}`).toBe(String(rolls.get(Number(s.nonce))?.roll));
  }
  // …and it ended on the game's last roll.
  const lastRoll = [...rolls.values()].at(-1);
  expect(seen.at(-1)?.face).toBe(String(lastRoll?.roll));

  // The steps of each roll in order: die, hops, the landing, then a 6.
  const order = ['die', 'hops', 'effect', 'six'];
  const phases = new Map<string, string[]>();
  for (const s of seen) {
    if (!s.reveal.startsWith('roll:')) continue;
    const list = phases.get(s.reveal) ?? [];
    if (list.at(-1) !== s.phase) list.push(s.phase);
    phases.set(s.reveal, list);
  }
  expect(phases.size).toBeGreaterThan(5);
  for (const [reveal, list] of phases) {
    const ranks = list.map((p) => order.indexOf(p));
    expect(ranks, `${reveal}: ${list.join(' → ')}`).toEqual([...ranks].sort((a, b) => a - b));
  }

  // The town square and the dice bar name the same turn at every moment (neither runs ahead).
  const turns = seen.filter((s) => s.panelTurn !== null);
  expect(turns.filter((s) => s.hudTurn !== s.panelTurn).slice(0, 3)).toEqual([]);
  expect(new Set(turns.map((s) => s.panelTurn)).size).toBeGreaterThan(2);

  // Every line names the player it belongs to (on the board, and as said to screen readers).
  const lines = new Map([
    ...seen.filter((s) => s.saidFor.startsWith('roll:')).map((s) => [s.saidFor, s.said] as const),
    ...seen.filter((s) => s.lineFor.startsWith('roll:')).map((s) => [s.lineFor, s.line] as const),
  ]);
  expect(lines.size).toBeGreaterThan(5);
  for (const [id, text] of lines) {
    const roll = rolls.get(Number(id.slice('roll:'.length)));
    expect(roll, id).toBeDefined();
    if (roll!.player === me.user.id) expect(text).toMatch(/^You rolled|for you/);
    else expect(text).toContain(game.participants[roll!.player]?.name ?? '?');
  }
});

test('reduced motion: each roll shows at once, with the same words and the die on the roll', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(recordTheBoard);
  await startGuest(page.request);
  const roomId = await createPracticeViaApi(page.request, { time: 5, bots: 2 });
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  await expect(page.locator('[data-die]')).toBeAttached({ timeout: 30_000 });
  // Several rolls later (their words said in the board's centre and in the log)…
  await expect
    .poll(() => page.locator('[data-testid="game-log"] li').count(), { timeout: 30_000 })
    .toBeGreaterThan(6);
  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
  // …no step ever played: the board went from one end state to the next…
  expect(seen.filter((s) => s.phase !== 'idle' || s.rolling)).toEqual([]);
  // …and each line came with the die on its roll (the line says "rolled N").
  const withLines = seen.filter((s) => s.lineFor.startsWith('roll:'));
  expect(withLines.length).toBeGreaterThan(3);
  for (const s of withLines) {
    expect(s.line).toMatch(new RegExp(`rolled ${s.face}\\b`));
  }
});

test('a staked game: back from a dropped connection the player reads what happened; game over opens on the prize', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PORTRAIT);
  await signUpViaApi(page.request, { firstName: 'Chanda' });
  await depositViaApi(page.request, 20);
  const roomId = await createRoomViaApi(page.request, { time: 20, privacy: 'Private' });
  const other = await anotherPerson(browser, PORTRAIT);
  await signUpViaApi(other.page.request, { firstName: 'Bwalya' });
  await depositViaApi(other.page.request, 20);
  await joinViaApi(other.page.request, roomId);
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  await other.page.goto(`/rentalgame/boardgame/${roomId}`);
  const log = (p: Page) => p.getByTestId('game-log').locator('li');
  await expect(log(page).first()).toBeVisible({ timeout: 30_000 });

  // Chanda's network drops while the game goes on (the turn timer rolls for her)…
  await page.context().setOffline(true);
  await expect(page.getByTestId('reconnecting')).toBeVisible({ timeout: 10_000 });
  const seenByBwalya = await log(other.page).count();
  await expect
    .poll(() => log(other.page).count(), { timeout: 20_000 })
    .toBeGreaterThan(seenByBwalya + 1);
  // …and back, she is told what happened meanwhile, in a few lines, until she puts it away.
  await page.context().setOffline(false);
  const away = page.getByTestId('away-list');
  await expect(away).toBeVisible({ timeout: 20_000 });
  await expect(away.getByRole('heading', { name: 'While you were away' })).toBeVisible();
  await expect(away.locator('li').first()).toContainText(/rolled/);
  await keep(page, testInfo, 'feel-while-away');
  await away.getByRole('button', { name: 'Got it' }).click();
  await expect(away).toHaveCount(0);

  // Game over opens at its top on both phones: the prize or the place, the winner, the actions.
  for (const player of [page, other.page]) {
    const over = player.getByRole('dialog', { name: 'Game over' });
    await expect(over).toBeVisible({ timeout: 60_000 });
    await expect(over.getByRole('heading', { name: 'Game over' })).toBeFocused();
    const you = over.getByTestId('game-over-you');
    await expect(you).toHaveText(
      /^(You won ZMW 16\.00|You came 2nd|You share 1st: you won ZMW 8\.00)$/,
    );
    await expectOnScreen(player, you, 'the player’s own line at game over');
    await expectOnScreen(player, over.getByTestId('game-over-winners'), 'the winner line');
    await expectOnScreen(
      player,
      over.getByRole('button', { name: 'Rematch (ZMW 10.00)' }),
      'Rematch',
    );
    await expectOnScreen(
      player,
      over.getByTestId('share-result').getByRole('button').first(),
      'Share',
    );
    await expectOnScreen(player, over.getByRole('link', { name: 'Game history' }), 'the history');
  }
  const winner = (await page.getByTestId('game-over-you').textContent())?.startsWith('You won')
    ? page
    : other.page;
  for (const size of SIZES) {
    await winner.setViewportSize(size);
    await keep(winner, testInfo, 'feel-staked-game-over');
  }
  await winner.setViewportSize(PORTRAIT);
  await expectAccessible(winner, 'game over');
  expect(other.problems).toEqual([]);
  await other.context.close();
});
