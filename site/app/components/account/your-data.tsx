// "Your data" on the account page: download everything held about you (a plain link to
// `GET /api/me/export`), or delete the account (a form that posts to the page's action,
// `intent=erase`, the page door's `erase`). Deleting asks for the password (a Google-only account:
// a fresh Google sign-in) and says first what happens.
import { data, redirect } from 'react-router';
import { authMessages } from '#site/shared/auth-messages.ts';
import type { PageServices } from '#site/server/pages/services.ts';
import { formText } from '../../form-data';
import { Banner } from './banner';
import { PasswordField } from './fields';
import { PATHS } from '#site/shared/paths.ts';

export const ERASE_INTENT = 'erase';

const NEXT_STEP: Record<string, string> = {
  balance_not_zero: PATHS.withdraw,
  seat_held: PATHS.seatedRoom,
};

export interface EraseRefusal {
  text: string;
  code: string | null;
}

/** The account page's action for `intent=erase`: gone, signed out, on to the home page. */
export async function eraseAction(services: PageServices, form: FormData, hasPassword: boolean) {
  const password = formText(form, 'deletePassword');
  if (hasPassword && !password) {
    return data({ erase: { text: authMessages.passwordRequired, code: null } }, 400);
  }
  const answer = await services.account.erase(password);
  if (answer.ok) throw redirect('/?deleted=1', { headers: { 'Set-Cookie': answer.cookie } });
  const erase: EraseRefusal = { text: answer.error, code: answer.code };
  return data({ erase }, answer.status);
}

export function YourData({
  hasPassword,
  refusal,
}: {
  hasPassword: boolean;
  refusal: EraseRefusal | null;
}) {
  const next = refusal?.code ? NEXT_STEP[refusal.code] : undefined;
  return (
    <section aria-labelledby="data-title" className="your-data">
      <h2 id="data-title">Your data</h2>
      <p>
        <a href="/api/me/export" download className="button button--secondary">
          Download my data
        </a>
      </p>
      <p>
        One JSON file with your profile, transactions, payments, games, sign-ins and support
        messages.
      </p>
      <details open={refusal !== null}>
        <summary>Delete my account</summary>
        <p>
          Deleting erases your name, email, phone numbers and messages and signs you out everywhere.
          Your past transactions and games stay in our books under an anonymous number, as the law
          on payments requires. Your wallet must be empty and you must not be seated in a game. You
          can sign up again later with the same email.
        </p>
        <p>
          A self-exclusion you chose keeps running to its end: a new account with the same email,
          phone number or mobile-money number is excluded until the same time.
        </p>
        <form className="form" method="post" noValidate aria-label="Delete my account">
          <input type="hidden" name="intent" value={ERASE_INTENT} />
          {refusal ? (
            <Banner tone="error" title={refusal.text}>
              {next ? (
                <p>
                  <a href={next}>
                    {refusal.code === 'balance_not_zero' ? 'Withdraw' : 'Go to your game'}
                  </a>
                </p>
              ) : null}
            </Banner>
          ) : null}
          {hasPassword ? (
            <PasswordField
              label="Password"
              name="deletePassword"
              value=""
              error={undefined}
              autoComplete="current-password"
            />
          ) : (
            <p>
              This account signs in with Google: sign out, sign in with Google again, then delete
              within 10 minutes.
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--danger">
              Delete my account for good
            </button>
          </div>
          <p>
            Questions first? <a href={PATHS.support}>Ask support</a>.
          </p>
        </form>
      </details>
    </section>
  );
}
