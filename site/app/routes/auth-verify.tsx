// The page a verification mail links to. The confirmation is a POST (a link preview that only
// fetches the page never spends the token): the page is a one-button form to this route's action
// (the page door's `verifyEmail`), sent by itself once loaded where scripts run (a script island),
// then it says what happened and where to go next.
import { data, Link } from 'react-router';
import { authMessages } from '#site/shared/auth-messages.ts';
import { AUTO_SUBMIT_ATTRIBUTE, autoSubmitScript } from '../components/account/auto-submit';
import { Banner } from '../components/account/banner';
import { useIslandScript } from '../components/island';
import { BRAND } from '../content/brand';
import { formText } from '../form-data';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth-verify';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your email · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  // The token must not leave the site in a Referer; `same-origin` keeps the form post's Origin.
  { name: 'referrer', content: 'same-origin' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    token: new URL(request.url).searchParams.get('token') ?? '',
    signedIn: Boolean(context.user && !context.user.isGuest),
  };
}

type Result = { ok: true } | { ok: false; message: string; code: string | undefined };

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await context.services.account.verifyEmail(
    formText(await request.formData(), 'token'),
  );
  if (answer.ok) return data<Result>({ ok: true });
  return data<Result>({ ok: false, message: answer.error, code: answer.code }, answer.status);
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { token, signedIn } = loaderData;
  const result: Result | null =
    actionData ??
    (token ? null : { ok: false, message: authMessages.tokenInvalid, code: 'token_invalid' });
  const onward = signedIn ? PATHS.dashboard : PATHS.auth;
  return (
    <section className="auth container" aria-labelledby="verify-title">
      <div className="auth__card">
        <p className="eyebrow">Your account</p>
        <h1 id="verify-title" className="auth__title">
          Confirm your email
        </h1>
        {result === null ? (
          <ConfirmForm token={token} />
        ) : result.ok ? (
          <Banner tone="success" title="Your email address is verified.">
            <p>Thank you. Your account is now tied to this address.</p>
            <p>
              <Link to={onward}>{signedIn ? 'Go to the dashboard' : 'Log in'}</Link>
            </p>
          </Banner>
        ) : (
          <Banner tone="error" title={result.message}>
            <p>
              {result.code === 'token_expired' || result.code === 'token_invalid'
                ? 'Verification links work once, for 24 hours. Log in and ask for a new one from your account page.'
                : 'Please try the link again in a moment.'}
            </p>
            <p>
              <Link to={signedIn ? PATHS.account : PATHS.auth}>
                {signedIn ? 'Your account' : 'Log in'}
              </Link>
            </p>
          </Banner>
        )}
      </div>
    </section>
  );
}

/** The confirmation itself: sent at once where scripts run, by its button otherwise. */
function ConfirmForm({ token }: { token: string }) {
  useIslandScript(autoSubmitScript);
  return (
    <form method="post" className="form" {...{ [AUTO_SUBMIT_ATTRIBUTE]: '' }}>
      <input type="hidden" name="token" value={token} />
      <p>Press the button to confirm that this address is yours.</p>
      <div className="form__actions">
        <button type="submit" className="button button--wide">
          Confirm my email
        </button>
      </div>
    </form>
  );
}
