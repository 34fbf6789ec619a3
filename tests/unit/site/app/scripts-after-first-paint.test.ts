// The board page's scripts after its first paint (site/app/scripts-after-first-paint.ts, decision
// 129): the server writes the router's module preloads and module script inert, streamed HTML
// included; the page's inline script gives them back (the browser side is
// tests/browser/board-first-paint.spec.ts).
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { inertScriptsStream } from '#site/app/inert-scripts-stream.server.ts';
import { staticPage, wantsScriptsAfterFirstPaint } from '#site/app/islands.ts';
import {
  INERT_PRELOAD_REL,
  INERT_SCRIPT_TYPE,
  inertScripts,
  releaseScript,
} from '#site/app/scripts-after-first-paint.ts';

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/game.css"/>' +
  '<link rel="modulepreload" href="/assets/board-canvas.js" fetchPriority="low"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>' +
  '<link rel="manifest" href="/manifest.webmanifest"/></head><body><main>Zambia — “Lusaka” ✓</main>' +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root.js";\n' +
  'import("/assets/entry.client.js");</script></body></html>';

describe('inertScripts', () => {
  it('leaves no module preload and no module script that the browser would act on', () => {
    const html = inertScripts(PAGE);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html.match(new RegExp(`rel="${INERT_PRELOAD_REL}"`, 'g'))).toHaveLength(2);
    expect(html).toContain(`<script nonce="abc" type="${INERT_SCRIPT_TYPE}" async="">import`);
  });

  it('changes nothing else: style sheets, other links, classic scripts and the text stay', () => {
    const html = inertScripts(PAGE);
    const back = html
      .replaceAll(`rel="${INERT_PRELOAD_REL}"`, 'rel="modulepreload"')
      .replace(`type="${INERT_SCRIPT_TYPE}"`, 'type="module"');
    expect(back).toBe(PAGE);
  });
});

describe('inertScriptsStream', () => {
  it('gives the same HTML whichever byte the chunks are cut at', async () => {
    const bytes = Buffer.from(PAGE);
    const expected = inertScripts(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const chunks = [
        bytes.subarray(0, cut),
        bytes.subarray(cut, cut + 13),
        bytes.subarray(cut + 13),
      ];
      const out = await text(Readable.from(chunks).pipe(inertScriptsStream()));
      expect(out, `cut at ${cut}`).toBe(expected);
    }
  });
});

describe('wantsScriptsAfterFirstPaint', () => {
  it('is true only for a hydrating page whose route asks for it', () => {
    const board = { handle: { scriptsAfterFirstPaint: true } };
    expect(wantsScriptsAfterFirstPaint([{ handle: staticPage }, board])).toBe(true);
    expect(wantsScriptsAfterFirstPaint([{ handle: staticPage }, { handle: undefined }])).toBe(
      false,
    );
    expect(
      wantsScriptsAfterFirstPaint([
        { handle: staticPage },
        { handle: { hydrate: false, scriptsAfterFirstPaint: true } },
      ]),
    ).toBe(false);
  });
});

describe('releaseScript', () => {
  it('is a script a browser can parse, naming both inert forms', () => {
    const source = releaseScript();
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain(`link[rel="${INERT_PRELOAD_REL}"]`);
    expect(source).toContain(`script[type="${INERT_SCRIPT_TYPE}"]`);
    expect(source).toContain('first-contentful-paint');
  });
});
