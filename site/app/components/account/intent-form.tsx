// A form that posts to its page's action with an `intent` (what the action reads without scripts),
// and that marks itself ready once hydrated, when its island takes the submit over.
import type { FormEvent, ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

export function IntentForm({
  intent,
  label,
  onSubmit,
  children,
}: {
  intent: string;
  label: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      className="form"
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      data-ready={hydrated ? 'true' : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </form>
  );
}
