// The header's balance on pages without the router: the server renders the figure on an element
// marked with the user's id, and this script island keeps its text fresh from the page's balance
// store. About a kilobyte, with no React (decision 085).
import { formatZmw } from '#game/ngwee.ts';
import { scriptIsland } from '../../islands';
import { subscribeBalance } from './balance-store';

export const liveBalanceScript = scriptIsland('live-balance');

/** Marks the element whose text is the balance; its value is the signed-in user's id. */
export const LIVE_BALANCE_ATTRIBUTE = 'data-live-balance';

/** Keeps every marked element's text at its user's latest balance. */
export function startLiveBalance(): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[${LIVE_BALANCE_ATTRIBUTE}]`)) {
    const userId = element.getAttribute(LIVE_BALANCE_ATTRIBUTE);
    if (!userId) continue;
    subscribeBalance(userId, (user) => {
      element.textContent = formatZmw(user.accountBalance);
    });
  }
}
