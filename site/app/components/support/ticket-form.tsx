// Write to support: a topic, the message, and the payment or room it is about (prefilled from the
// screen where "Get help" was pressed).
import { useState, type FormEvent } from 'react';
import { authMessages } from '../../../shared/auth-messages';
import { apiFetch } from '../account/api';
import { Banner } from '../account/banner';
import { useHydrated } from '../account/use-hydrated';

export const TOPICS = [
  { value: 'payment', label: 'A deposit or withdrawal' },
  { value: 'game', label: 'A game' },
  { value: 'account', label: 'My account' },
  { value: 'other', label: 'Something else' },
] as const;
export type Topic = (typeof TOPICS)[number]['value'];

const MESSAGE_MAX = 2000;

export function TicketForm({
  topic: initialTopic,
  reference: initialReference,
  onSent,
}: {
  topic: Topic;
  reference: string;
  onSent(): void;
}) {
  const hydrated = useHydrated();
  const [topic, setTopic] = useState<Topic>(initialTopic);
  const [reference, setReference] = useState(initialReference);
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!message.trim()) return setResult({ tone: 'error', text: 'Please describe the problem.' });
    setBusy(true);
    const answer = await apiFetch('/api/support', {
      method: 'POST',
      body: { topic, message, ...(reference.trim() ? { reference: reference.trim() } : {}) },
      fallbackError: authMessages.unexpected,
    });
    setBusy(false);
    if (!answer.ok) return setResult({ tone: 'error', text: answer.error });
    setMessage('');
    setResult({ tone: 'success', text: 'Sent. Our reply will appear below.' });
    onSent();
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label="Write to support"
      data-ready={hydrated ? 'true' : undefined}
    >
      {result ? <Banner tone={result.tone} title={result.text} /> : null}
      <div className="field">
        <label htmlFor="support-topic">What is it about?</label>
        <select
          id="support-topic"
          value={topic}
          onChange={(event) => setTopic(event.target.value as Topic)}
        >
          {TOPICS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="support-reference">Payment or room reference (if any)</label>
        <input
          id="support-reference"
          value={reference}
          maxLength={100}
          onChange={(event) => setReference(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="support-message">Your message</label>
        <textarea
          id="support-message"
          value={message}
          rows={5}
          maxLength={MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {busy ? 'Sending…' : 'Send to support'}
        </button>
      </div>
    </form>
  );
}
