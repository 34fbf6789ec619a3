// Withdraw: the mobile-money form, its waiting state and the result (components/account/payment-page).
import { PaymentPage, paymentPageLoader } from '../components/account/payment-page';
import { BRAND } from '../content/brand';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/withdraw';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Withdraw · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return paymentPageLoader(request, context.user);
}

export default function Withdraw({ loaderData }: Route.ComponentProps) {
  return (
    <PaymentPage
      kind="withdrawal"
      user={loaderData.user}
      lead="Send money from your game wallet to a mobile money number you have deposited from."
    />
  );
}
