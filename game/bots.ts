// Practice bots: who they are (uids `bot:<style>:<n>`, names `Bot …`) and what they do. The policy
// reads only the projected view a player's browser gets (never the server seed) and answers with
// the same intents a player sends; no clock and no randomness of its own: `now` comes in as data
// and the pause varies with the visible roll counter.
import { MAX_TRUCKS, TRUCK_COST } from './board';
import type { IntentMessage, RoomView } from './protocol';
import { TURN_MS, scaled } from './timing';

export const BOT_STYLES = ['balanced', 'careful', 'bold'] as const;
export type BotStyle = (typeof BOT_STYLES)[number];

export const BOT_UID_PREFIX = 'bot:';
export const BOT_NAME_PREFIX = 'Bot ';
export const MIN_BOTS = 1;
export const MAX_BOTS = 5;

/** When a style buys the truck it is offered. */
export interface BuyingHabit {
  /** Cash it keeps after paying for the truck. */
  reserve: number;
  /** The least share of the game still to play (0–1) for a truck to be worth buying. */
  minTimeLeft: number;
  /** It stops buying once it runs this many trucks. */
  maxTrucks: number;
  /** How long it thinks over an offer, before the scale (ms). */
  thinkMs: number;
}

export const BUYING_HABITS: Record<BotStyle, BuyingHabit> = {
  careful: { reserve: 2_000, minTimeLeft: 0.5, maxTrucks: 3, thinkMs: 3_000 },
  balanced: { reserve: 500, minTimeLeft: 0.25, maxTrucks: 5, thinkMs: 2_000 },
  bold: { reserve: 0, minTimeLeft: 0, maxTrucks: MAX_TRUCKS, thinkMs: 1_000 },
};

/** How long a bot waits before it rolls, before the scale (ms); well inside the turn timer. */
export const ROLL_PAUSE_MS = 1_500;
/** A little variation, so bots do not move like clockwork: 0…4 steps of this, by the roll counter. */
const PAUSE_STEP_MS = 300;

export function isBotUid(uid: string): boolean {
  return uid.startsWith(BOT_UID_PREFIX);
}

export function botStyleOf(uid: string): BotStyle | null {
  if (!isBotUid(uid)) return null;
  const style = uid.slice(BOT_UID_PREFIX.length).split(':')[0];
  return BOT_STYLES.find((s) => s === style) ?? null;
}

/** Seats for `count` bots: styles in turn (balanced, careful, bold, …), numbered when repeated. */
export function botSeats(count: number): { uid: string; name: string; style: BotStyle }[] {
  return Array.from({ length: count }, (_, i) => {
    const style = BOT_STYLES[i % BOT_STYLES.length] as BotStyle;
    const n = Math.floor(i / BOT_STYLES.length) + 1;
    const label = `${style[0]?.toUpperCase()}${style.slice(1)}`;
    return {
      uid: `${BOT_UID_PREFIX}${style}:${n}`,
      name: `${BOT_NAME_PREFIX}${label}${n > 1 ? ` ${n}` : ''}`,
      style,
    };
  });
}

/** A room with a bot in it is a practice room: bots never sit at a table with a stake. */
export function isPracticeView(view: Pick<RoomView, 'joinedOrder'>): boolean {
  return view.joinedOrder.some(isBotUid);
}

/** Whether `style` buys the truck it is offered now. */
export function wantsTruck(style: BotStyle, view: RoomView, uid: string, now: number): boolean {
  const me = view.participants[uid];
  if (!me) return false;
  const habit = BUYING_HABITS[style];
  if (me.balance - TRUCK_COST < habit.reserve) return false;
  if (me.trucks >= habit.maxTrucks) return false;
  const { gameStartTime: start, gameEndTime: end } = view;
  if (start === null || end === null || end <= start) return true;
  return (end - now) / (end - start) >= habit.minTimeLeft;
}

export interface BotMove {
  uid: string;
  message: IntentMessage;
  /** When the bot sends it (ms epoch): the moment it could act, plus its pause. */
  at: number;
}

function pauseMs(baseMs: number, view: RoomView, timeScale: number): number {
  const variation = ((view.lastRoll?.nonce ?? 0) % 5) * PAUSE_STEP_MS;
  return scaled(baseMs + variation, timeScale);
}

/**
 * The next thing a bot does in this room, or null (no bot has anything to do). An offer a bot holds
 * is answered first (a roll would let it lapse); then a bot whose turn it is rolls.
 */
export function nextBotMove(view: RoomView, now: number, timeScale: number): BotMove | null {
  if (view.status !== 'active') return null;
  const holder = view.pendingPurchase;
  const style = holder === null ? null : botStyleOf(holder);
  if (holder !== null && style !== null) {
    const offeredAt = view.lastRoll?.timestamp ?? now;
    const buy = wantsTruck(style, view, holder, now);
    return {
      uid: holder,
      message: { type: buy ? 'buyTruck' : 'declineTruck' },
      at: offeredAt + pauseMs(BUYING_HABITS[style].thinkMs, view, timeScale),
    };
  }
  const current = view.turn.currentPlayer;
  if (current === null || !isBotUid(current) || view.turn.deadline === null) return null;
  const turnStartedAt = view.turn.deadline - scaled(TURN_MS, timeScale);
  return {
    uid: current,
    message: { type: 'roll' },
    at: turnStartedAt + pauseMs(ROLL_PAUSE_MS, view, timeScale),
  };
}
