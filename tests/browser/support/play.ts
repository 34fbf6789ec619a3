// A player's hand on the board, as the browser tests play it. Every wait is on what the page shows
// (an offer, Roll enabled on the player's turn, the end): never a fixed time.
import type { Locator, Page } from '@playwright/test';
import { BOARD_LIVE_MS } from './budget';
import { expect } from './fixtures';

export interface Hand {
  page: Page;
  /** Whether this player has answered an offer yet (the first is bought, later ones declined). */
  buy: { done: boolean };
}

const offerOf = (page: Page) => page.getByRole('dialog', { name: 'Buy a truck?' });
const enabledRollOf = (page: Page) =>
  page.getByRole('button', { name: 'Roll', exact: true, disabled: false });

/** What the player can do now: answer an open truck offer, or press Roll on their turn. */
export function nextMoveOf(page: Page): Locator {
  return offerOf(page).or(enabledRollOf(page));
}

/** One pass of a player's hand: answer an open truck offer, or roll when it is their turn. */
export async function playOnce(page: Page, buy: { done: boolean }): Promise<void> {
  const offer = offerOf(page);
  if (await offer.isVisible()) {
    const choice = buy.done ? 'Decline' : /^Buy for 1,500$/;
    buy.done = true;
    await offer
      .getByRole('button', { name: choice })
      .click({ timeout: 1_000 })
      .catch(() => {});
    return;
  }
  const label = await page
    .getByTestId('turn-label')
    .textContent()
    .catch(() => null);
  const roll = enabledRollOf(page);
  if (label === 'Your turn' && (await roll.isVisible())) {
    await roll.click({ timeout: 1_000 }).catch(() => {});
  }
}

/**
 * Waits until one of the hands can move or `end` shows (the game's own clock may move it on
 * meanwhile), then lets each hand play once.
 */
export async function playTurn(hands: Hand[], end: Locator, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await end.isVisible()) return true;
        for (const { page } of hands) if ((await nextMoveOf(page).count()) > 0) return true;
        return false;
      },
      { timeout, intervals: [50, 100, 200] },
    )
    .toBe(true);
  for (const { page, buy } of hands) await playOnce(page, buy);
}

/** Plays every hand as soon as it can move, until `end` shows (the game's own clock ends it). */
export async function playUntil(hands: Hand[], end: Locator, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await end.isVisible())) {
    expect(Date.now(), 'the game should end').toBeLessThan(deadline);
    await playTurn(hands, end, Math.max(1, deadline - Date.now()));
  }
}

/**
 * Resolves once `page` shows a roll made after this was called: every roll moves a truck, so the
 * board's description (rendered from the same state as the turn line and the offer) changes.
 */
export async function rollShown(page: Page): Promise<() => Promise<void>> {
  const board = page.getByTestId('board');
  const before = (await board.getAttribute('aria-label')) ?? '';
  return () => expect(board).not.toHaveAttribute('aria-label', before);
}

/**
 * On a held clock (support/clock.ts) the game moves only when a player does: the open offers are
 * answered, then the player whose turn it is presses Roll, and the roll reaches their page (with
 * the next turn, or theirs again after a 6, and any offer it brings). Answers that page.
 */
export async function rollOnHeldClock(hands: Hand[]): Promise<Page> {
  let roller: Page | null = null;
  await expect
    .poll(
      async () => {
        await answerOffers(hands);
        for (const { page } of hands) {
          if ((await enabledRollOf(page).isVisible()) && !(await offerOf(page).isVisible())) {
            roller = page;
            return true;
          }
        }
        return false;
      },
      // Roll waits for its board to be live: after a reconnect under load, as long as on opening.
      { timeout: BOARD_LIVE_MS, intervals: [50, 100, 200] },
    )
    .toBe(true);
  const page = roller as unknown as Page;
  const shown = await rollShown(page);
  await enabledRollOf(page).click();
  await shown();
  return page;
}

/** Answers every open truck offer: the first of each hand bought, later ones declined. */
export async function answerOffers(hands: Hand[]): Promise<void> {
  for (const { page, buy } of hands) {
    const offer = offerOf(page);
    if (!(await offer.isVisible())) continue;
    await offer.getByRole('button', { name: buy.done ? 'Decline' : /^Buy for 1,500$/ }).click();
    buy.done = true;
    await expect(offer).toBeHidden();
  }
}
