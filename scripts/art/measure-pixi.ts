// `npx tsx scripts/art/measure-pixi.ts`: how cheaply Pixi can draw the art module's board, two
// ways (pixi-frames/page.ts): every scene node as Pixi Graphics and Text, the static layer cached
// as a texture; or the static layer's SVG rasterised by the browser into one texture, trucks as
// sprites. Prints, for each, the time to build the board, to rebuild it (a truck bought), and the
// script time per frame while six trucks drive, in the tests' Chromium (WebGL on SwiftShader).
// `SIZES=560` and `WAYS=raster,graphics` choose what to run (default: 280 and 560 px, each way
// twice, alternated). The page is bundled with esbuild (tsx's own).
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { playwrightLaunchOptions } from '#tests/support/chromium.ts';

const FRAMES = 240;
const SIZES = (process.env.SIZES ?? '280,560').split(',').map(Number);

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'pixi-frames/page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    target: 'es2022',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch(playwrightLaunchOptions());
  try {
    for (const size of SIZES) {
      // Alternate the two ways, twice each, so a busy machine weighs on both alike.
      const ways = (process.env.WAYS ?? 'graphics,raster,graphics,raster').split(',');
      for (const way of ways) {
        // A fresh page each time: no WebGL context, texture or cache carried over.
        const page = await browser.newPage({ deviceScaleFactor: 2 });
        await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
        page.on('crash', () => console.log('page crashed'));
        await page.addScriptTag({ content: script });
        const r = (await page.evaluate(
          ([w, s, f]) => window.measure(w as 'graphics' | 'raster', s as number, f as number),
          [way, size, FRAMES] as const,
        )) as {
          way: string;
          buildMs: number;
          rebuildMs: number;
          frameMs: { median: number; p95: number; mean: number };
        };
        await page.close();
        console.log(
          `${size} px ${r.way.padEnd(8)} build ${r.buildMs.toFixed(1)} ms, rebuild ${r.rebuildMs.toFixed(1)} ms, ` +
            `frame median ${r.frameMs.median.toFixed(2)} ms, p95 ${r.frameMs.p95.toFixed(2)} ms, mean ${r.frameMs.mean.toFixed(2)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

void main();
