// What a change of the room looks like on the board, as pure data: the log entries of one change
// (they arrive just before its state) become reveals, each an ordered list of steps with their
// durations and the line said once its steps end. A roll is: the die tumbles and lands on the
// rolled face, the truck hops tile by tile, the landing's effect shows at the tile (the amount
// floats from the tile to the player's chip, a fee from payer to owner), a 6 is celebrated; a
// purchase drives a truck from the dealer into its yard. Nothing here knows about time passing:
// the board machine plays the steps one after another (reveal-queue.ts) and the screens draw them.
import { pathBetween } from '#site/shared/art/geometry.ts';
import { BOARD, MAX_TRUCKS, TRUCK_COST, type Box } from '#game/board.ts';
import type { DiceRollEntry, LogEntry, TruckDeclinedEntry, TruckPurchaseEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import { formatGameAmount, positionName, type Homes, type Names } from './format';
import { followsRoll } from './room-marker';

/** The die tumbles this long before it shows the rolled face. */
export const DIE_MS = 600;
/** A truck takes this long from one tile to the next. */
export const HOP_MS = 140;
/** The price tag pops at the tile, then the amount floats to the chip. */
export const TAG_MS = 300;
export const FLOAT_MS = 700;
/** "Six! Roll again". */
export const SIX_MS = 900;
/** A bought truck drives from the dealer into its yard. */
export const BUY_MS = 1_100;
/**
 * A reveal takes at most this share of a turn (the turn timer's length), so that the next player
 * always keeps most of theirs: on a fast clock the steps play faster, never differently.
 */
export const TURN_SHARE = 0.35;
/** Where the dealer stands (box20). */
export const DEALER_POSITION = BOARD.findIndex((box) => box.kind === 'trucks');

export type Tone = 'gain' | 'cost' | 'tax' | 'fee' | 'purchase';

/** Where a float starts or ends: a tile of the board, or a player's chip in the players bar. */
export type Spot = { tile: number } | { chip: string };

export interface Float {
  from: Spot;
  to: Spot;
  text: string;
  tone: Tone;
}

export type MotionStep =
  | { kind: 'die'; ms: number; face: number }
  | { kind: 'hops'; ms: number; player: string; from: number; path: number[] }
  | { kind: 'effect'; ms: number; tile: number; tag: string; tone: Tone | null; floats: Float[] }
  | { kind: 'six'; ms: number }
  | {
      kind: 'buy';
      ms: number;
      player: string;
      from: number;
      to: number;
      /** The buyer's fleet once the truck has parked. */
      trucks: number;
      floats: Float[];
    };

export type StepKind = MotionStep['kind'];

export type RollFacts = Omit<DiceRollEntry, 'type'>;

export interface Reveal {
  /** `roll:<nonce>`, `buy:<player>:<trucks>` or `offer:<player>:<timestamp>`. */
  id: string;
  kind: 'roll' | 'purchase' | 'offer';
  /** The player it belongs to: every line names them. */
  player: string;
  roll: RollFacts | null;
  /** The log entries it reveals (they join the log once it ends). */
  entries: LogEntry[];
  steps: MotionStep[];
  /** Said while the die tumbles, or null. */
  caption: string | null;
  /** Said once the steps end. */
  line: string;
  /** The room as the board showed it before this reveal (what it keeps showing until it ends). */
  before: {
    lastRoll: RoomView['lastRoll'];
    turn: RoomView['turn'];
    pendingPurchase: string | null;
  };
}

/** Who is who, for the words. */
export interface Cast {
  me: string | null;
  names: Names;
  /** Each seated player's home box and the owner's name (format.ts). */
  homes: Homes;
  /** The home box that is `me`'s, or null. */
  myHome: string | null;
}

export function castOf(view: RoomView, me: string | null): Cast {
  const names: Record<string, string> = {};
  const homes: Record<string, string> = {};
  for (const [uid, p] of Object.entries(view.participants)) {
    names[uid] = p.name;
    homes[p.homeBox] = p.name;
  }
  const myHome = me === null ? null : (view.participants[me]?.homeBox ?? null);
  return { me, names, homes, myHome };
}

const MINUS = '\u2212';

function who(uid: string, cast: Cast): string {
  return uid === cast.me ? 'You' : (cast.names[uid] ?? 'A player');
}

function whom(uid: string, cast: Cast): string {
  return uid === cast.me ? 'you' : (cast.names[uid] ?? 'a player');
}

/** A tile by name, homes by their owner ("your home", "Bwalya's home"). */
function placeName(position: number, cast: Cast): string {
  if (cast.myHome !== null && BOARD[position]?.id === cast.myHome) return 'your home';
  return positionName(position, cast.homes);
}

/**
 * The entries of one change, grouped: a roll with what its landing did (same timestamp), and each
 * purchase or answered offer on its own.
 */
export function groupChange(entries: readonly LogEntry[]): LogEntry[][] {
  const groups: LogEntry[][] = [];
  let roll: DiceRollEntry | null = null;
  for (const entry of entries) {
    if (entry.type === 'dice_roll') {
      roll = entry;
      groups.push([entry]);
    } else if (roll && followsRoll(entry, roll.timestamp)) {
      (groups[groups.length - 1] as LogEntry[]).push(entry);
    } else {
      roll = null;
      groups.push([entry]);
    }
  }
  return groups;
}

/** Where each player stands, and the room's roll, turn and offer: what a plan starts from. */
export interface PlanStart {
  positions: Readonly<Record<string, number>>;
  lastRoll: RoomView['lastRoll'];
  turn: RoomView['turn'];
  pendingPurchase: string | null;
  trucks: Readonly<Record<string, number>>;
}

export function planStartOf(view: RoomView): PlanStart {
  const positions: Record<string, number> = {};
  const trucks: Record<string, number> = {};
  for (const [uid, p] of Object.entries(view.participants)) {
    positions[uid] = p.position;
    trucks[uid] = p.trucks;
  }
  return {
    positions,
    trucks,
    lastRoll: view.lastRoll,
    turn: view.turn,
    pendingPurchase: view.pendingPurchase,
  };
}

/**
 * The reveals of one change: `entries` are the change's log entries in order, `start` the room as
 * the board knew it before, `after` the room's new state (for the homes of the yards).
 */
export function planChange(
  entries: readonly LogEntry[],
  start: PlanStart,
  after: RoomView,
  cast: Cast,
): Reveal[] {
  const positions = { ...start.positions };
  const trucks = { ...start.trucks };
  let lastRoll = start.lastRoll;
  const reveals: Reveal[] = [];
  for (const group of groupChange(entries)) {
    const first = group[0] as LogEntry;
    const before = { lastRoll, turn: start.turn, pendingPurchase: start.pendingPurchase };
    if (first.type === 'dice_roll') {
      const from = positions[first.player] ?? -1;
      reveals.push(planRoll(first, group.slice(1), from, trucks[first.player] ?? 0, before, cast));
      positions[first.player] = first.newPosition;
      const { type: _type, ...facts } = first;
      lastRoll = facts;
    } else if (first.type === 'truck_purchase') {
      trucks[first.player] = first.newTrucks;
      reveals.push(planPurchase(first, after, before, cast));
    } else if (first.type === 'truck_declined') {
      reveals.push(planOffer(first, before, cast));
    }
    // Anything else (an effect whose roll came in an earlier change) is only logged.
  }
  return reveals;
}

function planRoll(
  roll: DiceRollEntry,
  effects: readonly LogEntry[],
  from: number,
  trucks: number,
  before: Reveal['before'],
  cast: Cast,
): Reveal {
  const { type: _type, ...facts } = roll;
  const landing = BOARD[roll.newPosition] as Box;
  const path = pathBetween(from, roll.newPosition);
  const steps: MotionStep[] = [
    { kind: 'die', ms: DIE_MS, face: roll.roll },
    { kind: 'hops', ms: path.length * HOP_MS, player: roll.player, from, path },
  ];
  const effect = landingEffect(roll, effects, landing, trucks, cast);
  if (effect) steps.push(effect.step);
  if (roll.extraTurn) steps.push({ kind: 'six', ms: SIX_MS });

  const by = roll.player === cast.me ? 'you' : (cast.names[roll.player] ?? 'a player');
  const opening = roll.auto
    ? `Time's up: we rolled ${roll.roll} for ${by}`
    : `${who(roll.player, cast)} rolled ${roll.roll}`;
  const outcome = effect?.words ? `: ${effect.words}` : '';
  const six = roll.extraTurn ? '. Six! Roll again' : '';
  return {
    id: `roll:${roll.nonce}`,
    kind: 'roll',
    player: roll.player,
    roll: facts,
    entries: [roll, ...effects],
    steps,
    caption: roll.auto ? `Time's up: we rolled for ${by}` : null,
    line: `${opening} \u2192 ${placeName(roll.newPosition, cast)}${outcome}${six}`,
    before,
  };
}

const signed = (amount: number) =>
  `${amount < 0 ? MINUS : '+'}${formatGameAmount(Math.abs(amount))}`;

/** What the landing did: the step that shows it at the tile, and its words for the line. */
function landingEffect(
  roll: DiceRollEntry,
  effects: readonly LogEntry[],
  landing: Box,
  trucks: number,
  cast: Cast,
): { step: Extract<MotionStep, { kind: 'effect' }>; words: string } | null {
  const tile = roll.newPosition;
  const mine = { chip: roll.player };
  for (const entry of effects) {
    switch (entry.type) {
      case 'revenue': {
        const text = signed(entry.amount);
        return effectStep(
          tile,
          text,
          'gain',
          [{ from: { tile }, to: mine, text, tone: 'gain' }],
          text,
        );
      }
      case 'expense':
      case 'tax': {
        const tone = entry.type === 'tax' ? 'tax' : 'cost';
        const text = signed(-entry.amount);
        return effectStep(tile, text, tone, [{ from: { tile }, to: mine, text, tone }], text);
      }
      case 'truck_fee': {
        const amount = formatGameAmount(entry.amount);
        const words =
          entry.to === cast.me
            ? `${who(entry.from, cast)} paid you ${amount}`
            : `paid ${amount} to ${whom(entry.to, cast)}`;
        return effectStep(
          tile,
          `${MINUS}${amount}`,
          'fee',
          [{ from: { chip: entry.from }, to: { chip: entry.to }, text: amount, tone: 'fee' }],
          words,
        );
      }
      default:
        break;
    }
  }
  if (landing.kind === 'trucks' && trucks < MAX_TRUCKS) {
    const words =
      roll.player === cast.me
        ? `you may buy a truck for ${formatGameAmount(TRUCK_COST)}`
        : `a truck for sale (${formatGameAmount(TRUCK_COST)})`;
    return effectStep(tile, formatGameAmount(TRUCK_COST), null, [], words);
  }
  return null;
}

function effectStep(
  tile: number,
  tag: string,
  tone: Tone | null,
  floats: Float[],
  words: string,
): { step: Extract<MotionStep, { kind: 'effect' }>; words: string } {
  const ms = floats.length > 0 ? TAG_MS + FLOAT_MS : TAG_MS * 2;
  return { step: { kind: 'effect', ms, tile, tag, tone, floats }, words };
}

function planPurchase(
  entry: TruckPurchaseEntry,
  after: RoomView,
  before: Reveal['before'],
  cast: Cast,
): Reveal {
  const home = after.participants[entry.player]?.homeBox;
  const yard = home ? BOARD.findIndex((box) => box.id === home) : DEALER_POSITION;
  const cost = `${MINUS}${formatGameAmount(entry.cost)}`;
  const fleet = `${entry.newTrucks} ${entry.newTrucks === 1 ? 'truck' : 'trucks'}`;
  return {
    id: `buy:${entry.player}:${entry.newTrucks}`,
    kind: 'purchase',
    player: entry.player,
    roll: null,
    entries: [entry],
    steps: [
      {
        kind: 'buy',
        ms: BUY_MS,
        player: entry.player,
        from: DEALER_POSITION,
        to: yard,
        trucks: entry.newTrucks,
        floats: [
          {
            from: { tile: DEALER_POSITION },
            to: { chip: entry.player },
            text: cost,
            tone: 'purchase',
          },
        ],
      },
    ],
    caption: null,
    line: `${who(entry.player, cast)} bought a truck: ${fleet} now (${cost})`,
    before,
  };
}

function planOffer(entry: TruckDeclinedEntry, before: Reveal['before'], cast: Cast): Reveal {
  const line = entry.lapsed
    ? entry.player === cast.me
      ? 'Your truck offer lapsed'
      : `${who(entry.player, cast)}'s truck offer lapsed`
    : `${who(entry.player, cast)} declined the truck`;
  return {
    id: `offer:${entry.player}:${entry.timestamp}`,
    kind: 'offer',
    player: entry.player,
    roll: null,
    entries: [entry],
    steps: [],
    caption: null,
    line,
    before,
  };
}

/** The reveal's steps end to end at full speed. */
export function naturalMs(reveal: Pick<Reveal, 'steps'>): number {
  return reveal.steps.reduce((sum, step) => sum + step.ms, 0);
}

/**
 * How fast a reveal plays: 1 at full speed, less than 1 to fit TURN_SHARE of a turn `turnMs` long,
 * and faster again while `waiting` reveals queue behind it (they catch up rather than lag).
 */
export function speedOf(reveal: Pick<Reveal, 'steps'>, turnMs: number, waiting: number): number {
  const natural = naturalMs(reveal);
  const fit = natural > 0 ? Math.min(1, (TURN_SHARE * turnMs) / natural) : 1;
  return fit / (1 + Math.max(0, waiting));
}

/** How long a step takes at `speed` (whole milliseconds, at least 1 so that it is seen). */
export function stepMs(step: MotionStep, speed: number): number {
  return Math.max(1, Math.round(step.ms * speed));
}

/**
 * The face a tumbling die shows `elapsed` ms into a tumble of `ms` that lands on `face`: several
 * changes, slowing down (ease-out), never the rolled face before the last one. Deterministic.
 */
export function tumbleFace(elapsed: number, ms: number, face: number): number {
  if (elapsed >= ms) return face;
  const t = Math.max(0, elapsed) / ms;
  const eased = 1 - (1 - t) * (1 - t);
  const flips = Math.floor(eased * 6);
  // Walks the five other faces in turn: never `face` itself while tumbling.
  return ((face - 1 + 1 + (flips % 5)) % 6) + 1;
}
