import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WORD_LIMIT,
  combineClientSeeds,
  dieFromDigest,
  hashServerSeed,
  nextDigest,
  rollDie,
  rollDigest,
} from '#game/dice.ts';

const ZERO_SEED = '0000000000000000000000000000000000000000000000000000000000000000';
const SEED = 'a3f1c2d4e5b697881234567890abcdef0fedcba9876543210123456789abcdef';
const FF_SEED = 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff';

// Computed once with node:crypto (createHmac / createHash), independently of game/dice.ts.
const ROLLS: [string, string, number, number][] = [
  [ZERO_SEED, '', 0, 5],
  [ZERO_SEED, '', 1, 5],
  [SEED, 'alice:bob', 0, 5],
  [SEED, 'alice:bob', 1, 3],
  [SEED, 'alice:bob', 2, 3],
  [SEED, 'alice:bob', 41, 6],
  [FF_SEED, 'seed-1::seed-3', 7, 4],
  [FF_SEED, 'seed-1::seed-3', 999999, 5],
  ['deadbeef', 'ñandú:✓', 3, 2],
];

const HASHES: [string, string][] = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [ZERO_SEED, '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55'],
  [SEED, '29e34472e82ce38f872fd794327170adaaf7c3e080924caacf1fd8c7b0687529'],
];

function words(...values: number[]): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setUint32(i * 4, v, false));
  return bytes;
}

const noRehash = () => {
  throw new Error('rehash should not be needed');
};

describe('provably-fair dice', () => {
  it.each(ROLLS)('rollDie(%s, %j, %s) = %s', (serverSeed, clientSeed, nonce, value) => {
    expect(rollDie(serverSeed, clientSeed, nonce)).toBe(value);
  });

  it('gives the known first twenty rolls of a game', () => {
    const rolls = Array.from({ length: 20 }, (_, n) => rollDie(SEED, 'alice:bob', n));
    expect(rolls.join(',')).toBe('5,3,3,6,1,2,2,6,5,3,3,6,3,1,5,2,3,6,3,6');
  });

  it.each(HASHES)('hashServerSeed(%j) = %s', (seed, hash) => {
    expect(hashServerSeed(seed)).toBe(hash);
  });

  it('joins client seeds in joinedOrder with ":", a missing seed counting as empty', () => {
    expect(combineClientSeeds(['a', 'b', 'c'])).toBe('a:b:c');
    expect(combineClientSeeds(['seed-1', undefined, 'seed-3'])).toBe('seed-1::seed-3');
    expect(combineClientSeeds(['', null])).toBe(':');
    expect(combineClientSeeds([])).toBe('');
  });

  it('agrees with node:crypto over random seeds and nonces', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.array(fc.string({ maxLength: 20 }), { maxLength: 6 }),
        fc.nat({ max: 10_000_000 }),
        (seedBytes, seeds, nonce) => {
          const serverSeed = Buffer.from(seedBytes).toString('hex');
          const clientSeed = seeds.join(':');
          const digest = createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
            .update(`${clientSeed}:${nonce}`, 'utf8')
            .digest();
          let expected = 0;
          for (let i = 0; i < 8 && expected === 0; i++) {
            const v = digest.readUInt32BE(i * 4);
            if (v < 4294967292) expected = (v % 6) + 1;
          }
          expect(rollDie(serverSeed, clientSeed, nonce)).toBe(expected);
          expect(hashServerSeed(serverSeed)).toBe(
            createHash('sha256').update(serverSeed, 'utf8').digest('hex'),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  describe('reading the digest', () => {
    it('takes the first word below the limit, big-endian', () => {
      expect(WORD_LIMIT).toBe(4294967292);
      expect(dieFromDigest(words(0, 0, 0, 0, 0, 0, 0, 0), noRehash)).toBe(1);
      expect(dieFromDigest(words(5, 0, 0, 0, 0, 0, 0, 0), noRehash)).toBe(6);
      expect(dieFromDigest(words(0x01020304, 0, 0, 0, 0, 0, 0, 0), noRehash)).toBe(
        (0x01020304 % 6) + 1,
      );
      expect(dieFromDigest(words(4294967291, 0, 0, 0, 0, 0, 0, 0), noRehash)).toBe(
        (4294967291 % 6) + 1,
      );
    });

    it('skips words at or above 4294967292', () => {
      const skipped = [4294967292, 4294967293, 4294967294, 4294967295];
      expect(dieFromDigest(words(...skipped, 7, 0, 0, 0), noRehash)).toBe(2);
      expect(dieFromDigest(words(...skipped, ...skipped.slice(0, 3), 9), noRehash)).toBe(4);
    });

    it('continues on the rehashed digest when no word qualifies', () => {
      const hopeless = words(...Array<number>(8).fill(0xffffffff));
      const calls: Uint8Array[] = [];
      const rehash = (previous: Uint8Array) => {
        calls.push(previous);
        return calls.length === 1 ? hopeless : words(0xfffffffc, 10, 0, 0, 0, 0, 0, 0);
      };
      expect(dieFromDigest(hopeless, rehash)).toBe((10 % 6) + 1);
      expect(calls).toEqual([hopeless, hopeless]);
    });

    it('builds the digests with HMAC-SHA256 keyed by the server seed', () => {
      const key = Buffer.from(SEED, 'utf8');
      const first = createHmac('sha256', key).update('alice:bob:3', 'utf8').digest();
      expect(Buffer.from(rollDigest(SEED, 'alice:bob', 3)).equals(first)).toBe(true);
      const hopeless = words(...Array<number>(8).fill(0xffffffff));
      const next = createHmac('sha256', key).update(hopeless).digest();
      expect(Buffer.from(nextDigest(SEED, hopeless)).equals(next)).toBe(true);
    });
  });
});
