// RFC 9530 Content-Digest: a dictionary of algorithm → byte sequence, computed over the body as sent.
import { createHash, timingSafeEqual } from 'node:crypto';
import { parseDictionary, StructuredFieldError } from './structured-fields';

export type DigestAlgorithm = 'sha-256' | 'sha-512';

const HASH_OF: Readonly<Record<DigestAlgorithm, string>> = {
  'sha-256': 'sha256',
  'sha-512': 'sha512',
};

function isDigestAlgorithm(name: string): name is DigestAlgorithm {
  return Object.hasOwn(HASH_OF, name);
}

export function contentDigest(
  body: Uint8Array,
  algorithms: readonly DigestAlgorithm[] = ['sha-512'],
): string {
  return algorithms
    .map((alg) => `${alg}=:${createHash(HASH_OF[alg]).update(body).digest('base64')}:`)
    .join(', ');
}

export type DigestCheck = { ok: true } | { ok: false; reason: string };

/**
 * Recomputes every sha-256 / sha-512 entry over the raw body. At least one must be present and
 * every one present must match; entries of other algorithms are ignored (RFC 9530 §2: the
 * deprecated ones must not be relied on).
 */
export function checkContentDigest(header: string, body: Uint8Array): DigestCheck {
  let entries;
  try {
    entries = parseDictionary(header);
  } catch (error) {
    if (error instanceof StructuredFieldError) {
      return { ok: false, reason: `Content-Digest is malformed: ${error.message}` };
    }
    throw error;
  }
  let checked = 0;
  for (const [name, member] of entries) {
    if (!isDigestAlgorithm(name)) continue;
    if (member.kind !== 'item' || !(member.value instanceof Uint8Array)) {
      return { ok: false, reason: `Content-Digest ${name} is not a byte sequence` };
    }
    const expected = createHash(HASH_OF[name]).update(body).digest();
    const given = Buffer.from(member.value);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: `Content-Digest ${name} does not match the body` };
    }
    checked++;
  }
  if (checked === 0) return { ok: false, reason: 'Content-Digest has no sha-256 or sha-512 entry' };
  return { ok: true };
}
