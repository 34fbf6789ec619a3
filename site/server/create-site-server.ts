// The site's HTTP server: security headers, static files, the JSON API handed in by the composition
// root, and React Router for every page. In development vite serves and rebuilds the app instead.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { apiErrorHandler, apiNotFound } from './api-fallbacks';
import { apiNotStored, markPrivatePage } from './caching';
import type { PublicUser } from './auth/users';
import { requireSameOrigin } from './auth/origin';
import type { TrustProxy } from './settings/operations';
import type { SiteLoadContext, SiteServices } from './context';
import { pageErrorHandler } from './error-page';
import { chunkFilesOf, islandFilesOf } from './lazy-chunks';
import { describeError, logger } from './logging';
import type { BuildRoutes } from './ops/requests';
import type { PageServices } from './pages/services';
import { clientAddress } from './rate-limit/client-address';
import { securityHeaders } from './security-headers';
import { applyTrustProxy, untrustedProxyWarning } from './trust-proxy';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLOSE_GRACE_MS = 3_000;
const NO_CACHE_FILES = new Set(['sw.js', 'offline.html']);
/**
 * The board's lazily loaded canvas (Pixi), and the renderer Pixi imports when it starts (the canvas
 * asks for WebGL): their files are named in the board page's HTML.
 */
const BOARD_CANVAS_SOURCES = [
  'site/app/game/board-canvas.tsx',
  'node_modules/pixi.js/lib/rendering/renderers/gl/WebGLRenderer.mjs',
];

export interface SiteServerDeps {
  /** Mounted at `/api`. */
  apiRouter: Router;
  /** The signed-in user of a page request, or null. */
  resolveUser(req: Request): Promise<PublicUser | null> | PublicUser | null;
  /** The services a page request's loaders and actions use (site/server/pages). */
  pageServices(req: Request, user: PublicUser | null): PageServices;
  context: SiteServices;
  /** `TRUST_PROXY`: whose `X-Forwarded-For` names the client; default a proxy on this machine. */
  trustProxy?: TrustProxy;
  /** `development` serves the app through vite (rebuilt on change); default `production`. */
  mode?: 'production' | 'development';
  /** Where `react-router build` wrote `server/` and `client/`; default `<repo>/build`. */
  buildDirectory?: string;
  log?(message: string, error?: unknown): void;
  /**
   * Request ids, the request log and metrics (first of all), and `/readyz` and `/metrics`
   * (site/server/ops).
   */
  ops?: {
    middleware: RequestHandler;
    router: Router;
    knowPages(routes: BuildRoutes): void;
  };
}

export interface SiteServer {
  app: Express;
  /** The HTTP server around `app` (not listening yet). */
  server: Server;
  listen(port: number, host?: string): Promise<void>;
  /** Stops accepting connections, ends idle ones and waits for the rest. */
  close(): Promise<void>;
}

/** How long an idle connection stays open: longer than a proxy's 60 s. */
export const IDLE_CONNECTION_MS = 65_000;

export async function createSiteServer(deps: SiteServerDeps): Promise<SiteServer> {
  const log =
    deps.log ??
    ((message, error) => logger.error({ scope: 'site', error: describeError(error) }, message));
  const buildDirectory = deps.buildDirectory ?? path.join(ROOT, 'build');
  const app = express();
  const server = createServer(app);
  // A proxy in front (nginx, a load balancer) reuses its idle connections to the site for up to
  // 60 s; a site that closes one sooner (Node's default: 5 s) races the proxy's next request on it,
  // and the player gets a 502. So the site keeps them longer than any proxy does.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  if (deps.ops) app.use(deps.ops.middleware);
  app.disable('x-powered-by');
  applyTrustProxy(app, deps.trustProxy ?? ['loopback']);
  app.use(untrustedProxyWarning(deps.context.publicUrl));
  app.use(securityHeaders(deps.context.publicUrl));
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  if (deps.ops) app.use(deps.ops.router);

  app.use('/api', apiNotStored, deps.apiRouter, apiNotFound(), apiErrorHandler(log));

  let vite: ViteDevServer | undefined;
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let boardCanvasFiles: readonly string[] = [];
  let islandFiles: SiteLoadContext['islandFiles'] = null;
  if (deps.mode === 'development') {
    const { createServer: createViteServer } = await import('vite');
    const devServer = await createViteServer({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'custom',
    });
    vite = devServer;
    app.use(devServer.middlewares);
    build = () =>
      devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const client = path.join(buildDirectory, 'client');
    boardCanvasFiles = chunkFilesOf(client, BOARD_CANVAS_SOURCES);
    islandFiles = islandFilesOf(client);
    // File names under assets/ carry a content hash, so they never change.
    app.use(
      '/assets',
      express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }),
    );
    app.use(
      express.static(client, {
        maxAge: '1h',
        setHeaders(res, file) {
          // The service worker and its offline page are checked for a new build on every visit
          // (decision 055).
          if (NO_CACHE_FILES.has(path.relative(client, file))) res.set('Cache-Control', 'no-cache');
        },
      }),
    );
    build = (await import(
      pathToFileURL(path.join(buildDirectory, 'server/index.js')).href
    )) as ServerBuild;
    deps.ops?.knowPages(build.routes);
  }

  // A page's form posts change things exactly like the API's calls: same Origin rule (CSRF).
  app.use(requireSameOrigin(deps.context.publicUrl));
  app.use(
    createRequestHandler({
      build,
      mode: deps.mode ?? 'production',
      getLoadContext: async (req, res): Promise<SiteLoadContext> => {
        const user = await deps.resolveUser(req);
        markPrivatePage(req, res, user !== null);
        return {
          ...deps.context,
          user,
          services: deps.pageServices(req, user),
          clientAddress: clientAddress(req),
          boardCanvasFiles,
          islandFiles,
          cspNonce: deps.mode === 'development' ? null : randomBytes(16).toString('base64'),
        };
      },
    }),
  );
  app.use(pageErrorHandler(log));

  return {
    app,
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    close: async () => {
      await vite?.close();
      if (!server.listening) return;
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        // A slow client must not hold a shutdown open for long.
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      });
    },
  };
}
