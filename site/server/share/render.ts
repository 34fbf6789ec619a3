// A card's SVG to PNG with resvg (a Rust renderer shipped as a prebuilt binary inside its npm
// package), with the Inter font files from their npm package: no system font and nothing fetched
// at run time, so a card looks the same on every machine. Rendering costs tens of milliseconds of
// CPU, so each card is rendered once: the PNG is kept by its SVG's hash (also its ETag), a burst of
// requests for one card waits on one render, and renders run one at a time with a short queue.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import { CARD_FONT, CARD_WIDTH } from './card-svg';

const require = createRequire(import.meta.url);

/** The font files, from `@expo-google-fonts/inter` (TrueType, SIL Open Font License). */
const FONT_FILES = [
  '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
  '@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf',
].map((file) => require.resolve(file));

/** A card bigger than this is refused rather than kept or sent (a 1200 × 630 card is ~100 kB). */
export const MAX_CARD_BYTES = 600 * 1024;
/** What the kept PNGs may weigh together. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** Renders waiting for their turn beyond the one running; past it a request is told to retry. */
const MAX_WAITING = 8;

export class CardBusyError extends Error {
  constructor() {
    super('too many cards are being drawn');
  }
}

export class CardTooLargeError extends Error {
  constructor(bytes: number) {
    super(`a card of ${bytes} bytes is over the limit`);
  }
}

export interface RenderedCard {
  png: Buffer;
  /** A strong ETag: the hash of the SVG it was drawn from. */
  etag: string;
}

/** The hash the cache and the ETag use. */
export function cardEtag(svg: string): string {
  return `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
}

/** Off the event loop (resvg's own thread pool): a render never stalls other requests. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: CARD_WIDTH },
    font: {
      fontFiles: FONT_FILES,
      loadSystemFonts: false,
      defaultFontFamily: CARD_FONT,
      sansSerifFamily: CARD_FONT,
    },
  });
  return image.asPng();
}

export interface CardRenderer {
  render(svg: string): Promise<RenderedCard>;
  /** How many PNGs were drawn (not served from the cache): tests and metrics. */
  readonly renders: number;
}

export function createCardRenderer(
  draw: (svg: string) => Promise<Buffer> = svgToPng,
): CardRenderer {
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const inFlight = new Map<string, Promise<RenderedCard>>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let renders = 0;

  function keep(etag: string, png: Buffer) {
    kept.set(etag, png);
    keptBytes += png.length;
    // Oldest first out (a Map iterates in insertion order; a hit re-inserts).
    for (const [key, old] of kept) {
      if (keptBytes <= CACHE_BYTES) break;
      kept.delete(key);
      keptBytes -= old.length;
    }
  }

  return {
    get renders() {
      return renders;
    },
    render(svg) {
      const etag = cardEtag(svg);
      const hit = kept.get(etag);
      if (hit) {
        kept.delete(etag);
        kept.set(etag, hit);
        return Promise.resolve({ png: hit, etag });
      }
      const running = inFlight.get(etag);
      if (running) return running;
      if (waiting >= MAX_WAITING) return Promise.reject(new CardBusyError());
      waiting += 1;
      const next = queue.then(async () => {
        renders += 1;
        const png = await draw(svg);
        if (png.length > MAX_CARD_BYTES) throw new CardTooLargeError(png.length);
        keep(etag, png);
        return { png, etag };
      });
      const settled = next.finally(() => {
        waiting -= 1;
        inFlight.delete(etag);
      });
      queue = settled.catch(() => undefined);
      inFlight.set(etag, settled);
      return settled;
    },
  };
}
