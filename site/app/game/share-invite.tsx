// Sharing the invite where people are: the phone's share sheet (`navigator.share`), else a WhatsApp
// link (`https://wa.me/?text=`) that works without JavaScript too; with a ready message (stake,
// prize, link) and the time the room closes if it does not fill.
import type { PublicRoom } from '#wire/site-room.ts';
import { shareText, whatsAppLink } from '#site/shared/share.ts';

export function inviteMessage(room: Pick<PublicRoom, 'amount' | 'maxPlayers'>, url: string) {
  return shareText({ kind: 'room', stakeZmw: room.amount, maxPlayers: room.maxPlayers, url });
}

const closingTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

export function ShareInvite({ room, url }: { room: PublicRoom; url: string }) {
  const text = inviteMessage(room, url);
  return (
    <div className="share-invite">
      <a
        className="button button--small share-invite__whatsapp"
        href={whatsAppLink(text)}
        target="_blank"
        rel="noreferrer"
        onClick={(event) => {
          if (typeof navigator.share !== 'function') return;
          event.preventDefault();
          // Cancelling the share sheet rejects: nothing to report.
          navigator.share({ title: room.roomName, text }).catch(() => undefined);
        }}
      >
        Share on WhatsApp
      </a>
      {room.closesAt ? (
        <p className="room-hint" data-testid="room-closes">
          The room stays open until {closingTime.format(new Date(room.closesAt))}; if it is not full
          by then it closes and every stake is returned.
        </p>
      ) : null}
    </div>
  );
}
