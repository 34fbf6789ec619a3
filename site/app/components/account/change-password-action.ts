// The change-password form posted without scripts: the island's own checks, then the page door's
// `changePassword` (the JSON API's guard and service), answered as the form shows it.
import { data } from 'react-router';
import type { PageServices } from '#site/server/pages/services.ts';
import { formText } from '../../form-data';
import { changeRefused, checkChange, type PasswordChange } from './change-password-form';

/** The account page's action for `intent=change-password`. */
export async function changePasswordAction(services: PageServices, form: FormData) {
  const currentPassword = formText(form, 'currentPassword');
  const newPassword = formText(form, 'newPassword');
  const errors = checkChange(currentPassword, newPassword);
  if (errors.currentPassword || errors.newPassword) {
    return data({ password: { errors, result: null } satisfies PasswordChange }, 400);
  }
  const answer = await services.account.changePassword({ currentPassword, newPassword });
  const password: PasswordChange = answer.ok
    ? { errors: {}, result: { tone: 'success', text: answer.message } }
    : changeRefused(answer.code, answer.error);
  return data({ password }, answer.ok ? 200 : answer.status);
}
