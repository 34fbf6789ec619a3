// The account page: the email and whether it is verified, change password, link Google (only where
// Google sign-in is configured) and your data, rendered on the server from the page door. Its forms
// post to this route's action; Google's return after linking lands here too.
import { data, Link, redirect } from 'react-router';
import { authMessages } from '#site/shared/auth-messages.ts';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { changePasswordAction } from '../components/account/change-password-action';
import {
  CHANGE_PASSWORD_INTENT,
  changePasswordIsland,
} from '../components/account/change-password-form';
import { linkGoogleIsland } from '../components/account/link-google-form';
import { authPath, pathOf, signUpPath } from '../components/account/return-to';
import {
  VERIFY_REQUEST_INTENT,
  VerifyEmailNotice,
  verifyRequestAction,
} from '../components/account/verify-email-notice';
import { ERASE_INTENT, eraseAction, YourData } from '../components/account/your-data';
import { Island } from '../components/island';
import { BRAND } from '../content/brand';
import { formText } from '../form-data';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-settings';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const query = new URL(request.url).searchParams;
  const code = query.get('code');
  const security = user.isGuest ? null : await context.services.account.security();
  return {
    user,
    security: security?.ok ? security.security : null,
    linked: query.get('linked') === 'google',
    linkError: code ? (LINK_ERRORS[code] ?? null) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(authPath(pathOf(request.url)));
  const form = await request.formData();
  switch (formText(form, 'intent')) {
    case CHANGE_PASSWORD_INTENT:
      return changePasswordAction(context.services, form);
    case VERIFY_REQUEST_INTENT:
      return verifyRequestAction(context.services, PATHS.account);
    case ERASE_INTENT: {
      const security = await context.services.account.security();
      return eraseAction(context.services, form, !security.ok || security.security.hasPassword);
    }
  }
  throw data('This form is not one of this page.', 400);
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, security, linked, linkError } = loaderData;
  const verify = actionData && 'verify' in actionData ? actionData.verify : null;
  const password = actionData && 'password' in actionData ? actionData.password : null;
  const erase = actionData && 'erase' in actionData ? actionData.erase : null;

  return (
    <AccountPage user={user} className="account-settings">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
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
            <Link to={signUpPath()}>Sign up</Link> to have an account of your own.
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
            {user.emailVerified ? null : <VerifyEmailNotice email={user.email} answer={verify} />}
          </section>
          <section aria-labelledby="password-title">
            <h2 id="password-title">Password</h2>
            {security?.hasPassword === false ? (
              <p>
                This account signs in with Google and has no password.{' '}
                <Link to={PATHS.forgotPassword}>Set one by mail</Link>.
              </p>
            ) : (
              <Island of={changePasswordIsland} props={{ change: password }} />
            )}
          </section>
          {security?.googleAvailable ? (
            <section aria-labelledby="google-title">
              <h2 id="google-title">Google</h2>
              {security.googleLinked ? (
                <p>Google is linked: you can log in with it.</p>
              ) : security.hasPassword ? (
                <Island of={linkGoogleIsland} props={{}} />
              ) : null}
            </section>
          ) : null}
          <YourData hasPassword={security?.hasPassword ?? true} refusal={erase} />
        </>
      )}
    </AccountPage>
  );
}
