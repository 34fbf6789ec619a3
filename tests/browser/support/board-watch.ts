// Watching the board in a real browser, for the tests of how it feels (board-feel*.spec.ts): every
// change of its markers recorded in the page as it happens, and every audio context and sound; the
// page's clock held and run forward by the test; the room's messages held back while a moment is
// photographed at the three sizes and kept in `test-results/screenshots/`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, SCREENSHOT_DIR } from './fixtures';
import { expectOnScreen, PORTRAIT, SIZES } from './screens';
import { PING_EVERY_MS, PING_MESSAGE } from '#site/app/game/heartbeat.ts';

/** Page time run forward per look at the board while nothing moves (ms). */
export const IDLE_STEP_MS = 80;

export interface Seen {
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
export function recordTheBoard() {
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
export async function lookAt(page: Page) {
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
export async function tap(page: Page, selector: string): Promise<boolean> {
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
export async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
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
export async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
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
export async function holdTheClock(page: Page): Promise<void> {
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
 * The test also keeps the socket's heartbeat in real time: the page's own pings run on its held
 * clock, and the room, on the wall's, would otherwise drop a socket silent for SILENCE_MS while a
 * slow machine photographs a moment (and the board would come back with "While you were away").
 */
export async function holdableRoom(page: Page) {
  const gate = { held: false, waiting: [] as (() => void)[] };
  /** The codes of the room's closes of the page's sockets, in order. */
  const closedByRoom: number[] = [];
  await page.routeWebSocket(/\/parties\/main\//, (ws) => {
    const server = ws.connectToServer();
    const beat = setInterval(() => server.send(PING_MESSAGE), PING_EVERY_MS);
    // A page closed with its socket open ends the route without a close on either side.
    page.once('close', () => clearInterval(beat));
    server.onMessage((message) => {
      if (gate.held) gate.waiting.push(() => ws.send(message));
      else ws.send(message);
    });
    // With a close handler set, closing one side no longer closes the other by itself.
    const closeOther =
      (other: { close(how?: { code?: number; reason?: string }): Promise<void> }) =>
      (code: number | undefined, reason: string | undefined) => {
        clearInterval(beat);
        // A code the browser reports but never sends (1005, 1006) cannot be passed on.
        const sendable = code === 1000 || (code !== undefined && code >= 3000 && code <= 4999);
        other.close(sendable ? { code, reason } : {}).catch(() => undefined);
      };
    ws.onClose(closeOther(server));
    server.onClose((code, reason) => {
      if (code !== undefined) closedByRoom.push(code);
      closeOther(ws)(code, reason);
    });
  });
  return {
    closedByRoom,
    hold() {
      gate.held = true;
    },
    release() {
      gate.held = false;
      for (const send of gate.waiting.splice(0)) send();
    },
  };
}
