// `GET /readyz` (may this process take traffic: the database takes a write, the room server
// answers) and `GET /metrics` (Prometheus text, to this machine only, or to `METRICS_TOKEN`).
// `GET /healthz` (the process serves) stays in create-site-server.ts, where `npm start` waits on it.
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Router, type Request } from 'express';
import type { Database } from '#db/client.ts';
import { opsProbes } from '#db/schema/operator.ts';
import { wirePaths } from '#wire/site-room.ts';
import { sendError } from '../api/refusals';
import { describeError, logger } from '../logging';
import { metricsText, type SiteMetrics } from './metrics';
import { clockOf } from '../clock';

const READY_TIMEOUT_MS = 3_000;

export interface ProbesDeps {
  database: Database;
  /** Where the site reaches the room servers. */
  partyUrl: string;
  metricsToken: string | null;
  metrics: SiteMetrics;
  clock?: () => number;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIP(plain) === 4 ? plain.startsWith('127.') : plain === '::1';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Without a token: the connection comes from this machine, and so does the client it speaks for (a
 * proxy on this machine forwards the world's requests from loopback, naming them in X-Forwarded-For).
 */
function fromThisMachine(req: Request): boolean {
  return isLoopback(req.socket.remoteAddress) && isLoopback(req.ip);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function probesRouter(deps: ProbesDeps): Router {
  const router = Router();
  const clock = clockOf(deps);
  const log = logger.child({ scope: 'ops' });
  const party = deps.partyUrl.replace(/\/+$/, '');

  const checks: Record<string, () => Promise<unknown>> = {
    // A committed write through the one write queue: the disk and the queue both take one.
    database: () =>
      deps.database.write((tx) =>
        tx
          .insert(opsProbes)
          .values({ name: 'readyz', at: clock() })
          .onConflictDoUpdate({ target: opsProbes.name, set: { at: clock() } }),
      ),
    // The lobby party answers from the room server's code, not merely its port.
    room_server: async () => {
      const response = await fetch(`${party}${wirePaths.lobby}`, {
        signal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the lobby answered ${response.status}`);
    },
  };

  router.get('/readyz', async (_req, res) => {
    const failing: string[] = [];
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), READY_TIMEOUT_MS);
        } catch (error) {
          failing.push(name);
          log.warn({ check: name, error: describeError(error) }, 'not ready');
        }
      }),
    );
    res.set('Cache-Control', 'no-store');
    if (failing.length > 0) res.status(503).json({ ok: false, failing: failing.sort() });
    else res.json({ ok: true });
  });

  router.get('/metrics', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (deps.metricsToken) {
      const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
      if (!sameToken(given, deps.metricsToken)) {
        res.set('WWW-Authenticate', 'Bearer');
        return sendError(res, 401, 'metrics_unauthorized');
      }
    } else if (!fromThisMachine(req)) {
      return sendError(res, 403, 'metrics_loopback_only');
    }
    const { type, text } = await metricsText(deps.metrics);
    res.type(type).send(text);
  });

  return router;
}
