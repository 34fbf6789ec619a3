// What the last roll did, for the board itself: a short line ("You rolled 3 → Repairs −150") that
// floats over the board, and each player's cash change for their chip. From the log entries of
// that roll (the same grouping as the log's own lines in format.ts).
import type { LogEntry } from '../../../game/log';
import { formatGameAmount, positionName, type Homes, type Names } from './format';

export interface RollEffect {
  /** The roll's nonce: a new roll is a new effect (and a new animation). */
  nonce: number;
  text: string;
  /** Cash change per player (in-game money), only those the roll changed. */
  changes: Record<string, number>;
}

const MINUS = '−';
const signedAmount = (n: number) => `${n < 0 ? MINUS : '+'}${formatGameAmount(Math.abs(n))}`;

export function lastRollEffect(
  logs: readonly LogEntry[],
  names: Names,
  me: string | null,
  homes?: Homes,
): RollEffect | null {
  let at = -1;
  for (let i = logs.length - 1; i >= 0; i--) {
    if (logs[i]?.type === 'dice_roll') {
      at = i;
      break;
    }
  }
  const roll = logs[at];
  if (!roll || roll.type !== 'dice_roll') return null;
  const changes: Record<string, number> = {};
  const add = (uid: string, amount: number) => {
    changes[uid] = (changes[uid] ?? 0) + amount;
  };
  const notes: string[] = [];
  for (const entry of logs.slice(at + 1)) {
    switch (entry.type) {
      case 'revenue':
        add(entry.player, entry.amount);
        if (entry.player === roll.player) notes.push(signedAmount(entry.amount));
        break;
      case 'expense':
        add(entry.player, -entry.amount);
        if (entry.player === roll.player) notes.push(signedAmount(-entry.amount));
        break;
      case 'tax':
        add(entry.player, -entry.amount);
        if (entry.player === roll.player) notes.push(`tax ${signedAmount(-entry.amount)}`);
        break;
      case 'truck_fee':
        add(entry.from, -entry.amount);
        add(entry.to, entry.amount);
        notes.push(`paid ${formatGameAmount(entry.amount)} to ${names[entry.to] ?? 'a player'}`);
        break;
      case 'truck_purchase':
        add(entry.player, -entry.cost);
        notes.push(`bought a truck ${signedAmount(-entry.cost)}`);
        break;
      default:
        break;
    }
  }
  const who = roll.player === me ? 'You' : (names[roll.player] ?? 'A player');
  const where = positionName(roll.newPosition, homes);
  const text = `${who} rolled ${roll.roll} → ${where}${notes.length ? ` ${notes.join(', ')}` : ''}`;
  return { nonce: roll.nonce, text, changes };
}
