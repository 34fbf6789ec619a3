/**
 * The motion plan: what a change of the room looks like, in order (die, hops, the landing's effect,
 * a 6), with the words said once it ends; how fast it plays; and the view rolled back by what is
 * still to come (a reveal at its start shows the room exactly as it was before the change).
 */
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '#game/log.ts';
import type { RoomView } from '#game/protocol.ts';
import {
  DIE_MS,
  HOP_MS,
  TURN_SHARE,
  castOf,
  naturalMs,
  planChange,
  planStartOf,
  speedOf,
  tumbleFace,
  type Reveal,
} from '#site/app/game/motion-plan.ts';
import { enqueue, idleMotion, stepDone } from '#site/app/game/reveal-queue.ts';
import { shownView } from '#site/app/game/shown-view.ts';
import { ME, OTHER, T0, view } from './board-machine-support';
import { playWholeGame } from './whole-game';

const roll = (player: string, value: number, newPosition: number, extra = {}): LogEntry => ({
  type: 'dice_roll',
  player,
  roll: value,
  newPosition,
  extraTurn: value === 6,
  nonce: 7,
  auto: false,
  timestamp: T0,
  ...extra,
});

/** Mwila (me) on box2 (home), Bwalya on box6 (home); both start on the depot unless moved. */
function room(patch: Partial<RoomView> = {}, positions: Record<string, number> = {}): RoomView {
  const base = view(patch);
  const participants = { ...base.participants };
  participants[ME] = { ...participants[ME]!, homeBox: 'box2', position: positions[ME] ?? -1 };
  participants[OTHER] = {
    ...participants[OTHER]!,
    homeBox: 'box6',
    position: positions[OTHER] ?? -1,
  };
  return { ...base, participants };
}

/** Bwalya rolls 3 to box 8 and pays the council 80. */
function councilRoll(): LogEntry[] {
  return [
    roll(OTHER, 3, 7),
    { type: 'expense', player: OTHER, boxId: 'box8', key: 'council', amount: 80, timestamp: T0 },
  ];
}

function plan(entries: LogEntry[], before = room(), after = before): Reveal[] {
  return planChange(entries, planStartOf(before), after, castOf(after, ME));
}

describe('the motion plan of a roll', () => {
  it('die, then the truck tile by tile, then the effect at the tile, then the words', () => {
    const [reveal] = plan([...councilRoll()], room({}, { [OTHER]: 4 }));
    expect(reveal?.steps).toEqual([
      { kind: 'die', ms: DIE_MS, face: 3 },
      { kind: 'hops', ms: 3 * HOP_MS, player: OTHER, from: 4, path: [5, 6, 7] },
      {
        kind: 'effect',
        ms: expect.any(Number),
        tile: 7,
        tag: '\u221280',
        tone: 'cost',
        floats: [{ from: { tile: 7 }, to: { chip: OTHER }, text: '\u221280', tone: 'cost' }],
      },
    ]);
    expect(reveal?.line).toBe('Bwalya rolled 3 \u2192 Council: \u221280');
    expect(reveal?.caption).toBeNull();
  });

  it('a gain floats green to the roller; a tax reads once ("Tax: −150", never "tax tax")', () => {
    const [gain] = plan([
      roll(ME, 4, 3),
      { type: 'revenue', player: ME, boxId: 'box4', key: 'gudwill', amount: 900, timestamp: T0 },
    ]);
    expect(gain?.steps[2]).toMatchObject({
      tone: 'gain',
      floats: [{ text: '+900', tone: 'gain' }],
    });
    expect(gain?.line).toBe('You rolled 4 \u2192 Gud Will: +900');
    const [tax] = plan(
      [
        roll(ME, 5, 6, { auto: true }),
        { type: 'tax', player: ME, boxId: 'box7', key: 'tax', amount: 150, timestamp: T0 },
      ],
      room({}, { [ME]: 1 }),
    );
    expect(tax?.line).toBe("Time's up: we rolled 5 for you \u2192 Tax: \u2212150");
    expect(tax?.caption).toBe("Time's up: we rolled for you");
  });

  it('a fee travels from the payer’s chip to the owner’s, and names both', () => {
    const fee = {
      type: 'truck_fee',
      from: OTHER,
      to: ME,
      boxId: 'box2',
      amount: 100,
      timestamp: T0,
    } as const;
    const [mine] = plan([roll(OTHER, 2, 1), fee]);
    expect(mine?.steps[2]).toMatchObject({
      floats: [{ from: { chip: OTHER }, to: { chip: ME }, text: '100', tone: 'fee' }],
    });
    expect(mine?.line).toBe('Bwalya rolled 2 \u2192 your home: Bwalya paid you 100');
    const [theirs] = plan([
      roll(ME, 6, 5),
      { type: 'truck_fee', from: ME, to: OTHER, boxId: 'box6', amount: 100, timestamp: T0 },
    ]);
    expect(theirs?.line).toBe(
      "You rolled 6 \u2192 Bwalya's home: paid 100 to Bwalya. Six! Roll again",
    );
    expect(theirs?.steps.map((s) => s.kind)).toEqual(['die', 'hops', 'effect', 'six']);
  });

  it('the truck dealer offers; an own yard does nothing', () => {
    const [dealer] = plan([roll(ME, 2, 19)], room({}, { [ME]: 17 }));
    expect(dealer?.steps[2]).toMatchObject({ kind: 'effect', tag: '1,500', floats: [] });
    expect(dealer?.line).toBe('You rolled 2 \u2192 Trucks: you may buy a truck for 1,500');
    const [home] = plan([roll(ME, 2, 1)]);
    expect(home?.steps.map((s) => s.kind)).toEqual(['die', 'hops']);
    expect(home?.line).toBe('You rolled 2 \u2192 your home');
  });
});

describe('purchases and answers to an offer', () => {
  it('a late purchase is its buyer’s reveal, never the line of the roll before it', () => {
    // Mwila landed on Trucks; Bwalya rolled; then Mwila bought (the offer stays until Mwila rolls).
    const [bwalya] = plan([
      roll(OTHER, 2, 4),
      { type: 'expense', player: OTHER, boxId: 'box5', key: 'tollfee', amount: 20, timestamp: T0 },
    ]);
    expect(bwalya?.line).not.toMatch(/bought/);
    const [bought] = plan(
      [{ type: 'truck_purchase', player: ME, cost: 1500, newTrucks: 2, timestamp: T0 + 9 }],
      room({ pendingPurchase: ME }),
    );
    expect(bought?.player).toBe(ME);
    expect(bought?.line).toBe('You bought a truck: 2 trucks now (\u22121,500)');
    expect(bought?.steps).toEqual([
      expect.objectContaining({
        kind: 'buy',
        from: 19,
        to: 1,
        trucks: 2,
        floats: [{ from: { tile: 19 }, to: { chip: ME }, text: '\u22121,500', tone: 'purchase' }],
      }),
    ]);
  });

  it('a declined or lapsed offer is a line without motion, naming its holder', () => {
    const [declined] = plan([
      { type: 'truck_declined', player: OTHER, lapsed: false, timestamp: T0 },
    ]);
    expect(declined?.steps).toEqual([]);
    expect(declined?.line).toBe('Bwalya declined the truck');
  });
});

describe('speed', () => {
  const [reveal] = plan([roll(OTHER, 3, 7)], room({}, { [OTHER]: 4 }));

  it('full speed on a real turn; a fast clock plays the same steps faster; a queue catches up', () => {
    expect(speedOf(reveal!, 20_000, 0)).toBe(1);
    const fit = speedOf(reveal!, 1_000, 0);
    expect(naturalMs(reveal!) * fit).toBeCloseTo(TURN_SHARE * 1_000);
    expect(speedOf(reveal!, 20_000, 2)).toBeCloseTo(1 / 3);
  });

  it('the tumbling die never shows the rolled face before it lands, and lands on it', () => {
    for (let face = 1; face <= 6; face++) {
      const seen = new Set<number>();
      for (let t = 0; t < DIE_MS; t += 10) {
        const shown = tumbleFace(t, DIE_MS, face);
        expect(shown).not.toBe(face);
        seen.add(shown);
      }
      expect(seen.size).toBeGreaterThanOrEqual(4);
      expect(tumbleFace(DIE_MS, DIE_MS, face)).toBe(face);
    }
  });
});

describe('the view rolled back by what is still to come', () => {
  it('at the start of a change’s reveals the board shows the room exactly as it was before it', () => {
    const game = playWholeGame(4);
    let before = game.start;
    let checked = 0;
    for (const change of game.changes) {
      const reveals = planChange(
        change.logs,
        planStartOf(before),
        change.view,
        castOf(change.view, ME),
      );
      const { motion } = enqueue(idleMotion(), reveals, change.now, false);
      // A change with motion (an answered offer alone has none and shows at once).
      if (motion.reveals.length > 0 && change.view.status === 'active') {
        const shown = shownView(change.view, motion);
        expect(shown.participants).toEqual(before.participants);
        expect(shown.boardState).toEqual(before.boardState);
        expect(shown.lastRoll).toEqual(before.lastRoll);
        expect(shown.pendingPurchase).toEqual(before.pendingPurchase);
        expect(shown.turn).toEqual({ ...before.turn, deadline: null });
        checked++;
      }
      before = change.view;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('the queue on a busy page', () => {
  it('a late timer never puts the board behind: steps whose time has passed end at once', () => {
    const base = room({}, { [OTHER]: 4 });
    const reveals = planChange([...councilRoll()], planStartOf(base), base, castOf(base, ME));
    const started = enqueue(idleMotion(20_000), reveals, T0, false).motion;
    const die = started.step!;
    // The die's timer fires on time: the hops begin as the die was due to end.
    const onTime = stepDone(started, die.id, 0, die.startedAt + die.ms).motion;
    expect(onTime.step).toMatchObject({ index: 1, startedAt: T0 + die.ms });
    // It fires two seconds late: the hops and the effect were due meanwhile, so the reveal ends.
    const late = stepDone(started, die.id, 0, T0 + die.ms + 2_000);
    expect(late.motion.step).toBeNull();
    expect(late.ended.map((e) => e.reveal.id)).toEqual(['roll:7']);
    expect(late.motion.line?.text).toBe('Bwalya rolled 3 \u2192 Council: \u221280');
    // A stale call (the step already moved on) changes nothing.
    expect(stepDone(onTime, die.id, 0, T0 + 5_000).motion).toBe(onTime);
  });
});
