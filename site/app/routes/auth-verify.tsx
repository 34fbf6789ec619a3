// The page a verification mail links to. It confirms from the browser once the page has loaded (a
// POST, so a link preview that only fetches the page does not spend the token), then says what
// happened and where to go next.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { authMessages } from '../../shared/auth-messages';
import { apiFetch } from '../components/account/api';
import { Banner, Progress } from '../components/account/banner';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth-verify';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your email · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    token: new URL(request.url).searchParams.get('token') ?? '',
    signedIn: Boolean(context.user && !context.user.isGuest),
  };
}

type Result = { ok: true } | { ok: false; message: string; code: string | undefined };

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { token, signedIn } = loaderData;
  const [result, setResult] = useState<Result | null>(
    token ? null : { ok: false, message: authMessages.tokenInvalid, code: 'token_invalid' },
  );

  // Once per page: the token is single use, so a second call (a re-run effect) would only fail.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void apiFetch<{ emailVerified: boolean }>('/api/auth/email/verify', {
      method: 'POST',
      body: { token },
      fallbackError: authMessages.unexpected,
    }).then((answer) =>
      setResult(
        answer.ok
          ? { ok: true }
          : { ok: false, message: answer.error, code: answer.code ?? undefined },
      ),
    );
  }, [token]);

  const onward = signedIn ? '/rentalgame/dashboard' : '/auth';
  return (
    <section className="auth container" aria-labelledby="verify-title">
      <div className="auth__card">
        <p className="eyebrow">Your account</p>
        <h1 id="verify-title" className="auth__title">
          Confirm your email
        </h1>
        {result === null ? (
          <Progress>Confirming your email…</Progress>
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
              <Link to={signedIn ? '/rentalgame/account' : '/auth'}>
                {signedIn ? 'Your account' : 'Log in'}
              </Link>
            </p>
          </Banner>
        )}
      </div>
    </section>
  );
}
