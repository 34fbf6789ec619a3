import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { DocumentNavigations } from './components/document-navigations';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { SupportReach } from './components/support-contact';
import { BRAND } from './content/brand';
import { staticPage, wantsHydration, wantsScriptsAfterFirstPaint } from './islands';
import { releaseScript } from './scripts-after-first-paint';
import baseStyles from './styles/base.css?url';
import layoutStyles from './styles/layout.css?url';

// The document itself needs no JavaScript; the routes below it decide (see islands.ts).
export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: baseStyles },
  { rel: 'stylesheet', href: layoutStyles },
];

export async function loader({ context }: Route.LoaderArgs) {
  // The nonce lets React Router's inline scripts run under the Content-Security-Policy.
  return {
    user: context.user,
    // The header's notification list, read with the page (never fetched after it loads).
    notices: context.user ? await context.services.play.notices() : null,
    nonce: context.cspNonce ?? undefined,
    support: context.support,
  };
}

/** A truck on the brand's green, inline so that no page pays a request for it. */
const FAVICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#14532d"/><path d="M5 10h13v10H5zM18 13h5l4 4v3h-9z" fill="#facc15"/><circle cx="10" cy="22" r="2.5" fill="#fff"/><circle cx="23" cy="22" r="2.5" fill="#fff"/></svg>',
  );

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const hydrate = wantsHydration(matches);
  const afterFirstPaint = wantsScriptsAfterFirstPaint(matches);
  const nonce = useRouteLoaderData<typeof loader>('root')?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        <link rel="icon" href={FAVICON} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <DocumentNavigations />
            {afterFirstPaint ? (
              // Gives the router's scripts back once the page has painted (entry.server.tsx wrote
              // them inert). React keeps the server's element: a script it inserts never runs.
              <script
                nonce={nonce}
                suppressHydrationWarning
                dangerouslySetInnerHTML={{ __html: releaseScript() }}
              />
            ) : null}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <title>
        {notFound ? `Page not found · ${BRAND.name}` : `Something went wrong · ${BRAND.name}`}
      </title>
      <SiteHeader user={root?.user ?? null} />
      <main id="main" className="container notice">
        <h1>{notFound ? 'We could not find that page' : 'Something went wrong'}</h1>
        <p>
          {notFound
            ? 'The link may be old or mistyped.'
            : 'We could not show this page just now. Your wallet and games are safe: nothing was changed by this error.'}
        </p>
        <p>
          Try again in a moment, go back to the <a href="/">home page</a>, or write to us through{' '}
          <SupportReach /> if it keeps happening.
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
