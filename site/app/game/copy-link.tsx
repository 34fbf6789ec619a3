// A link to copy: the Clipboard API where the browser allows it, else selecting the text and the
// old copy command, else asking the person to copy it themselves. The result is announced. Until
// scripts run the button is disabled, so a tap is never silently lost; the field can still be
// selected and copied by hand.
import { useId, useRef, useState } from 'react';
import { useHydrated } from '../components/account/use-hydrated';

type CopyState = 'idle' | 'copied' | 'manual';

export function CopyLink({ label, url }: { label: string; url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [state, setState] = useState<CopyState>('idle');
  const hydrated = useHydrated();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
      return;
    } catch {
      // Not allowed here (insecure origin, permissions): fall back to selecting the text.
    }
    const field = input.current;
    field?.focus();
    field?.select();
    setState(copyOldWay() ? 'copied' : 'manual');
  }

  return (
    <div className="copy-link">
      <label htmlFor={id} className="copy-link__label">
        {label}
      </label>
      <div className="copy-link__row">
        <input
          id={id}
          ref={input}
          className="copy-link__input"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--small"
          onClick={() => void copy()}
          disabled={!hydrated}
        >
          {state === 'copied' ? 'Copied' : 'Copy link'}
        </button>
      </div>
      <p className="copy-link__status" aria-live="polite">
        {state === 'copied'
          ? 'Copied. Send it to the people you want to play with.'
          : state === 'manual'
            ? 'The link is selected: press Ctrl+C (or long-press and Copy) to copy it.'
            : ''}
      </p>
    </div>
  );
}

/** The selection copied with the old command (where the Clipboard API is refused). */
function copyOldWay(): boolean {
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
