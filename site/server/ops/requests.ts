// Every request, first thing: an id (the caller's `X-Request-Id` when it is a plain token, else a
// new one) answered in `X-Request-Id` and carried by every log line written while it is served;
// then, once answered, one log line and its metrics under its route template (never a raw path).
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { matchRoutes, type RouteObject } from 'react-router';
import { logger, requestIds } from '../logging';
import type { SiteMetrics } from './metrics';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** Asked for by machines many times a minute: logged at debug, counted all the same. */
const QUIET = /^\/(healthz|readyz|metrics)$|^\/assets\//;

/** The route table of a server build (`build.routes`), as React Router keeps it. */
export type BuildRoutes = Record<
  string,
  | { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }
  | undefined
>;

/** A page's route template, e.g. `/rentalgame/board/:roomId`, from the build's route table. */
export function pageTemplates(routes: BuildRoutes): (pathname: string) => string {
  const all = Object.values(routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  return (pathname) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return 'page:unmatched';
    const template = matches
      .map((match) => match.route.path)
      .filter((part): part is string => Boolean(part))
      .join('/')
      .replace(/\/+/g, '/');
    return `page:/${template.replace(/^\//, '')}`;
  };
}

/**
 * The label of an answered request: an API or probe route's template, a page's template, `static`
 * for files, `unmatched` for what no route took. Read after the answer, when routing is done.
 */
export function routeLabel(
  req: Request,
  res: Response,
  pages: ((pathname: string) => string) | null,
): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  const pathname = req.originalUrl.split('?')[0] ?? '/';
  if (pathname.startsWith('/api/')) return 'unmatched';
  const type = String(res.getHeader('content-type') ?? '');
  if (type.startsWith('text/html') || pathname.endsWith('.data')) {
    return pages ? pages(pathname.replace(/\.data$/, '') || '/') : 'page';
  }
  return 'static';
}

export interface RequestTracking {
  middleware: RequestHandler;
  /** Called once the build is loaded, so that pages are labelled by their templates. */
  knowPages(routes: BuildRoutes): void;
}

export function trackRequests(metrics: SiteMetrics): RequestTracking {
  let pages: ((pathname: string) => string) | null = null;
  const log = logger.child({ scope: 'http' });

  const middleware: RequestHandler = (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req, res, pages);
      metrics.observeRequest(req.method, route, res.statusCode, seconds);
      const line = {
        reqId: id,
        method: req.method,
        route,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Math.round(seconds * 1000),
      };
      if (QUIET.test(line.path ?? '')) log.debug(line, 'answered');
      else log.info(line, 'answered');
    });
    requestIds.run(id, next);
  };

  return {
    middleware,
    knowPages(routes) {
      pages = pageTemplates(routes);
    },
  };
}
