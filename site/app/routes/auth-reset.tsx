// The page a password-reset mail links to: choose a new password. A plain form: the token travels
// in it (the server spends it only when the new password is accepted) and it posts to this route's
// action, the page door's `resetPassword`; success signs out every device.
import { data, Link } from 'react-router';
import { authMessages } from '#site/shared/auth-messages.ts';
import { Banner } from '../components/account/banner';
import { NEW_PASSWORD_HINT, newPasswordError, PasswordField } from '../components/account/fields';
import { BRAND } from '../content/brand';
import { formText } from '../form-data';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth-reset';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Choose a new password · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  // The token is in this page's address: it must not leave the site in a Referer. `same-origin`,
  // not `no-referrer`: under no-referrer a browser sends `Origin: null` with the page's form post,
  // which the Origin check (CSRF) rightly refuses.
  { name: 'referrer', content: 'same-origin' },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

const LINK_PROBLEMS = new Set(['token_invalid', 'token_expired']);
const PASSWORD_PROBLEMS = new Set(['weak_password', 'common_password']);

type Outcome =
  { done: string } | { badLink: string } | { fieldError: string } | { problem: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = formText(form, 'password');
  const found = newPasswordError(password);
  if (found) return data<Outcome>({ fieldError: found }, 400);
  const answer = await context.services.account.resetPassword(formText(form, 'token'), password);
  if (answer.ok) return data<Outcome>({ done: answer.message });
  if (LINK_PROBLEMS.has(answer.code))
    return data<Outcome>({ badLink: answer.error }, answer.status);
  if (PASSWORD_PROBLEMS.has(answer.code)) {
    return data<Outcome>({ fieldError: answer.error }, answer.status);
  }
  return data<Outcome>({ problem: answer.error }, answer.status);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const outcome: Outcome | undefined =
    actionData ?? (token ? undefined : { badLink: authMessages.tokenInvalid });
  return (
    <section className="auth container" aria-labelledby="reset-title">
      <div className="auth__card">
        <p className="eyebrow">Your account</p>
        <h1 id="reset-title" className="auth__title">
          Choose a new password
        </h1>
        {outcome && 'done' in outcome ? (
          <Banner tone="success" title={outcome.done}>
            <p>Every device that was signed in is signed out now.</p>
            <p>
              <Link to={PATHS.auth}>Log in</Link>
            </p>
          </Banner>
        ) : outcome && 'badLink' in outcome ? (
          <Banner tone="error" title={outcome.badLink}>
            <p>
              Reset links work once, for an hour.{' '}
              <Link to={PATHS.forgotPassword}>Ask for a new link</Link>.
            </p>
          </Banner>
        ) : (
          <form
            className="form"
            method="post"
            noValidate
            aria-label="Choose a new password"
            data-ready="true"
          >
            {outcome && 'problem' in outcome ? (
              <Banner tone="error" title={outcome.problem} />
            ) : null}
            <input type="hidden" name="token" value={token} />
            <PasswordField
              label="New password"
              name="password"
              value=""
              error={outcome && 'fieldError' in outcome ? outcome.fieldError : undefined}
              hint={NEW_PASSWORD_HINT}
              autoComplete="new-password"
              autoFocus={Boolean(outcome)}
            />
            <div className="form__actions">
              <button type="submit" className="button button--wide">
                Save the new password
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
