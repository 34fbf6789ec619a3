// The phone form's state and what its island does on each step: the client's checks as one types,
// the calls (`POST /api/auth/phone/start`, then `/verify`, or `/api/me/phone/verify` to prove a
// number), and the step a refusal leads to (`afterRefusal`, the page action's own rule).
import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { apiFetch } from './api';
import { M, type Errors } from './auth-checks';
import { focusFirstError } from './fields';
import {
  afterRefusal,
  checkCode,
  checkDetails,
  checkNumber,
  detailsBody,
  phoneFormAt,
  type PhoneDetails,
  type PhoneFieldName,
  type PhoneFormRefusal,
  type PhoneFormState,
  type PhonePurpose,
  type PhoneStep,
} from './phone-sign-in-checks';
import { stillWrong } from './use-auth-submit';
import { useSecondsUntil } from './use-seconds-until';

interface CodeSentAnswer {
  message: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

export function usePhoneSignIn({
  purpose,
  initialPhone,
  initial,
  onSignedIn,
  onStep,
}: {
  purpose: PhonePurpose;
  initialPhone: string;
  initial: PhoneFormState | null;
  onSignedIn(user: PublicUser): void;
  onStep?(step: PhoneStep['kind']): void;
}) {
  const start = initial ?? phoneFormAt({ kind: 'number' }, initialPhone);
  const [step, setStep] = useState<PhoneStep>(start.step);
  const [phone, setPhone] = useState(start.phone);
  const [code, setCode] = useState(start.code);
  const [password, setPassword] = useState('');
  const [details, setDetails] = useState<PhoneDetails>(start.details);
  // The client's own findings at the last submit (each goes once its field is right), and the
  // server's refusal of one field (it goes once that field is changed).
  const [errors, setErrors] = useState<Errors<Record<PhoneFieldName, string>>>(start.errors);
  const [fieldRefusal, setFieldRefusal] = useState(start.fieldRefusal);
  const [refusal, setRefusal] = useState<PhoneFormRefusal | null>(start.refusal);
  const [busy, setBusy] = useState(false);
  const resendIn = useSecondsUntil(step.kind === 'code' ? step.resendAt : 0);
  useEffect(() => onStep?.(step.kind), [onStep, step.kind]);

  function findings(): Errors<Record<PhoneFieldName, string>> {
    if (step.kind === 'number') return checkNumber(phone);
    if (step.kind === 'code') return checkCode(code);
    return checkDetails(details);
  }
  const shown: Errors<Record<PhoneFieldName, string>> = {
    ...stillWrong(errors, findings()),
    ...(fieldRefusal ? { [fieldRefusal.field]: fieldRefusal.error } : {}),
  };
  // A form posted without scripts comes back with the focus on the first field found wrong.
  const first = initial
    ? (initial.fieldRefusal?.field ?? Object.keys(initial.errors)[0])
    : undefined;

  /** A change to a field clears the server's refusal of it. */
  function edited(field: PhoneFieldName) {
    if (fieldRefusal?.field === field) setFieldRefusal(null);
  }

  /** The server refused this step: the form moves on as the page's action would move it. */
  function refused(answer: PhoneFormRefusal, form: HTMLFormElement | null, detailsGiven = false) {
    const next = afterRefusal(
      { step, phone, code, details, errors, fieldRefusal, refusal },
      answer,
      detailsGiven,
    );
    setStep(next.step);
    setErrors(next.errors);
    setFieldRefusal(next.fieldRefusal);
    setRefusal(next.refusal);
    if (form && next.fieldRefusal && next.step.kind === step.kind) {
      focusFirstError(form, [next.fieldRefusal.field]);
    }
  }

  async function sendCode(form: HTMLFormElement | null) {
    setBusy(true);
    const number = step.kind === 'number' ? phone : step.phone;
    const answer = await apiFetch<CodeSentAnswer>('/api/auth/phone/start', {
      method: 'POST',
      body: { phone: number },
      fallbackError: M.unexpected,
    });
    setBusy(false);
    if (!answer.ok) return refused({ error: answer.error, code: answer.code }, form);
    setCode('');
    setStep({
      kind: 'code',
      phone: number,
      sentMessage: answer.data.message,
      resendAt: Date.now() + answer.data.resendInSeconds * 1000,
    });
  }

  async function verify(body: Record<string, unknown>) {
    setBusy(true);
    const path = purpose === 'prove' ? '/api/me/phone/verify' : '/api/auth/phone/verify';
    const answer = await apiFetch<{ user: PublicUser }>(path, {
      method: 'POST',
      body,
      fallbackError: M.unexpected,
    });
    if (answer.ok) return onSignedIn(answer.data.user);
    setBusy(false);
    return { error: answer.error, code: answer.code };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setRefusal(null);
    setFieldRefusal(null);
    if (step.kind === 'number') {
      const found = checkNumber(phone);
      setErrors(found);
      if (found.phone) return focusFirstError(form, ['phone']);
      return sendCode(form);
    }
    if (step.kind === 'code') {
      const found = checkCode(code);
      setErrors(found);
      if (found.code) return focusFirstError(form, ['code']);
      // After a new code, a new number's details already given go with it (not asked twice).
      const given =
        purpose === 'prove' || Object.keys(checkDetails(details)).length > 0
          ? null
          : detailsBody(details);
      const answer = await verify({
        phone: step.phone,
        code,
        ...given,
        ...(purpose === 'prove' ? { password } : {}),
      });
      if (answer) refused(answer, form, given !== null);
      return;
    }
    const found = checkDetails(details);
    setErrors(found);
    const wrong = Object.keys(found);
    if (wrong.length > 0) return focusFirstError(form, wrong);
    const answer = await verify({ phone: step.phone, code: step.code, ...detailsBody(details) });
    if (answer) refused(answer, form, true);
  }

  function startAgain(event: MouseEvent) {
    event.preventDefault();
    setStep({ kind: 'number' });
    setErrors({});
    setFieldRefusal(null);
    setRefusal(null);
  }

  async function newCode(event?: MouseEvent) {
    event?.preventDefault();
    setRefusal(null);
    setErrors({});
    setFieldRefusal(null);
    await sendCode(null);
  }

  /** Each field's change: clears the server's refusal of it, then keeps the value. */
  const change = {
    phone(value: string) {
      edited('phone');
      setPhone(value);
    },
    code(value: string) {
      edited('code');
      setCode(value);
    },
    password(value: string) {
      edited('password');
      setPassword(value);
    },
    detail<K extends keyof PhoneDetails>(key: K, value: PhoneDetails[K]) {
      edited(key);
      setDetails((d) => ({ ...d, [key]: value }));
    },
  };

  return {
    step,
    phone,
    code,
    password,
    details,
    shown,
    first,
    refusal,
    busy,
    resendIn,
    change,
    submit,
    startAgain,
    newCode,
  };
}

export type PhoneSignInState = ReturnType<typeof usePhoneSignIn>;
