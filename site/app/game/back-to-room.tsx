// On the deposit page when the person came from a room they could not pay for
// (`/rentalgame/deposit?room=<id>`): the room stays in view, and once the balance covers its stake,
// "Back to <host>'s Room – join now" takes them back to its waiting room.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../server/auth/users';
import { Banner } from '../components/account/banner';
import { useLiveBalance } from '../components/account/live-balance';
import { formatZmw } from '../components/account/money';
import { getRoom, type PublicRoom } from './api';
import { waitingRoomPath } from './guards';

export const ROOM_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

export function BackToRoom({ roomId, user }: { roomId: string; user: PublicUser }) {
  const { balance } = useLiveBalance(user);
  const [room, setRoom] = useState<PublicRoom | null>(null);

  useEffect(() => {
    let cancelled = false;
    void getRoom(roomId).then((answer) => {
      if (!cancelled && answer.ok) setRoom(answer.data.room);
    });
    return () => {
      cancelled = true;
    };
  }, [roomId]);

  if (!room || room.status === 'closed' || room.status === 'ended') return null;
  const covered = balance >= room.amount;
  return (
    <Banner
      tone={covered ? 'success' : 'info'}
      title={
        covered
          ? `You can join ${room.roomName} now.`
          : `${room.roomName} needs ${formatZmw(room.amount)} to join.`
      }
    >
      {covered ? (
        <p>
          <Link className="button" to={waitingRoomPath(roomId)} data-testid="back-to-room">
            Back to {room.roomName} – join now
          </Link>
        </p>
      ) : (
        <p>Deposit at least that much; this page then takes you back to the room.</p>
      )}
    </Banner>
  );
}
