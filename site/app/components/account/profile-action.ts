// The complete-profile form posted without scripts (dashboard and sign-in page): the same checks as
// the popup, then `PATCH /api/me` through the page door; on success on to `next`.
import { phoneFieldValue } from '#site/shared/phone.ts';
import { data, redirect } from 'react-router';
import type { PageServices } from '#site/server/pages/services.ts';
import { formText } from '../../form-data';
import { checkProfile, type ProfileAttempt } from './complete-profile-dialog';

export async function completeProfileAction(services: PageServices, form: FormData, next: string) {
  const fields = {
    firstName: formText(form, 'firstName'),
    lastName: formText(form, 'lastName'),
    phone: phoneFieldValue(formText(form, 'phone')),
  };
  const errors = checkProfile(fields);
  if (Object.keys(errors).length > 0) {
    return data({ profile: { fields, errors, serverError: null } satisfies ProfileAttempt }, 400);
  }
  const answer = await services.account.completeProfile(fields);
  if (answer.ok) throw redirect(next);
  const profile: ProfileAttempt = { fields, errors: {}, serverError: answer.error };
  return data({ profile }, answer.status);
}
