// The fields of each step of the phone form: the number (or, past it, the number with "Change
// number"), the code from the SMS (with the password when a signed-in account proves its number),
// and a new number's names, optional email and consents.
import { phoneFieldValue } from '#site/shared/phone.ts';
import type { MouseEvent } from 'react';
import { phoneCodeFieldValue } from '#site/shared/phone-code.ts';
import { ConsentFields, NameFields, PasswordField, TextField } from './fields';
import { PHONE_INPUT } from './phone';
import type { PhoneFormState, PhonePurpose, PhoneStep } from './phone-sign-in-checks';
import type { PhoneSignInState } from './use-phone-sign-in';

type Form = Pick<PhoneSignInState, 'shown' | 'first' | 'change'>;

export function NumberField({
  form,
  purpose,
  phone,
}: {
  form: Form;
  purpose: PhonePurpose;
  phone: string;
}) {
  return (
    <TextField
      label="Mobile number"
      name="phone"
      {...PHONE_INPUT}
      hint={
        purpose === 'prove'
          ? 'We send a 6-digit code to it by SMS.'
          : 'We send a 6-digit code to it by SMS. No password needed.'
      }
      value={phone}
      onChange={(value) => form.change.phone(phoneFieldValue(value))}
      error={form.shown.phone}
      autoFocus={form.first === 'phone'}
    />
  );
}

/** Past the number step: the number, with a way back to change it (a form of its own). */
export function NumberLine({
  phone,
  changeForm,
  onChange,
}: {
  phone: string;
  changeForm: string;
  onChange(event: MouseEvent): void;
}) {
  return (
    <p className="phone-sign-in__number">
      <input type="hidden" name="phone" value={phone} />
      <span>{phone}</span>{' '}
      <button type="submit" form={changeForm} className="link-button" onClick={onChange}>
        Change number
      </button>
    </p>
  );
}

export function CodeFields({
  form,
  purpose,
  step,
  code,
  password,
  initial,
}: {
  form: Form;
  purpose: PhonePurpose;
  step: Extract<PhoneStep, { kind: 'code' }>;
  code: string;
  password: string;
  initial: PhoneFormState | null;
}) {
  const { shown, first, change } = form;
  return (
    <>
      {step.sentMessage ? (
        <p className="form__hint" role="status">
          {step.sentMessage}
        </p>
      ) : null}
      <TextField
        label="Code from the SMS"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        value={code}
        onChange={(value) => change.code(phoneCodeFieldValue(value))}
        error={shown.code}
        autoFocus={first === 'code' || (initial?.step.kind === 'code' && !first)}
      />
      {purpose === 'prove' ? (
        <PasswordField
          label="Your password"
          value={password}
          onChange={change.password}
          error={shown.password}
          autoComplete="current-password"
          hint="Confirming a number lets it sign in to your account, so we ask for your password."
          autoFocus={first === 'password'}
        />
      ) : null}
    </>
  );
}

export function DetailsFields({
  form,
  step,
  details,
  initial,
}: {
  form: Form;
  step: Extract<PhoneStep, { kind: 'details' }>;
  details: PhoneSignInState['details'];
  initial: PhoneFormState | null;
}) {
  const { shown, first, change } = form;
  return (
    <>
      <input type="hidden" name="code" value={step.code} />
      <input type="hidden" name="details" value="1" />
      <p className="form__hint" role="status">
        Number confirmed. This number is new to us: tell us who you are to finish.
      </p>
      <NameFields
        values={details}
        onChange={(key, value) => change.detail(key, value)}
        errors={shown}
        first={first ?? (initial?.step.kind === 'details' ? 'firstName' : undefined)}
      />
      <TextField
        label="Email (optional)"
        name="email"
        type="email"
        autoComplete="email"
        hint="For receipts and to reset your account by mail. You can add it later."
        value={details.email}
        onChange={(value) => change.detail('email', value)}
        error={shown.email}
        optional
        autoFocus={first === 'email'}
      />
      <ConsentFields
        values={details}
        onChange={(key, checked) => change.detail(key, checked)}
        errors={shown}
        first={first}
      />
    </>
  );
}
