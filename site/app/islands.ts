// Islands, after Fresh: a page ships JavaScript only when it needs it. A route that works as plain
// HTML exports `handle = { hydrate: false }`; the root renders <Scripts/> (and with it the module
// preloads) only when at least one matched route has not opted out.

export interface RouteHandle {
  /** False when the route works without client JavaScript. Default: true. */
  hydrate?: boolean;
}

/** A static page: `export const handle = staticPage;` */
export const staticPage = { hydrate: false } as const satisfies RouteHandle;

interface MatchLike {
  handle?: unknown;
}

export function wantsHydration(matches: readonly MatchLike[]): boolean {
  return matches.some((match) => !isStatic(match.handle));
}

function isStatic(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).hydrate === false;
}
