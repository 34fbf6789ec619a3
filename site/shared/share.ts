// What a player shares (a room's invite, a win, a lesson): the words of the message and the WhatsApp
// link that carries them. One module, so every share button says the game's hook the same way:
// "Beat me at Zed Truck Company: ZMW 10 in, ZMW 32 to the winner".
import { prizeOf } from '#game/payout.ts';
import { formatZmwShort } from '#game/ngwee.ts';
import { roomPaths } from './paths';

export const GAME_NAME = 'Zed Truck Company';

/** A finished game's public page: what "Share my win" points at, and that page's `og:url`. */
export const resultLink = (origin: string, roomId: string) =>
  `${origin}${roomPaths.result(roomId)}`;

/** What a shared link previews (Open Graph): every URL absolute. */
export interface LinkPreview {
  title: string;
  description: string;
  /** A 1200 × 630 PNG. */
  image: string;
  url: string;
}

/** React Router `meta` descriptors for a preview: Open Graph and the large Twitter card. */
export function previewMeta(preview: LinkPreview | null | undefined) {
  if (!preview) return [];
  return [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: GAME_NAME },
    { property: 'og:title', content: preview.title },
    { property: 'og:description', content: preview.description },
    { property: 'og:image', content: preview.image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:url', content: preview.url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: preview.title },
    { name: 'twitter:description', content: preview.description },
    { name: 'twitter:image', content: preview.image },
  ];
}

/** The stake and what the winner takes, from a room's stake (ZMW) and its seats. */
export function stakeHook(stakeZmw: number, players: number): string {
  return `${formatZmwShort(stakeZmw)} in, ${formatZmwShort(prizeOf(stakeZmw * players))} to the winner`;
}

/** What a finished game's card and page say of it (site/server/share/cards.ts reads it). */
export interface ResultFacts {
  /** Up to three, by net profit (game money), first names. */
  podium: readonly { name: string; netProfit: number; winner: boolean }[];
  players: number;
  /** Null for a practice game (no stake, no prize). */
  stakeZmw: number | null;
  /** What each winner received, ZMW; null for a practice game. */
  prizeZmw: number | null;
}

/**
 * The result's headline: "Chanda won ZMW 16", "Chanda topped the board" (practice), "A shared win".
 * `withName` joins the winner's name and the rest (the card cuts a long name to fit).
 */
export function resultTitle(
  facts: ResultFacts,
  withName: (name: string, rest: string) => string = (name, rest) => `${name}${rest}`,
): string {
  const winners = facts.podium.filter((p) => p.winner);
  const [first] = winners;
  if (winners.length > 1) return 'A shared win';
  if (first && facts.prizeZmw !== null) {
    return withName(first.name, ` won ${formatZmwShort(facts.prizeZmw)}`);
  }
  return first ? withName(first.name, ' topped the board') : 'Game over';
}

/** The line under the headline: the hook of a game like it. */
export function resultHook(facts: ResultFacts): string {
  return facts.stakeZmw !== null
    ? `Beat them: ${stakeHook(facts.stakeZmw, facts.players)}`
    : 'A free practice game: beat that score';
}

export type ShareSubject =
  | { kind: 'room'; stakeZmw: number; maxPlayers: number; url: string }
  | { kind: 'win'; stakeZmw: number | null; players: number; prizeZmw: number | null; url: string }
  | { kind: 'lesson'; lesson: string; url: string };

/** The message's text, its link last (WhatsApp previews the last link of a message). */
export function shareText(subject: ShareSubject): string {
  switch (subject.kind) {
    case 'room':
      return `Beat me at ${GAME_NAME}: ${stakeHook(subject.stakeZmw, subject.maxPlayers)}. ${subject.url}`;
    case 'win': {
      const hook =
        subject.stakeZmw !== null && subject.prizeZmw !== null
          ? `I just won ${formatZmwShort(subject.prizeZmw)} at ${GAME_NAME}. Beat me: ${stakeHook(subject.stakeZmw, subject.players)}.`
          : `I just won a practice game of ${GAME_NAME}. Beat me, it is free to practise.`;
      return `${hook} ${subject.url}`;
    }
    case 'lesson':
      return `What running a truck company taught me today: ${subject.lesson} Play ${GAME_NAME}: ${subject.url}`;
  }
}

/** The link that opens WhatsApp (app or web) with the message ready to send. */
export function whatsAppLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
