// Deposit: the mobile-money form, its waiting state and the result (components/account/payment-form).
import { Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { PaymentForm } from '../components/account/payment-form';
import { authPath, pathOf } from '../components/account/return-to';
import { BRAND } from '../content/brand';
import { BackToRoom, ROOM_PARAM } from '../game/back-to-room';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/deposit';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Deposit · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  if (!user) throw redirect(authPath(pathOf(request.url)));
  // The room the person was joining when the stake was not covered: the page leads back to it.
  const room = new URL(request.url).searchParams.get('room');
  return { user, roomId: room && ROOM_PARAM.test(room) ? room : null };
}

export default function Deposit({ loaderData }: Route.ComponentProps) {
  const { user, roomId } = loaderData;
  return (
    <AccountPage user={user} className="payment">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Deposit</h1>
      <p className="account__lead">
        Add money to your game wallet with MTN, Airtel or Zamtel mobile money. Withdrawals go only
        to numbers you have deposited from.
      </p>
      {user.isGuest ? (
        <Banner tone="error" title="Guests can only watch. Please sign up to play.">
          <p>
            <Link to="/auth?mode=signup&returnTo=%2Frentalgame%2Fdeposit">Create an account</Link>{' '}
            to deposit with mobile money. It takes a minute.
          </p>
        </Banner>
      ) : (
        <>
          {roomId ? <BackToRoom roomId={roomId} user={user} /> : null}
          <PaymentForm kind="deposit" user={user} />
        </>
      )}
    </AccountPage>
  );
}
