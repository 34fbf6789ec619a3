// Provably-fair dice (docs/rules.md, docs/decisions/002). The same code rolls on the server and
// verifies in the browser: @oslojs/crypto is synchronous and portable.
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256, sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';

/** Words at or above this limit are skipped so that `v % 6` has no bias (4294967292 = 6 × 715827882). */
export const WORD_LIMIT = 4294967292;

const encoder = new TextEncoder();

/** SHA-256 hex of the server seed's UTF-8 bytes: published when the room is created. */
export function hashServerSeed(serverSeed: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(serverSeed)));
}

/**
 * The seated players' seeds in joinedOrder, joined by ':'. A player who sent no seed counts as the
 * empty string, so every seat keeps its place.
 */
export function combineClientSeeds(
  seedsInJoinedOrder: readonly (string | null | undefined)[],
): string {
  return seedsInJoinedOrder.map((seed) => seed ?? '').join(':');
}

/**
 * Reads the digest's eight big-endian 32-bit words and returns the first that is below WORD_LIMIT as
 * a die face. If none is (probability about 2^-243), the next digest is `rehash(digest)` and the
 * reading goes on there, so every (seed, nonce) still has exactly one value.
 */
export function dieFromDigest(
  digest: Uint8Array,
  rehash: (digest: Uint8Array) => Uint8Array,
): number {
  let current = digest;
  for (;;) {
    const view = new DataView(current.buffer, current.byteOffset, current.byteLength);
    for (let offset = 0; offset + 4 <= current.byteLength; offset += 4) {
      const word = view.getUint32(offset, false);
      if (word < WORD_LIMIT) return (word % 6) + 1;
    }
    current = rehash(current);
  }
}

/** d = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`). */
export function rollDigest(serverSeed: string, clientSeed: string, nonce: number): Uint8Array {
  return hmac(SHA256, encoder.encode(serverSeed), encoder.encode(`${clientSeed}:${nonce}`));
}

/** The continuation when a digest has no usable word: d' = HMAC-SHA256(key = serverSeed, message = d). */
export function nextDigest(serverSeed: string, previous: Uint8Array): Uint8Array {
  return hmac(SHA256, encoder.encode(serverSeed), previous);
}

/** Roll number `nonce` of a game: a face from 1 to 6. */
export function rollDie(serverSeed: string, clientSeed: string, nonce: number): number {
  return dieFromDigest(rollDigest(serverSeed, clientSeed, nonce), (previous) =>
    nextDigest(serverSeed, previous),
  );
}
