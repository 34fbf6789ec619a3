// Deposit: the mobile-money form, its waiting state and the result (components/account/payment-page).
import { PaymentPage, paymentPageLoader } from '../components/account/payment-page';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/deposit';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Deposit · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return paymentPageLoader(request, context.user);
}

export default function Deposit({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentPage
      kind="deposit"
      user={loaderData.user}
      lead="Add money to your game wallet with MTN, Airtel or Zamtel mobile money. Withdrawals go only to numbers you have deposited from."
    />
  );
}
