// Sessions that signed out (protocol call 5). A ticket lives at most TICKET_TTL_MS, so a session
// needs remembering only that long: until then a ticket it got is refused here. Kept in storage
// (one small key) by rooms that have storage, so a restart within that minute still refuses.
import type * as Party from 'partykit/server';
import { TICKET_TTL_MS } from '#wire/signing.ts';

const SIGN_OUTS_KEY = 'signedOut';

/** sessionKey → until when its tickets are refused (ms epoch). */
export type SignOutRecord = Record<string, number>;

export class SignOuts {
  private readonly until = new Map<string, number>();

  constructor(record: SignOutRecord | undefined, now: number) {
    for (const [key, until] of Object.entries(record ?? {})) {
      if (until > now) this.until.set(key, until);
    }
  }

  add(sessionKey: string, now: number): void {
    this.until.set(sessionKey, now + TICKET_TTL_MS);
    this.prune(now);
  }

  has(sessionKey: string | undefined, now: number): boolean {
    if (!sessionKey) return false;
    return (this.until.get(sessionKey) ?? 0) > now;
  }

  toRecord(): SignOutRecord {
    return Object.fromEntries(this.until);
  }

  private prune(now: number): void {
    for (const [key, until] of this.until) if (until <= now) this.until.delete(key);
  }
}

export async function loadSignOuts(storage: Party.Storage, now: number): Promise<SignOuts> {
  return new SignOuts(await storage.get<SignOutRecord>(SIGN_OUTS_KEY), now);
}

export async function saveSignOuts(storage: Party.Storage, signOuts: SignOuts): Promise<void> {
  await storage.put(SIGN_OUTS_KEY, signOuts.toRecord());
}
