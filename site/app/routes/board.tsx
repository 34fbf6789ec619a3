// The board: the live game over the room socket. Players roll and answer truck offers; anyone with
// the link watches (guests too). The Pixi canvas is loaded lazily by BoardStage, so this is the
// only route that ships it; its files are named in the page's first HTML (modulepreload, at low
// priority), so that a slow connection fetches them behind the page's own code rather than only
// once that code has run (decision 065); all the page's scripts are asked for after its first
// paint (decision 129). The board itself is in the first HTML: the loader asks the
// room server for the room as a spectator sees it (a short wait, else the board drawn empty) and the
// page draws it as SVG until the canvas takes over (game/first-paint/, decision 103).
// The screens themselves are in game/ (`game-screen.tsx`, `signed-out-board.tsx`).
import { useEffect } from 'react';
import { redirect, useRouteLoaderData } from 'react-router';
import { authPath } from '../components/account/return-to';
import { BRAND } from '../content/brand';
import { EarlyTicketScript } from '../game/early-ticket';
import { GameScreen } from '../game/game-screen';
import { SignedOutBoard } from '../game/signed-out-board';
import type { RouteHandle } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import { previewMeta } from '#site/shared/share.ts';
import type { Route } from './+types/board';
import type { loader as RootLoader } from '../root';
import { PATHS, roomPaths } from '#site/shared/paths.ts';

/** Readable from its first HTML: its scripts are fetched after the first paint (decision 129). */
export const handle = { scriptsAfterFirstPaint: true } as const satisfies RouteHandle;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Game board · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  ...previewMeta(loaderData?.preview),
];

/** Marks the board address the guest step sent a browser to (so it is taken once per visit). */
const GUEST_STEP_PARAM = 'watching';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.user;
  const url = new URL(request.url);
  if (!params.roomId) {
    // `/rentalgame/gameboard`: the player's current room, else the dashboard.
    if (!user) throw redirect(authPath(url.pathname));
    throw redirect(user.currentRoomId ? roomPaths.board(user.currentRoomId) : PATHS.dashboard);
  }
  let guestRefusal: string | null = null;
  // A shared link opened signed out lands on the board watching: the server starts a guest
  // session on this GET and sends the browser back with it. Back here still signed out (a browser
  // that keeps no cookie), the page offers the choice instead of starting another.
  if (!user && request.method === 'GET' && !url.searchParams.has(GUEST_STEP_PARAM)) {
    const guest = await context.services.rooms.watchAsGuest(params.roomId);
    if (guest.ok && guest.headers) {
      url.searchParams.set(GUEST_STEP_PARAM, '1');
      throw redirect(`${url.pathname}${url.search}`, { headers: guest.headers });
    }
    if (!guest.ok && guest.status === 429) guestRefusal = guest.error;
  }
  return {
    user,
    roomId: params.roomId,
    guestRefusal,
    here: `${url.pathname}${url.search}`,
    canvasFiles: context.boardCanvasFiles,
    firstView: await context.boardFirstView(params.roomId),
    renderedAt: Date.now(),
    // A shared board link previews its room as the invite does; a signed-in player's own board
    // needs no tags.
    preview: user ? null : await context.share.roomPreview(params.roomId),
  };
}

export default function Board({ loaderData }: Route.ComponentProps) {
  const { user, roomId, guestRefusal, here, canvasFiles, firstView, renderedAt } = loaderData;
  const nonce = useRouteLoaderData<typeof RootLoader>('root')?.nonce ?? undefined;
  useEffect(() => {
    // The guest step's mark leaves the address bar, so that the link copied from it is the room's.
    const url = new URL(window.location.href);
    if (!url.searchParams.has(GUEST_STEP_PARAM)) return;
    url.searchParams.delete(GUEST_STEP_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }, []);
  if (!user) {
    return (
      <SignedOutBoard
        here={here}
        firstView={firstView}
        renderedAt={renderedAt}
        refusal={guestRefusal}
      />
    );
  }
  return (
    <>
      <EarlyTicketScript roomId={roomId} nonce={nonce} />
      {canvasFiles.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      <GameScreen user={user} roomId={roomId} firstView={firstView} renderedAt={renderedAt} />
    </>
  );
}
