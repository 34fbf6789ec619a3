// The marketing pages' frame: skip link, navbar, main landmark, footer.
import { Outlet, useRouteLoaderData } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { staticPage } from '../islands';
import type { loader as rootLoader } from '../root';

export const handle = staticPage;

export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader user={root?.user ?? null} />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
