// freePort hands out ports the machine's own outgoing connections never take: a port from the
// ephemeral range, free when it was checked, can be taken by any client's connection (another test
// run's, a browser's) before the product binds it ("port … is already in use", seen with two
// `npm test` runs side by side).
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralRange, freePort } from '#tests/support/partykit.ts';

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
});
