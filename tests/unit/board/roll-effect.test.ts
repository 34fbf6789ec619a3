import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../game/log';
import { lastRollEffect } from '../../../site/app/game/roll-effect';

const names = { me: 'Mwila', other: 'Bwalya' };
const roll = (
  player: string,
  n: number,
  newPosition: number,
  nonce: number,
  t: number,
): LogEntry => ({
  type: 'dice_roll',
  player,
  roll: n,
  newPosition,
  extraTurn: false,
  nonce,
  auto: false,
  timestamp: t,
});

describe('what the last roll did', () => {
  it('your roll and its tile: a short line and the cash change per player', () => {
    const logs: LogEntry[] = [
      roll('other', 2, 1, 0, 1),
      roll('me', 3, 2, 1, 2),
      { type: 'expense', player: 'me', boxId: 'box3', key: 'repairs', amount: 150, timestamp: 2 },
    ];
    const effect = lastRollEffect(logs, names, 'me');
    expect(effect?.nonce).toBe(1);
    expect(effect?.text).toMatch(/^You rolled 3 → .+ −150$/);
    expect(effect?.changes).toEqual({ me: -150 });
  });

  it('a truck fee moves cash from the roller to the owner', () => {
    const logs: LogEntry[] = [
      roll('other', 4, 5, 7, 9),
      { type: 'truck_fee', from: 'other', to: 'me', boxId: 'box6', amount: 100, timestamp: 9 },
    ];
    const effect = lastRollEffect(logs, names, 'me');
    expect(effect?.text).toMatch(/^Bwalya rolled 4 → .+ paid 100 to Mwila$/);
    expect(effect?.changes).toEqual({ other: -100, me: 100 });
  });

  it('nothing before the first roll', () => {
    expect(lastRollEffect([], names, 'me')).toBeNull();
  });
});
