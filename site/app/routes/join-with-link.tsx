// An invite link, `/rentalgame/joinwithlink?room=<roomId>`. A player goes straight to the room's
// waiting room (the room, who is in it, and the Join Room button); someone signed out (or a guest)
// sees the room and signs up first (most invitees are new), or logs in, coming back here; or
// watches. A full room says so once, with Watch the game and Find another room. Rendered on the
// server: the room comes from the page door.
import { Link, redirect } from 'react-router';
import { Banner } from '../components/account/banner';
import { authPath, signUpPath } from '../components/account/return-to';
import { SitePage } from '../components/site-page';
import { BRAND } from '../content/brand';
import { RoomFacts } from '../game/room-facts';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import { previewMeta } from '#site/shared/share.ts';
import type { Route } from './+types/join-with-link';
import { PATHS, roomPaths } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `You are invited to a game · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  ...previewMeta(loaderData?.preview),
];

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // `room` is what the site's own links use; `roomId` is accepted too, for links typed by hand.
  const roomId = (url.searchParams.get('room') ?? url.searchParams.get('roomId'))?.trim() ?? '';
  const user = context.user;
  if (ROOM_ID.test(roomId) && user && !user.isGuest) throw redirect(roomPaths.waitingRoom(roomId));
  const answer = ROOM_ID.test(roomId) ? await context.services.rooms.room(roomId) : null;
  return {
    user,
    room: answer?.ok ? answer.room : null,
    error: answer === null ? 'Invalid room ID.' : answer.ok ? null : answer.error,
    here: `${url.pathname}${url.search}`,
    preview: ROOM_ID.test(roomId) ? await context.share.roomPreview(roomId) : null,
  };
}

export default function JoinWithLink({ loaderData }: Route.ComponentProps) {
  const { user, room, error, here } = loaderData;

  return (
    <SitePage user={user} className="invite">
      <h1 className="account__title">You are invited to a game</h1>
      {error ? (
        <Banner tone="error" title={error}>
          <p>
            Ask for the link again, or <Link to={PATHS.joinRandom}>find a public room</Link>.
          </p>
        </Banner>
      ) : !room ? null : (
        <section className="invite__card" aria-label={room.roomName}>
          <h2 className="game-section__title">{room.roomName}</h2>
          <RoomFacts room={room} className="room-facts" last="host" />
          {room.status === 'closed' || room.status === 'ended' ? (
            <Banner tone="info" title="This room is no longer open.">
              <p>
                <Link to={PATHS.joinRandom}>Find another room</Link>.
              </p>
            </Banner>
          ) : room.status === 'active' || room.joinedOrder.length >= room.maxPlayers ? (
            <Banner tone="info" title="This room is full">
              <p>The game is starting or under way. You can watch it live.</p>
              <div className="room-actions">
                <Link className="button" to={roomPaths.board(room.roomId)}>
                  Watch the game
                </Link>
                <Link className="button button--ghost" to={PATHS.joinRandom}>
                  Find another room
                </Link>
              </div>
            </Banner>
          ) : (
            <>
              <div className="room-actions">
                <Link className="button" to={signUpPath(here)}>
                  Sign up to join
                </Link>
                <Link className="button button--ghost" to={roomPaths.board(room.roomId)}>
                  Watch the game
                </Link>
              </div>
              <p className="room-hint">
                Have an account? <Link to={authPath(here)}>Log in to join</Link>.
              </p>
            </>
          )}
          {user?.isGuest ? (
            <p className="room-hint">You are signed in as a guest: guests can watch, not play.</p>
          ) : null}
        </section>
      )}
    </SitePage>
  );
}
