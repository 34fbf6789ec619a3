// What the board shows: the room's one view, rolled back by what has not been revealed yet. The
// view is the server's word and the only one the client keeps; while a reveal plays, each of its
// parts stays as it was until its step ends (the die's roll, the truck's tile, the money, the
// trucks in the yard), and the turn, the offer and the game's end wait for the whole queue. With
// nothing left to reveal the board shows the view itself.
import type { LogEntry } from '#game/log.ts';
import type { ParticipantView, RoomView } from '#game/protocol.ts';
import type { Drive } from './animation';
import type { Reveal, StepKind } from './motion-plan';
import { playing, type MotionState } from './reveal-queue';

/** What a reveal has settled once the steps before `index` have ended. */
export interface Settled {
  roll: boolean;
  position: boolean;
  money: boolean;
}

export function settledBefore(reveal: Reveal, index: number): Settled {
  if (index >= reveal.steps.length) return { roll: true, position: true, money: true };
  const done = new Set<StepKind>(reveal.steps.slice(0, index).map((step) => step.kind));
  const carriesMoney = reveal.steps.some((step) => step.kind === 'effect' || step.kind === 'buy');
  const position = done.has('hops');
  return {
    roll: done.has('die'),
    position,
    money: done.has('effect') || done.has('buy') || (!carriesMoney && position),
  };
}

const NOTHING: Settled = { roll: false, position: false, money: false };

type Participants = Record<string, ParticipantView>;

function adjust(
  participants: Participants,
  uid: string,
  change: (p: ParticipantView) => ParticipantView,
): void {
  const p = participants[uid];
  if (p) participants[uid] = change(p);
}

function less(map: Record<string, number>, key: string, amount: number): Record<string, number> {
  const left = (map[key] ?? 0) - amount;
  const { [key]: _gone, ...rest } = map;
  return left === 0 ? rest : { ...rest, [key]: left };
}

/** Takes one entry's money (and trucks) back out of the participants. */
function undoMoney(entry: LogEntry, participants: Participants): void {
  switch (entry.type) {
    case 'revenue':
      adjust(participants, entry.player, (p) => ({
        ...p,
        balance: p.balance - entry.amount,
        revenue: less(p.revenue, entry.key, entry.amount),
      }));
      break;
    case 'expense':
      adjust(participants, entry.player, (p) => ({
        ...p,
        balance: p.balance + entry.amount,
        expenses: less(p.expenses, entry.key, entry.amount),
      }));
      break;
    case 'tax':
      adjust(participants, entry.player, (p) => ({
        ...p,
        balance: p.balance + entry.amount,
        tax: p.tax - entry.amount,
      }));
      break;
    case 'truck_fee':
      adjust(participants, entry.from, (p) => ({
        ...p,
        balance: p.balance + entry.amount,
        expenses: less(p.expenses, 'truckfee', entry.amount),
      }));
      adjust(participants, entry.to, (p) => ({
        ...p,
        balance: p.balance - entry.amount,
        revenue: less(p.revenue, 'truckrevenue', entry.amount),
      }));
      break;
    case 'truck_purchase':
      adjust(participants, entry.player, (p) => ({
        ...p,
        balance: p.balance + entry.cost,
        trucks: entry.newTrucks - 1,
      }));
      break;
    default:
      break;
  }
}

/** The room as the board shows it while `motion` still has reveals to play. */
export function shownView(view: RoomView, motion: MotionState): RoomView {
  const queue = motion.reveals;
  const head = queue[0];
  if (!head) return view;
  const now = playing(motion);
  const participants: Participants = { ...view.participants };
  let lastRoll = view.lastRoll;
  let trucksChanged = false;
  // Latest first, so that a player with two rolls waiting stands where the earlier one started.
  for (let i = queue.length - 1; i >= 0; i--) {
    const reveal = queue[i] as Reveal;
    const settled = i === 0 && now ? settledBefore(reveal, now.step.index) : NOTHING;
    if (!settled.money) {
      for (const entry of reveal.entries) {
        undoMoney(entry, participants);
        if (entry.type === 'truck_purchase') trucksChanged = true;
      }
    }
    if (!settled.position) {
      for (const step of reveal.steps) {
        if (step.kind === 'hops')
          adjust(participants, step.player, (p) => ({ ...p, position: step.from }));
      }
    }
    if (reveal.roll && !settled.roll) lastRoll = reveal.before.lastRoll;
  }
  let boardState = view.boardState;
  if (trucksChanged) {
    boardState = { ...view.boardState };
    for (const p of Object.values(participants)) {
      const home = boardState[p.homeBox];
      if (home && home.trucks !== p.trucks) boardState[p.homeBox] = { ...home, trucks: p.trucks };
    }
  }
  const ended = view.status === 'ended';
  return {
    ...view,
    participants,
    boardState,
    lastRoll,
    // The turn resolves with the reveal: its clock shows again once the board has caught up.
    turn: { ...head.before.turn, deadline: null },
    pendingPurchase: head.before.pendingPurchase,
    status: ended ? 'active' : view.status,
    result: ended ? null : view.result,
  };
}

/** The phase of the motion for the page's markers: the playing step's kind, or idle. */
export function motionPhase(motion: MotionState): StepKind | 'idle' {
  const now = playing(motion);
  return now ? ((now.reveal.steps[now.step.index]?.kind ?? 'idle') as StepKind) : 'idle';
}

/**
 * The die as the board shows it: tumbling (the face to land on, and since when) while the playing
 * reveal's die step runs, else the face of the last roll shown (null before the first roll).
 */
export function dieOf(
  view: RoomView,
  motion: MotionState,
): { face: number | null; nonce: number | null; tumble: { startedAt: number; ms: number } | null } {
  const now = playing(motion);
  const step = now ? now.reveal.steps[now.step.index] : undefined;
  if (now && step?.kind === 'die') {
    return {
      face: step.face,
      nonce: now.reveal.roll?.nonce ?? null,
      tumble: { startedAt: now.step.startedAt, ms: now.step.ms },
    };
  }
  const roll = shownView(view, motion).lastRoll;
  return { face: roll?.roll ?? null, nonce: roll?.nonce ?? null, tumble: null };
}

/** The truck driving now (the playing hops step), for the canvas; null when none drives. */
export function driveOf(motion: MotionState): Drive | null {
  const now = playing(motion);
  const step = now ? now.reveal.steps[now.step.index] : undefined;
  if (!now || step?.kind !== 'hops') return null;
  return {
    player: step.player,
    from: step.from,
    path: step.path,
    startedAt: now.step.startedAt,
    ms: now.step.ms,
  };
}
