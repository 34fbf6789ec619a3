// A small fair queue for argon2, the one expensive thing a stranger can make the site do on demand
// (every password check, every new password's hash). At most `slots` run at once in the process,
// at most `perKeySlots` of them for one (grouped) address, and a free slot goes to the address
// served least recently, so a burst from one address waits behind itself while another address's
// sign-in takes the next free slot. The waiting room is bounded per address and in all: past it a
// check is refused at once (`PasswordWorkBusyError`, answered 429) instead of piling up.
import { availableParallelism } from 'node:os';

export interface FairGateLimits {
  /** How many run at once in all. */
  slots: number;
  /** How many run at once for one key. */
  perKeySlots: number;
  /** How many may wait for one key. */
  perKeyWaiting: number;
  /** How many may wait in all. */
  waiting: number;
}

export class PasswordWorkBusyError extends Error {
  constructor(readonly key: string) {
    super(`Too many password checks waiting (for ${key} or in all)`);
    this.name = 'PasswordWorkBusyError';
  }
}

export interface FairGate {
  /** Runs `work` when a slot is free for `key`; rejects with `PasswordWorkBusyError` when full. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** How many run and wait now (in all and for one key). */
  load(key?: string): { running: number; waiting: number };
}

export function createFairGate(limits: FairGateLimits): FairGate {
  const waiting = new Map<string, (() => void)[]>();
  const running = new Map<string, number>();
  const lastServed = new Map<string, number>();
  let runningTotal = 0;
  let waitingTotal = 0;
  let served = 0;

  /** The key to serve next: one with work waiting and a free per-key slot, served least recently. */
  function nextKey(): string | undefined {
    let best: string | undefined;
    for (const [key, queue] of waiting) {
      if (queue.length === 0 || (running.get(key) ?? 0) >= limits.perKeySlots) continue;
      if (best === undefined || (lastServed.get(key) ?? -1) < (lastServed.get(best) ?? -1)) {
        best = key;
      }
    }
    return best;
  }

  function pump(): void {
    while (runningTotal < limits.slots) {
      const key = nextKey();
      if (key === undefined) return;
      const queue = waiting.get(key)!;
      const start = queue.shift()!;
      if (queue.length === 0) waiting.delete(key);
      waitingTotal -= 1;
      served += 1;
      lastServed.set(key, served);
      start();
    }
  }

  function finished(key: string): void {
    runningTotal -= 1;
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else {
      running.delete(key);
      // A key with nothing running or waiting is forgotten: the maps hold only live keys.
      if (!waiting.has(key)) lastServed.delete(key);
    }
    pump();
  }

  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const queue = waiting.get(key) ?? [];
      if (queue.length >= limits.perKeyWaiting || waitingTotal >= limits.waiting) {
        return Promise.reject(new PasswordWorkBusyError(key));
      }
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          runningTotal += 1;
          running.set(key, (running.get(key) ?? 0) + 1);
          work()
            .then(resolve, reject)
            .finally(() => finished(key));
        });
        waiting.set(key, queue);
        waitingTotal += 1;
        pump();
      });
    },
    load(key) {
      if (key === undefined) return { running: runningTotal, waiting: waitingTotal };
      return { running: running.get(key) ?? 0, waiting: waiting.get(key)?.length ?? 0 };
    },
  };
}

// argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise): more
// slots than cores or threads would only make every check slower. One address gets at most half,
// so a burst from it always leaves a slot for everyone else.
const SLOTS = Math.min(4, Math.max(2, availableParallelism()));

export const PASSWORD_WORK_LIMITS: FairGateLimits = {
  slots: SLOTS,
  perKeySlots: Math.max(1, Math.floor(SLOTS / 2)),
  // A town behind one address signing in at once waits a moment; a scripted burst is refused.
  perKeyWaiting: 16,
  waiting: 256,
};

/** The process's one queue for argon2 work, keyed by the grouped client address. */
export const passwordWork = createFairGate(PASSWORD_WORK_LIMITS);
