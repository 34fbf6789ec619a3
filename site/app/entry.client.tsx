// The browser's start: React Router's default hydration, then the service worker (site/pwa,
// decision 055) once the page has loaded, so that registering it never competes with the page's
// own files. Pages without JavaScript (islands.ts) do not register it; any hydrated page does.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

/** The /assets/ files this page has loaded so far. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/assets/'));
}

async function registerServiceWorker(): Promise<void> {
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    // The first visit's files came before the worker: it stores them from the HTTP cache.
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'keep', paths: loadedAssets() });
  } catch (error) {
    console.warn('The service worker could not be registered', error);
  }
}

// Not in development: vite serves files that change under the same names.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
