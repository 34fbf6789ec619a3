// The bounded, fair queue every argon2 call goes through (site/server/auth/password-work.ts): the
// order and the counts it keeps, on deferred work (states, never times), and the real argon2 checks
// of passwords.ts through it.
import { describe, expect, it } from 'vitest';
import {
  createFairGate,
  PASSWORD_WORK_LIMITS,
  passwordWork,
  PasswordWorkBusyError,
} from '#site/server/auth/password-work.ts';
import { hashPassword, verifyPassword } from '#site/server/auth/passwords.ts';

/** Work that finishes when the test says so. */
function deferred() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the fair gate', () => {
  it('runs at most `slots` at once, and at most `perKeySlots` for one key', async () => {
    const gate = createFairGate({ slots: 3, perKeySlots: 2, perKeyWaiting: 10, waiting: 100 });
    const jobs = Array.from({ length: 5 }, () => deferred());
    const runs = jobs.map((job) => gate.run('a', job.work));
    expect(gate.load('a')).toEqual({ running: 2, waiting: 3 });
    const other = deferred();
    const otherRun = gate.run('b', other.work);
    expect(gate.load()).toEqual({ running: 3, waiting: 3 });
    jobs[0]!.finish();
    await settle();
    expect(gate.load('a')).toEqual({ running: 2, waiting: 2 });
    other.finish();
    for (const job of jobs) job.finish();
    await Promise.all([...runs, otherRun]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives a free slot to the key served least recently, not to the one with the longest queue', async () => {
    const gate = createFairGate({ slots: 1, perKeySlots: 1, perKeyWaiting: 10, waiting: 100 });
    const order: string[] = [];
    const jobs = new Map<string, ReturnType<typeof deferred>>();
    const run = (key: string, name: string) => {
      const job = deferred();
      jobs.set(name, job);
      return gate.run(key, () => {
        order.push(name);
        return job.work();
      });
    };
    const all = [run('a', 'a1'), run('a', 'a2'), run('a', 'a3'), run('b', 'b1'), run('c', 'c1')];
    all.push(run('b', 'b2'));
    for (let i = 0; i < 6; i++) {
      await settle();
      jobs.get(order.at(-1)!)!.finish();
    }
    await Promise.all(all);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('refuses at once past the waiting room of one key, and past the waiting room in all', async () => {
    const gate = createFairGate({ slots: 1, perKeySlots: 1, perKeyWaiting: 2, waiting: 3 });
    const job = deferred();
    const admitted = [gate.run('a', job.work), gate.run('a', job.work), gate.run('a', job.work)];
    await expect(gate.run('a', job.work)).rejects.toBeInstanceOf(PasswordWorkBusyError);
    // Another key still gets in, until the waiting room as a whole is full.
    admitted.push(gate.run('b', job.work));
    await expect(gate.run('c', job.work)).rejects.toBeInstanceOf(PasswordWorkBusyError);
    job.finish();
    await Promise.all(admitted);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes a failure of the work through and frees its slot', async () => {
    const gate = createFairGate({ slots: 1, perKeySlots: 1, perKeyWaiting: 5, waiting: 5 });
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run('a', () => Promise.resolve(7))).resolves.toBe(7);
  });
});

describe('argon2 checks through the gate', () => {
  it("a burst of checks for one address does not hold up another address's check", async () => {
    const passwordHash = await hashPassword('correct horse battery', { address: 'setup' });
    const order: string[] = [];
    const burst = Array.from({ length: PASSWORD_WORK_LIMITS.perKeyWaiting }, (_, i) =>
      verifyPassword(passwordHash, `wrong-${i}`, { address: '10.0.0.1' }).then((right) => {
        order.push('burst');
        return right;
      }),
    );
    const other = verifyPassword(passwordHash, 'correct horse battery', {
      address: '10.0.0.2',
    }).then((right) => {
      order.push('other');
      return right;
    });
    // It runs at once beside the burst's running checks, not behind its queue (the gate's state
    // when it came: the order the checks finish in is the CPU's, on a busy machine).
    await settle();
    expect(passwordWork.load('10.0.0.2')).toEqual({ running: 1, waiting: 0 });
    expect(passwordWork.load('10.0.0.1')).toEqual({
      running: PASSWORD_WORK_LIMITS.perKeySlots,
      waiting: PASSWORD_WORK_LIMITS.perKeyWaiting - PASSWORD_WORK_LIMITS.perKeySlots,
    });
    expect(await other).toBe(true);
    expect(await Promise.all(burst)).not.toContain(true);
    expect(order).toContain('other');
  });
});
