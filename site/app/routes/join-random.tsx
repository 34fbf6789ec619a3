// Join a random room: the live list of public rooms still filling up, one tap to take a seat.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { formatZmw } from '../components/account/money';
import { BRAND } from '../content/brand';
import { PlayRefusalStep } from '../components/responsible-play/refusal-step';
import { joinRoom, UNEXPECTED, type PublicRoom } from '../game/api';
import { RoomFacts } from '../game/room-facts';
import { CREATE_PATH, requireUser, waitingRoomPath } from '../game/guards';
import { partyOriginOf } from '../game/party-origin';
import { joinable, usePublicRooms } from '../game/use-public-rooms';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/join-random';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Join a random room · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  return { user, partyOrigin: partyOriginOf(context) };
}

type Problem =
  | { kind: 'other-room'; roomId: string; message: string }
  | { kind: 'funds'; message: string }
  | { kind: 'plain'; message: string }
  | { kind: 'play'; message: string; code: string | null; room: PublicRoom };

export default function JoinRandom({ loaderData }: Route.ComponentProps) {
  const { user, partyOrigin } = loaderData;
  const navigate = useNavigate();
  const { rooms, error, live, refresh } = usePublicRooms(partyOrigin);
  const [joining, setJoining] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const list = rooms ? joinable(rooms) : null;

  async function join(room: PublicRoom) {
    setProblem(null);
    if (user.isGuest) {
      setProblem({ kind: 'plain', message: '⚠️ You must be logged in to join a room.' });
      return;
    }
    setJoining(room.roomId);
    const answer = await joinRoom(room.roomId, UNEXPECTED);
    if (answer.ok) {
      requestBalanceRefresh();
      await navigate(waitingRoomPath(room.roomId));
      return;
    }
    setJoining(null);
    switch (answer.code) {
      case 'already_in_this_room':
        await navigate(waitingRoomPath(room.roomId));
        break;
      case 'already_in_another_room':
        setProblem({
          kind: 'other-room',
          roomId: answer.roomId ?? room.roomId,
          message: '⚠️ You are already in another room.',
        });
        break;
      case 'insufficient_funds':
        setProblem({ kind: 'funds', message: "You don't have enough funds to join this room." });
        break;
      case 'self_excluded':
      case 'limit_reached':
      case 'terms_required':
        setProblem({ kind: 'play', message: answer.error, code: answer.code, room });
        break;
      case 'room_full':
      case 'room_closed':
        setProblem({ kind: 'plain', message: 'Sorry, this room just became full.' });
        void refresh();
        break;
      case 'not_signed_in':
        setProblem({ kind: 'plain', message: '⚠️ You must be logged in to join a room.' });
        break;
      default:
        setProblem({ kind: 'plain', message: UNEXPECTED });
    }
  }

  return (
    <AccountPage user={user} className="join-random">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">Join a random room</h1>
      <p className="account__lead">
        Public rooms that still have seats. Joining takes the room&apos;s stake from your balance;
        you get it back if you leave before the room fills.
      </p>
      {user.isGuest ? (
        <Banner tone="info" title="⚠️ You must be logged in to join a room.">
          <p>
            Guests can watch games.{' '}
            <Link to="/auth?mode=signup&returnTo=%2Frentalgame%2Fjoinrandomroom">Sign up</Link> to
            play.
          </p>
        </Banner>
      ) : null}

      <div aria-live="polite">
        {problem ? <ProblemBanner problem={problem} onJoin={join} /> : null}
      </div>

      {error ? (
        <Banner tone="error" title={error}>
          <p>
            <button type="button" className="link-button" onClick={() => void refresh()}>
              Try again
            </button>{' '}
            or <Link to={CREATE_PATH}>create your own room</Link>.
          </p>
        </Banner>
      ) : null}

      {list === null ? (
        error ? null : (
          <Progress>Looking for rooms…</Progress>
        )
      ) : list.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No public rooms are open right now.</p>
          <p>
            <Link to={CREATE_PATH}>Create a new game</Link> and others can join it. This list
            updates by itself.
          </p>
        </div>
      ) : (
        <ul className="room-list" data-testid="room-list" aria-label="Open rooms">
          {list.map((room) => (
            <li key={room.roomId} className="room-card" data-room-id={room.roomId}>
              <div className="room-card__main">
                <p className="room-card__name">{room.roomName}</p>
                <RoomFacts
                  room={room}
                  className="room-card__facts"
                  seatsLabel="Seats"
                  last="host"
                />
              </div>
              <button
                type="button"
                className="button button--small"
                onClick={() => void join(room)}
                disabled={joining !== null}
                aria-label={`Join ${room.roomName}, stake ${formatZmw(room.amount)}`}
              >
                {joining === room.roomId ? 'Joining…' : 'Join'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="room-list__live" role="status">
        {live ? 'Live: the list updates as rooms fill.' : 'The list refreshes every few seconds.'}
      </p>
    </AccountPage>
  );
}

function ProblemBanner({
  problem,
  onJoin,
}: {
  problem: Problem;
  onJoin(room: PublicRoom): Promise<void>;
}) {
  if (problem.kind === 'play') {
    const { room } = problem;
    return (
      <Banner tone="error" title={problem.message}>
        <PlayRefusalStep code={problem.code} onAccepted={() => void onJoin(room)} />
      </Banner>
    );
  }
  if (problem.kind === 'other-room') {
    return (
      <Banner tone="warning" title={problem.message}>
        <p>Finish or leave that room first.</p>
        <p>
          <Link className="button button--small" to={waitingRoomPath(problem.roomId)}>
            Go to Room
          </Link>
        </p>
      </Banner>
    );
  }
  if (problem.kind === 'funds') {
    return (
      <Banner tone="error" title={problem.message}>
        <p>
          <Link to="/rentalgame/deposit">Deposit</Link> with mobile money, or pick a room with a
          smaller stake.
        </p>
      </Banner>
    );
  }
  return (
    <Banner tone="error" title={problem.message}>
      <p>Pick another room below, or create your own.</p>
    </Banner>
  );
}
