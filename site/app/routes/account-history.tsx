// Account history: every money movement, newest first, rendered on the server from the wallet's
// history (25 a page, older pages by link). While a payment is pending, a script island reloads the
// page once it settles.
import { Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { formatDateTime } from '../components/account/dates';
import { formatZmw } from '#game/ngwee.ts';
import { PENDING_ATTRIBUTE, pendingPaymentsScript } from '../components/account/pending-payments';
import { authPath, pathOf } from '../components/account/return-to';
import { StatusTag } from '../components/account/status-tag';
import { signedAmount, TYPE_LABELS } from '../components/account/transactions';
import { useIslandScript } from '../components/island';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-history';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Account history · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const before = new URL(request.url).searchParams.get('before');
  const page = await context.services.wallet.history({
    limit: String(PAGE_SIZE),
    ...(before ? { before } : {}),
  });
  return page.ok
    ? { user, older: before !== null, page: page.value, error: null }
    : { user, older: before !== null, page: null, error: page.error };
}

const EMPTY = 'No transaction history found.';

export default function AccountHistory({ loaderData }: Route.ComponentProps) {
  const { user, older, page, error } = loaderData;
  const items = page?.transactions ?? [];
  const pending = items.filter((t) => t.status === 'pending').map((t) => t.id);

  return (
    <AccountPage user={user} className="history">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">Account history</h1>
      <p className="account__lead">
        Deposits, withdrawals, stakes, refunds and winnings, newest first.
      </p>
      {error ? (
        <Banner tone="error" title={error}>
          <p>
            <Link to={PATHS.accountHistory}>Show the newest transactions</Link>
          </p>
        </Banner>
      ) : null}
      {page && items.length === 0 ? (
        <div className="empty">
          <p className="empty__title">{older ? 'No older transactions.' : EMPTY}</p>
          <p>
            {older ? (
              <Link to={PATHS.accountHistory}>Show the newest transactions</Link>
            ) : (
              <>
                Your first deposit will show here. <Link to={PATHS.deposit}>Deposit now</Link>.
              </>
            )}
          </p>
        </div>
      ) : null}
      {items.length > 0 ? (
        <>
          <table className="tx-table">
            <caption className="visually-hidden">Your transactions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col" className="tx-table__amount">
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <tr key={t.id} data-status={t.status}>
                  <td data-label="Date">{formatDateTime(t.createdAt)}</td>
                  <td data-label="Type">{TYPE_LABELS[t.type] ?? t.type}</td>
                  <td data-label="Amount" className="tx-table__amount">
                    {formatZmw(signedAmount(t))}
                  </td>
                  <td data-label="Status">
                    <StatusTag status={t.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pending.length > 0 ? <PendingNote ids={pending} /> : null}
          <p className="history__more">
            {page?.next ? (
              <Link
                className="button button--ghost"
                to={`${PATHS.accountHistory}?before=${encodeURIComponent(page.next)}`}
              >
                Older transactions
              </Link>
            ) : null}
            {older ? (
              <Link className="button button--ghost" to={PATHS.accountHistory}>
                Newest transactions
              </Link>
            ) : null}
          </p>
        </>
      ) : null}
    </AccountPage>
  );
}

/** "Pending payments update by themselves": the script island that reloads once one settles. */
function PendingNote({ ids }: { ids: string[] }) {
  useIslandScript(pendingPaymentsScript);
  return (
    <p className="field__hint" {...{ [PENDING_ATTRIBUTE]: ids.join(' ') }}>
      Pending payments update by themselves.
    </p>
  );
}
