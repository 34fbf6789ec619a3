// Guards at the top of the game screens' loaders: a signed-out person goes to sign-in and comes
// back to the same path afterwards.
import { redirect } from 'react-router';
import type { PublicUser } from '#site/server/auth/users.ts';
import { authPath, pathOf } from '../components/account/return-to';

export function requireUser(request: Request, user: PublicUser | null): PublicUser {
  if (!user) throw redirect(authPath(pathOf(request.url)));
  return user;
}
