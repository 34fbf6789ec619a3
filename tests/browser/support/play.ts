// A player's hand on the board, as the browser tests play it.
import type { Page } from '@playwright/test';

/** One pass of a player's hand: answer an open truck offer, or roll when it is their turn. */
export async function playOnce(page: Page, buy: { done: boolean }): Promise<void> {
  const offer = page.getByRole('dialog', { name: 'Buy a truck?' });
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
  const roll = page.getByRole('button', { name: 'Roll', exact: true });
  if (label === 'Your turn' && (await roll.isEnabled().catch(() => false))) {
    await roll.click({ timeout: 1_000 }).catch(() => {});
  }
}
