// The share cards as SVG, 1200 × 630 (the size link previews show): the board itself on the left,
// drawn by the art module from the room as it stands, and the few words that make someone tap on the
// right. Pure: the same card in, the same markup out (its hash is the card's ETag). Every name is
// escaped by the art's own escaper and cut to its room, so a name can neither break the markup nor
// push the words off the card.
import { boardScene } from '#site/shared/art/board.ts';
import type { BoardModel } from '#site/shared/art/model.ts';
import { GROUND, ICON, playerShades, CREAM } from '#site/shared/art/palette.ts';
import { escapeAttribute, escapeText, num, sceneToSvg } from '#site/shared/art/svg.ts';
import { truncateToWidth, type Weight } from '#site/shared/art/type.ts';
import {
  GAME_NAME,
  resultHook,
  resultTitle,
  stakeHook,
  type ResultFacts,
} from '#site/shared/share.ts';
import type { PlayerColor } from '#game/board.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The font the cards are drawn in (render.ts loads it from its npm package). */
export const CARD_FONT = 'Inter';

const BOARD_SIDE = 560;
const BOARD_X = 36;
const BOARD_Y = (CARD_HEIGHT - BOARD_SIDE) / 2;
const TEXT_X = 624;
const TEXT_WIDTH = CARD_WIDTH - TEXT_X - 40;
const GOLD = ICON.gold;
const MUTED = '#CFE3D3';
/**
 * Inter bold is about 0.81 of the art's estimate (made for the widest system sans fonts), regular
 * about 0.89 (measured with resvg); 0.9 keeps every cut on the safe side.
 */
const INTER_WIDTH = 0.9;

export interface RoomCard {
  /** First names, in joined order; the host first. */
  seated: { name: string; color: PlayerColor }[];
  maxPlayers: number;
  stakeZmw: number;
  /** Epoch ms the room closes if it does not fill; null once it is no longer waiting. */
  closesAt: number | null;
  status: 'waiting' | 'started' | 'closed';
  /** The board as it stands (first names on the yards). */
  board: BoardModel;
}

export interface ResultCard extends ResultFacts {
  podium: { name: string; color: PlayerColor; netProfit: number; winner: boolean }[];
  /** ISO time the game ended (the page says it; the card does not). */
  endTime: string;
  board: BoardModel;
}

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: Weight;
  fill: string;
  /** Cut with an ellipsis to this width (px). */
  width?: number;
}

function fit(text: string, size: number, weight: Weight, width: number): string {
  return truncateToWidth(text, width / INTER_WIDTH, size, weight) ?? '';
}

function textLine(line: Line): string {
  const text = fit(line.text, line.size, line.weight, line.width ?? TEXT_WIDTH);
  return (
    `<text x="${num(line.x)}" y="${num(line.y)}" font-size="${num(line.size)}" ` +
    `font-weight="${line.weight}" fill="${escapeAttribute(line.fill)}">${escapeText(text)}</text>`
  );
}

/** A name that fits before a fixed ending: "Join Natasha-Mulen…'s game". */
function around(before: string, name: string, after: string, size: number, weight: Weight) {
  const probe = (text: string) => fit(text, size, weight, TEXT_WIDTH) === text;
  let cut = name;
  while (cut.length > 1 && !probe(`${before}${cut}${after}`))
    cut = [...cut].slice(0, -2).join('') + '…';
  return `${before}${cut}${after}`;
}

const LUSAKA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lusaka',
  hour: '2-digit',
  minute: '2-digit',
});

/** The card's frame: green ground, a cream band, the board, the brand at the foot. */
function frame(board: BoardModel, body: string[]): string {
  const boardSvg = sceneToSvg(boardScene(board, { size: BOARD_SIDE, now: null }));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" `,
    `viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${CARD_FONT}, sans-serif">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${GROUND.brand}"/>`,
    `<rect x="${BOARD_X - 8}" y="${BOARD_Y - 8}" width="${BOARD_SIDE + 16}" `,
    `height="${BOARD_SIDE + 16}" rx="18" fill="${GROUND.grassDark}"/>`,
    `<g transform="translate(${BOARD_X} ${BOARD_Y})">${boardSvg}</g>`,
    textLine({
      text: GAME_NAME.toUpperCase(),
      x: TEXT_X,
      y: 92,
      size: 26,
      weight: 800,
      fill: GOLD,
    }),
    ...body,
    `<rect x="${TEXT_X}" y="${CARD_HEIGHT - 96}" width="${TEXT_WIDTH}" height="3" fill="${GOLD}"/>`,
    textLine({
      text: 'Run a truck company. Read your own statement.',
      x: TEXT_X,
      y: CARD_HEIGHT - 52,
      size: 22,
      weight: 400,
      fill: MUTED,
    }),
    '</svg>',
  ].join('');
}

function seatDots(card: RoomCard, y: number): string {
  const r = 20;
  return Array.from({ length: card.maxPlayers }, (_, i) => {
    const seat = card.seated[i];
    const cx = TEXT_X + r + i * (2 * r + 14);
    if (!seat) {
      return `<circle cx="${cx}" cy="${y}" r="${r - 2}" fill="none" stroke="${MUTED}" stroke-width="3" stroke-dasharray="6 5"/>`;
    }
    const shades = playerShades(seat.color);
    return `<circle cx="${cx}" cy="${y}" r="${r}" fill="${shades.fill}" stroke="${CREAM}" stroke-width="3"/>`;
  }).join('');
}

export function roomCardSvg(card: RoomCard): string {
  const host = card.seated[0]?.name || 'A player';
  const seatedWords = `${card.seated.length} of ${card.maxPlayers} seats taken`;
  const when =
    card.status === 'waiting' && card.closesAt !== null
      ? `Open until ${LUSAKA_TIME.format(new Date(card.closesAt))} Lusaka time`
      : card.status === 'started'
        ? 'The game is on: watch it live'
        : 'This room has closed';
  return frame(card.board, [
    textLine({
      text: around('', host, ' invites you', 50, 800),
      x: TEXT_X,
      y: 160,
      size: 50,
      weight: 800,
      fill: CREAM,
    }),
    textLine({
      text: 'to a truck company game',
      x: TEXT_X,
      y: 204,
      size: 30,
      weight: 400,
      fill: MUTED,
    }),
    textLine({
      text: stakeHook(card.stakeZmw, card.maxPlayers),
      x: TEXT_X,
      y: 278,
      size: 28,
      weight: 700,
      fill: GOLD,
    }),
    seatDots(card, 364),
    textLine({ text: seatedWords, x: TEXT_X, y: 428, size: 30, weight: 700, fill: CREAM }),
    textLine({
      text: card.seated.map((s) => s.name).join(', '),
      x: TEXT_X,
      y: 466,
      size: 24,
      weight: 400,
      fill: MUTED,
    }),
    textLine({ text: when, x: TEXT_X, y: 508, size: 26, weight: 400, fill: CREAM }),
  ]);
}

const MEDALS = [GOLD, '#C0C7D0', '#C8763A'] as const;

export function resultCardSvg(card: ResultCard): string {
  const title = resultTitle(card, (name, rest) => around('', name, rest, 46, 800));
  const sub = resultHook(card);
  const rows = card.podium.slice(0, 3).flatMap((p, i) => {
    const y = 300 + i * 66;
    const shades = playerShades(p.color);
    const profit = `${p.netProfit < 0 ? '\u2212' : ''}${Math.abs(Math.round(p.netProfit)).toLocaleString('en-US')}`;
    return [
      `<circle cx="${TEXT_X + 22}" cy="${y - 12}" r="22" fill="${MEDALS[i]}"/>`,
      textLine({
        text: String(i + 1),
        x: TEXT_X + 14,
        y: y - 1,
        size: 28,
        weight: 800,
        fill: GROUND.brand,
      }),
      `<rect x="${TEXT_X + 58}" y="${y - 30}" width="10" height="36" rx="3" fill="${shades.fill}"/>`,
      textLine({ text: p.name, x: TEXT_X + 82, y, size: 34, weight: 700, fill: CREAM, width: 250 }),
      textLine({ text: profit, x: TEXT_X + 340, y, size: 30, weight: 700, fill: GOLD, width: 170 }),
    ];
  });
  return frame(card.board, [
    textLine({ text: title, x: TEXT_X, y: 160, size: 46, weight: 800, fill: CREAM }),
    textLine({ text: sub, x: TEXT_X, y: 206, size: 24, weight: 400, fill: MUTED }),
    textLine({ text: 'Net profit', x: TEXT_X + 340, y: 258, size: 20, weight: 700, fill: MUTED }),
    ...rows,
  ]);
}
