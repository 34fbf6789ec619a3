// Checking a screen as a phone user meets it: the three sizes, a screenshot kept in the report,
// axe-core's serious and critical findings, and boxes inside the viewport.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { capture, expect } from './fixtures';

export const SIZES = [
  { name: 'phone-portrait', width: 360, height: 740 },
  { name: 'phone-landscape', width: 740, height: 360 },
  { name: 'desktop', width: 1366, height: 800 },
] as const;
export type Size = (typeof SIZES)[number];
export const PORTRAIT = SIZES[0];

/** A screenshot of the viewport, attached to the test's report as `<name>-<width>`. */
export async function attachScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await testInfo.attach(`${name}-${width}`, {
    body: await capture(() => page.screenshot({ fullPage: false })),
    contentType: 'image/png',
  });
}

/**
 * Fading in and out, for a few seconds after a roll, and hidden from assistive technology (the log
 * and the announcement say the same): axe would measure their contrast mid-fade.
 */
const TRANSIENT = ['.player-chip__change', '.roll-effect'];

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const axe = new AxeBuilder({ page });
  for (const selector of TRANSIENT) axe.exclude(selector);
  const { violations } = await axe.analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${screen}`).toEqual([]);
}

/** The element's box lies wholly inside the viewport, without scrolling. */
export async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const size = page.viewportSize();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  if (!box || !size) return;
  const where = `${what} at ${JSON.stringify(box)} in ${size.width}×${size.height}`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(size.width + 0.5);
  expect(box.y + box.height, where).toBeLessThanOrEqual(size.height + 0.5);
}

/** Nothing wider than the viewport: the page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.content, `${screen} scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
}
