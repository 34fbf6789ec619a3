// /readyz and /metrics on a real HTTP server over a real database: ready only while the database
// takes a write and the room server answers, each failure named; metrics for this machine alone
// (a request a local proxy forwards from elsewhere is refused), or for the token alone.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyFigures } from '#site/server/ops/figures.ts';
import { createMetrics } from '#site/server/ops/metrics.ts';
import { probesRouter } from '#site/server/ops/probes.ts';
import { trackRequests } from '#site/server/ops/requests.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts';

let db: TestDatabase;
let lobby: Server;
let lobbyUp = true;
const servers: Server[] = [];

async function listen(app: express.Express) {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function site(metricsToken: string | null): Promise<string> {
  const metrics = createMetrics(emptyFigures);
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(trackRequests(metrics).middleware);
  const lobbyUrl = `http://127.0.0.1:${(lobby.address() as AddressInfo).port}`;
  app.use(probesRouter({ database: db.database, partyUrl: lobbyUrl, metricsToken, metrics }));
  return listen(app);
}

beforeAll(async () => {
  db = await createTestDatabase();
  lobby = createServer((req, res) => {
    const ok = lobbyUp && req.url === '/parties/lobby/main';
    res.writeHead(ok ? 200 : 503).end(ok ? '{"rooms":[]}' : '');
  });
  await new Promise<void>((resolve) => lobby.listen(0, '127.0.0.1', resolve));
  servers.push(lobby);
});

afterAll(async () => {
  for (const server of servers) server.close();
  db.cleanup();
});

describe('/readyz', () => {
  it('is ready while the database takes a write and the room server answers', async () => {
    const base = await site(null);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ ok: true });
    const written = await db.database.client.execute('select at from ops_probes');
    expect(written.rows).toHaveLength(1);

    lobbyUp = false;
    const down = await fetch(`${base}/readyz`);
    expect([down.status, await down.json()]).toEqual([
      503,
      { ok: false, failing: ['room_server'] },
    ]);
    lobbyUp = true;

    // A database that refuses writes (as on a full disk or a read-only mount).
    await db.database.client.execute(
      "CREATE TRIGGER refuse_probe BEFORE UPDATE ON ops_probes BEGIN SELECT RAISE(ABORT, 'full'); END",
    );
    const full = await fetch(`${base}/readyz`);
    expect([full.status, await full.json()]).toEqual([503, { ok: false, failing: ['database'] }]);
    await db.database.client.execute('DROP TRIGGER refuse_probe');
  });
});

describe('/metrics', () => {
  it('answers this machine, and refuses a request a local proxy forwards from elsewhere', async () => {
    const base = await site(null);
    const local = await fetch(`${base}/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toContain('text/plain');
    expect(await local.text()).toContain('# TYPE zed_http_requests_total counter');
    const forwarded = await fetch(`${base}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect([forwarded.status, await forwarded.json()]).toEqual([
      403,
      {
        error: '/metrics answers this machine only; set METRICS_TOKEN to read it from elsewhere.',
        code: 'metrics_loopback_only',
      },
    ]);
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    const token = 'a-metrics-token-of-enough-length';
    const base = await site(token);
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`]) {
      const refused = await fetch(`${base}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(refused.status, authorization).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    }
    const answered = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(answered.status).toBe(200);
    // Each request above counted under its route, with its status.
    expect(await answered.text()).toContain(
      'zed_http_requests_total{method="GET",route="/metrics",status="401"} 3',
    );
  });
});
