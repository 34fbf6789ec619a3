// The complete-profile popup: accounts made with Google arrive without a phone number (and
// sometimes without names). Playing for money needs all three, so the popup stays until they are
// saved, or the person logs out. It is a form that posts to its page's action without scripts
// (`intent=complete-profile`, shown as an open, non-modal dialog), and a modal that calls
// `PATCH /api/me` once its island has hydrated.
import { isValidZambianPhone, phoneFieldValue } from '#site/shared/phone.ts';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { componentIsland } from '../../islands';
import { apiFetch } from './api';
import { Banner } from './banner';
import { FieldError } from './fields';
import { PHONE_INPUT } from './phone';
import { PATHS } from '#site/shared/paths.ts';

export const PROFILE_FAILED = 'Failed to complete profile. Please try again.';
export const COMPLETE_PROFILE_INTENT = 'complete-profile';

/** Names and a phone number: what a player needs before anything else. */
export function needsProfile(
  user: Pick<PublicUser, 'firstName' | 'lastName' | 'phone' | 'isGuest'>,
) {
  if (user.isGuest) return false;
  return !user.firstName.trim() || !user.lastName.trim() || !user.phone.trim();
}

export interface ProfileFields {
  firstName: string;
  lastName: string;
  phone: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileFields, string>>;

export function checkProfile(fields: ProfileFields): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!fields.firstName.trim()) errors.firstName = 'First name is required.';
  if (!fields.lastName.trim()) errors.lastName = 'Surname is required.';
  if (!fields.phone) errors.phone = 'Phone number is required.';
  else if (!isValidZambianPhone(fields.phone)) {
    errors.phone = 'Please enter a valid Zambian phone number (e.g., 096...).';
  }
  return errors;
}

/** What the page's action found when the form was posted without scripts. */
export interface ProfileAttempt {
  fields: ProfileFields;
  errors: ProfileErrors;
  serverError: string | null;
}

export function CompleteProfileDialog({
  user,
  onCompleted,
  attempt = null,
}: {
  user: Pick<PublicUser, 'firstName' | 'lastName' | 'phone'>;
  onCompleted(user: PublicUser): void;
  attempt?: ProfileAttempt | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [fields, setFields] = useState<ProfileFields>(
    attempt?.fields ?? {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: phoneFieldValue(user.phone),
    },
  );
  const [errors, setErrors] = useState<ProfileErrors>(attempt?.errors ?? {});
  const [serverError, setServerError] = useState<string | null>(attempt?.serverError ?? null);
  const [saving, setSaving] = useState(false);

  // The server renders it open in the page's flow; with scripts it becomes a modal.
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.matches(':modal')) return;
    element.close();
    element.showModal();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkProfile(fields);
    setErrors(found);
    setServerError(null);
    const first = (Object.keys(found) as (keyof ProfileFields)[])[0];
    if (first) {
      dialog.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    const answer = await apiFetch<{ user: PublicUser }>('/api/me', {
      method: 'PATCH',
      body: fields,
      fallbackError: PROFILE_FAILED,
    });
    setSaving(false);
    if (!answer.ok) return setServerError(answer.error);
    dialog.current?.close();
    onCompleted(answer.data.user);
  }

  async function logOut(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    await apiFetch('/api/auth/logout', { method: 'POST', fallbackError: PROFILE_FAILED });
    window.location.assign(PATHS.auth);
  }

  const field = (name: keyof ProfileFields) => ({
    name,
    id: `profile-${name}`,
    value: fields[name],
    autoFocus: Object.keys(attempt?.errors ?? {})[0] === name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
  });

  return (
    <dialog
      ref={dialog}
      open
      className="dialog"
      aria-labelledby={titleId}
      // The profile is required: Escape does not dismiss it (Log out is the way out).
      onCancel={(event) => event.preventDefault()}
    >
      <form className="form" method="post" onSubmit={submit} noValidate>
        <input type="hidden" name="intent" value={COMPLETE_PROFILE_INTENT} />
        <h2 id={titleId}>Complete your profile</h2>
        <p className="form__hint">
          We need your names and a Zambian mobile number before you can play, deposit or withdraw.
        </p>
        {serverError ? (
          <Banner tone="error" title={serverError}>
            <p>Check the details below and save again.</p>
          </Banner>
        ) : null}
        <div className="field">
          <label htmlFor="profile-firstName">First name</label>
          <input
            {...field('firstName')}
            autoComplete="given-name"
            onChange={(e) => setFields({ ...fields, firstName: e.target.value })}
          />
          <FieldError id="profile-firstName-error" message={errors.firstName} />
        </div>
        <div className="field">
          <label htmlFor="profile-lastName">Surname</label>
          <input
            {...field('lastName')}
            autoComplete="family-name"
            onChange={(e) => setFields({ ...fields, lastName: e.target.value })}
          />
          <FieldError id="profile-lastName-error" message={errors.lastName} />
        </div>
        <div className="field">
          <label htmlFor="profile-phone">Phone number</label>
          <input
            {...field('phone')}
            {...PHONE_INPUT}
            onChange={(e) => setFields({ ...fields, phone: phoneFieldValue(e.target.value) })}
          />
          <FieldError id="profile-phone-error" message={errors.phone} />
        </div>
        <div className="form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save and continue'}
          </button>
          {/* Without scripts: the logout endpoint answers a form post with the sign-in page. */}
          <button
            type="submit"
            className="button button--ghost"
            formAction="/api/auth/logout"
            formNoValidate
            onClick={logOut}
          >
            Log out
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The popup on its own, on a server-rendered page: once saved, on to `next`. */
function CompleteProfile({
  user,
  next,
  attempt,
}: {
  user: Pick<PublicUser, 'firstName' | 'lastName' | 'phone'>;
  next: string;
  attempt: ProfileAttempt | null;
}) {
  return (
    <CompleteProfileDialog
      user={user}
      attempt={attempt}
      onCompleted={() => window.location.assign(next)}
    />
  );
}

export const completeProfileIsland = componentIsland('complete-profile', CompleteProfile);
