// The one submit flow of the log-in and sign-up forms: check here first (focus the first wrong
// field), then post to the API; a refusal is kept with its `code`, which decides the next step.
// Without scripts the same form posts to the auth page's action, which runs the same checks and
// renders the form again with what they found (`initial`).
import { useState, type FormEvent } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { apiFetch } from './api';
import { M, type Errors } from './auth-checks';
import { focusFirstError } from './fields';

export interface AuthRefusal {
  error: string;
  code: string | null;
}

/**
 * The errors found at the last submit that the fields still have, with today's wording: a message
 * goes as soon as its field is right, and no new one appears before the next submit.
 */
export function stillWrong<F>(shown: Errors<F>, now: Errors<F>): Errors<F> {
  const kept: Errors<F> = {};
  for (const key of Object.keys(shown) as (keyof Errors<F>)[]) {
    if (now[key]) kept[key] = now[key];
  }
  return kept;
}

export function useAuthSubmit<F>(options: {
  path: '/api/auth/login' | '/api/auth/signup';
  check(): Errors<F>;
  body(): unknown;
  onSignedIn(user: PublicUser): void;
  /** What the server found when the form was posted without scripts. */
  initial?: { errors: Errors<F>; refusal: AuthRefusal | null };
}) {
  const [errors, setErrors] = useState<Errors<F>>(options.initial?.errors ?? {});
  const [refusal, setRefusal] = useState<AuthRefusal | null>(options.initial?.refusal ?? null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = options.check();
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return focusFirstError(form, Object.keys(found));
    setBusy(true);
    const answer = await apiFetch<{ user: PublicUser }>(options.path, {
      method: 'POST',
      body: options.body(),
      fallbackError: M.unexpected,
    });
    if (answer.ok) return options.onSignedIn(answer.data.user);
    setBusy(false);
    setRefusal({ error: answer.error, code: answer.code });
  }

  return { errors: stillWrong(errors, options.check()), refusal, busy, submit };
}
