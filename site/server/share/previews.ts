// What a room's invite link previews in WhatsApp and elsewhere (Open Graph): the same facts as its
// card, in words, with the card as the image. Every URL absolute, from PUBLIC_URL.
import type { Database } from '#db/client.ts';
import { firstNameOf } from '#site/shared/first-name.ts';
import { GAME_NAME, inviteLink, stakeHook, type LinkPreview } from '#site/shared/share.ts';
import { loadRoomCard } from './cards';

export interface SharePages {
  /** The invite page's and the waiting room's preview; null for no such room (or a bad id). */
  roomPreview(roomId: string): Promise<LinkPreview | null>;
}

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function sharePages(database: Database, publicUrl: string): SharePages {
  const origin = publicUrl.replace(/\/+$/, '');
  return {
    async roomPreview(roomId) {
      if (!ROOM_ID.test(roomId)) return null;
      const card = await loadRoomCard(database.read, roomId);
      if (!card) return null;
      const host = firstNameOf(card.seated[0]?.name ?? '') || 'A player';
      const seats = `${card.seated.length} of ${card.maxPlayers} seats taken.`;
      return {
        title: `${host} invites you to ${GAME_NAME}`,
        description: `Beat me at ${GAME_NAME}: ${stakeHook(card.stakeZmw, card.maxPlayers)}. ${seats}`,
        image: `${origin}/api/rooms/${encodeURIComponent(roomId)}/card.png`,
        url: inviteLink(origin, roomId),
      };
    },
  };
}
