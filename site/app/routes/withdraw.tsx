// Withdraw: the mobile-money form, its waiting state and the result (components/account/payment-page).
import {
  PaymentPage,
  paymentPageAction,
  paymentPageLoader,
} from '../components/account/payment-page';
import { BRAND } from '../content/brand';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/withdraw';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Withdraw · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return paymentPageLoader(request, context, 'withdrawal');
}

export function action({ request, context }: Route.ActionArgs) {
  return paymentPageAction(request, context, 'withdrawal');
}

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PaymentPage
      kind="withdrawal"
      loaderData={loaderData}
      refused={actionData && 'refused' in actionData ? actionData.refused : null}
      proving={actionData && 'proving' in actionData ? actionData.proving : null}
      lead="Send money from your game wallet to a mobile money number you have deposited from."
    />
  );
}
