// The operator's console: revenue, users, payments, support and the system's health, one section
// each (components/admin/), every section a page of its own rendered on the server
// (`?section=users&query=…`), under what needs the operator now (alerts). Its changes, "Ask the
// provider again", a support reply and the review of a carried exclusion, are form posts to this
// route's action, through the same services, checks and audit as the API.
import { data, Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { AlertsPanel } from '../components/admin/alerts-panel';
import { REVIEW_INTENT, type ReviewProblem } from '../components/admin/carried-exclusions';
import type { SectionProblem } from '../components/admin/console-data';
import { HealthPanel } from '../components/admin/health-panel';
import {
  PaymentsPanel,
  RECONCILE_INTENT,
  reconciledNote,
  type ConsoleNote,
  type PaymentStatus,
} from '../components/admin/payments-panel';
import { RevenuePanel } from '../components/admin/revenue-panel';
import { consoleHref, SECTIONS, sectionOf, type SectionId } from '../components/admin/sections';
import { REPLY_INTENT, SupportPanel, type ReplyProblem } from '../components/admin/support-panel';
import { UsersPanel } from '../components/admin/users-panel';
import { authPath, pathOf } from '../components/account/return-to';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import consoleStyles from '../styles/console.css?url';
import type { Route } from './+types/admin-dashboard';
import { PATHS, noticePaths } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: consoleStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Admin · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

function adminOf(request: Request, user: Route.LoaderArgs['context']['user']) {
  if (!user) throw redirect(authPath(pathOf(request.url)));
  if (!user.isAdmin) throw redirect(noticePaths.notAdmin);
  return user;
}

/** A door answer as the panel shows it: the value, or the refusal's words. */
function shown<A extends { ok: true } | { ok: false; error: string }, V>(
  answer: A,
  pick: (ok: Extract<A, { ok: true }>) => V,
): V | SectionProblem {
  return answer.ok ? pick(answer as Extract<A, { ok: true }>) : { error: answer.error };
}

type Operator = Route.LoaderArgs['context']['services']['console'];

async function viewOf(operator: Operator, section: SectionId, query: URLSearchParams) {
  switch (section) {
    case 'revenue': {
      const revenue = await operator.revenue();
      return { section, revenue: shown(revenue, (r) => r) };
    }
    case 'users': {
      const text = query.get('query')?.trim() ?? '';
      const userId = query.get('user');
      const [found, file] = await Promise.all([
        text ? operator.searchUsers(text) : null,
        userId ? operator.userFile(userId) : null,
      ]);
      return {
        section,
        query: text,
        found: found ? shown(found, (r) => r.users) : null,
        file: file ? shown(file, (r) => r.file) : null,
      };
    }
    case 'payments': {
      const status: PaymentStatus = query.get('status') === 'failed' ? 'failed' : 'pending';
      return {
        section,
        status,
        payments: shown(await operator.payments(status), (r) => r.payments),
      };
    }
    case 'support':
      return { section, tickets: shown(await operator.supportInbox(), (r) => r.tickets) };
    case 'system': {
      const [ledger, rooms, errors, audit] = await Promise.all([
        operator.ledgerCheck(),
        operator.rooms(),
        operator.errors(),
        operator.audit(),
      ]);
      return {
        section,
        ledger: shown(ledger, (r) => r),
        rooms: shown(rooms, (r) => r),
        errors: shown(errors, (r) => r.errors),
        audit: shown(audit, (r) => r.entries),
      };
    }
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = adminOf(request, context.user);
  const query = new URL(request.url).searchParams;
  const operator = context.services.console;
  const [alerts, view] = await Promise.all([
    operator.alerts(),
    viewOf(operator, sectionOf(query.get('section')), query),
  ]);
  return { user, alerts: shown(alerts, (r) => r), view, here: pathOf(request.url) };
}

type ActionResult = { note: ConsoleNote } | { reply: ReplyProblem } | { review: ReviewProblem };

export async function action({ request, context }: Route.ActionArgs) {
  adminOf(request, context.user);
  const form = await request.formData();
  const operator = context.services.console;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  if (text('intent') === RECONCILE_INTENT) {
    const answer = await operator.reconcile(text('paymentId'));
    const result: ActionResult = answer.ok
      ? { note: reconciledNote(answer.payment.id, answer.payment.status) }
      : { note: { tone: 'error', text: answer.error } };
    return data(result, { status: answer.ok ? 200 : answer.status });
  }
  if (text('intent') === REPLY_INTENT) {
    const ticketId = text('ticketId');
    const answer = await operator.reply(ticketId, text('message'));
    // After a reply, a fresh page (a reload must not send the reply twice).
    if (answer.ok) throw redirect(`${consoleHref({ section: 'support' })}#ticket-${ticketId}`);
    const result: ActionResult = {
      reply: { ticketId, error: answer.error, message: text('message') },
    };
    return data(result, { status: answer.status });
  }
  if (text('intent') === REVIEW_INTENT) {
    const exclusionId = text('exclusionId');
    const review = { decision: text('decision'), reason: text('reason') };
    const answer = await operator.reviewExclusion(exclusionId, review);
    // After a review, the same file afresh (a reload must not send it twice).
    if (answer.ok) throw redirect(pathOf(request.url));
    const result: ActionResult = { review: { exclusionId, error: answer.error, ...review } };
    return data(result, { status: answer.status });
  }
  throw data('This form is not one of this page.', 400);
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, alerts, view, here } = loaderData;
  const note = actionData && 'note' in actionData ? actionData.note : null;
  const replyProblem = actionData && 'reply' in actionData ? actionData.reply : null;
  const reviewProblem = actionData && 'review' in actionData ? actionData.review : null;
  return (
    <AccountPage user={user} className="admin">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">Admin dashboard</h1>
      <AlertsPanel alerts={alerts} here={here} />
      <nav aria-label="Console sections" className="admin-tabs">
        {SECTIONS.map((s) => (
          <a
            key={s.id}
            className="button button--small"
            href={consoleHref({ section: s.id })}
            aria-current={view.section === s.id ? 'page' : undefined}
          >
            {s.label}
          </a>
        ))}
      </nav>
      {view.section === 'revenue' ? (
        'error' in view.revenue ? (
          <p role="alert">{view.revenue.error}</p>
        ) : (
          <RevenuePanel revenue={view.revenue} />
        )
      ) : null}
      {view.section === 'users' ? (
        <UsersPanel query={view.query} found={view.found} file={view.file} review={reviewProblem} />
      ) : null}
      {view.section === 'payments' ? (
        <PaymentsPanel status={view.status} payments={view.payments} note={note} />
      ) : null}
      {view.section === 'support' ? (
        <SupportPanel tickets={view.tickets} problem={replyProblem} />
      ) : null}
      {view.section === 'system' ? (
        <HealthPanel
          ledger={view.ledger}
          rooms={view.rooms}
          errors={view.errors}
          audit={view.audit}
        />
      ) : null}
    </AccountPage>
  );
}
