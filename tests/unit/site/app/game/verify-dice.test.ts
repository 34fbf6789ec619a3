import { describe, expect, it } from 'vitest';
import { combineClientSeeds, hashServerSeed, rollDie } from '#game/dice.ts';
import { verifyDice } from '#site/app/game/verify-dice.ts';

const serverSeed = 'a'.repeat(64);
const clientSeed = combineClientSeeds(['00ff', null, 'c0ffee']);
const fairness = { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed };

function honestLogs(count: number) {
  return Array.from({ length: count }, (_, nonce) => ({
    type: 'dice_roll',
    player: nonce % 2 === 0 ? 'u1' : 'u2',
    roll: rollDie(serverSeed, clientSeed, nonce),
    newPosition: 0,
    extraTurn: false,
    nonce,
    auto: nonce === 3,
    timestamp: 1_000 + nonce,
  }));
}

describe('verifyDice', () => {
  it('confirms every roll of an honest game and the published hash', () => {
    const logs = [
      ...honestLogs(12),
      { type: 'truck_purchase', player: 'u1', cost: 1500, newTrucks: 2, timestamp: 5 },
    ];
    const result = verifyDice(fairness, logs);
    expect(result.hashMatches).toBe(true);
    expect(result.rolls).toHaveLength(12);
    expect(result.rolls.every((r) => r.ok)).toBe(true);
    expect(result.allOk).toBe(true);
    expect(result.rolls[3]?.auto).toBe(true);
  });

  it('flags a roll that the seed does not give', () => {
    const logs = honestLogs(6);
    const tampered = logs[2] as { roll: number };
    tampered.roll = (tampered.roll % 6) + 1;
    const result = verifyDice(fairness, logs);
    expect(result.rolls.map((r) => r.ok)).toEqual([true, true, false, true, true, true]);
    expect(result.allOk).toBe(false);
  });

  it('flags a revealed seed that does not match the hash published at the start', () => {
    const result = verifyDice(
      { ...fairness, serverSeedHash: hashServerSeed('other') },
      honestLogs(3),
    );
    expect(result.hashMatches).toBe(false);
    expect(result.allOk).toBe(false);
  });

  it('skips entries that are not well-formed rolls', () => {
    const result = verifyDice(fairness, [null, { type: 'dice_roll' }, 'x', ...honestLogs(1)]);
    expect(result.rolls).toHaveLength(1);
  });
});
