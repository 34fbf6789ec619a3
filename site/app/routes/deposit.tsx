// Deposit: the mobile-money form, its waiting state and the result (components/account/payment-page).
import {
  PaymentPage,
  paymentPageAction,
  paymentPageLoader,
} from '../components/account/payment-page';
import { BRAND } from '../content/brand';
import { ROOM_PARAM } from '../components/rooms/back-to-room';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/deposit';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Deposit · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The room the person was joining when the stake was not covered: the page leads back to it.
  const roomId = new URL(request.url).searchParams.get('room');
  const [page, room] = await Promise.all([
    paymentPageLoader(request, context, 'deposit'),
    roomId && ROOM_PARAM.test(roomId) ? context.services.rooms.room(roomId) : null,
  ]);
  return { ...page, room: room?.ok ? room.room : null };
}

export function action({ request, context }: Route.ActionArgs) {
  return paymentPageAction(request, context, 'deposit');
}

export default function Deposit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PaymentPage
      kind="deposit"
      loaderData={loaderData}
      refused={actionData && 'refused' in actionData ? actionData.refused : null}
      lead="Add money to your game wallet with MTN, Airtel or Zamtel mobile money. Withdrawals go only to numbers you have deposited from."
      room={loaderData.room}
    />
  );
}
