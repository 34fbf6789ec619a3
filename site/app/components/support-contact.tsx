// How people reach support: always the support form, plus the email and phone the operator
// configured (SUPPORT_EMAIL, SUPPORT_PHONE), never a made-up one.
import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { SupportContact as Contact } from '#site/shared/support-contact.ts';
import { MailIcon, PhoneIcon } from './icons';
import { SupportReachTo } from './support-reach';
import { PATHS } from '#site/shared/paths.ts';

export function useSupportContact(): Contact {
  const root = useRouteLoaderData<{ support?: Contact }>('root');
  return root?.support ?? { email: null, phone: null };
}

/** Inline: "the support form" (and "or email@…" when configured), for use inside a sentence. */
export function SupportReach() {
  return <SupportReachTo email={useSupportContact().email} />;
}

/** The contact block of the footer and the about page. */
export function SupportContact({ children }: { children?: ReactNode }) {
  const { email, phone } = useSupportContact();
  return (
    <address className="site-footer__contact">
      <Link to={PATHS.support}>Get help: the support form</Link>
      {email ? (
        <a href={`mailto:${email}`}>
          <MailIcon />
          {email}
        </a>
      ) : null}
      {phone ? (
        <a href={`tel:${phone.replace(/[\s()-]/g, '')}`}>
          <PhoneIcon />
          {phone}
        </a>
      ) : null}
      {children}
    </address>
  );
}
