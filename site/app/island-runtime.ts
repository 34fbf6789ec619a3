// The browser side of the islands (site/app/islands.ts), shared by every island's entry: find an
// island's elements once the document is parsed, start it, and register the service worker. No
// React here: a script island's entry loads this and its own code only. Component islands hydrate
// through island-hydrate.ts. Never imported by the router's bundle.
import type { ScriptIsland } from './islands';
import { registerServiceWorker } from './service-worker-client';

/** The islands whose entry has run in this page (tests read it to check each entry's name). */
export const startedIslands = new Set<string>();

/** Runs `start` once the document is parsed: an entry is an async module script and may run first. */
export function whenParsed(start: () => void): void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start, { once: true });
  } else {
    start();
  }
}

/** The page's elements of the island `name` that no entry has taken yet (each is taken once). */
export function takeIslandElements(name: string): HTMLElement[] {
  const elements = [...document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)];
  const fresh = elements.filter((element) => element.dataset.started === undefined);
  for (const element of fresh) element.dataset.started = '';
  return fresh;
}

/** Marks the island as started in this page; false where there is no page (a test's import). */
export function startIsland(name: string): boolean {
  startedIslands.add(name);
  if (typeof document === 'undefined') return false;
  registerServiceWorker();
  return true;
}

/** Runs a script island once the page is parsed (the server's render marked its markup). */
export function startScriptIsland(island: ScriptIsland, start: () => void): void {
  if (startIsland(island.name)) whenParsed(start);
}
