// On the deposit page when the person came from a room they could not pay for
// (`/rentalgame/deposit?room=<id>`): the room stays in view, and once the balance covers its stake,
// "Back to <host>'s Room – join now" takes them back to its waiting room. The page's loader reads
// the room; the payment form's island keeps the balance live, so the banner turns as the deposit
// completes.
import type { PublicRoom } from '#wire/site-room.ts';
import { formatZmw } from '#game/ngwee.ts';
import { roomPaths } from '#site/shared/paths.ts';
import { Banner } from '../account/banner';

export const ROOM_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

export function BackToRoom({ room, balance }: { room: PublicRoom; balance: number }) {
  if (room.status === 'closed' || room.status === 'ended') return null;
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
          <a
            className="button"
            href={roomPaths.waitingRoom(room.roomId)}
            data-testid="back-to-room"
          >
            Back to {room.roomName} – join now
          </a>
        </p>
      ) : (
        <p>Deposit at least that much; this page then takes you back to the room.</p>
      )}
    </Banner>
  );
}
