// `npx tsx scripts/art/preview.ts [out-dir]`: draws the board's art (site/shared/art) for a few
// rooms (an empty board, two players early, six players late with fleets and an open truck offer,
// a waiting room, hostile names, 200 % text) at the board sizes of a 360 × 740 phone, a 740 × 360
// phone on its side and a 1366 × 800 laptop, and writes each as SVG and as PNG through the tests'
// Chromium (phones at device pixel ratio 2, the laptop at 1). Default out-dir: test-results/art/.
// `--docs` writes the pictures docs/art.md shows into docs/art/ (PNG only).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { RoomView } from '#game/protocol.ts';
import { boardScene } from '#site/shared/art/board.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { LAYERS, walk } from '#site/shared/art/scene.ts';
import { sceneToSvg } from '#site/shared/art/svg.ts';
import { textWidth } from '#site/shared/art/type.ts';
import { playwrightLaunchOptions } from '#tests/support/chromium.ts';
import {
  hostile,
  sixLate,
  sixLateNow,
  twoEarly,
  twoEarlyNow,
  waiting,
} from '#tests/support/art-rooms.ts';

/** The board's side on each screen (site/app/game/board-stage.tsx fits it to the room it has). */
export const SCREENS = [
  { name: '360x740', board: 280, scale: 2 },
  { name: '740x360', board: 280, scale: 2 },
  { name: '1366x800', board: 560, scale: 1 },
] as const;

interface Room {
  name: string;
  view: RoomView | null;
  now?: number;
  textScale?: number;
  me?: string;
}

const ROOMS: Room[] = [
  { name: 'empty', view: null },
  { name: 'two-early', view: twoEarly, now: twoEarlyNow },
  { name: 'six-late', view: sixLate, now: sixLateNow },
  { name: 'waiting', view: waiting },
  { name: 'hostile-names', view: hostile, now: twoEarlyNow },
  { name: 'six-late-text-200', view: sixLate, now: sixLateNow, textScale: 2 },
];

/** The pictures in docs/art.md. */
const DOCS = ['empty', 'two-early', 'six-late', 'six-late-text-200'];

async function main(): Promise<void> {
  const docs = process.argv.includes('--docs');
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const out = path.resolve(docs ? 'docs/art' : (dir ?? 'test-results/art'));
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch(playwrightLaunchOptions());
  try {
    let worst = { ratio: 0, text: '', size: 0 };
    for (const room of ROOMS.filter((r) => !docs || DOCS.includes(r.name))) {
      for (const screen of SCREENS) {
        const page = await browser.newPage({ deviceScaleFactor: screen.scale });
        const scene = boardScene(boardModel(room.view), {
          size: screen.board,
          now: room.now ?? null,
          textScale: room.textScale ?? 1,
          me: room.me ?? null,
        });
        const svg = sceneToSvg(scene);
        const file = path.join(out, `board-${room.name}-${screen.name}`);
        if (!docs) writeFileSync(`${file}.svg`, svg);
        await page.setViewportSize({ width: screen.board, height: screen.board });
        await page.setContent(
          `<!doctype html><html><body style="margin:0;background:#fafaf9">${svg}</body></html>`,
        );
        await page.locator('svg[data-board]').screenshot({ path: `${file}.png` });
        // Every text as drawn against the layout's estimate: the estimate must never be short.
        const texts = LAYERS.flatMap((layer) =>
          [...walk(scene.layers[layer])].flatMap((n) => (n.type === 'text' ? [n] : [])),
        );
        const drawn = await page.$$eval('svg[data-board] text', (nodes) =>
          nodes.map((n) => (n as SVGTextElement).getComputedTextLength()),
        );
        for (const [i, t] of texts.entries()) {
          const estimate = textWidth(t.text, t.size, t.weight);
          const ratio = (drawn[i] ?? 0) / estimate;
          if (ratio > worst.ratio) worst = { ratio, text: t.text, size: t.size };
        }
        await page.close();
        console.log(`wrote ${path.relative(process.cwd(), file)} (SVG ${svg.length} bytes)`);
      }
    }
    console.log(
      `widest text against its estimate: ${(worst.ratio * 100).toFixed(1)} % ("${worst.text}" at ${worst.size} px)`,
    );
  } finally {
    await browser.close();
  }
}

void main();
