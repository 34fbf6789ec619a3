// Shown while the account's email is not proved: what that means, and "Send the link again" (a form
// post to the page's action, `intent=verify-request`, through the page door).
import { data, redirect } from 'react-router';
import type { PageServices } from '#site/server/pages/services.ts';
import { Banner } from './banner';

export const VERIFY_REQUEST_INTENT = 'verify-request';

/** What "Send the link again" answered. */
export interface VerifyAnswer {
  tone: 'success' | 'error';
  text: string;
}

/** The page's action for `intent=verify-request`; an address proved meanwhile reloads the page. */
export async function verifyRequestAction(services: PageServices, page: string) {
  const answer = await services.account.requestVerification();
  if (!answer.ok && answer.code === 'email_already_verified') throw redirect(page);
  const verify: VerifyAnswer = answer.ok
    ? { tone: 'success', text: answer.message }
    : { tone: 'error', text: answer.error };
  return data({ verify }, answer.ok ? 202 : answer.status);
}

export function VerifyEmailNotice({
  email,
  answer = null,
}: {
  email: string;
  answer?: VerifyAnswer | null;
}) {
  return (
    <Banner tone="info" title="Please confirm your email address.">
      <p>
        We sent a link to <strong>{email}</strong>. Opening it proves the address is yours, so you
        can always reset your password.
      </p>
      <form method="post">
        <input type="hidden" name="intent" value={VERIFY_REQUEST_INTENT} />
        <button type="submit" className="link-button">
          Send the link again
        </button>
      </form>
      {answer ? (
        <p className={answer.tone === 'error' ? 'field__error' : undefined}>{answer.text}</p>
      ) : null}
    </Banner>
  );
}
