// The one password rule (docs/api.md), for sign-up, reset and change alike: at least 8 characters,
// at most 256, and not among the most common passwords. The list is the "passwords-common"
// dictionary of @zxcvbn-ts/language-common (about 49,000 passwords ranked from public breach
// corpora, maintained with zxcvbn-ts); see docs/decisions/014-password-rule.md.
import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '#site/shared/auth-messages.ts';
import { withWords } from '../api/refusal-words';

export type PasswordRefusal = {
  error: string;
  code: 'weak_password' | 'password_too_long' | 'common_password';
};

let common: ReadonlySet<string> | undefined;

/** Only entries a password of the allowed length could equal; compared without case. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary['passwords-common']
      .filter((word) => word.length >= LIMITS.passwordMin)
      .map((word) => word.toLowerCase()),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Null when the password may be used; otherwise the refusal to answer. */
export function checkNewPassword(password: string): PasswordRefusal | null {
  if (password.length < LIMITS.passwordMin) return withWords('weak_password');
  if (password.length > LIMITS.passwordMax) return withWords('password_too_long');
  if (isCommonPassword(password)) return withWords('common_password');
  return null;
}
