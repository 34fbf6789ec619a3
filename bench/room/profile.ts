// The pure part of one roll in the room server, step by step, on one core: the message gate's parse
// (zod), the machine's `send`, the persisted snapshot and its structured clone (what a storage put
// serialises), the view, its JSON, and the merge patch from the previous view. What it cannot time
// (workerd's storage write and its wait, the alarm, the sockets) is the difference between the room
// benchmark's CPU per roll and these steps. Run: `npx tsx bench/room/profile.ts`.
//
// Also the bytes one player's phone receives and sends on the room socket during a whole 10-minute
// four-player game, message by message as the room server would send them (whole states before
// small messages, and state + patches after), with WebSocket framing, heartbeats and the HTTP of
// the ticket call and the upgrade (those two estimated from their usual headers: the web benchmark
// does not measure them).
import { createActor } from 'xstate';
import { createMergePatch } from '#game/merge-patch.ts';
import { nextDeadline, roomMachine } from '#game/room-machine.ts';
import { parseClientMessage } from '#game/protocol.ts';
import { toView } from '#game/view.ts';
import type { LogEntry } from '#game/log.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';

const SERVER_SEED = '5f0c3a9e1d7b2468ace013579bdf2468ace013579bdf2468ace013579bdf2468';
const ROLLS = Number(process.env.PROFILE_ROLLS ?? 20_000);

type Step = 'parse' | 'machine' | 'persisted' | 'clone' | 'view' | 'json' | 'patch' | 'patchJson';
/** The steps a roll takes now (`json`, the whole state's JSON, is what each roll cost before). */
export const PROFILE_STEPS: Step[] = [
  'parse',
  'machine',
  'persisted',
  'clone',
  'view',
  'patch',
  'patchJson',
];
const STEPS: Step[] = [...PROFILE_STEPS, 'json'];

function newRoom(game: number, timeMinutes = 10_000) {
  const seats = Array.from({ length: 4 }, (_, i) => ({
    uid: `g${game}p${i + 1}`,
    name: `Player ${i + 1}`,
    clientSeed: `c${game}-${i}`,
  }));
  const actor = createActor(roomMachine, {
    input: {
      roomId: `profile-${game}`,
      stakeNgwee: 3000,
      timeMinutes,
      maxPlayers: 4,
      serverSeed: SERVER_SEED,
      timeScale: 1,
    },
  }).start();
  actor.send({ type: 'SEATS', seats, now: 0 });
  actor.send({ type: 'TICK', now: nextDeadline(actor.getSnapshot()) ?? 0 });
  return actor;
}

export function profileRoll(
  rolls: number,
): Record<Step, number> & { bytes: Record<string, number> } {
  const spent = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  let actor = newRoom(0);
  let previous = toView(actor.getSnapshot(), { spectators: 0 });
  let now = 10_000;
  let game = 0;
  let stateBytes = 0;
  let patchBytes = 0;
  let snapshotBytes = 0;
  for (let i = 0; i < rolls; i++) {
    now += 400;
    let t = performance.now();
    const parsed = parseClientMessage('{"type":"roll"}');
    let u = performance.now();
    spent.parse += u - t;
    if (!parsed.ok) throw new Error('unparsable roll');
    const { game: state } = actor.getSnapshot().context;
    // Like the benchmark's bots: an offered truck is declined first (not counted as a roll).
    if (state?.pendingPurchase) {
      actor.send({ type: 'DECLINE_TRUCK', by: state.pendingPurchase, now });
    }
    t = performance.now();
    actor.send({
      type: 'ROLL',
      by: actor.getSnapshot().context.game?.turn.currentPlayer ?? '',
      now,
    });
    u = performance.now();
    spent.machine += u - t;
    const persisted = actor.getPersistedSnapshot();
    t = performance.now();
    spent.persisted += t - u;
    const cloned = structuredClone(persisted);
    u = performance.now();
    spent.clone += u - t;
    const view = toView(actor.getSnapshot(), { spectators: 0 });
    t = performance.now();
    spent.view += t - u;
    const json = JSON.stringify({ type: 'state', version: i, state: view });
    u = performance.now();
    spent.json += u - t;
    const patch = createMergePatch(previous, view);
    t = performance.now();
    spent.patch += t - u;
    const patchJson = JSON.stringify({ type: 'patch', version: i, patch });
    u = performance.now();
    spent.patchJson += u - t;
    previous = view;
    stateBytes += json.length;
    patchBytes += patchJson.length;
    if (i % 500 === 0) snapshotBytes = JSON.stringify(cloned).length;
    if (actor.getSnapshot().value !== 'active') {
      actor.stop();
      actor = newRoom(++game);
      previous = toView(actor.getSnapshot(), { spectators: 0 });
    }
  }
  const perRoll = Object.fromEntries(STEPS.map((s) => [s, (spent[s] * 1000) / rolls])) as Record<
    Step,
    number
  >;
  return {
    ...perRoll,
    bytes: { state: stateBytes / rolls, patch: patchBytes / rolls, snapshot: snapshotBytes },
  };
}

/** Bytes on the wire for one WebSocket message: payload plus frame header (client frames are masked). */
function framed(payload: number, fromClient: boolean): number {
  const header = payload <= 125 ? 2 : payload <= 65_535 ? 4 : 10;
  return payload + header + (fromClient ? 4 : 0);
}

/** Ticket call (POST with the session cookie, JSON answer) and the socket's upgrade, both ways. */
const HTTP_ESTIMATE = {
  ticketRequest: 650,
  ticketResponse: 450,
  upgradeRequest: 650,
  upgradeResponse: 170,
};

export interface GameBytes {
  moves: number;
  changes: number;
  /** Whole state after every change, as before small messages. */
  wholeStates: number;
  /** One whole state on connect, then patches. */
  patches: number;
  logs: number;
  heartbeat: number;
  sent: number;
  http: number;
}

/**
 * One player's socket during a 10-minute four-player game: every player moves 1–8 s after its turn
 * comes (an offer is answered in 1–4 s, half bought), as people on phones do; heartbeats every 3 s.
 */
export function gameBytes(seed = 7): GameBytes {
  const random = seededRandom(seed);
  const actor = newRoom(seed, 10);
  const logs: LogEntry[] = [];
  actor.on('log', (event) => logs.push(event.entry));
  let view = toView(actor.getSnapshot(), { spectators: 0 });
  const totals: GameBytes = {
    moves: 0,
    changes: 0,
    wholeStates: framed(JSON.stringify({ type: 'state', version: 1, state: view }).length, false),
    patches: framed(JSON.stringify({ type: 'state', version: 1, state: view }).length, false),
    logs: 0,
    heartbeat: 0,
    sent: 0,
    http: Object.values(HTTP_ESTIMATE).reduce((a, b) => a + b, 0),
  };
  let now = nextDeadline(actor.getSnapshot()) ?? 0;
  const started = now;
  let version = 1;
  for (;;) {
    const { game } = actor.getSnapshot().context;
    if (actor.getSnapshot().value !== 'active' || !game) break;
    const holder = game.pendingPurchase;
    now += holder ? 1_000 + random() * 3_000 : 1_000 + random() * 7_000;
    const event = holder
      ? ({ type: random() < 0.5 ? 'BUY_TRUCK' : 'DECLINE_TRUCK', by: holder, now } as const)
      : ({ type: 'ROLL', by: game.turn.currentPlayer ?? '', now } as const);
    logs.length = 0;
    actor.send(event);
    totals.moves += 1;
    totals.sent += framed(
      JSON.stringify({ type: event.type === 'ROLL' ? 'roll' : 'x' }).length,
      true,
    );
    for (const entry of logs)
      totals.logs += framed(JSON.stringify({ type: 'log', entry }).length, false);
    const next = toView(actor.getSnapshot(), { spectators: 0 });
    const patch = createMergePatch(view, next);
    if (patch === undefined) continue;
    version += 1;
    totals.changes += 1;
    totals.wholeStates += framed(
      JSON.stringify({ type: 'state', version, state: next }).length,
      false,
    );
    totals.patches += framed(JSON.stringify({ type: 'patch', version, patch }).length, false);
    view = next;
  }
  const pings = Math.ceil((now - started) / 3_000);
  totals.heartbeat = pings * framed(15, false);
  totals.sent += pings * framed(15, true);
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  profileRoll(2_000); // warm-up
  const result = profileRoll(ROLLS);
  console.log('µs per roll:');
  for (const step of STEPS) console.log(`  ${step.padEnd(10)} ${result[step].toFixed(1)}`);
  console.log('bytes:', result.bytes);
  console.log('one player, one 10-minute game:', gameBytes());
}
