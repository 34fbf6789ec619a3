// Join a random room, an island: the public rooms still filling up (the page's loader lists them;
// the lobby party's pushes keep the list live), one tap to take a seat through the JSON API. Each
// Join is a form that posts to the page's action without scripts.
import type { PublicRoom } from '#wire/site-room.ts';
import { useState, type MouseEvent } from 'react';
import { formatZmw } from '#game/ngwee.ts';
import { PATHS, roomPaths } from '#site/shared/paths.ts';
import { roomListMessages } from '#site/shared/room-messages.ts';
import { joinRoom, UNEXPECTED } from '../../game/api';
import { RoomFacts } from '../../game/room-facts';
import { joinable, usePublicRooms } from '../../game/use-public-rooms';
import { componentIsland } from '../../islands';
import { Banner } from '../account/banner';
import { requestBalanceRefresh } from '../account/balance-store';
import { useHydrated } from '../account/use-hydrated';
import { PlayRefusalStep } from '../responsible-play/refusal-step';

export const JOIN_ROOM_INTENT = 'join';

export type RoomProblem =
  | { kind: 'other-room'; roomId: string; message: string }
  | { kind: 'funds'; message: string }
  | { kind: 'plain'; message: string }
  | { kind: 'play'; message: string; code: string | null; roomId: string };

/** A refused join as the list shows it, by the refusal's code; null: go to the room anyway. */
export function roomProblem(
  code: string | null,
  message: string,
  roomId: string,
  seatedIn: string | null,
): RoomProblem | null {
  switch (code) {
    case 'already_in_this_room':
      return null;
    case 'already_in_another_room':
      return {
        kind: 'other-room',
        roomId: seatedIn ?? roomId,
        message: roomListMessages.otherRoom,
      };
    case 'insufficient_funds':
      return { kind: 'funds', message: roomListMessages.funds };
    case 'self_excluded':
    case 'limit_reached':
    case 'terms_required':
      return { kind: 'play', message, code, roomId };
    case 'room_full':
    case 'room_closed':
      return { kind: 'plain', message: roomListMessages.full };
    case 'not_signed_in':
      return { kind: 'plain', message: roomListMessages.signedOut };
    default:
      return { kind: 'plain', message: UNEXPECTED };
  }
}

export interface RoomListProps {
  isGuest: boolean;
  /** The list as the loader read it (null when it could not). */
  rooms: PublicRoom[] | null;
  partyOrigin: string | null;
  /** What the page's action answered a Join posted without scripts. */
  problem: RoomProblem | null;
}

function RoomList({ isGuest, rooms: loaded, partyOrigin, problem: posted }: RoomListProps) {
  const hydrated = useHydrated();
  const { rooms, error, live, refresh } = usePublicRooms(partyOrigin);
  const [joining, setJoining] = useState<string | null>(null);
  const [problem, setProblem] = useState<RoomProblem | null>(posted);
  // The loader's list until the live one has answered (the same first render as the server's).
  const current = rooms ?? loaded;
  const list = current ? joinable(current) : null;

  async function join(roomId: string, event?: MouseEvent) {
    event?.preventDefault();
    setProblem(null);
    if (isGuest) return setProblem({ kind: 'plain', message: roomListMessages.signedOut });
    setJoining(roomId);
    const answer = await joinRoom(roomId, UNEXPECTED);
    if (answer.ok) {
      requestBalanceRefresh();
      window.location.assign(roomPaths.waitingRoom(roomId));
      return;
    }
    setJoining(null);
    const found = roomProblem(answer.code, answer.error, roomId, answer.roomId);
    if (!found) return window.location.assign(roomPaths.waitingRoom(roomId));
    setProblem(found);
    if (found.kind === 'plain' && answer.code !== 'not_signed_in') void refresh();
  }

  return (
    <>
      <div aria-live="polite">
        {problem ? (
          <ProblemBanner problem={problem} onJoin={(roomId) => void join(roomId)} />
        ) : null}
      </div>

      {error || list === null ? (
        <Banner tone="error" title={error ?? roomListMessages.fetchFailed}>
          <p>
            {hydrated ? (
              <button type="button" className="link-button" onClick={() => void refresh()}>
                Try again
              </button>
            ) : (
              <a href={PATHS.joinRandom}>Try again</a>
            )}{' '}
            or <a href={PATHS.createGame}>create your own room</a>.
          </p>
        </Banner>
      ) : null}

      {list === null ? null : list.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No public rooms are open right now.</p>
          <p>
            <a href={PATHS.createGame}>Create a new game</a> and others can join it. This list
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
              <form method="post">
                <input type="hidden" name="roomId" value={room.roomId} />
                <button
                  type="submit"
                  name="intent"
                  value={JOIN_ROOM_INTENT}
                  className="button button--small"
                  onClick={hydrated ? (event) => void join(room.roomId, event) : undefined}
                  disabled={joining !== null}
                  aria-label={`Join ${room.roomName}, stake ${formatZmw(room.amount)}`}
                >
                  {joining === room.roomId ? 'Joining…' : 'Join'}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <p className="room-list__live" role="status">
        {live
          ? 'Live: the list updates as rooms fill.'
          : hydrated
            ? 'The list refreshes every few seconds.'
            : 'Reload the page to see the latest rooms.'}
      </p>
    </>
  );
}

export const roomListIsland = componentIsland('room-list', RoomList);

/**
 * A refused join (or quick match) and what to do next. `retry`: the hidden fields the accept step's
 * form posts again (default: the room); the page's action accepts, then tries again.
 */
export function ProblemBanner({
  problem,
  onJoin,
  retry,
}: {
  problem: RoomProblem;
  onJoin(roomId: string): void;
  retry?: Record<string, string>;
}) {
  if (problem.kind === 'play') {
    const { roomId } = problem;
    const fields = retry ?? { roomId };
    return (
      <Banner tone="error" title={problem.message}>
        {/* Without scripts the accept step posts here, and the page's action then joins. */}
        <form method="post">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <PlayRefusalStep code={problem.code} onAccepted={() => onJoin(roomId)} />
        </form>
      </Banner>
    );
  }
  if (problem.kind === 'other-room') {
    return (
      <Banner tone="warning" title={problem.message}>
        <p>Finish or leave that room first.</p>
        <p>
          <a className="button button--small" href={roomPaths.waitingRoom(problem.roomId)}>
            Go to Room
          </a>
        </p>
      </Banner>
    );
  }
  if (problem.kind === 'funds') {
    return (
      <Banner tone="error" title={problem.message}>
        <p>
          <a href={PATHS.deposit}>Deposit</a> with mobile money, or pick a room with a smaller
          stake.
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
