// The pure part of one roll in the room server, step by step, on one core: the message gate's parse
// (zod), the machine's `send`, the persisted snapshot and its structured clone (what a storage put
// serialises), the view, its JSON, and the merge patch from the previous view. What it cannot time
// (workerd's storage write and its wait, the alarm, the sockets) is the difference between the room
// benchmark's CPU per roll and these steps. Run: `npx tsx bench/room/profile.ts`.
import { createActor } from 'xstate';
import {
  createMergePatch,
  nextDeadline,
  parseClientMessage,
  roomMachine,
  toView,
} from '../../game';

const SERVER_SEED = '5f0c3a9e1d7b2468ace013579bdf2468ace013579bdf2468ace013579bdf2468';
const ROLLS = Number(process.env.PROFILE_ROLLS ?? 20_000);

type Step = 'parse' | 'machine' | 'persisted' | 'clone' | 'view' | 'json' | 'patch' | 'patchJson';
const STEPS: Step[] = [
  'parse',
  'machine',
  'persisted',
  'clone',
  'view',
  'json',
  'patch',
  'patchJson',
];

function newRoom(game: number) {
  const seats = Array.from({ length: 4 }, (_, i) => ({
    uid: `g${game}p${i + 1}`,
    name: `Player ${i + 1}`,
    clientSeed: `c${game}-${i}`,
  }));
  const actor = createActor(roomMachine, {
    input: {
      roomId: `profile-${game}`,
      stakeNgwee: 3000,
      timeMinutes: 10_000,
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

if (import.meta.url === `file://${process.argv[1]}`) {
  profileRoll(2_000); // warm-up
  const result = profileRoll(ROLLS);
  console.log('µs per roll:');
  for (const step of STEPS) console.log(`  ${step.padEnd(10)} ${result[step].toFixed(1)}`);
  console.log('bytes:', result.bytes);
}
