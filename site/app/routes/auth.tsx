// Sign in and sign up. The mobile number and an SMS code come first (the players' identity is their
// mobile-money number); Google and email with a password follow. The card is an island
// (components/account/auth-card.tsx): with scripts its forms check what is typed and talk to the
// JSON API; without, they post here, and the action runs the same checks and the same services
// (the page door), sets the session cookie and goes on to the `returnTo` path (same site only) or
// the dashboard. A signed-in account that lacks names or
// a phone number (made with Google) gets the complete-profile popup first.
import { phoneFieldValue } from '#site/shared/phone.ts';
import { data, redirect } from 'react-router';
import { authMessages } from '#site/shared/auth-messages.ts';
import { checkLogin, checkSignup, type AuthMode } from '../components/account/auth-checks';
import { authCardIsland, type AuthAttempt } from '../components/account/auth-card';
import {
  COMPLETE_PROFILE_INTENT,
  completeProfileIsland,
  needsProfile,
} from '../components/account/complete-profile-dialog';
import { LOGIN_INTENT } from '../components/account/login-form';
import { isPhoneIntent, phoneAction } from '../components/account/phone-action';
import { completeProfileAction } from '../components/account/profile-action';
import { authPath, returnToAfterSignIn } from '../components/account/return-to';
import { SIGNUP_INTENT, type SignupDraft } from '../components/account/signup-form';
import { Island } from '../components/island';
import { BRAND } from '../content/brand';
import { formChecked, formText } from '../form-data';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/auth';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Log in or sign up · ${BRAND.name}` },
  {
    name: 'description',
    content: 'Log in or create your account to play the Truck Company game for real money (18+).',
  },
];

// What the Google callback sends back here, chosen by its `code`: never text taken from the address.
const CALLBACK_ERRORS: Readonly<Record<string, string>> = {
  google_failed: authMessages.googleFailed,
  google_unavailable: authMessages.googleUnavailable,
  google_link_required: authMessages.googleLinkRequired,
  email_taken: authMessages.emailTaken,
  unknown_error: authMessages.unexpected,
};

function returnToOf(request: Request): string {
  return returnToAfterSignIn(new URL(request.url).searchParams.get('returnTo'));
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = returnToOf(request);
  const user = context.user;
  if (user && !user.isGuest && !needsProfile(user)) throw redirect(returnTo);
  const errorCode = url.searchParams.get('code');
  const message = errorCode ? CALLBACK_ERRORS[errorCode] : undefined;
  return {
    returnTo,
    mode: (url.searchParams.get('mode') === 'signup' ? 'signup' : 'login') as AuthMode,
    callbackError: message && errorCode ? { message, code: errorCode } : null,
    incompleteUser: user && !user.isGuest && needsProfile(user) ? user : null,
    isGuest: user?.isGuest ?? false,
    google: context.services.account.providers().google,
    supportEmail: context.support.email,
  };
}

/** After signing in: the complete-profile popup first when the account needs it. */
function afterSignIn(user: { firstName: string; lastName: string; phone: string }, to: string) {
  return needsProfile({ ...user, isGuest: false }) ? authPath(to) : to;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = returnToOf(request);
  const account = context.services.account;
  const intent = formText(form, 'intent');
  if (intent === COMPLETE_PROFILE_INTENT) {
    return completeProfileAction(context.services, form, returnTo);
  }
  if (isPhoneIntent(intent)) {
    const answer = await phoneAction(context.services, form, 'sign-in');
    if (answer.kind === 'signed-in') {
      throw redirect(afterSignIn(answer.user, returnTo), {
        headers: { 'Set-Cookie': answer.cookie },
      });
    }
    if (answer.kind === 'form') return data({ phone: answer.phone }, answer.status);
    throw data('This form is not one of this page.', 400);
  }
  const email = formText(form, 'email');
  const password = formText(form, 'password');
  if (intent === LOGIN_INTENT) {
    const errors = checkLogin(email, password);
    const attempt = (state: AuthAttempt['state']): AuthAttempt => ({
      mode: 'login',
      email,
      draft: null,
      state,
    });
    if (Object.keys(errors).length > 0) {
      return data({ attempt: attempt({ errors, refusal: null }) }, 400);
    }
    const answer = await account.logIn({ email: email.trim(), password });
    if (answer.ok) {
      throw redirect(afterSignIn(answer.user, returnTo), {
        headers: { 'Set-Cookie': answer.cookie },
      });
    }
    const refusal = { error: answer.error, code: answer.code };
    return data({ attempt: attempt({ errors: {}, refusal }) }, answer.status);
  }
  if (intent === SIGNUP_INTENT) {
    const draft: SignupDraft = {
      firstName: formText(form, 'firstName'),
      lastName: formText(form, 'lastName'),
      phone: phoneFieldValue(formText(form, 'phone')),
      adult: formChecked(form, 'adult'),
      terms: formChecked(form, 'terms'),
    };
    const errors = checkSignup({ ...draft, email, password });
    const attempt = (state: AuthAttempt['state']): AuthAttempt => ({
      mode: 'signup',
      email,
      draft,
      state,
    });
    if (Object.keys(errors).length > 0) {
      return data({ attempt: attempt({ errors, refusal: null }) }, 400);
    }
    const answer = await account.signUp({
      ...draft,
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
      email: email.trim(),
      password,
    });
    if (answer.ok) {
      throw redirect(afterSignIn(answer.user, returnTo), {
        headers: { 'Set-Cookie': answer.cookie },
      });
    }
    const refusal = { error: answer.error, code: answer.code };
    return data({ attempt: attempt({ errors: {}, refusal }) }, answer.status);
  }
  throw data('This form is not one of this page.', 400);
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, mode, callbackError, incompleteUser, isGuest, google, supportEmail } =
    loaderData;
  const attempt = actionData && 'attempt' in actionData ? actionData.attempt : null;
  const profileAttempt = actionData && 'profile' in actionData ? actionData.profile : null;
  const phoneAttempt = actionData && 'phone' in actionData ? actionData.phone : null;
  return (
    <section className="auth container" aria-labelledby="auth-title">
      <Island
        of={authCardIsland}
        props={{
          mode,
          returnTo,
          google,
          isGuest,
          callbackError,
          supportEmail,
          attempt,
          phoneAttempt,
        }}
      />
      {incompleteUser ? (
        <Island
          of={completeProfileIsland}
          props={{
            user: {
              firstName: incompleteUser.firstName,
              lastName: incompleteUser.lastName,
              phone: incompleteUser.phone,
            },
            next: returnTo,
            attempt: profileAttempt,
          }}
        />
      ) : null}
    </section>
  );
}
