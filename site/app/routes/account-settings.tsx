// The account page: the email and whether it is verified, change password, and link Google (only
// where Google sign-in is configured). Google's return after linking lands here too.
import { useEffect, useState } from 'react';
import { Link, redirect } from 'react-router';
import { authMessages } from '../../shared/auth-messages';
import { AccountPage } from '../components/account/account-page';
import { apiFetch } from '../components/account/api';
import { Banner, Progress } from '../components/account/banner';
import { ChangePasswordForm } from '../components/account/change-password-form';
import { LinkGoogleForm } from '../components/account/link-google-form';
import { authPath, pathOf } from '../components/account/return-to';
import { VerifyEmailNotice } from '../components/account/verify-email-notice';
import { YourData } from '../components/account/your-data';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-settings';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Your account · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

// Only messages this site sends back here, chosen by code, never text taken from the address.
const LINK_ERRORS: Record<string, string> = {
  google_link_failed: authMessages.googleLinkFailed,
  google_already_linked: authMessages.googleAlreadyLinked,
  google_failed: authMessages.googleFailed,
};

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const query = new URL(request.url).searchParams;
  const code = query.get('code');
  return {
    user,
    linked: query.get('linked') === 'google',
    linkError: code ? (LINK_ERRORS[code] ?? null) : null,
  };
}

interface Security {
  emailVerified: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  googleAvailable: boolean;
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { user, linked, linkError } = loaderData;
  const [security, setSecurity] = useState<Security | null>(null);

  useEffect(() => {
    if (user.isGuest) return;
    let live = true;
    void apiFetch<Security>('/api/me/security', { fallbackError: '' }).then((answer) => {
      if (live && answer.ok) setSecurity(answer.data);
    });
    return () => {
      live = false;
    };
  }, [user.isGuest]);

  return (
    <AccountPage user={user} className="account-settings">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Your account</h1>
      {linked ? (
        <Banner tone="success" title="Google is linked to your account.">
          <p>You can now log in with Google too. Every other device was signed out.</p>
        </Banner>
      ) : null}
      {linkError ? <Banner tone="error" title={linkError} /> : null}
      {user.isGuest ? (
        <Banner tone="info" title="You are watching as a guest.">
          <p>
            <Link to="/auth?mode=signup">Sign up</Link> to have an account of your own.
          </p>
        </Banner>
      ) : (
        <>
          <section aria-labelledby="email-title">
            <h2 id="email-title">Email</h2>
            <p>
              {user.email}{' '}
              <span data-testid="email-status">
                {user.emailVerified ? '(verified)' : '(not verified yet)'}
              </span>
            </p>
            {user.emailVerified ? null : <VerifyEmailNotice email={user.email} />}
          </section>
          <section aria-labelledby="password-title">
            <h2 id="password-title">Password</h2>
            {security === null ? (
              <Progress>Loading…</Progress>
            ) : security.hasPassword ? (
              <ChangePasswordForm />
            ) : (
              <p>
                This account signs in with Google and has no password.{' '}
                <Link to="/auth/forgot">Set one by mail</Link>.
              </p>
            )}
          </section>
          {security?.googleAvailable ? (
            <section aria-labelledby="google-title">
              <h2 id="google-title">Google</h2>
              {security.googleLinked ? (
                <p>Google is linked: you can log in with it.</p>
              ) : security.hasPassword ? (
                <LinkGoogleForm />
              ) : null}
            </section>
          ) : null}
          {security === null ? null : <YourData hasPassword={security.hasPassword} />}
        </>
      )}
    </AccountPage>
  );
}
