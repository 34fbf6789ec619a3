// Rendering an island on the server (site/app/islands.ts). On a page that does not hydrate the
// router, the island's entry and the chunks it imports are named in the page's <head> (React's
// preinitModule / preloadModule, with the response's CSP nonce), and a component island is rendered
// as its own React root (renderToString with an id prefix), exactly as the browser's hydrateRoot
// will render it: no router, no context from the page, its props in `data-props`. On the board,
// which hydrates the router, an island is an ordinary part of the page and loads nothing itself.
import { createContext, useContext, useId, type ReactNode } from 'react';
import { preinitModule, preloadModule } from 'react-dom';
import { useMatches } from 'react-router';
import { wantsHydration, type ComponentIsland, type ScriptIsland } from '../islands';

/** What the server's render knows about islands (entry.server.tsx provides it; null in browsers). */
export interface IslandAssets {
  /** The island's entry first, then the chunks it imports; empty when the build has none. */
  filesOf(name: string): readonly string[];
  /** This response's Content-Security-Policy nonce. */
  nonce: string | undefined;
  /** react-dom/server's renderToString, handed in so that no page bundle carries it. */
  renderToString(node: ReactNode, options: { identifierPrefix: string }): string;
}

export const IslandAssetsContext = createContext<IslandAssets | null>(null);

/** The attribute an island's element carries; its value is the island's name. */
export const ISLAND_ATTRIBUTE = 'data-island';

/** True on a page that hydrates React Router (the board); false on every other page. */
export function useRouterPage(): boolean {
  return wantsHydration(useMatches());
}

/** During the server render of a page without the router: the island's assets, else null. */
function useIslandAssets(): IslandAssets | null {
  const assets = useContext(IslandAssetsContext);
  const routerPage = useRouterPage();
  return assets && !routerPage ? assets : null;
}

function requestEntry(assets: IslandAssets, name: string): void {
  const [entry, ...imports] = assets.filesOf(name);
  if (!entry) throw new Error(`The build has no entry for the island "${name}"`);
  const options = { as: 'script', nonce: assets.nonce } as const;
  for (const file of imports) preloadModule(file, options);
  preinitModule(entry, options);
}

/** For a script island: its entry goes into this page's <head> (nothing on the board). */
export function useIslandScript(island: ScriptIsland): void {
  const assets = useIslandAssets();
  if (assets) requestEntry(assets, island.name);
}

/** A component island: `<Island of={paymentFormIsland} props={{ kind, user }} />`. */
export function Island<P extends object>({ of, props }: { of: ComponentIsland<P>; props: P }) {
  const assets = useIslandAssets();
  const id = useId();
  const { Component } = of;
  if (!assets) {
    return (
      <div data-island={of.name}>
        <Component {...props} />
      </div>
    );
  }
  requestEntry(assets, of.name);
  const identifierPrefix = `${of.name}${id.replace(/[^A-Za-z0-9]/g, '')}-`;
  const html = assets.renderToString(<Component {...props} />, { identifierPrefix });
  return (
    <div
      data-island={of.name}
      data-props={JSON.stringify(props)}
      data-id-prefix={identifierPrefix}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
