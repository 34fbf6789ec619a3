// Support: write a message (prefilled from "Get help" on a payment or a game) and read the replies,
// rendered on the server from the page door; the form posts to this route's action.
import { Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { formatDateTime } from '../components/account/dates';
import { authPath, pathOf, signUpPath } from '../components/account/return-to';
import { ticketAnchor } from '#site/shared/notices.ts';
import { ticketAction, TicketForm, TOPICS, type Topic } from '../components/support/ticket-form';
import { SupportContact } from '../components/support-contact';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import consoleStyles from '../styles/console.css?url';
import type { Route } from './+types/support';
import type { TicketView } from '#site/server/support/tickets.ts';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: consoleStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Support · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const query = new URL(request.url).searchParams;
  const asked = query.get('topic');
  const topic: Topic = TOPICS.some((t) => t.value === asked) ? (asked as Topic) : 'other';
  const reference = /^[A-Za-z0-9-]{1,100}$/.test(query.get('reference') ?? '')
    ? query.get('reference')!
    : '';
  const tickets = user.isGuest ? null : await context.services.play.ticketsShown();
  return {
    user,
    topic,
    reference,
    sent: query.get('sent') === '1',
    tickets: tickets?.ok ? tickets.tickets : null,
    ticketsError: tickets && !tickets.ok ? tickets.error : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(authPath(pathOf(request.url)));
  return ticketAction(context.services, await request.formData(), PATHS.support);
}

type Ticket = TicketView;

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const { user, topic, reference, sent, tickets, ticketsError } = loaderData;
  return (
    <AccountPage user={user} className="support">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">Get help</h1>
      <p className="account__lead">
        Tell us what went wrong. We read every message and answer here.
      </p>
      <SupportContact />
      {user.isGuest ? (
        <Banner tone="info" title="Guests cannot write to support. Please sign up or log in.">
          <p>
            <Link to={signUpPath(PATHS.support)}>Create an account</Link>
          </p>
        </Banner>
      ) : (
        <>
          <TicketForm
            topic={topic}
            reference={reference}
            draft={actionData?.ticket ?? null}
            sent={sent}
          />
          <section aria-labelledby="tickets-title">
            <h2 id="tickets-title">Your messages</h2>
            {ticketsError ? <Banner tone="error" title={ticketsError} /> : null}
            {tickets ? (
              <ul className="ticket-list">
                {tickets.map((t: Ticket) => (
                  <li
                    key={t.id}
                    id={ticketAnchor(t.id)}
                    className="admin-card"
                    data-testid="ticket"
                  >
                    <p>
                      <strong>{t.status === 'open' ? 'Waiting for a reply' : 'Answered'}</strong> ·{' '}
                      {formatDateTime(t.createdAt)}
                      {t.reference ? ` · ${t.reference}` : ''}
                    </p>
                    <p>{t.message}</p>
                    {t.replies.map((r) => (
                      <p key={r.id} className="ticket-reply" data-testid="ticket-reply">
                        Support: {r.message}
                      </p>
                    ))}
                  </li>
                ))}
                {tickets.length === 0 ? <li>No messages yet.</li> : null}
              </ul>
            ) : null}
          </section>
        </>
      )}
    </AccountPage>
  );
}
