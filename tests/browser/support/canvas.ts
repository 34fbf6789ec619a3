// What the board's canvas does, read from inside the page: how many colours it shows, how many
// animation frames the page asks for and how many renders WebGL draws in a while (the board should
// draw while something moves and stay still otherwise).
import type { Page } from '@playwright/test';
import { capture } from './fixtures';

/** How many different colours a screenshot of the board's canvas has (decoded by the browser). */
export async function canvasColours(page: Page): Promise<number> {
  const png = await capture(() => page.locator('[data-testid="board"] canvas').screenshot());
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7) {
      colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
    }
    return colours.size;
  }, png.toString('base64'));
}

/** Counts animation frames the page asks for during `ms` (Pixi's ticker asks one per frame). */
export async function framesDuring(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (wait) => {
    const original = window.requestAnimationFrame.bind(window);
    let count = 0;
    window.requestAnimationFrame = (callback) => {
      count += 1;
      return original(callback);
    };
    await new Promise((resolve) => setTimeout(resolve, wait));
    window.requestAnimationFrame = original;
    return count;
  }, ms);
}

/** Counts the canvas's renders during `ms`: the tasks in which WebGL drew anything. */
export async function rendersDuring(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (wait) => {
    let count = 0;
    let inRender = false;
    const restore: (() => void)[] = [];
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      for (const name of ['drawElements', 'drawArrays'] as const) {
        const original = proto[name] as (...args: unknown[]) => void;
        (proto as unknown as Record<string, unknown>)[name] = function (
          this: unknown,
          ...args: unknown[]
        ) {
          if (!inRender) {
            // One render issues several draw calls in one task: count the task once.
            inRender = true;
            count += 1;
            setTimeout(() => (inRender = false), 0);
          }
          return original.apply(this, args);
        };
        restore.push(() => {
          (proto as unknown as Record<string, unknown>)[name] = original;
        });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    for (const undo of restore) undo();
    return count;
  }, ms);
}

interface FrameCounter {
  __framesCounted?: { count: number; stop(): void };
}

/** Starts counting the animation frames the page asks for (`framesCounted` reads them). */
export async function countFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const original = window.requestAnimationFrame.bind(window);
    const counter = {
      count: 0,
      stop: () => {
        window.requestAnimationFrame = original;
      },
    };
    window.requestAnimationFrame = (callback) => {
      counter.count += 1;
      return original(callback);
    };
    (window as FrameCounter).__framesCounted = counter;
  });
}

/** `ms` from now, the frames counted since `countFrames` (which then stops counting). */
export async function framesCounted(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (wait) => {
    const counter = (window as FrameCounter).__framesCounted;
    if (!counter) throw new Error('countFrames was not called on this page');
    await new Promise((resolve) => setTimeout(resolve, wait));
    counter.stop();
    return counter.count;
  }, ms);
}
