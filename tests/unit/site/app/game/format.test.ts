import { describe, expect, it } from 'vitest';
import type { LogEntry } from '#game/log.ts';
import {
  describeEntry,
  describeLog,
  formatClock,
  formatGameAmount,
  homesOf,
  namesOf,
  positionName,
  secondsLeft,
  tileName,
  turnLabel,
} from '#site/app/game/format.ts';

const names = { m: 'Mwila Banda', b: 'Bwalya Phiri' };
const t = 1_000;

function roll(player: string, value: number, newPosition: number, extra = {}): LogEntry {
  return {
    type: 'dice_roll',
    player,
    roll: value,
    newPosition,
    extraTurn: value === 6,
    nonce: 0,
    auto: false,
    timestamp: t,
    ...extra,
  };
}

describe('describeLog', () => {
  it('reads a roll and its tile as one line, with the typographic minus', () => {
    const lines = describeLog(
      [
        roll('m', 4, 7),
        { type: 'expense', player: 'm', boxId: 'box8', key: 'council', amount: 80, timestamp: t },
      ],
      names,
    );
    expect(lines).toEqual([
      { key: 0, text: 'Mwila Banda rolled a 4 and moved to Council (\u221280)' },
    ]);
  });

  it('shows revenue, tax and truck fees on the roll line, and a 6 rolling again', () => {
    const lines = describeLog(
      [
        roll('m', 4, 3),
        { type: 'revenue', player: 'm', boxId: 'box4', key: 'gudwill', amount: 900, timestamp: t },
        roll('b', 6, 6, { timestamp: t + 1, auto: true }),
        { type: 'tax', player: 'b', boxId: 'box7', key: 'tax', amount: 150, timestamp: t + 1 },
        roll('m', 2, 5, { timestamp: t + 2 }),
        { type: 'truck_fee', from: 'm', to: 'b', boxId: 'box6', amount: 100, timestamp: t + 2 },
      ],
      names,
    );
    expect(lines.map((l) => l.text)).toEqual([
      'Mwila Banda rolled a 4 and moved to Gud Will (+900)',
      "Time's up: we rolled a 6 for Bwalya Phiri, who moved to Tax (\u2212150). A 6: rolls again",
      'Mwila Banda rolled a 2 and moved to Home of player 2 (paid 100 to Bwalya Phiri)',
    ]);
  });

  it("names a home by its owner, and an unseated player's home as empty", () => {
    const homes = homesOf({
      m: { name: 'Mwila Banda', homeBox: 'box2' },
      b: { name: 'Bwalya Phiri', homeBox: 'box6' },
    });
    const lines = describeLog(
      [
        roll('m', 2, 5),
        { type: 'truck_fee', from: 'm', to: 'b', boxId: 'box6', amount: 100, timestamp: t },
        roll('b', 3, 18, { timestamp: t + 1 }),
      ],
      names,
      homes,
    );
    expect(lines.map((l) => l.text)).toEqual([
      "Mwila Banda rolled a 2 and moved to Bwalya Phiri's home (paid 100 to Bwalya Phiri)",
      'Bwalya Phiri rolled a 3 and moved to an empty home',
    ]);
    expect(positionName(1, homes)).toBe("Mwila Banda's home");
  });

  it('gives purchases and unmatched entries lines of their own, keyed by entry index', () => {
    const lines = describeLog(
      [
        { type: 'truck_purchase', player: 'b', cost: 1500, newTrucks: 2, timestamp: t },
        { type: 'revenue', player: 'm', boxId: 'box1', key: 'bonds', amount: 210, timestamp: t },
        { type: 'truck_declined', player: 'm', lapsed: false, timestamp: t },
        { type: 'truck_declined', player: 'b', lapsed: true, timestamp: t },
      ],
      names,
    );
    expect(lines).toEqual([
      { key: 0, text: 'Bwalya Phiri bought a truck for 1,500 (now 2 trucks)' },
      { key: 1, text: 'Mwila Banda earned 210 at Bonds' },
      { key: 2, text: 'Mwila Banda declined the truck' },
      { key: 3, text: "Bwalya Phiri's truck offer lapsed" },
    ]);
  });

  it('names an unknown player plainly', () => {
    expect(describeEntry(roll('x', 1, 0), names)).toBe('A player rolled a 1 and moved to Bonds');
  });
});

describe('small formats', () => {
  it('formats in-game amounts with separators and a real minus', () => {
    expect(formatGameAmount(5100)).toBe('5,100');
    expect(formatGameAmount(-80)).toBe('\u221280');
    expect(formatGameAmount(0)).toBe('0');
  });

  it('names tiles and positions', () => {
    expect(tileName('box20')).toBe('Trucks');
    expect(tileName('box99')).toBe('box99');
    expect(positionName(-1)).toBe('Start');
    expect(positionName(9)).toBe('Salaries and Wages');
  });

  it('counts down in m:ss, rounding up and never below zero', () => {
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(-5)).toBe('0:00');
    expect(secondsLeft(10_000, 5_500)).toBe(5);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('labels the turn', () => {
    expect(turnLabel('m', 'm', names)).toBe('Your turn');
    expect(turnLabel('b', 'm', names)).toBe("Bwalya Phiri's turn");
    expect(turnLabel(null, 'm', names)).toBeNull();
  });

  it('maps participants to names', () => {
    expect(namesOf({ a: { name: 'A' }, b: { name: 'B' } })).toEqual({ a: 'A', b: 'B' });
  });
});
