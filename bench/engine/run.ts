// Throughput of the game on one core: complete random games through the room machine (what the
// room server runs) beside the pure rules alone, and the cost of one move through XState's `send`
// against the rules function. Run: `npx tsx bench/engine/run.ts` (or `npm run bench`).
import { createActor } from 'xstate';
import { applyRoll, buyTruck, declineTruck } from '#game/rules.ts';
import { combineClientSeeds, rollDie } from '#game/dice.ts';
import { createGame, type GameState } from '#game/game-state.ts';
import { nextDeadline, roomMachine } from '#game/room-machine.ts';
import { payoutOf, winnersOf } from '#game/payout.ts';
import { statementsOf } from '#game/statement.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { QUICK, figure, savePart } from '../support/report';

const SERVER_SEED = '5f0c3a9e1d7b2468ace013579bdf2468ace013579bdf2468ace013579bdf2468';
const GAME_MS = 10 * 60_000;
const TURN_MS = 20_000;

function seatsFor(n: number, game: number) {
  return Array.from({ length: n }, (_, i) => ({
    uid: `g${game}p${i + 1}`,
    name: `Player ${i + 1}`,
    clientSeed: `c${game}-${i}`,
  }));
}

/** A 10-minute game through the pure rules: a move every 1–20 s, random answers to offers. */
function purePlay(random: () => number, game: number): number {
  const seats = seatsFor(2 + Math.floor(random() * 5), game);
  const clientSeed = combineClientSeeds(seats.map((s) => s.clientSeed));
  let state: GameState = createGame({ players: seats });
  let now = 0;
  let nonce = 0;
  let moves = 0;
  while (now < GAME_MS) {
    now += 1000 + Math.floor(random() * (TURN_MS - 1000));
    const holder = state.pendingPurchase;
    if (holder !== null && random() < 0.5) {
      const answer = random() < 0.7 ? buyTruck : declineTruck;
      const result = answer(state, { by: holder, now });
      if (result.ok) state = result.state;
    } else {
      const roll = rollDie(SERVER_SEED, clientSeed, nonce);
      const by = state.turn.currentPlayer;
      const result = applyRoll(state, { by, roll, nonce, auto: false, now });
      if (result.ok) {
        state = result.state;
        nonce += 1;
      }
    }
    moves += 1;
  }
  const statements = statementsOf(state.players);
  payoutOf(3000, state.joinedOrder, winnersOf(state.joinedOrder, statements));
  return moves;
}

/** The same kind of game through the room machine, with every deadline driven by TICKs. */
function machinePlay(random: () => number, game: number): number {
  const seats = seatsFor(2 + Math.floor(random() * 5), game);
  const actor = createActor(roomMachine, {
    input: {
      roomId: `bench-${game}`,
      stakeNgwee: 3000,
      timeMinutes: GAME_MS / 60_000,
      maxPlayers: seats.length,
      serverSeed: SERVER_SEED,
      timeScale: 1,
    },
  }).start();
  let moves = 0;
  actor.send({ type: 'SEATS', seats, now: 0 });
  actor.send({ type: 'TICK', now: nextDeadline(actor.getSnapshot()) ?? 0 });
  let now = 5000;
  while (actor.getSnapshot().value === 'active') {
    const { game: state, turnDeadline } = actor.getSnapshot().context;
    now += 1000 + Math.floor(random() * (TURN_MS - 1000));
    const holder = state?.pendingPurchase ?? null;
    if (random() < 0.1) {
      actor.send({ type: 'TICK', now: turnDeadline ?? now });
      now = turnDeadline ?? now;
    } else if (holder !== null && random() < 0.5) {
      actor.send({ type: random() < 0.7 ? 'BUY_TRUCK' : 'DECLINE_TRUCK', by: holder, now });
    } else {
      actor.send({ type: 'ROLL', by: state?.turn.currentPlayer ?? '', now });
    }
    moves += 1;
  }
  actor.stop();
  return moves;
}

function timeFor(
  ms: number,
  run: (i: number) => number,
): { runs: number; moves: number; ms: number } {
  const start = performance.now();
  let runs = 0;
  let moves = 0;
  while (performance.now() - start < ms) moves += run(runs++);
  return { runs, moves, ms: performance.now() - start };
}

/** Cost of one roll: XState send (with its guards, emits and snapshot) vs the rules function. */
function moveCost(rolls: number) {
  const seats = seatsFor(4, 0);
  const clientSeed = combineClientSeeds(seats.map((s) => s.clientSeed));

  let state: GameState = createGame({ players: seats });
  let start = performance.now();
  for (let nonce = 0; nonce < rolls; nonce++) {
    const roll = rollDie(SERVER_SEED, clientSeed, nonce);
    const result = applyRoll(state, {
      by: state.turn.currentPlayer,
      roll,
      nonce,
      auto: false,
      now: nonce,
    });
    if (result.ok) state = result.state;
  }
  const pure = (performance.now() - start) / rolls;

  state = createGame({ players: seats });
  start = performance.now();
  for (let nonce = 0; nonce < rolls; nonce++) {
    const result = applyRoll(state, {
      by: state.turn.currentPlayer,
      roll: (nonce % 6) + 1,
      nonce,
      auto: false,
      now: nonce,
    });
    if (result.ok) state = result.state;
  }
  const pureWithoutDice = (performance.now() - start) / rolls;

  const actor = createActor(roomMachine, {
    input: {
      roomId: 'bench',
      stakeNgwee: 3000,
      timeMinutes: 10_000,
      maxPlayers: 4,
      serverSeed: SERVER_SEED,
      timeScale: 1,
    },
  }).start();
  actor.on('*', () => undefined);
  actor.send({ type: 'SEATS', seats, now: 0 });
  actor.send({ type: 'TICK', now: 5000 });
  start = performance.now();
  for (let i = 0; i < rolls; i++) {
    const current = actor.getSnapshot().context.game?.turn.currentPlayer ?? '';
    actor.send({ type: 'ROLL', by: current, now: 5000 + i });
  }
  const viaMachine = (performance.now() - start) / rolls;
  actor.stop();
  return { pure, pureWithoutDice, viaMachine };
}

function main(): void {
  const started = performance.now();
  const seconds = Number(process.env.BENCH_SECONDS ?? (QUICK ? 1 : 4));

  purePlay(seededRandom(1), 0); // warm-up
  machinePlay(seededRandom(1), 0);

  const pureRandom = seededRandom(42);
  const pure = timeFor(seconds * 1000, (i) => purePlay(pureRandom, i));
  const machineRandom = seededRandom(42);
  const machine = timeFor(seconds * 1000, (i) => machinePlay(machineRandom, i));
  const cost = moveCost(QUICK ? 5_000 : 20_000);

  const perSecond = (run: { runs: number; ms: number }) => (run.runs / run.ms) * 1000;
  const us = (ms: number) => ms * 1000;
  const pureRules = { name: 'pure rules function', value: perSecond(pure) };

  savePart('engine', {
    figures: {
      completeGames: {
        roomMachine: figure(perSecond(machine), 'games/s', pureRules),
        movesPerGame: figure(machine.moves / machine.runs, 'events', {
          name: 'pure rules',
          value: pure.moves / pure.runs,
        }),
      },
      perMove: {
        xstateSend: figure(us(cost.viaMachine), 'µs', {
          name: 'rules function (die + applyRoll)',
          value: us(cost.pure),
        }),
        xstateOverhead: figure(us(cost.viaMachine - cost.pure), 'µs', {
          name: 'the rules function itself',
          value: us(cost.pure),
        }),
        applyRollWithoutDice: figure(us(cost.pureWithoutDice), 'µs', {
          name: 'rules function with the HMAC die',
          value: us(cost.pure),
        }),
      },
    },
    notes: [
      `one core (this process), ${seconds} s per throughput measure; games are 10-minute games of 2–6 players with a move every 1–20 s and random answers to offers`,
    ],
    seconds: (performance.now() - started) / 1000,
  });
}

main();
