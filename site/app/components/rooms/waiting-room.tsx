// The waiting room, an island (everything below the title): who has joined (with the Host tag),
// Join Room or Exit Room, the invite link, live seats from the room socket (with polling as the
// safety net), the 5-second start countdown and then the board (for the seated, and for guests who
// wait here to watch). A full room shows one state: "This room is full", with Watch the game and
// Find another room, and no Join. The room comes from the page's loader; Join and Exit are forms
// that post to the page's action without scripts, and the page reloads itself while seats fill.
import type { PublicRoom } from '#wire/site-room.ts';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { PublicUser } from '#site/server/auth/users.ts';
import { formatZmw } from '#game/ngwee.ts';
import { PATHS, noticePaths, roomPaths } from '#site/shared/paths.ts';
import { roomMessages } from '#site/shared/room-messages.ts';
import { CopyLink } from '../../game/copy-link';
import { getRoom, joinRoom, leaveRoom } from '../../game/api';
import { secondsLeft } from '../../game/format';
import { GameDialog } from '../../game/game-dialog';
import { playerHex } from '../../game/palette';
import { RoomFacts } from '../../game/room-facts';
import { ShareInvite } from '../../game/share-invite';
import { useNow } from '../../game/use-now';
import { useRoomSocket } from '../../game/use-room-socket';
import { componentIsland } from '../../islands';
import { Banner } from '../account/banner';
import { requestBalanceRefresh } from '../account/balance-store';
import { useHydrated } from '../account/use-hydrated';
import { isPlayRefusal, PlayRefusalStep } from '../responsible-play/refusal-step';
import { signUpPath } from '../account/return-to';

const POLL_MS = 5_000;
const START_COUNTDOWN_MS = 5_000;
/** Without scripts, the page reloads itself this often while the seated wait for the others. */
const RELOAD_SECONDS = 5;

export const JOIN_INTENT = 'join';
export const EXIT_INTENT = 'exit';

export type Problem = {
  message: string;
  next: 'retry' | 'deposit' | 'goToRoom' | 'none' | 'responsiblePlay';
  roomId?: string;
  code?: string | null;
};

/**
 * A refusal of join as the page shows it: what to offer next is chosen by its code (never its
 * words), and the words are the API's (site/server/api/refusal-words.ts), said once there.
 */
export function joinProblem(code: string | null, message: string, roomId?: string): Problem {
  if (code === 'already_in_another_room' && roomId) {
    return { message, next: 'goToRoom', roomId };
  }
  if (code === 'insufficient_funds') return { message, next: 'deposit' };
  if (code === 'room_full') return { message, next: 'none' };
  if (isPlayRefusal(code)) return { message, next: 'responsiblePlay', code };
  return { message: message || roomMessages.joinFailed, next: code ? 'none' : 'retry' };
}

/** A refusal of exit as the page shows it, in the API's words. */
export function exitProblem(code: string | null, message: string): Problem {
  return { message: message || roomMessages.exitFailed, next: code ? 'none' : 'retry' };
}

export interface WaitingRoomProps {
  user: Pick<PublicUser, 'id' | 'isGuest'>;
  room: PublicRoom;
  /** The site's origin, for the invite link. */
  origin: string;
  /** What the page's action answered a post of Join or Exit (without scripts). */
  problem: Problem | null;
}

function WaitingRoom({ user, room: initialRoom, origin, problem: posted }: WaitingRoomProps) {
  const roomId = initialRoom.roomId;
  const hydrated = useHydrated();
  const [room, setRoom] = useState<PublicRoom>(initialRoom);
  const [problem, setProblem] = useState<Problem | null>(posted);
  const [busy, setBusy] = useState<'join' | 'exit' | null>(null);
  const socket = useRoomSocket(roomId);
  const view = socket.view;
  const fullSince = useRef<number | null>(null);

  const load = useCallback(async () => {
    const answer = await getRoom(roomId);
    if (answer.ok) setRoom(answer.data.room);
  }, [roomId]);

  // Again whenever the socket reports a change of seats or status.
  const seatsKey = view ? `${view.status}:${view.joinedOrder.join(',')}` : '';
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state changes when the answer arrives, not synchronously
    if (seatsKey) void load();
  }, [load, seatsKey]);

  // The safety net: poll while the socket is not open.
  useEffect(() => {
    if (socket.connection === 'open') return;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [load, socket.connection]);

  const closed = room.status === 'closed' || view?.status === 'closed';
  useEffect(() => {
    if (closed) window.location.replace(noticePaths.roomClosed);
  }, [closed]);

  const seated = room.joinedOrder.includes(user.id);
  const started = view?.status === 'active' || view?.status === 'ended';
  const full = room.status === 'active' || room.joinedOrder.length >= room.maxPlayers;
  // Only the seated count down and move on to the board; a visitor gets a link to watch.
  const counting = hydrated && seated && !started && (view?.status === 'countdown' || full);
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
    if (carry && (started || localDone)) window.location.replace(roomPaths.board(roomId));
  }, [carry, started, localDone, roomId]);

  async function join(event?: MouseEvent) {
    event?.preventDefault();
    setProblem(null);
    setBusy('join');
    const answer = await joinRoom(roomId);
    setBusy(null);
    if (answer.ok) {
      setRoom(answer.data.room);
      requestBalanceRefresh();
      return;
    }
    if (answer.code === 'room_closed') {
      window.location.replace(noticePaths.roomClosed);
      return;
    }
    setProblem(joinProblem(answer.code, answer.error, answer.roomId ?? undefined));
  }

  async function exit(event?: MouseEvent) {
    event?.preventDefault();
    setProblem(null);
    setBusy('exit');
    const answer = await leaveRoom(roomId);
    if (answer.ok) {
      requestBalanceRefresh();
      window.location.assign(PATHS.dashboard);
      return;
    }
    setBusy(null);
    setProblem(exitProblem(answer.code, answer.error));
  }

  const names = view
    ? view.joinedOrder.map((uid) => ({
        uid,
        name: view.participants[uid]?.name ?? room.participants[uid]?.name ?? 'Player',
        color: view.participants[uid]?.color ?? null,
      }))
    : room.joinedOrder.map((uid) => ({
        uid,
        name: room.participants[uid]?.name ?? 'Player',
        color: null,
      }));
  const invite = roomPaths.invite(origin, room.roomId);

  return (
    <>
      {!hydrated && seated && !full ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(RELOAD_SECONDS)} />
        </noscript>
      ) : null}
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
        <ProblemBanner
          problem={problem}
          roomId={roomId}
          onRetry={() => void (seated ? exit() : join())}
        />
      ) : null}

      {!seated && (full || started) ? (
        <Banner tone="info" title="This room is full">
          <p>The game is starting or under way. You can watch it live.</p>
          <div className="room-actions">
            <a className="button" href={roomPaths.board(roomId)}>
              Watch the game
            </a>
            <a className="button button--ghost" href={PATHS.joinRandom}>
              Find another room
            </a>
          </div>
        </Banner>
      ) : (
        <form method="post" className="room-actions">
          {seated ? (
            <IntentButton
              intent={EXIT_INTENT}
              className="button button--ghost"
              onRun={exit}
              disabled={busy !== null}
            >
              {busy === 'exit' ? 'Leaving…' : 'Exit Room'}
            </IntentButton>
          ) : user.isGuest ? (
            <Banner tone="info" title="Guests can only watch.">
              <p>
                <a href={roomPaths.board(roomId)}>Watch the game</a> when it starts, or{' '}
                <a href={signUpPath(roomPaths.waitingRoom(roomId))}>sign up</a> to play.
              </p>
            </Banner>
          ) : (
            <IntentButton
              intent={JOIN_INTENT}
              className="button"
              onRun={join}
              disabled={busy !== null}
            >
              {busy === 'join' ? 'Joining…' : `Join Room (${formatZmw(room.amount)})`}
            </IntentButton>
          )}
        </form>
      )}

      {seated && !full ? (
        <p className="room-hint">
          The game starts by itself as soon as every seat is taken. You can leave until then and
          your stake comes back.
        </p>
      ) : null}
      {seated && full && !hydrated ? (
        <p className="room-hint">
          <a className="button" href={roomPaths.board(roomId)}>
            Go to the board
          </a>
        </p>
      ) : null}

      <CopyLink
        label={room.privacy === 'Private' ? 'Invite link (private room)' : 'Invite link'}
        url={invite}
      />
      {/* Its closing time reads in the viewer's own time zone: only once in the browser. */}
      <ShareInvite room={hydrated ? room : { ...room, closesAt: undefined }} url={invite} />

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
    </>
  );
}

export const waitingRoomIsland = componentIsland('waiting-room', WaitingRoom);

function ProblemBanner({
  problem,
  roomId,
  onRetry,
}: {
  problem: Problem;
  roomId: string;
  onRetry(): void;
}) {
  const hydrated = useHydrated();
  return (
    <Banner tone="error" title={problem.message}>
      {problem.next === 'responsiblePlay' ? (
        // Without scripts the accept step posts here, and the page's action then joins.
        <form method="post">
          <PlayRefusalStep code={problem.code} onAccepted={onRetry} />
        </form>
      ) : problem.next === 'deposit' ? (
        <p>
          <a href={roomPaths.depositFor(roomId)}>Deposit</a> to cover the stake: this room waits for
          you, and the deposit page brings you back.
        </p>
      ) : problem.next === 'goToRoom' && problem.roomId ? (
        <p>
          <a className="button button--small" href={roomPaths.waitingRoom(problem.roomId)}>
            Go to Room
          </a>
        </p>
      ) : problem.next === 'retry' && hydrated ? (
        <p>
          Check your connection and{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            try again
          </button>
          .
        </p>
      ) : (
        <p>
          <a href={PATHS.joinRandom}>Find another room</a> or{' '}
          <a href={PATHS.createGame}>create your own</a>.
        </p>
      )}
    </Banner>
  );
}

/** Posts the room form's `intent` without scripts; once the page runs, `onRun` does it in place. */
function IntentButton({
  intent,
  className,
  onRun,
  disabled,
  children,
}: {
  intent: string;
  className: string;
  onRun(event: MouseEvent): Promise<void>;
  disabled: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={className}
      onClick={hydrated ? (event) => void onRun(event) : undefined}
      disabled={disabled}
    >
      {children}
    </button>
  );
}
