// The references, built in the same run with vite's JS API (vite 8 transforms JSX with oxc; no
// React plugin) into a temp folder, and served by a tiny static server with the same stack as the
// product's site server for files: express.static behind `compression` (gzip, or brotli at the
// middleware's default quality 4 when the browser accepts it), immutable caching for hashed assets.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import { build } from 'vite';

const SOURCES = path.join(import.meta.dirname, 'reference');

export const REFERENCE_APPS = ['react', 'pixi'] as const;
export type ReferenceApp = (typeof REFERENCE_APPS)[number];

export interface References {
  /** `http://127.0.0.1:port/<app>/` for each app. */
  url: Record<ReferenceApp, string>;
  /** The folder each app's URL path `/<app>/…` maps to. */
  outDir: string;
  buildSeconds: number;
  stop(): Promise<void>;
}

async function buildApp(app: ReferenceApp, outDir: string): Promise<void> {
  await build({
    root: path.join(SOURCES, app),
    base: `/${app}/`,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir: path.join(outDir, app),
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
    },
  });
}

export async function buildReferences(): Promise<References> {
  const started = Date.now();
  const outDir = await mkdtemp(path.join(tmpdir(), 'zed-bench-web-ref-'));
  for (const app of REFERENCE_APPS) await buildApp(app, outDir);
  const buildSeconds = (Date.now() - started) / 1000;

  const server = express();
  server.use(compression());
  server.use(
    express.static(outDir, {
      setHeaders(res, file) {
        res.setHeader(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0',
        );
      },
    }),
  );
  const listening: Server = await new Promise((resolve) => {
    const http = server.listen(0, '127.0.0.1', () => resolve(http));
  });
  const address = listening.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = Object.fromEntries(
    REFERENCE_APPS.map((app) => [app, `http://127.0.0.1:${port}/${app}/`]),
  ) as Record<ReferenceApp, string>;
  return {
    url,
    outDir,
    buildSeconds,
    async stop() {
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
