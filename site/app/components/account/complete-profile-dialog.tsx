// The complete-profile popup: accounts made with Google arrive without a phone number (and
// sometimes without names). Playing for money needs all three, so the popup stays until they are
// saved, or the person logs out.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PublicUser } from '../../../server/auth/users';
import { apiFetch } from './api';
import { Banner } from './banner';
import { isValidZambianPhone, PHONE_INPUT, phoneDigits } from './phone';

export const PROFILE_FAILED = 'Failed to complete profile. Please try again.';

/** Names and a phone number: what a player needs before anything else. */
export function needsProfile(
  user: Pick<PublicUser, 'firstName' | 'lastName' | 'phone' | 'isGuest'>,
) {
  if (user.isGuest) return false;
  return !user.firstName.trim() || !user.lastName.trim() || !user.phone.trim();
}

interface Fields {
  firstName: string;
  lastName: string;
  phone: string;
}

function checkFields(fields: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!fields.firstName.trim()) errors.firstName = 'First name is required.';
  if (!fields.lastName.trim()) errors.lastName = 'Surname is required.';
  if (!fields.phone) errors.phone = 'Phone number is required.';
  else if (!isValidZambianPhone(fields.phone)) {
    errors.phone = 'Please enter a valid Zambian phone number (e.g., 096...).';
  }
  return errors;
}

export function CompleteProfileDialog({
  user,
  onCompleted,
}: {
  user: PublicUser;
  onCompleted(user: PublicUser): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [fields, setFields] = useState<Fields>({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: phoneDigits(user.phone),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkFields(fields);
    setErrors(found);
    setServerError(null);
    const first = (Object.keys(found) as (keyof Fields)[])[0];
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

  async function logOut() {
    await apiFetch('/api/auth/logout', { method: 'POST', fallbackError: PROFILE_FAILED });
    window.location.assign('/auth');
  }

  const field = (name: keyof Fields) => ({
    name,
    id: `profile-${name}`,
    value: fields[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
  });

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      // The profile is required: Escape does not dismiss it (Log out is the way out).
      onCancel={(event) => event.preventDefault()}
    >
      <form className="form" onSubmit={submit} noValidate>
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
            onChange={(e) => setFields({ ...fields, phone: phoneDigits(e.target.value) })}
          />
          <FieldError id="profile-phone-error" message={errors.phone} />
        </div>
        <div className="form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save and continue'}
          </button>
          <button type="button" className="button button--ghost" onClick={logOut}>
            Log out
          </button>
        </div>
      </form>
    </dialog>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}
