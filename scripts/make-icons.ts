// `npx tsx scripts/make-icons.ts`: draws the app icons of the web app manifest (site/public/icons/)
// from the favicon's truck, with the tests' Chromium. Run again after changing the drawing; the PNG
// files are committed, so neither a build nor a start needs a browser.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { playwrightLaunchOptions } from '#tests/support/chromium.ts';

const OUT = path.resolve(import.meta.dirname, '../site/public/icons');

/** The favicon's truck on the brand's green; `inset` shrinks the truck into a maskable safe zone. */
function svg(rounded: boolean, inset: number): string {
  const scale = 1 - 2 * inset;
  const offset = 32 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
  <rect width="32" height="32" rx="${rounded ? 6 : 0}" fill="#14532d"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M5 10h13v10H5zM18 13h5l4 4v3h-9z" fill="#facc15"/>
    <circle cx="10" cy="22" r="2.5" fill="#fff"/><circle cx="23" cy="22" r="2.5" fill="#fff"/>
  </g></svg>`;
}

// name, size in px, rounded corners (drawn on a transparent page), inset of the truck
const ICONS: [string, number, boolean, number][] = [
  ['icon-192.png', 192, true, 0],
  ['icon-512.png', 512, true, 0],
  // Maskable: the platform cuts its own shape, so the green fills the square and the truck stays
  // inside the middle 80 % circle.
  ['icon-maskable-512.png', 512, false, 0.12],
  ['apple-touch-icon.png', 180, false, 0.06],
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(playwrightLaunchOptions());
  try {
    for (const [name, size, rounded, inset] of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg(rounded, inset)}</body></html>`,
      );
      await page.screenshot({ path: path.join(OUT, name), omitBackground: true });
      await page.close();
      console.log(`wrote ${path.join('site/public/icons', name)} (${size}×${size})`);
    }
  } finally {
    await browser.close();
  }
}

void main();
