// A room's settings as a definition list: stake, time, seats taken, and the host or the privacy.
// The room list, the invite page and the waiting room show the same facts with their own labels.
import type { PublicRoom } from '#wire/site-room.ts';
import { formatZmw } from '#game/ngwee.ts';

export interface RoomFactsProps {
  room: PublicRoom;
  className: string;
  /** "Stake" in lists, "Amount" in the waiting room (the spec's word there). */
  stakeLabel?: string;
  /** "Seats" in the list, "Players" elsewhere. */
  seatsLabel?: string;
  /** The last fact: the host's name, or the room's privacy. */
  last: 'host' | 'privacy';
  seatsTestId?: string;
}

export function RoomFacts({
  room,
  className,
  stakeLabel = 'Stake',
  seatsLabel = 'Players',
  last,
  seatsTestId,
}: RoomFactsProps) {
  return (
    <dl className={className}>
      <div>
        <dt>{stakeLabel}</dt>
        <dd>{formatZmw(room.amount)}</dd>
      </div>
      <div>
        <dt>Time</dt>
        <dd>{room.time} min</dd>
      </div>
      <div>
        <dt>{seatsLabel}</dt>
        <dd data-testid={seatsTestId}>
          {room.joinedOrder.length} / {room.maxPlayers}
        </dd>
      </div>
      {last === 'host' ? (
        <div>
          <dt>Host</dt>
          <dd>{room.participants[room.hostId]?.name ?? '—'}</dd>
        </div>
      ) : (
        <div>
          <dt>Room</dt>
          <dd>{room.privacy}</dd>
        </div>
      )}
    </dl>
  );
}
