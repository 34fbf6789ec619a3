/**
 * The board's state across whole games on the real room machine: each change as the room sends it
 * (log entries, then the state), the reveals played step by step as the screen's timer would. The
 * die shown equals the roll once its motion ends, every line names the player it belongs to (a
 * late purchase is its buyer's), nothing reaches the log before its reveal ends, and with nothing
 * left to reveal the board shows the room's view itself.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import type { BoardEmitted, BoardEvent } from '#site/app/game/board-context.ts';
import { boardMachine } from '#site/app/game/board-machine.ts';
import type { Reveal } from '#site/app/game/motion-plan.ts';
import { playing } from '#site/app/game/reveal-queue.ts';
import { dieOf, shownView } from '#site/app/game/shown-view.ts';
import { emittedFrom, type Snapshot } from './board-machine-support';
import { GAME_T0, PLAYERS, playWholeGame, type WholeGame } from './whole-game';

const ME = 'me';
const nameOf = (uid: string) => PLAYERS.find((p) => p.uid === uid)?.name ?? uid;

interface Watch {
  snapshot: Snapshot;
  ended: { reveal: Reveal; instant: boolean }[];
  began: { reveal: Reveal; index: number }[];
  /** After each die step: the roll's face and the face the board showed. */
  landed: { nonce: number; roll: number; shown: number | null }[];
  /** Whenever nothing was left to reveal: the room's last roll and the face shown. */
  idle: { roll: number | null; shown: number | null }[];
}

function send(watch: Watch, event: BoardEvent): void {
  const [next, actions] = transition(boardMachine, watch.snapshot, event);
  watch.snapshot = next;
  for (const e of emittedFrom(actions) as BoardEmitted[]) {
    if (e.type === 'reveal.end') watch.ended.push({ reveal: e.reveal, instant: e.instant });
    if (e.type === 'reveal.step') watch.began.push({ reveal: e.reveal, index: e.index });
  }
}

function look(watch: Watch): void {
  const { view, motion, logs } = watch.snapshot.context;
  if (!view) return;
  if (motion.reveals.length === 0) {
    watch.idle.push({ roll: view.lastRoll?.roll ?? null, shown: dieOf(view, motion).face });
    expect(shownView(view, motion)).toBe(view);
  }
  // Nothing waiting to be revealed is in the log yet.
  const waiting = new Set(motion.reveals.flatMap((r) => r.entries));
  expect(logs.some((entry) => waiting.has(entry))).toBe(false);
}

/** Plays the playing step to its end, as the screen's timer does, and looks after it. */
function finishStep(watch: Watch): boolean {
  const now = playing(watch.snapshot.context.motion);
  if (!now) return false;
  const step = now.reveal.steps[now.step.index];
  send(watch, {
    type: 'motion.stepDone',
    id: now.step.id,
    index: now.step.index,
    now: now.step.startedAt + now.step.ms,
  });
  const { view, motion } = watch.snapshot.context;
  if (step?.kind === 'die' && view && now.reveal.roll) {
    // The die step of this reveal just ended (whatever plays now): its face stays on the die.
    const after = playing(motion);
    if (after?.reveal.id === now.reveal.id) {
      watch.landed.push({
        nonce: now.reveal.roll.nonce,
        roll: now.reveal.roll.roll,
        shown: dieOf(view, motion).face,
      });
    }
  }
  look(watch);
  return true;
}

/** The board connected, with the game's first state. */
function startWatching(game: WholeGame): Watch {
  const watch: Watch = {
    snapshot: initialTransition(boardMachine, { me: ME })[0],
    ended: [],
    began: [],
    landed: [],
    idle: [],
  };
  send(watch, { type: 'socket.open' });
  send(watch, { type: 'socket.state', view: game.start, now: GAME_T0 });
  return watch;
}

/** Feeds a whole game to the board: sometimes the next change comes while reveals still play. */
function watchGame(game: WholeGame, instant = false, overlap = 0.5): Watch {
  const watch = startWatching(game);
  if (instant) send(watch, { type: 'motion.instant', instant: true });
  game.changes.forEach((change, i) => {
    for (const entry of change.logs) send(watch, { type: 'socket.log', entry });
    send(watch, { type: 'socket.state', view: change.view, now: change.now });
    look(watch);
    // Some changes arrive while the board is still showing the ones before (a deterministic mix).
    const hurry = ((i * 7919) % 100) / 100 < overlap;
    if (!hurry) while (finishStep(watch));
    else finishStep(watch);
  });
  while (finishStep(watch));
  return watch;
}

const games = [1, 2, 3].map((seed) => playWholeGame(seed));
const rollsOf = (game: WholeGame) =>
  game.changes
    .flatMap((c) => c.logs)
    .filter((e): e is Extract<LogEntry, { type: 'dice_roll' }> => e.type === 'dice_roll');

describe('the board across whole games', () => {
  it('plays many rolls, with 6s, fees and purchases (late ones too): the games are worth watching', () => {
    for (const game of games) {
      const logs = game.changes.flatMap((c) => c.logs);
      expect(rollsOf(game).length).toBeGreaterThan(60);
      expect(logs.some((e) => e.type === 'dice_roll' && e.extraTurn)).toBe(true);
      expect(logs.some((e) => e.type === 'truck_fee')).toBe(true);
      expect(logs.some((e) => e.type === 'truck_purchase')).toBe(true);
    }
    // A purchase made after another player's roll (the offer stays until its holder rolls again).
    const late = games.some((game) =>
      game.changes.some((c, i) =>
        c.logs.some(
          (e) =>
            e.type === 'truck_purchase' &&
            game.changes[i - 1]?.logs.some((r) => r.type === 'dice_roll' && r.player !== e.player),
        ),
      ),
    );
    expect(late).toBe(true);
  });

  it('the die shown after each roll’s motion is the roll, and at rest it is the room’s last roll', () => {
    for (const game of games) {
      const watch = watchGame(game);
      const rolls = rollsOf(game);
      // Every roll that played its die step landed on its own face.
      expect(watch.landed.length).toBeGreaterThan(rolls.length / 3);
      for (const landed of watch.landed) expect(landed.shown).toBe(landed.roll);
      expect(watch.idle.length).toBeGreaterThan(0);
      for (const idle of watch.idle) expect(idle.shown).toBe(idle.roll);
      const { view, motion } = watch.snapshot.context;
      expect(motion.reveals).toEqual([]);
      expect(dieOf(view as RoomView, motion).face).toBe(rolls.at(-1)?.roll);
    }
  });

  it('reveals every change in order, each line naming its player; the log ends as the room’s', () => {
    for (const game of games) {
      const watch = watchGame(game);
      const logs = game.changes.flatMap((c) => c.logs);
      expect(watch.snapshot.context.logs).toEqual(logs.slice(-500));
      const revealed = watch.ended.flatMap((e) => e.reveal.entries);
      expect(revealed).toEqual(logs.filter((e) => revealed.includes(e)));
      for (const { reveal } of watch.ended) {
        if (reveal.player === ME) expect(reveal.line).toMatch(/^(You|Your)\b|for you\b/);
        else expect(reveal.line).toContain(nameOf(reveal.player));
        const first = reveal.entries[0] as LogEntry;
        if (first.type === 'truck_purchase') {
          expect(reveal.player).toBe(first.player);
          expect(reveal.line).toMatch(/bought a truck/);
        }
        if (first.type === 'dice_roll') {
          expect(reveal.line).not.toMatch(/bought/);
          if (first.auto) expect(reveal.line).toMatch(/^Time's up: we rolled \d for /);
          if (first.extraTurn) expect(reveal.line).toMatch(/Six! Roll again$/);
        }
      }
      // The steps of each roll come in order: die, hops, then the effect, then the 6.
      const order = ['die', 'hops', 'effect', 'six'];
      for (const { reveal } of watch.ended) {
        const kinds = reveal.steps.map((s) => s.kind);
        if (reveal.kind === 'roll') {
          expect(kinds.slice(0, 2)).toEqual(['die', 'hops']);
          expect([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(kinds);
        }
      }
    }
  });

  it('reduced motion: every change ends at once, with the same words', () => {
    const game = games[0] as WholeGame;
    const moving = watchGame(game, false, 0);
    const still = watchGame(game, true);
    expect(still.began).toEqual([]);
    expect(still.ended.every((e) => e.instant)).toBe(true);
    expect(still.ended.map((e) => e.reveal.line)).toEqual(moving.ended.map((e) => e.reveal.line));
    for (const idle of still.idle) expect(idle.shown).toBe(idle.roll);
  });

  it('the turn is the player’s to roll only once the board has shown everything', () => {
    const game = games[1] as WholeGame;
    const watch = startWatching(game);
    let checked = 0;
    for (const change of game.changes) {
      for (const entry of change.logs) send(watch, { type: 'socket.log', entry });
      send(watch, { type: 'socket.state', view: change.view, now: change.now });
      const { motion } = watch.snapshot.context;
      const mine = change.view.turn.currentPlayer === ME && change.view.status === 'active';
      if (mine && motion.reveals.length > 0) {
        expect(watch.snapshot.matches({ connected: { dice: 'yourTurn' } })).toBe(false);
        checked++;
      }
      while (finishStep(watch));
      if (mine) expect(watch.snapshot.matches({ connected: { dice: 'yourTurn' } })).toBe(true);
    }
    expect(checked).toBeGreaterThan(5);
  });
});
