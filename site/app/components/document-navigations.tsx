// On the board, the only page that runs React Router in the browser (decision 085), a navigation
// to another page loads that page as a document: every other page is server HTML whose islands
// start from its first HTML, so rendering it inside the board's router would leave them dead (the
// dice check, a pending payment's reload, the live balance). Links and `navigate()` alike.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export function DocumentNavigations() {
  const replace = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (nextLocation.pathname === currentLocation.pathname) return false;
    replace.current = historyAction === 'REPLACE';
    return true;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { pathname, search, hash } = blocker.location;
    const href = `${pathname}${search}${hash}`;
    if (replace.current) window.location.replace(href);
    else window.location.assign(href);
  }, [blocker]);
  return null;
}
