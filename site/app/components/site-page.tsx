// The frame of a page under the site's header: skip link, the header (signed in or not), the main
// landmark. A signed-in game screen gets `account/account-page.tsx` (the game header) instead.
import type { ReactNode } from 'react';
import { SiteHeader, type NavUser } from './site-header';

export function SitePage({
  user = null,
  className,
  children,
}: {
  user?: NavUser | null;
  className: string;
  children: ReactNode;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader user={user} />
      <main id="main" className={`account container ${className}`}>
        {children}
      </main>
    </>
  );
}
