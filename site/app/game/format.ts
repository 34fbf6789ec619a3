// How the game reads on screen: log entries as sentences, in-game amounts, clocks and turn labels.
// Pure, so the board, the history and the screen-reader announcements all say the same words.
import { BOARD, type Box } from '#game/board.ts';
import type { LogEntry } from '#game/log.ts';

/** The typographic minus, as in "Council (−80)". */
const MINUS = '\u2212';

/** In-game money (plain integers): 1500 → "1,500", −80 → "−80". */
export function formatGameAmount(amount: number): string {
  const digits = String(Math.abs(Math.trunc(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return amount < 0 ? `${MINUS}${digits}` : digits;
}

function signed(amount: number, sign: '+' | '-'): string {
  return `${sign === '+' ? '+' : MINUS}${formatGameAmount(Math.abs(amount))}`;
}

/** "Council" for `box8`; the box id itself if unknown. */
/** Each seated player's home tile (its box id) and the owner's name. */
export type Homes = Readonly<Record<string, string>>;

export function homesOf(
  participants: Readonly<Record<string, { name: string; homeBox: string }>>,
): Homes {
  return Object.fromEntries(Object.values(participants).map((p) => [p.homeBox, p.name]));
}

/** A tile by name; with `homes`, a home is named by its owner, or empty when nobody sits there. */
function boxName(box: Box, homes?: Homes): string {
  if (box.kind !== 'home' || !homes) return box.name;
  const owner = homes[box.id];
  return owner ? `${owner}'s home` : 'an empty home';
}

export function tileName(boxId: string, homes?: Homes): string {
  const box: Box | undefined = BOARD.find((b) => b.id === boxId);
  return box ? boxName(box, homes) : boxId;
}

/** The tile a position stands on, by name ("Start" off the board). */
export function positionName(position: number, homes?: Homes): string {
  const box = BOARD[position];
  return box ? boxName(box, homes) : 'Start';
}

export type Names = Readonly<Record<string, string>>;

function nameOf(uid: string, names: Names): string {
  return names[uid] ?? 'A player';
}

/** What a tile did to the one who landed there, for the roll's own line: "(−80)". */
function effectNote(entry: LogEntry, names: Names): string | null {
  switch (entry.type) {
    case 'revenue':
      return signed(entry.amount, '+');
    case 'expense':
      return signed(entry.amount, '-');
    // The tile is called Tax already: "Tax (−150)", never "Tax (tax −150)".
    case 'tax':
      return signed(entry.amount, '-');
    case 'truck_fee':
      return `paid ${formatGameAmount(entry.amount)} to ${nameOf(entry.to, names)}`;
    default:
      return null;
  }
}

function isEffectOf(entry: LogEntry, roll: LogEntry & { type: 'dice_roll' }): boolean {
  if (entry.timestamp !== roll.timestamp) return false;
  if (entry.type === 'truck_fee') return entry.from === roll.player;
  if (entry.type === 'revenue' || entry.type === 'expense' || entry.type === 'tax') {
    // The owner's truck revenue belongs to the fee's line, not to the roller's.
    return entry.player === roll.player && entry.key !== 'truckrevenue';
  }
  return false;
}

export interface LogLine {
  /** Stable across re-renders: the index of the entry that starts the line. */
  key: number;
  text: string;
}

/**
 * The log as sentences: a roll and what its tile did make one line ("Mwila rolled a 4 and moved
 * to Council (−80)"); purchases and anything unmatched get lines of their own.
 */
export function describeLog(entries: readonly LogEntry[], names: Names, homes?: Homes): LogLine[] {
  const lines: LogLine[] = [];
  const used = new Set<number>();
  entries.forEach((entry, index) => {
    if (used.has(index)) return;
    if (entry.type === 'dice_roll') {
      const notes: string[] = [];
      for (let next = index + 1; next < entries.length; next++) {
        const effect = entries[next] as LogEntry;
        if (effect.type === 'dice_roll') break;
        if (!isEffectOf(effect, entry)) continue;
        const note = effectNote(effect, names);
        if (note) notes.push(note);
        used.add(next);
      }
      const who = nameOf(entry.player, names);
      const where = positionName(entry.newPosition, homes);
      const effects = notes.length > 0 ? ` (${notes.join(', ')})` : '';
      const again = entry.extraTurn ? '. A 6: rolls again' : '';
      const move = entry.auto
        ? `Time's up: we rolled a ${entry.roll} for ${who}, who moved to ${where}`
        : `${who} rolled a ${entry.roll} and moved to ${where}`;
      lines.push({ key: index, text: `${move}${effects}${again}` });
      return;
    }
    lines.push({ key: index, text: describeEntry(entry, names, homes) });
  });
  return lines;
}

/** One entry on its own line. */
export function describeEntry(entry: LogEntry, names: Names, homes?: Homes): string {
  switch (entry.type) {
    case 'dice_roll':
      return `${nameOf(entry.player, names)} rolled a ${entry.roll} and moved to ${positionName(entry.newPosition, homes)}`;
    case 'truck_fee':
      return `${nameOf(entry.from, names)} paid a truck fee of ${formatGameAmount(entry.amount)} to ${nameOf(entry.to, names)} at ${tileName(entry.boxId, homes)}`;
    case 'revenue':
      return `${nameOf(entry.player, names)} earned ${formatGameAmount(entry.amount)} at ${tileName(entry.boxId, homes)}`;
    case 'expense':
      return `${nameOf(entry.player, names)} paid ${formatGameAmount(entry.amount)} at ${tileName(entry.boxId, homes)}`;
    case 'tax':
      return `${nameOf(entry.player, names)} paid ${formatGameAmount(entry.amount)} tax`;
    case 'truck_purchase':
      return `${nameOf(entry.player, names)} bought a truck for ${formatGameAmount(entry.cost)} (now ${entry.newTrucks} ${entry.newTrucks === 1 ? 'truck' : 'trucks'})`;
    case 'truck_declined':
      return entry.lapsed
        ? `${nameOf(entry.player, names)}'s truck offer lapsed`
        : `${nameOf(entry.player, names)} declined the truck`;
  }
}

/** A count-down as "m:ss" (never negative): 65 000 ms → "1:05". */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds left until `deadline` (never negative), rounded up. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "Your turn", "Mwila's turn", or null when no one has the turn. */
export function turnLabel(
  currentPlayer: string | null,
  me: string | null,
  names: Names,
): string | null {
  if (!currentPlayer) return null;
  if (currentPlayer === me) return 'Your turn';
  return `${nameOf(currentPlayer, names)}'s turn`;
}

/** `{uid: name}` from a room's participants. */
export function namesOf(participants: Readonly<Record<string, { name: string }>>): Names {
  return Object.fromEntries(Object.entries(participants).map(([uid, p]) => [uid, p.name]));
}
