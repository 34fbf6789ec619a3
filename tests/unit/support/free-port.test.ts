// freePort hands out ports the machine's own outgoing connections never take: a port from the
// ephemeral range, free when it was checked, can be taken by any client's connection (another test
// run's, a browser's) before the product binds it ("port … is already in use", seen with two
// `npm test` runs side by side).
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralRange, freePort, portReservation } from '#tests/support/partykit.ts';

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

describe('freePort', () => {
  it('gives free ports outside the ephemeral range, never the same one twice', async () => {
    const [low, high] = ephemeralRange();
    const ports: number[] = [];
    for (let i = 0; i < 40; i++) ports.push(await freePort());
    for (const port of ports) {
      expect(port < low || port > high, `${port} is outside ${low}–${high}`).toBe(true);
      expect(port).toBeGreaterThanOrEqual(1024);
    }
    expect(new Set(ports).size).toBe(ports.length);
    expect(await canListen(ports[0]!)).toBe(true);
  });

  it('skips a port something already listens on', async () => {
    const taken = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(taken, resolve));
    try {
      for (let i = 0; i < 40; i++) expect(await freePort()).not.toBe(taken);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  // Two test runs side by side, or two workers of one run, each check a port free and each start a
  // server on it: the second bind fails ("port 20029 is already in use", seen side by side). A port
  // handed out is reserved on the machine while the process that took it lives.
  it('never hands out a port another live process reserved', async () => {
    const [low] = ephemeralRange();
    const base = low > 11_000 ? low - 500 : 65_000;
    const held = portReservation(base);
    writeFileSync(held, String(process.ppid));
    try {
      expect(await freePort([base, base + 1])).toBe(base + 1);
    } finally {
      rmSync(held, { force: true });
    }
  });

  it('takes over a reservation whose process is gone', async () => {
    const [low] = ephemeralRange();
    const base = low > 11_000 ? low - 400 : 65_100;
    const held = portReservation(base);
    writeFileSync(held, '4194303');
    try {
      expect(await freePort([base, base])).toBe(base);
    } finally {
      rmSync(held, { force: true });
    }
  });
});
