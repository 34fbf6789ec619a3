// The phone form's steps posted without scripts (the sign-in page, and the withdraw page where a
// number must be confirmed): the same checks as the island, then the page door's `phoneStart`,
// `phoneVerify` or `provePhone` (the JSON API's services, limits and codes). The answer is where
// the form stands next, or what the page does once the number is in: sign in, or confirmed.
import { phoneFieldValue } from '#site/shared/phone.ts';
import type { PageServices } from '#site/server/pages/services.ts';
import { formChecked, formText } from '../../form-data';
import { phoneCodeFieldValue } from '#site/shared/phone-code.ts';
import {
  afterRefusal,
  checkCode,
  checkDetails,
  checkNumber,
  detailsBody,
  NO_DETAILS,
  PHONE_INTENTS,
  phoneFormAt,
  type PhoneFormState,
  type PhonePurpose,
} from './phone-sign-in-checks';

export type PhoneActionAnswer =
  /** The form at its next step, with the HTTP status the JSON call would have had. */
  | { kind: 'form'; phone: PhoneFormState; status: number }
  | {
      kind: 'signed-in';
      user: { firstName: string; lastName: string; phone: string };
      cookie: string;
    }
  | { kind: 'proved' };

function refusalOf(answer: { error: string; code: string }) {
  return { error: answer.error, code: answer.code };
}

/** Whether a post is one of the phone form's steps. */
export function isPhoneIntent(intent: string): boolean {
  return (Object.values(PHONE_INTENTS) as string[]).includes(intent);
}

export async function phoneAction(
  services: PageServices,
  form: FormData,
  purpose: PhonePurpose,
): Promise<PhoneActionAnswer> {
  const account = services.account;
  const intent = formText(form, 'intent');
  const phone = phoneFieldValue(formText(form, 'phone'));
  const formAt = (state: PhoneFormState, status = 200) => ({
    kind: 'form' as const,
    phone: state,
    status,
  });

  if (intent === PHONE_INTENTS.change) return formAt(phoneFormAt({ kind: 'number' }, phone));

  if (intent === PHONE_INTENTS.start) {
    const state = phoneFormAt({ kind: 'number' }, phone);
    const errors = checkNumber(phone);
    if (errors.phone) return formAt({ ...state, errors }, 400);
    const answer = await account.phoneStart({ phone });
    if (!answer.ok) return formAt(afterRefusal(state, refusalOf(answer), false), answer.status);
    const step = {
      kind: 'code' as const,
      phone: answer.phone,
      sentMessage: answer.message,
      resendAt: Date.now() + answer.resendInSeconds * 1000,
    };
    return formAt(phoneFormAt(step, answer.phone), 202);
  }

  // phone-verify: the code, and (for a new number) the details, or (prove) the password.
  const code = phoneCodeFieldValue(formText(form, 'code'));
  const withDetails = form.has('details');
  const details = withDetails
    ? {
        firstName: formText(form, 'firstName'),
        lastName: formText(form, 'lastName'),
        email: formText(form, 'email'),
        adult: formChecked(form, 'adult'),
        terms: formChecked(form, 'terms'),
      }
    : NO_DETAILS;
  const state: PhoneFormState = {
    ...phoneFormAt(
      withDetails
        ? { kind: 'details', phone, code }
        : { kind: 'code', phone, sentMessage: '', resendAt: 0 },
      phone,
    ),
    code,
    details,
  };
  const errors = withDetails ? checkDetails(details) : checkCode(code);
  if (Object.keys(errors).length > 0) return formAt({ ...state, errors }, 400);

  if (purpose === 'prove') {
    const answer = await account.provePhone({ phone, code, password: formText(form, 'password') });
    if (answer.ok) return { kind: 'proved' };
    return formAt(afterRefusal(state, refusalOf(answer), false), answer.status);
  }
  const answer = await account.phoneVerify({
    phone,
    code,
    ...(withDetails ? detailsBody(details) : {}),
  });
  if (answer.ok) return { kind: 'signed-in', user: answer.user, cookie: answer.cookie };
  return formAt(afterRefusal(state, refusalOf(answer), withDetails), answer.status);
}
