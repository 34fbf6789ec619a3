// The waiting room: its title on the server, the rest an island (components/rooms/waiting-room.tsx)
// that follows the room's socket. The room comes from the page door; Join and Exit post here
// without scripts (the page door's `join` and `leave`, with the API's gates and checks).
import { data, Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { Island } from '../components/island';
import {
  ACCEPT_TERMS_FIELDS,
  ACCEPT_TERMS_INTENT,
} from '../components/responsible-play/accept-terms';
import {
  EXIT_INTENT,
  exitProblem,
  JOIN_INTENT,
  joinProblem,
  waitingRoomIsland,
} from '../components/rooms/waiting-room';
import { BRAND } from '../content/brand';
import { formChecked, formText } from '../form-data';
import { requireUser } from '../game/guards';
import { PracticeNote } from '../game/lesson-view';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import { previewMeta } from '#site/shared/share.ts';
import type { Route } from './+types/waiting-room';
import { PATHS, noticePaths, roomPaths } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Waiting room · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  ...previewMeta(loaderData?.preview),
];

function roomIdOf(params: Route.LoaderArgs['params'], user: { currentRoomId: string | null }) {
  const roomId = params.roomId ?? user.currentRoomId;
  if (!roomId) throw redirect(PATHS.createGame);
  return roomId;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // A room's address in a signed-out browser was shared (or copied from a friend's screen): the
  // invite page says which room and signs them up, coming back here.
  if (!context.user && params.roomId) throw redirect(roomPaths.joinWithLink(params.roomId));
  const user = requireUser(request, context.user);
  const roomId = roomIdOf(params, user);
  const answer = await context.services.rooms.room(roomId);
  if (answer.ok && answer.room.status === 'closed') throw redirect(noticePaths.roomClosed);
  return {
    user,
    room: answer.ok ? answer.room : null,
    loadError: answer.ok ? null : answer.error,
    origin: context.publicUrl.replace(/\/+$/, ''),
    preview: await context.share.roomPreview(roomId),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(request, context.user);
  const roomId = roomIdOf(params, user);
  const form = await request.formData();
  const { rooms, play } = context.services;
  const intent = formText(form, 'intent');
  if (intent === EXIT_INTENT) {
    const answer = await rooms.leave(roomId);
    if (answer.ok) throw redirect(PATHS.dashboard);
    return data({ problem: exitProblem(answer.code, answer.error) }, answer.status);
  }
  if (intent === ACCEPT_TERMS_INTENT) {
    const accepted = formChecked(form, ACCEPT_TERMS_FIELDS.accepted)
      ? await play.acceptTerms(formChecked(form, ACCEPT_TERMS_FIELDS.adult))
      : null;
    if (!accepted?.ok) {
      const message = accepted ? accepted.error : 'Please accept the Terms and Conditions.';
      return data({ problem: joinProblem('terms_required', message) }, 400);
    }
  } else if (intent !== JOIN_INTENT) {
    throw data('This form is not one of this page.', 400);
  }
  const answer = await rooms.join(roomId);
  // A new request: the room as it now stands, this person seated.
  if (answer.ok) throw redirect(new URL(request.url).pathname);
  if (answer.code === 'room_closed') throw redirect(noticePaths.roomClosed);
  const seatedIn = 'roomId' in answer && typeof answer.roomId === 'string' ? answer.roomId : '';
  return data(
    { problem: joinProblem(answer.code, answer.error, seatedIn || undefined) },
    answer.status,
  );
}

export default function WaitingRoom({ loaderData, actionData }: Route.ComponentProps) {
  const { user, room, loadError, origin } = loaderData;
  if (!room) {
    return (
      <AccountPage user={user} className="waiting-room">
        <h1 className="account__title">Waiting room</h1>
        <Banner tone="error" title={loadError ?? 'Invalid room ID.'}>
          <p>
            Check the link, try again, or <Link to={PATHS.joinRandom}>find another room</Link>.
          </p>
        </Banner>
      </AccountPage>
    );
  }
  return (
    <AccountPage user={user} className="waiting-room">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">{room.roomName}</h1>
      {room.practice ? <PracticeNote /> : null}
      <Island
        of={waitingRoomIsland}
        props={{
          user: { id: user.id, isGuest: user.isGuest },
          room,
          origin,
          problem: actionData?.problem ?? null,
        }}
      />
    </AccountPage>
  );
}
