// What async results look like: a banner that screen readers announce, and a spinner with words.
import type { ReactNode } from 'react';

type Tone = 'success' | 'error' | 'info' | 'warning';

export function Banner({
  tone,
  title,
  children,
  id,
}: {
  tone: Tone;
  title?: string;
  children?: ReactNode;
  id?: string;
}) {
  // Errors interrupt (alert); good news and progress wait their turn (status).
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div id={id} role={role} className={`banner banner--${tone}`}>
      {title ? <p className="banner__title">{title}</p> : null}
      {children}
    </div>
  );
}

/** A spinner with its words; the words are what a screen reader hears. */
export function Progress({ children }: { children: ReactNode }) {
  return (
    <p className="progress" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
