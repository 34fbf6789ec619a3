// The town square's words as the room stands: whose turn (or what the room is waiting for), the
// game clock, and the board described in a sentence for people who cannot see it.
import { BOARD, START_POSITION } from '#game/board.ts';
import type { CentreWords } from './labels';
import type { BoardModel, SeatModel } from './model';

export const BRAND = 'Zed Truck Company';

/** A count-down as "m:ss" (never negative): 65 000 ms → "1:05". */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function seatOf(model: BoardModel, uid: string | null): SeatModel | null {
  return model.seats.find((s) => s.uid === uid) ?? null;
}

/** Whose turn, or what the room is waiting for; `me` reads "Your turn". */
export function turnWords(
  model: BoardModel,
  me: string | null,
  now: number | null,
): CentreWords['turn'] {
  switch (model.status) {
    case 'empty':
      return { name: '', after: 'Waiting for players', short: 'Waiting' };
    case 'waiting':
      return {
        name: '',
        after: `${model.seats.length} of ${model.maxPlayers} players seated`,
        short: `${model.seats.length} of ${model.maxPlayers} seated`,
      };
    case 'countdown':
      return model.countdownEndsAt !== null && now !== null
        ? { name: '', after: `Starts in ${clockText(model.countdownEndsAt - now)}` }
        : { name: '', after: 'Starting soon' };
    case 'active': {
      const current = seatOf(model, model.currentPlayer);
      if (!current) return { name: '', after: 'Game on' };
      const buying = model.pendingPurchase === current.uid;
      if (current.uid === me) return { name: '', after: buying ? 'Buy a truck?' : 'Your turn' };
      return {
        name: current.name,
        first: firstName(current.name),
        after: buying ? ': buy a truck?' : "'s turn",
        short: `${firstName(current.name)}'s turn`,
      };
    }
    case 'ended': {
      const winners = model.winners.map((uid) => seatOf(model, uid)).filter((s) => s !== null);
      if (winners.length === 1) {
        const [winner] = winners as [SeatModel];
        return winner.uid === me
          ? { name: '', after: 'You won!' }
          : { name: winner.name, first: firstName(winner.name), after: ' wins!' };
      }
      return { name: '', after: winners.length > 1 ? 'A shared win!' : 'Game over' };
    }
    case 'closed':
      return { name: '', after: 'Room closed' };
  }
}

/** The game clock: time left once it runs, else the game's length. */
export function clockWords(model: BoardModel, now: number | null): string {
  if (model.status === 'ended') return 'Final';
  if (model.status === 'active' && model.gameEndTime !== null && now !== null) {
    return `${clockText(model.gameEndTime - now)} left`;
  }
  return model.timeMinutes === null ? '' : `${model.timeMinutes} min game`;
}

export function centreWords(model: BoardModel, me: string | null, now: number | null): CentreWords {
  return { turn: turnWords(model, me, now), clock: clockWords(model, now), brand: BRAND };
}

function where(seat: SeatModel, model: BoardModel): string {
  if (seat.position === START_POSITION) return 'at the depot';
  const box = BOARD[seat.position];
  if (!box) return 'on the board';
  if (box.kind !== 'home') return `on ${box.name}`;
  const owner = model.seats.find((s) => s.homeBox === box.id);
  if (!owner) return 'on an empty lot';
  return owner.uid === seat.uid ? 'in their own yard' : `in ${owner.name}'s yard`;
}

/** The board in a sentence: each player's place and fleet, and whose turn it is. */
export function describeBoard(model: BoardModel, me: string | null, now: number | null): string {
  const players = model.seats.map(
    (s) => `${s.name} ${where(s, model)} with ${s.trucks} truck${s.trucks === 1 ? '' : 's'}`,
  );
  const turn = turnWords(model, me, now);
  const status = `${turn.before ?? ''}${turn.name}${turn.after}`;
  return players.length > 0
    ? `Game board. ${players.join('; ')}. ${status}.`
    : `Game board. ${status}.`;
}
