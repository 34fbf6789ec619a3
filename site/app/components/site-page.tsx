// The frame of a game screen for someone not signed in: skip link, the site's header, the main
// landmark (a signed-in person gets `account/account-page.tsx` instead).
import type { ReactNode } from 'react';
import { SiteHeader } from './site-header';

export function SignedOutPage({ className, children }: { className: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader user={null} />
      <main id="main" className={`account container ${className}`}>
        {children}
      </main>
    </>
  );
}
