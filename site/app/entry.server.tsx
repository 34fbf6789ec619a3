// The server's rendering of a page (React Router's default, plus the Content-Security-Policy and the
// islands): the response's nonce comes from the load context and goes on every script React, React
// Router and the islands write, and the policy naming it goes in the header. The islands' files
// (and react-dom/server's renderToString, for their own roots) reach the page's components through
// IslandAssetsContext (components/island.tsx).
import { PassThrough } from 'node:stream';

import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { IslandAssetsContext, type IslandAssets } from './components/island';
import { inertScriptsStream } from './inert-scripts-stream.server';
import { wantsScriptsAfterFirstPaint } from './islands';
import { contentSecurityPolicy } from './content-security-policy';
import { ISLAND_ENTRY_DIR } from '#site/shared/island-entries.ts';

/** The islands' files of this build; in development, their sources as vite serves them. */
function islandAssets(loadContext: AppLoadContext, nonce: string | undefined): IslandAssets {
  const built = loadContext.islandFiles;
  return {
    filesOf: (name) => (built ? (built[name] ?? []) : [`/${ISLAND_ENTRY_DIR}/${name}.ts`]),
    nonce,
    renderToString,
  };
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // No nonce in development: vite's client injects scripts of its own.
  const nonce = loadContext.cspNonce ?? undefined;
  if (nonce) {
    responseHeaders.set(
      'Content-Security-Policy',
      contentSecurityPolicy({ nonce, partyPublicUrl: loadContext.partyPublicUrl }),
    );
  }

  // The board: its scripts are written inert and released by the page after its first paint.
  const afterFirstPaint = wantsScriptsAfterFirstPaint(
    (routerContext.staticHandlerContext.matches ?? []).map((match) => ({
      handle: routerContext.routeModules[match.route.id]?.handle,
    })),
  );

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <IslandAssetsContext value={islandAssets(loadContext, nonce)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </IslandAssetsContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set('Content-Type', 'text/html');

          if (afterFirstPaint) {
            const inert = inertScriptsStream();
            inert.pipe(body);
            pipe(inert);
          } else {
            pipe(body);
          }

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
