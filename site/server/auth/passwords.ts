// argon2id for every password: hashed once when set, checked at every sign-in and before every
// change that needs the password. Each call names the (grouped) address it is done for and runs
// through `passwordWork`, the process's bounded, fair queue (password-work.ts): one address's burst
// waits behind itself, and past the queue's bounds a call throws `PasswordWorkBusyError` at once.
import { hash, verify } from '@node-rs/argon2';
import { passwordWork } from './password-work';

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (~56 ms here). */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Who the work is for: the grouped client address (`clientAddress(req)`). */
export interface PasswordWorkFor {
  address: string;
}

export function hashPassword(password: string, by: PasswordWorkFor): Promise<string> {
  return passwordWork.run(by.address, () => hash(password, ARGON2ID));
}

async function verifyNow(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function verifyPassword(
  passwordHash: string,
  password: string,
  by: PasswordWorkFor,
): Promise<boolean> {
  return passwordWork.run(by.address, () => verifyNow(passwordHash, password));
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same argon2 work as a real check, for an email with no password (unknown, Google-only
 * or guest), so the response time alone does not tell which it was.
 */
export async function verifyAgainstDummy(password: string, by: PasswordWorkFor): Promise<false> {
  // Made once, outside the queue: it is the site's own work, not a caller's.
  dummyHash ??= hash(crypto.randomUUID(), ARGON2ID);
  const dummy = await dummyHash;
  await passwordWork.run(by.address, () => verifyNow(dummy, password));
  return false;
}
