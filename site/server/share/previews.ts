// What a shared link previews in WhatsApp and elsewhere (Open Graph): a room's invite and a finished
// game's own page, the same facts as their cards, in words, with the card as the image. Every URL
// absolute, from PUBLIC_URL.
import type { Database } from '#db/client.ts';
import type { PlayerColor } from '#game/board.ts';
import { formatZmwShort } from '#game/ngwee.ts';
import { firstNameOf } from '#site/shared/first-name.ts';
import {
  GAME_NAME,
  resultHook,
  resultLink,
  resultTitle,
  stakeHook,
  type LinkPreview,
} from '#site/shared/share.ts';
import { isRoomIdShaped } from '../rooms/settings';
import { loadResultCard, loadRoomCard } from './cards';
import { roomPaths } from '#site/shared/paths.ts';

/** A finished game's public page: its card's facts, money already in words, first names only. */
export interface GameResultPage {
  preview: LinkPreview;
  /** "Chanda won ZMW 16", "A shared win", "Chanda topped the board". */
  title: string;
  /** "Beat them: ZMW 10 in, ZMW 16 to the winner", or the practice game's line. */
  hook: string;
  /** Up to three, by net profit (game money). */
  podium: { name: string; color: PlayerColor; netProfit: number; winner: boolean }[];
  players: number;
  /** "ZMW 10"; null for a practice game. */
  stake: string | null;
  /** What each winner received, "ZMW 16"; null for a practice game. */
  prize: string | null;
  /** ISO time the game ended. */
  endTime: string;
  /** The game's card on this site (the preview's image, as a path). */
  card: string;
}

export interface SharePages {
  /** The invite page's and the waiting room's preview; null for no such room (or a bad id). */
  roomPreview(roomId: string): Promise<LinkPreview | null>;
  /** A finished game's page; null for a bad id, no such room, or a game not settled yet. */
  gameResult(roomId: string): Promise<GameResultPage | null>;
}

export function sharePages(database: Database, publicUrl: string): SharePages {
  const origin = publicUrl.replace(/\/+$/, '');
  return {
    async roomPreview(roomId) {
      if (!isRoomIdShaped(roomId)) return null;
      const card = await loadRoomCard(database.read, roomId);
      if (!card) return null;
      const host = firstNameOf(card.seated[0]?.name ?? '') || 'A player';
      const seats = `${card.seated.length} of ${card.maxPlayers} seats taken.`;
      return {
        title: `${host} invites you to ${GAME_NAME}`,
        description: `Beat me at ${GAME_NAME}: ${stakeHook(card.stakeZmw, card.maxPlayers)}. ${seats}`,
        image: `${origin}/api/rooms/${encodeURIComponent(roomId)}/card.png`,
        url: roomPaths.invite(origin, roomId),
      };
    },

    async gameResult(roomId) {
      if (!isRoomIdShaped(roomId)) return null;
      const card = await loadResultCard(database.read, roomId);
      if (!card) return null;
      const title = resultTitle(card);
      const hook = resultHook(card);
      const winners = card.podium.filter((p) => p.winner).length;
      const cardPath = `/api/games/${encodeURIComponent(roomId)}/card.png`;
      const prize = card.prizeZmw === null ? null : formatZmwShort(card.prizeZmw);
      const won =
        prize === null
          ? ''
          : `${prize} to ${winners > 1 ? 'each winner' : 'the winner'} of a ${card.players}-player game. `;
      return {
        preview: {
          title: `${title} at ${GAME_NAME}`,
          description: `${won}${hook}.`,
          image: `${origin}${cardPath}`,
          url: resultLink(origin, roomId),
        },
        title,
        hook,
        podium: card.podium,
        players: card.players,
        stake: card.stakeZmw === null ? null : formatZmwShort(card.stakeZmw),
        prize,
        endTime: card.endTime,
        card: cardPath,
      };
    },
  };
}
