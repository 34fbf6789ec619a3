// The player's own controls: play limits and self-exclusion (mobile first), rendered on the server
// from the page door; both forms post to this route's action. The public page /responsible-play
// explains them, with the odds and where to get help.
import { data, Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { authPath, pathOf } from '../components/account/return-to';
import {
  EXCLUDE_INTENT,
  ExclusionForm,
  excludeAction,
} from '../components/responsible-play/exclusion-form';
import { ExclusionNotice } from '../components/responsible-play/exclusion-notice';
import {
  LIMITS_INTENT,
  LimitsForm,
  limitsAction,
} from '../components/responsible-play/limits-form';
import { BRAND } from '../content/brand';
import { formText } from '../form-data';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/responsible-play-settings';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Responsible play · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  const limits = user.isGuest ? null : await context.services.play.limits();
  return {
    user,
    limits: limits?.ok ? limits.limits : null,
    limitsError: limits && !limits.ok ? limits.error : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(authPath(pathOf(request.url)));
  const form = await request.formData();
  switch (formText(form, 'intent')) {
    case LIMITS_INTENT:
      return limitsAction(context.services, form);
    case EXCLUDE_INTENT:
      return excludeAction(context.services, form, PATHS.responsiblePlay);
  }
  throw data('This form is not one of this page.', 400);
}

export default function ResponsiblePlaySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { user, limits, limitsError } = loaderData;
  const save = actionData && 'limits' in actionData ? actionData.limits : null;
  const excludeError = actionData && 'exclude' in actionData ? actionData.exclude : null;

  return (
    <AccountPage user={user} className="responsible-play">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
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
            {limits ? <LimitsForm limits={limits} save={save} /> : null}
            {limitsError ? <Banner tone="error" title={limitsError} /> : null}
          </section>
          <section aria-labelledby="break-title">
            <h2 id="break-title">Take a break</h2>
            <ExclusionNotice exclusionUntil={user.exclusionUntil} />
            {user.exclusionUntil === 'permanent' ? null : (
              <>
                <p>
                  While it lasts you cannot deposit, create or join a game. You can still withdraw
                  and see your history. It cannot be shortened; a longer period extends it.
                </p>
                <ExclusionForm error={excludeError} />
              </>
            )}
          </section>
        </>
      )}
    </AccountPage>
  );
}
