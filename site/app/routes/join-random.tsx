// Join a random room: the live list of public rooms still filling up, one tap to take a seat. The
// list is rendered on the server from the page door and kept live by an island
// (components/rooms/room-list.tsx); a Join posted without scripts comes here.
import { data, Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { Island } from '../components/island';
import { AllowanceGate, loadAllowance } from '../components/responsible-play/allowance';
import {
  ACCEPT_TERMS_FIELDS,
  ACCEPT_TERMS_INTENT,
} from '../components/responsible-play/accept-terms';
import { JOIN_ROOM_INTENT, roomListIsland, roomProblem } from '../components/rooms/room-list';
import { BRAND } from '../content/brand';
import { formChecked, formText } from '../form-data';
import { requireUser } from '../game/guards';
import { partyOriginOf } from '../game/party-origin';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/join-random';
import { PATHS, roomPaths } from '#site/shared/paths.ts';
import { signUpPath } from '../components/account/return-to';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Join a random room · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  const [rooms, allowance] = await Promise.all([
    context.services.rooms.publicRooms().catch(() => null),
    user.isGuest ? null : loadAllowance(context.services),
  ]);
  return { user, rooms, partyOrigin: partyOriginOf(context), allowance };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context.user);
  const form = await request.formData();
  const roomId = formText(form, 'roomId');
  const intent = formText(form, 'intent');
  if (intent === ACCEPT_TERMS_INTENT) {
    const accepted = formChecked(form, ACCEPT_TERMS_FIELDS.accepted)
      ? await context.services.play.acceptTerms(formChecked(form, ACCEPT_TERMS_FIELDS.adult))
      : null;
    if (!accepted?.ok) {
      const message = accepted ? accepted.error : 'Please accept the Terms and Conditions.';
      return data({ problem: roomProblem('terms_required', message, roomId, null) }, 400);
    }
  } else if (intent !== JOIN_ROOM_INTENT) {
    throw data('This form is not one of this page.', 400);
  }
  const answer = await context.services.rooms.join(roomId);
  if (answer.ok) throw redirect(roomPaths.waitingRoom(roomId));
  const seatedIn = 'roomId' in answer && typeof answer.roomId === 'string' ? answer.roomId : null;
  const problem = roomProblem(answer.code, answer.error, roomId, seatedIn);
  if (!problem) throw redirect(roomPaths.waitingRoom(roomId));
  return data({ problem }, answer.status);
}

export default function JoinRandom({ loaderData, actionData }: Route.ComponentProps) {
  const { user, rooms, partyOrigin, allowance } = loaderData;
  return (
    <AccountPage user={user} className="join-random">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">Join a random room</h1>
      <p className="account__lead">
        Public rooms that still have seats. Joining takes the room&apos;s stake from your balance;
        you get it back if you leave before the room fills.
      </p>
      {user.isGuest ? (
        <Banner tone="info" title="⚠️ You must be logged in to join a room.">
          <p>
            Guests can watch games. <Link to={signUpPath(PATHS.joinRandom)}>Sign up</Link> to play.
          </p>
        </Banner>
      ) : null}
      <AllowanceGate allowance={allowance} kind="stake">
        <Island
          of={roomListIsland}
          props={{
            isGuest: user.isGuest,
            rooms,
            partyOrigin,
            problem: actionData?.problem ?? null,
          }}
        />
      </AllowanceGate>
    </AccountPage>
  );
}
