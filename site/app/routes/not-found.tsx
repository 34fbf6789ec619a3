import { data, Link } from 'react-router';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import type { Route } from './+types/not-found';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return (
    <section className="container notice" aria-labelledby="not-found-title">
      <p className="eyebrow">Error 404</p>
      <h1 id="not-found-title">We could not find that page</h1>
      <p>The link may be old or mistyped, or the page is still being written.</p>
      <p className="notice__actions">
        <Link to="/" className="button">
          Go to the home page
        </Link>
        <Link to={PATHS.dashboard} className="button button--ghost">
          Open the game dashboard
        </Link>
      </p>
    </section>
  );
}
