// Plays a room the way the room server does, on a simulated clock: the site's room becomes machine
// input and a seats event (party/room/site-events.ts), bots move when the room server would move
// them (party/room/bots.ts), deadlines fire at their own times, and the one person follows a fixed
// policy read from the view. Same room and same policy, same game: the challenge tests compare two.
import { createActor } from 'xstate';
import { intentEvent, type IntentMessage, type RoomView } from '#game/protocol.ts';
import { nextDeadline, roomMachine } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import type { LogEntry } from '#game/log.ts';
import { dueBotEvent, nextBotMoveAt } from '#party/room/bots.ts';
import { buildSettlement } from '#party/room/settlement.ts';
import { machineInput, seatsEvent } from '#party/room/site-events.ts';
import type { SettlementReport } from '#wire/settlement.ts';
import type { RoomForParty } from '#wire/site-room.ts';

/** What the person does, from what they see: a message and how long after it became possible. */
export type PersonPolicy = (
  view: RoomView,
  me: string,
) => { message: IntentMessage; afterMs: number } | null;

/** Rolls 700 ms into each turn; buys the first two trucks offered, declines the rest after 1 s. */
export const steadyPerson: PersonPolicy = (view, me) => {
  if (view.pendingPurchase === me) {
    const bought = (view.participants[me]?.trucks ?? 1) - 1;
    return { message: { type: bought < 2 ? 'buyTruck' : 'declineTruck' }, afterMs: 1_000 };
  }
  if (view.turn.currentPlayer === me) return { message: { type: 'roll' }, afterMs: 700 };
  return null;
};

export interface PlayedRoom {
  logs: LogEntry[];
  view: RoomView;
  /** The settlement report the room server would send (protocol call 3). */
  report: SettlementReport;
}

export function playRoom(
  room: RoomForParty,
  options: { start: number; timeScale: number; person: PersonPolicy },
): PlayedRoom {
  const me = room.seats.find((seat) => !seat.uid.startsWith('bot:'))?.uid;
  if (!me) throw new Error('the room has no person');
  const actor = createActor(roomMachine, { input: machineInput(room, options.timeScale) });
  const logs: LogEntry[] = [];
  actor.on('log', ({ entry }) => logs.push(entry));
  actor.start();
  let now = options.start;
  actor.send(seatsEvent(room, now, [me]));
  // When the person's current choice became possible: the turn's start or the offer's roll.
  let possibleSince = now;
  let lastKey = '';
  for (let step = 0; step < 100_000 && actor.getSnapshot().value !== 'ended'; step += 1) {
    const view = toView(actor.getSnapshot(), { spectators: 0 });
    const choice = options.person(view, me);
    const key = `${view.turn.currentPlayer}:${view.lastRoll?.nonce ?? -1}:${view.pendingPurchase}`;
    if (key !== lastKey) {
      possibleSince = now;
      lastKey = key;
    }
    const times = [
      nextDeadline(actor.getSnapshot()),
      nextBotMoveAt(actor, now, options.timeScale),
      choice ? possibleSince + choice.afterMs : null,
    ].filter((t): t is number => t !== null);
    if (times.length === 0) break;
    now = Math.max(now, Math.min(...times));
    const bot = dueBotEvent(actor, now, options.timeScale);
    if (bot) actor.send(bot);
    else if (choice && possibleSince + choice.afterMs <= now) {
      actor.send(intentEvent(choice.message, me, now));
    } else actor.send({ type: 'TICK', now });
  }
  const snapshot = actor.getSnapshot();
  const { result } = snapshot.context;
  if (snapshot.value !== 'ended' || !result) throw new Error('the game did not end');
  const view = toView(snapshot, { spectators: 0 });
  return { logs, view, report: buildSettlement({ roomId: room.roomId, view, result, logs }) };
}
