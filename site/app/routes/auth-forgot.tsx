// Forgot password: asks for the email and always answers the same words, whether or not an account
// has that address (the server does the same), so the page cannot be used to find accounts. A
// plain form: it posts to this route's action (the page door's `forgotPassword`).
import { data, Link } from 'react-router';
import { authMessages } from '#site/shared/auth-messages.ts';
import { isValidEmail } from '#site/shared/email.ts';
import { Banner } from '../components/account/banner';
import { EmailField } from '../components/account/fields';
import { BRAND } from '../content/brand';
import { formText } from '../form-data';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth-forgot';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Forgot password · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

/** The form's own first check (the server checks the same again). */
function emailError(email: string): string | undefined {
  if (!email) return authMessages.emailRequired;
  return isValidEmail(email) ? undefined : authMessages.invalidEmail;
}

export async function action({ request, context }: Route.ActionArgs) {
  const email = formText(await request.formData(), 'email').trim();
  const error = emailError(email);
  if (error) return data({ email, error, sent: null, serverError: null }, 400);
  const answer = await context.services.account.forgotPassword(email);
  if (answer.ok) return { email, error: undefined, sent: answer.message, serverError: null };
  return data({ email, error: undefined, sent: null, serverError: answer.error }, answer.status);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const sent = actionData?.sent ?? null;
  return (
    <section className="auth container" aria-labelledby="forgot-title">
      <div className="auth__card">
        <p className="eyebrow">Your account</p>
        <h1 id="forgot-title" className="auth__title">
          Forgot your password?
        </h1>
        {sent ? (
          <Banner tone="success" title={sent}>
            <p>
              Open the link in that mail within an hour to choose a new password. No mail? Check the
              spam folder, or try again in a minute.
            </p>
            <p>
              <Link to={PATHS.auth}>Back to log in</Link>
            </p>
          </Banner>
        ) : (
          <form
            className="form"
            method="post"
            noValidate
            aria-label="Reset your password"
            data-ready="true"
          >
            <p className="form__hint">
              Enter the email address of your account. We will send you a link to choose a new
              password.
            </p>
            {actionData?.serverError ? (
              <Banner tone="error" title={actionData.serverError} />
            ) : null}
            <EmailField
              value={actionData?.email ?? ''}
              error={actionData?.error}
              autoFocus={Boolean(actionData?.error)}
            />
            <div className="form__actions">
              <button type="submit" className="button button--wide">
                Send me a link
              </button>
            </div>
            <p>
              <Link to={PATHS.auth}>Back to log in</Link>
            </p>
          </form>
        )}
      </div>
    </section>
  );
}
