// The frame of a signed-in screen: skip link, the game header, the main landmark.
import type { ReactNode } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { GameHeader } from '../game-header';

export function AccountPage({
  user,
  className,
  confirmLeave,
  children,
}: {
  user: PublicUser;
  className?: string;
  /** A live game on this screen: the header's leave control asks first. */
  confirmLeave?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <GameHeader user={user} confirmLeave={confirmLeave ?? false} />
      <main id="main" className={`account container${className ? ` ${className}` : ''}`}>
        {children}
      </main>
    </>
  );
}
