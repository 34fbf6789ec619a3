// The operator's console: revenue, users, payments, support and the system's health, one section
// each (components/admin/). Admins only; the API refuses anyone else as well.
import { useState } from 'react';
import { Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { authPath, pathOf } from '../components/account/return-to';
import { AlertsPanel } from '../components/admin/alerts-panel';
import { HealthPanel } from '../components/admin/health-panel';
import { PaymentsPanel } from '../components/admin/payments-panel';
import { RevenuePanel } from '../components/admin/revenue-panel';
import { SupportPanel } from '../components/admin/support-panel';
import { UsersPanel } from '../components/admin/users-panel';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import consoleStyles from '../styles/console.css?url';
import type { Route } from './+types/admin-dashboard';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: consoleStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Admin · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  if (!user.isAdmin) throw redirect('/rentalgame/dashboard?notice=unauthorized');
  return { user };
}

const SECTIONS = [
  { id: 'revenue', label: 'Revenue', Panel: RevenuePanel },
  { id: 'users', label: 'Users', Panel: UsersPanel },
  { id: 'payments', label: 'Payments', Panel: PaymentsPanel },
  { id: 'support', label: 'Support', Panel: SupportPanel },
  { id: 'system', label: 'System', Panel: HealthPanel },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [shown, setShown] = useState<(typeof SECTIONS)[number]['id']>('revenue');
  const { Panel } = SECTIONS.find((s) => s.id === shown)!;
  return (
    <AccountPage user={user} className="admin">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Admin dashboard</h1>
      <AlertsPanel />
      <nav aria-label="Console sections" className="admin-tabs">
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            className="button button--small"
            aria-pressed={shown === s.id}
            onClick={() => setShown(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <Panel />
    </AccountPage>
  );
}
