// The waiting room: who has joined (with the Host tag), Join Room or Exit Room, the invite link,
// live seats from the room socket (with polling as the safety net), the 5-second start countdown
// and then the board (for the seated, and for guests who wait here to watch). A full room shows one
// state: "This room is full", with Watch the game and Find another room, and no Join.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner, Progress } from '../components/account/banner';
import { requestBalanceRefresh } from '../components/account/live-balance';
import { formatZmw } from '../components/account/money';
import { BRAND } from '../content/brand';
import { isPlayRefusal, PlayRefusalStep } from '../components/responsible-play/refusal-step';
import { getRoom, joinRoom, leaveRoom, type PublicRoom } from '../game/api';
import { CopyLink } from '../game/copy-link';
import { ShareInvite } from '../game/share-invite';
import { RoomFacts } from '../game/room-facts';
import { secondsLeft } from '../game/format';
import { GameDialog } from '../game/game-dialog';
import {
  boardPath,
  CREATE_PATH,
  DASHBOARD_PATH,
  depositForRoomPath,
  inviteLink,
  requireUser,
  waitingRoomPath,
} from '../game/guards';
import { playerHex } from '../game/palette';
import { PracticeNote } from '../game/lesson-view';
import { useNow } from '../game/use-now';
import { useRoomSocket } from '../game/use-room-socket';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import { previewMeta } from '../../shared/share';
import type { Route } from './+types/waiting-room';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Waiting room · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
  ...previewMeta(loaderData?.preview),
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  const roomId = params.roomId ?? user.currentRoomId;
  if (!roomId) throw redirect(CREATE_PATH);
  const preview = await context.share.roomPreview(roomId);
  return { user, roomId, origin: context.publicUrl.replace(/\/+$/, ''), preview };
}

const POLL_MS = 5_000;
const START_COUNTDOWN_MS = 5_000;

type Problem = {
  message: string;
  next: 'retry' | 'deposit' | 'goToRoom' | 'none' | 'responsiblePlay';
  roomId?: string;
  code?: string | null;
};

export default function WaitingRoom({ loaderData }: Route.ComponentProps) {
  const { user, roomId, origin } = loaderData;
  const navigate = useNavigate();
  const [room, setRoom] = useState<PublicRoom | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'join' | 'exit' | null>(null);
  const socket = useRoomSocket(roomId);
  const view = socket.view;
  const fullSince = useRef<number | null>(null);

  const load = useCallback(async () => {
    const answer = await getRoom(roomId);
    if (answer.ok) {
      setRoom(answer.data.room);
      setLoadError(null);
    } else {
      setLoadError(answer.error);
    }
  }, [roomId]);

  // First load, then again whenever the socket reports a change of seats or status.
  const seatsKey = view ? `${view.status}:${view.joinedOrder.join(',')}` : '';
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state changes when the answer arrives, not synchronously
    void load();
  }, [load, seatsKey]);

  // The safety net: poll while the socket is not open.
  useEffect(() => {
    if (socket.connection === 'open') return;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [load, socket.connection]);

  const closed = room?.status === 'closed' || view?.status === 'closed';
  useEffect(() => {
    if (closed) void navigate(`${CREATE_PATH}?notice=closed`, { replace: true });
  }, [closed, navigate]);

  const seated = room?.joinedOrder.includes(user.id) ?? false;
  const started = view?.status === 'active' || view?.status === 'ended';
  const full =
    room !== null && (room.status === 'active' || room.joinedOrder.length >= room.maxPlayers);
  // Only the seated count down and move on to the board; a visitor gets a link to watch.
  const counting = seated && !started && (view?.status === 'countdown' || full);
  // When this page first saw the room full: noted once, during the render that first counts.
  /* eslint-disable react-hooks/refs, react-hooks/purity -- a one-time note of the moment, read back unchanged */
  if (counting && fullSince.current === null) fullSince.current = Date.now();
  const startedCounting = fullSince.current;
  /* eslint-enable react-hooks/refs, react-hooks/purity */
  const now = useNow(counting, 200);
  const countdownEnd = view?.countdownEndsAt ?? (startedCounting ?? now) + START_COUNTDOWN_MS;
  // Without a socket the room server's clock is unknown: after the local count, go anyway.
  const localDone = counting && !view && now >= countdownEnd;

  // Guests came to watch: the board is where the game is once it has started.
  const carry = seated || user.isGuest;
  useEffect(() => {
    if (carry && (started || localDone)) void navigate(boardPath(roomId), { replace: true });
  }, [carry, started, localDone, navigate, roomId]);

  async function join() {
    setProblem(null);
    setBusy('join');
    const answer = await joinRoom(roomId);
    setBusy(null);
    if (answer.ok) {
      setRoom(answer.data.room);
      requestBalanceRefresh();
      return;
    }
    if (answer.code === 'already_in_another_room' && answer.roomId) {
      return setProblem({ message: answer.error, next: 'goToRoom', roomId: answer.roomId });
    }
    if (answer.code === 'insufficient_funds') {
      return setProblem({ message: 'Insufficient balance.', next: 'deposit' });
    }
    if (answer.code === 'room_full') return setProblem({ message: 'Room is full.', next: 'none' });
    if (isPlayRefusal(answer.code)) {
      return setProblem({ message: answer.error, next: 'responsiblePlay', code: answer.code });
    }
    if (answer.code === 'room_closed') {
      void navigate(`${CREATE_PATH}?notice=closed`, { replace: true });
      return;
    }
    setProblem({
      message: answer.error || 'Join failed',
      next: answer.code ? 'none' : 'retry',
    });
  }

  async function exit() {
    setProblem(null);
    setBusy('exit');
    const answer = await leaveRoom(roomId);
    if (answer.ok) {
      requestBalanceRefresh();
      await navigate(DASHBOARD_PATH);
      return;
    }
    setBusy(null);
    if (answer.code === 'room_started') {
      return setProblem({
        message: 'Room is full. Game is starting, you cannot leave.',
        next: 'none',
      });
    }
    setProblem({ message: answer.error || 'Exit failed', next: answer.code ? 'none' : 'retry' });
  }

  if (!room) {
    return (
      <AccountPage user={user} className="waiting-room">
        <h1 className="account__title">Waiting room</h1>
        {loadError ? (
          <Banner tone="error" title={loadError}>
            <p>
              Check the link,{' '}
              <button type="button" className="link-button" onClick={() => void load()}>
                try again
              </button>
              , or <Link to="/rentalgame/joinrandomroom">find another room</Link>.
            </p>
          </Banner>
        ) : (
          <Progress>Loading the room…</Progress>
        )}
      </AccountPage>
    );
  }

  const names = view
    ? view.joinedOrder.map((uid) => ({
        uid,
        name: view.participants[uid]?.name ?? room.participants[uid]?.name ?? 'Player',
        color: view.participants[uid]?.color ?? null,
        connected: view.participants[uid]?.connected ?? false,
      }))
    : room.joinedOrder.map((uid) => ({
        uid,
        name: room.participants[uid]?.name ?? 'Player',
        color: null,
        connected: false,
      }));

  return (
    <AccountPage user={user} className="waiting-room">
      <p className="account__back">
        <Link to="/rentalgame/dashboard">← Dashboard</Link>
      </p>
      <h1 className="account__title">{room.roomName}</h1>
      {room.practice ? <PracticeNote /> : null}
      <RoomFacts
        room={room}
        className="room-facts"
        stakeLabel="Amount"
        last="privacy"
        seatsTestId="room-players"
      />

      <section aria-labelledby="joined-title" className="joined">
        <h2 id="joined-title" className="game-section__title">
          Joined players
        </h2>
        <ul className="joined__list" aria-live="polite" data-testid="joined-players">
          {names.map((p) => (
            <li key={p.uid} className="joined__player">
              <span
                className="swatch"
                style={p.color ? { background: playerHex(p.color) } : undefined}
                aria-hidden="true"
              />
              <span className="joined__name">
                {p.name}
                {p.uid === user.id ? ' (you)' : ''}
              </span>
              {p.uid === room.hostId ? <span className="tag">Host</span> : null}
            </li>
          ))}
          {Array.from({ length: Math.max(0, room.maxPlayers - names.length) }, (_, i) => (
            <li key={`empty-${i}`} className="joined__player joined__player--empty">
              <span className="swatch" aria-hidden="true" />
              <span className="joined__name">Waiting for a player…</span>
            </li>
          ))}
        </ul>
      </section>

      {problem ? (
        <ProblemBanner problem={problem} roomId={roomId} onRetry={seated ? exit : join} />
      ) : null}

      {!seated && (full || started) ? (
        <Banner tone="info" title="This room is full">
          <p>The game is starting or under way. You can watch it live.</p>
          <div className="room-actions">
            <Link className="button" to={boardPath(roomId)}>
              Watch the game
            </Link>
            <Link className="button button--ghost" to="/rentalgame/joinrandomroom">
              Find another room
            </Link>
          </div>
        </Banner>
      ) : (
        <div className="room-actions">
          {seated ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void exit()}
              disabled={busy !== null}
            >
              {busy === 'exit' ? 'Leaving…' : 'Exit Room'}
            </button>
          ) : user.isGuest ? (
            <Banner tone="info" title="Guests can only watch.">
              <p>
                <Link to={boardPath(roomId)}>Watch the game</Link> when it starts, or{' '}
                <Link
                  to={`/auth?mode=signup&returnTo=${encodeURIComponent(waitingRoomPath(roomId))}`}
                >
                  sign up
                </Link>{' '}
                to play.
              </p>
            </Banner>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => void join()}
              disabled={busy !== null}
            >
              {busy === 'join' ? 'Joining…' : `Join Room (${formatZmw(room.amount)})`}
            </button>
          )}
        </div>
      )}

      {seated && !full ? (
        <p className="room-hint">
          The game starts by itself as soon as every seat is taken. You can leave until then and
          your stake comes back.
        </p>
      ) : null}

      <CopyLink
        label={room.privacy === 'Private' ? 'Invite link (private room)' : 'Invite link'}
        url={inviteLink(origin, room.roomId)}
      />
      <ShareInvite room={room} url={inviteLink(origin, room.roomId)} />

      {socket.connection === 'reconnecting' ? (
        <p className="connection-status" role="status">
          <span className="spinner" aria-hidden="true" /> Reconnecting…
        </p>
      ) : null}

      <GameDialog open={counting} title="The room is full!">
        <p className="countdown" aria-live="assertive" data-testid="start-countdown">
          The game starts in {secondsLeft(countdownEnd, now)}…
        </p>
        <p>You will be taken to the board.</p>
      </GameDialog>
    </AccountPage>
  );
}

function ProblemBanner({
  problem,
  roomId,
  onRetry,
}: {
  problem: Problem;
  roomId: string;
  onRetry(): Promise<void>;
}) {
  return (
    <Banner tone="error" title={problem.message}>
      {problem.next === 'responsiblePlay' ? (
        <PlayRefusalStep code={problem.code} onAccepted={() => void onRetry()} />
      ) : problem.next === 'deposit' ? (
        <p>
          <Link to={depositForRoomPath(roomId)}>Deposit</Link> to cover the stake: this room waits
          for you, and the deposit page brings you back.
        </p>
      ) : problem.next === 'goToRoom' && problem.roomId ? (
        <p>
          <Link className="button button--small" to={waitingRoomPath(problem.roomId)}>
            Go to Room
          </Link>
        </p>
      ) : problem.next === 'retry' ? (
        <p>
          Check your connection and{' '}
          <button type="button" className="link-button" onClick={() => void onRetry()}>
            try again
          </button>
          .
        </p>
      ) : (
        <p>
          <Link to="/rentalgame/joinrandomroom">Find another room</Link> or{' '}
          <Link to={CREATE_PATH}>create your own</Link>.
        </p>
      )}
    </Banner>
  );
}
