import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** 20 bytes = 160 bits of randomness, well above the 128-bit floor for bearer tokens. */
export const TOKEN_BYTES = 20;

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** A fresh opaque token (base32, lower-case, 32 characters). */
export function generateToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Rejects anything that cannot be a token before it costs a hash and a query. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** What the database stores instead of the token: a leaked table yields no usable session. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
