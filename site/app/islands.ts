// Islands, after Fresh: a page ships JavaScript only where it needs it (decision 085).
//
// - Every page is rendered on the server with its data. A route that does not need React Router in
//   the browser exports `handle = staticPage`; the root then renders no <Scripts/> (no router, no
//   module preloads, no hydration data). Only the board hydrates the router, and its scripts are
//   fetched after its first paint (`scriptsAfterFirstPaint`, decision 129).
// - On such a page, an interactive part is an island: a React component hydrated on its own
//   (`<Island of={…} props={…} />`, React and the component, never the router), or a small script
//   that enhances server-rendered markup (`useIslandScript(…)`). Each island has one browser entry,
//   `island-entries/<name>.ts`, built as its own chunk; the server names its files in the page's
//   <head> only when the page renders it, so a page without islands ships no script at all.
import type { ComponentType } from 'react';
import { ISLAND_NAME } from '#site/shared/island-entries.ts';

export interface RouteHandle {
  /** False when the route needs no React Router in the browser. Default: true. */
  hydrate?: boolean;
  /**
   * True when the page is readable before its scripts run (the board): its scripts are fetched only
   * after its first paint (scripts-after-first-paint.ts, decision 129). Default: false.
   */
  scriptsAfterFirstPaint?: boolean;
}

/** A page that needs no router in the browser: `export const handle = staticPage;` */
export const staticPage = { hydrate: false } as const satisfies RouteHandle;

interface MatchLike {
  handle?: unknown;
}

export function wantsHydration(matches: readonly MatchLike[]): boolean {
  return matches.some((match) => routeHandle(match).hydrate !== false);
}

/** Whether the page's scripts wait for its first paint (`scriptsAfterFirstPaint`). */
export function wantsScriptsAfterFirstPaint(matches: readonly MatchLike[]): boolean {
  return (
    wantsHydration(matches) &&
    matches.some((match) => routeHandle(match).scriptsAfterFirstPaint === true)
  );
}

/** A route's handle as this module reads it (a route may export none, or one of its own). */
function routeHandle(match: MatchLike): RouteHandle {
  return typeof match.handle === 'object' && match.handle !== null
    ? (match.handle as RouteHandle)
    : {};
}

/** An island that is a React component, hydrated in the browser from the props it was rendered with. */
export interface ComponentIsland<P extends object> {
  readonly kind: 'component';
  readonly name: string;
  readonly Component: ComponentType<P>;
}

/** An island that is a plain script enhancing the markup the server rendered (no React). */
export interface ScriptIsland {
  readonly kind: 'script';
  readonly name: string;
}

function checkedName(name: string): string {
  if (!ISLAND_NAME.test(name)) throw new Error(`Island name "${name}" is not kebab-case`);
  return name;
}

/** `export const paymentFormIsland = componentIsland('payment-form', PaymentForm);` */
export function componentIsland<P extends object>(
  name: string,
  Component: ComponentType<P>,
): ComponentIsland<P> {
  return { kind: 'component', name: checkedName(name), Component };
}

/** `export const liveBalanceScript = scriptIsland('live-balance');` */
export function scriptIsland(name: string): ScriptIsland {
  return { kind: 'script', name: checkedName(name) };
}
