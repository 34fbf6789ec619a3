// Registering the service worker (site/pwa, decision 055) from a page that runs a script: once the
// page has loaded, so that registering it never competes with the page's own files. The router's
// entry (entry.client.tsx) and the islands' runtime (island-runtime.ts) both call this; a page that
// ships no script registers nothing and needs nothing kept.

/** The /assets/ files this page has loaded so far. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/assets/'));
}

async function register(): Promise<void> {
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    // The first visit's files came before the worker: it stores them from the HTTP cache.
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'keep', paths: loadedAssets() });
  } catch (error) {
    console.warn('The service worker could not be registered', error);
  }
}

let started = false;

/** Registers the worker after `load` (at once if the page has loaded); only in a production build. */
export function registerServiceWorker(): void {
  // Not in development: vite serves files that change under the same names.
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
