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
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { BRAND } from './content/brand';
import { staticPage, wantsHydration } from './islands';
import baseStyles from './styles/base.css?url';
import layoutStyles from './styles/layout.css?url';

// The document itself needs no JavaScript; the routes below it decide (see islands.ts).
export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: baseStyles },
  { rel: 'stylesheet', href: layoutStyles },
];

export function loader({ context }: Route.LoaderArgs) {
  return { user: context.user };
}

export function Layout({ children }: { children: ReactNode }) {
  const hydrate = wantsHydration(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
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
          Try again in a moment, go back to the <a href="/">home page</a>, or write to{' '}
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> if it keeps happening.
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
