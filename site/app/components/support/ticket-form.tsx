// Write to support: a topic, the message, and the payment or room it is about (prefilled from the
// screen where "Get help" was pressed). A plain form: it posts to the support page's action (the
// page door's `writeToSupport`: the API's guest rule, rate limit and checks).
import { data, redirect } from 'react-router';
import type { PageServices } from '#site/server/pages/services.ts';
import { formText } from '../../form-data';
import { Banner } from '../account/banner';

export const TOPICS = [
  { value: 'payment', label: 'A deposit or withdrawal' },
  { value: 'game', label: 'A game' },
  { value: 'account', label: 'My account' },
  { value: 'other', label: 'Something else' },
] as const;
export type Topic = (typeof TOPICS)[number]['value'];

const MESSAGE_MAX = 2000;

/** What was posted and why it was refused. */
export interface TicketDraft {
  topic: string;
  reference: string;
  message: string;
  error: string;
}

/** The support page's action: sent → the page afresh (`?sent=1`), its list with the new ticket. */
export async function ticketAction(services: PageServices, form: FormData, page: string) {
  const draft = {
    topic: formText(form, 'topic'),
    reference: formText(form, 'reference').trim(),
    message: formText(form, 'message'),
  };
  if (!draft.message.trim()) {
    return data({ ticket: { ...draft, error: 'Please describe the problem.' } }, 400);
  }
  const answer = await services.play.writeToSupport(draft);
  if (answer.ok) throw redirect(`${page}?sent=1`);
  const ticket: TicketDraft = { ...draft, error: answer.error };
  return data({ ticket }, answer.status);
}

export function TicketForm({
  topic,
  reference,
  draft,
  sent,
}: {
  topic: Topic;
  reference: string;
  draft: TicketDraft | null;
  sent: boolean;
}) {
  return (
    <form className="form" method="post" noValidate aria-label="Write to support" data-ready="true">
      {draft ? <Banner tone="error" title={draft.error} /> : null}
      {sent && !draft ? <Banner tone="success" title="Sent. Our reply will appear below." /> : null}
      <div className="field">
        <label htmlFor="support-topic">What is it about?</label>
        <select id="support-topic" name="topic" defaultValue={draft?.topic ?? topic}>
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
          name="reference"
          defaultValue={draft?.reference ?? reference}
          maxLength={100}
        />
      </div>
      <div className="field">
        <label htmlFor="support-message">Your message</label>
        <textarea
          id="support-message"
          name="message"
          defaultValue={draft?.message ?? ''}
          rows={5}
          maxLength={MESSAGE_MAX}
          autoFocus={Boolean(draft)}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button">
          Send to support
        </button>
      </div>
    </form>
  );
}
