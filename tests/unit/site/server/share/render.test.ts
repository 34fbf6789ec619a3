// The card renderer's cache: a burst for one card draws it once, a hit draws nothing, a queue that
// is full refuses at once, and a picture over the size limit is neither kept nor sent.
import { describe, expect, it } from 'vitest';
import {
  CardBusyError,
  CardTooLargeError,
  createCardRenderer,
  MAX_CARD_BYTES,
} from '#site/server/share/render.ts';

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('card renderer', () => {
  it('draws a card once for a burst and answers later asks from the cache', async () => {
    const { opened, open } = gate();
    const renderer = createCardRenderer(async (svg) => {
      await opened;
      return Buffer.from(`png of ${svg}`);
    });
    const burst = Array.from({ length: 20 }, () => renderer.render('<svg>a</svg>'));
    open();
    const answers = await Promise.all(burst);
    expect(renderer.renders).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    await renderer.render('<svg>a</svg>');
    expect(renderer.renders).toBe(1);
    await renderer.render('<svg>b</svg>');
    expect(renderer.renders).toBe(2);
  });

  it('refuses new cards while its queue is full, then draws again', async () => {
    const { opened, open } = gate();
    const renderer = createCardRenderer(async (svg) => {
      await opened;
      return Buffer.from(svg);
    });
    const queued = Array.from({ length: 8 }, (_, i) => renderer.render(`<svg>${i}</svg>`));
    await expect(renderer.render('<svg>one too many</svg>')).rejects.toBeInstanceOf(CardBusyError);
    open();
    await Promise.all(queued);
    await expect(renderer.render('<svg>later</svg>')).resolves.toMatchObject({});
  });

  it('refuses a picture over the size limit and keeps nothing', async () => {
    const renderer = createCardRenderer(async () => Buffer.alloc(MAX_CARD_BYTES + 1));
    await expect(renderer.render('<svg>huge</svg>')).rejects.toBeInstanceOf(CardTooLargeError);
    await expect(renderer.render('<svg>huge</svg>')).rejects.toBeInstanceOf(CardTooLargeError);
    expect(renderer.renders).toBe(2);
  });
});
