// Older links (and the admin guard of the first version) point at /login; sign-in lives at /auth.
import { redirect } from 'react-router';
import type { Route } from './+types/login';
import { PATHS } from '#site/shared/paths.ts';

export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`${PATHS.auth}${search}`, 301);
}
