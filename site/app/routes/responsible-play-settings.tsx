// The player's own controls: play limits and self-exclusion (mobile first). The public page
// /responsible-play explains them, with the odds and where to get help.
import { useState } from 'react';
import { Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { authPath, pathOf } from '../components/account/return-to';
import { ExclusionForm } from '../components/responsible-play/exclusion-form';
import { ExclusionNotice } from '../components/responsible-play/exclusion-notice';
import { LimitsForm } from '../components/responsible-play/limits-form';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/responsible-play-settings';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Responsible play · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  return { user };
}

export default function ResponsiblePlaySettings({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [exclusionUntil, setExclusionUntil] = useState(user.exclusionUntil);

  return (
    <AccountPage user={user} className="responsible-play">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Responsible play</h1>
      <p className="account__lead">
        Decide how much you may deposit and lose, or take a break.{' '}
        <Link to="/responsible-play">How it works, the odds, and where to get help</Link>.
      </p>
      {user.isGuest ? (
        <Banner tone="info" title="Guests can only watch. Please sign up to play." />
      ) : (
        <>
          <section aria-labelledby="limits-title">
            <h2 id="limits-title">Your limits</h2>
            <p>
              Days run on Lusaka time; weeks from Monday. A lower limit applies at once; a higher
              one, or removing one, waits 24 hours.
            </p>
            <LimitsForm />
          </section>
          <section aria-labelledby="break-title">
            <h2 id="break-title">Take a break</h2>
            <ExclusionNotice exclusionUntil={exclusionUntil} />
            {exclusionUntil === 'permanent' ? null : (
              <>
                <p>
                  While it lasts you cannot deposit, create or join a game. You can still withdraw
                  and see your history. It cannot be shortened; a longer period extends it.
                </p>
                <ExclusionForm
                  onExcluded={(until) => setExclusionUntil(until === null ? 'permanent' : until)}
                />
              </>
            )}
          </section>
        </>
      )}
    </AccountPage>
  );
}
