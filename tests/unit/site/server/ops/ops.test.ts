// The pure parts of running the site: what a log line may hold, how a request is labelled in the
// metrics, and which figures raise which alert.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertsFrom } from '#site/server/admin/alerts.ts';
import { logger, maskPhoneNumbers, requestIds, setLogSink } from '#site/server/logging.ts';
import type { OpsFigures } from '#site/server/ops/figures.ts';
import { createMetrics, metricsText } from '#site/server/ops/metrics.ts';
import { pageTemplates } from '#site/server/ops/requests.ts';

describe('log lines', () => {
  it('mask a phone number in every way it is written, and nothing else', () => {
    expect(
      maskPhoneNumbers(
        '0971234567, 971234567, 260961234129, +260 97 123 4567, 097-123-4567; at 1764150000000, id 00000000-0000-4000-8000-000000000001',
      ),
    ).toBe(
      '*******567, ******567, *********129, *********567, *******567; at 1764150000000, id 00000000-0000-4000-8000-000000000001',
    );
  });

  it('leave an id whole when a run of its digits is shaped like a number', () => {
    // A request id seen cut to `3ba******077-…` in a run: the operator could no longer find it.
    for (const id of [
      '3ba99195-0077-4708-aff5-d4cc1c7f573b',
      'f0971234567e',
      'room_0971234567',
      'ab971234567',
    ]) {
      expect(maskPhoneNumbers(`request ${id} answered`)).toBe(`request ${id} answered`);
    }
    expect(maskPhoneNumbers('to 0971234567.')).toBe('to *******567.');
    expect(maskPhoneNumbers('msisdn=260971234567&x')).toBe('msisdn=*********567&x');
    expect(maskPhoneNumbers('(0971234567)')).toBe('(*******567)');
  });

  it('cut secrets out, mask numbers, and carry the request id inside a request', () => {
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    requestIds.run('req-42', () =>
      logger.warn(
        {
          password: 'hunter2-hunter2',
          body: { newPassword: 'x'.repeat(12), token: 'abc.def', phone: '0961234567' },
          headers: { cookie: 'session=s3cr3t', authorization: 'Bearer t0k3n' },
          msisdn: '260961234567',
        },
        'signing in 0961234567',
      ),
    );
    setLogSink(previous);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'warn',
      reqId: 'req-42',
      password: '[redacted]',
      body: { newPassword: '[redacted]', token: '[redacted]', phone: '*******567' },
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      msisdn: '*********567',
      msg: 'signing in *******567',
    });
    expect(lines[0]).not.toMatch(/hunter2|s3cr3t|t0k3n|abc\.def|1234567/);
  });
});

describe('route labels', () => {
  it("name a page by its route's template, never by its ids", () => {
    const page = pageTemplates({
      root: { id: 'root', path: '' },
      'routes/site-layout': { id: 'routes/site-layout', parentId: 'root' },
      'routes/home': { id: 'routes/home', parentId: 'routes/site-layout', index: true },
      'routes/not-found': { id: 'routes/not-found', parentId: 'routes/site-layout', path: '*' },
      'routes/board': { id: 'routes/board', parentId: 'root', path: 'rentalgame/board/:roomId' },
    });
    expect(page('/rentalgame/board/abc123')).toBe('page:/rentalgame/board/:roomId');
    expect(page('/')).toBe('page:/');
    expect(page('/no/such/page')).toBe('page:/*');
  });
});

const now = Date.UTC(2026, 10, 26, 12);
const calm: OpsFigures = {
  at: now,
  roomsLive: {},
  roomSockets: { sockets: 0, answered: 0, unanswered: 0 },
  paymentsPending: [],
  paymentsPastAlert: { count: 0, oldestCreatedAt: null },
  settlementLagMs: 0,
  roomsOverdue: 0,
  roomsRefused: 0,
  ledger: { clean: true, checkedAt: now },
  backup: { remote: false, newestAt: now - 10 * 60_000 },
  disks: [
    { name: 'data', path: '/srv/data', freeBytes: 50 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 },
  ],
};

describe('metrics', () => {
  it('serve the refused unsigned calls of the counter they are handed', async () => {
    const counts = { payment_callback_signature: 3, internal_call_signature: 0 };
    const metrics = createMetrics(() => calm, { refusalCounts: () => counts });
    try {
      const { text } = await metricsText(metrics);
      expect(text).toContain(
        'zed_unsigned_calls_refused_total{kind="payment_callback_signature"} 3',
      );
      expect(text).toContain('zed_ledger_clean 1');
    } finally {
      metrics.stop();
    }
  });
});

describe('alerts', () => {
  const ids = (figures: Partial<OpsFigures>, everyMinutes = 15) =>
    alertsFrom({ ...calm, ...figures }, { backupEveryMinutes: everyMinutes }, now).map((a) => a.id);

  it('raise none when all is well', () => {
    expect(ids({})).toEqual([]);
  });

  it('raise one for each thing that needs the operator', () => {
    expect(ids({ roomsOverdue: 2, settlementLagMs: 5 * 60_000 })).toEqual(['settlements_overdue']);
    expect(ids({ backup: { remote: false, newestAt: now - 31 * 60_000 } })).toEqual(['backup_old']);
    expect(ids({ backup: { remote: false, newestAt: now - 29 * 60_000 } })).toEqual([]);
    expect(ids({ backup: { remote: false, newestAt: null } }, 0), 'copies turned off').toEqual([]);
    expect(ids({ backup: { remote: true } }), 'its server keeps the copies').toEqual([]);
    const full = { ...calm.disks[0]!, freeBytes: 9 * 1024 ** 3 };
    expect(ids({ disks: [full] })).toEqual(['disk_nearly_full']);
    const small = { ...calm.disks[0]!, freeBytes: 512 * 1024 ** 2, totalBytes: 2 * 1024 ** 3 };
    expect(ids({ disks: [small] }), 'under 1 GiB free').toEqual(['disk_nearly_full']);
  });

  it('each link to a section of the runbook that exists', () => {
    const runbook = readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/operations.md'),
      'utf8',
    );
    const anchors = new Set(
      [...runbook.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    const everything = alertsFrom(
      {
        ...calm,
        ledger: { clean: false, checkedAt: now },
        paymentsPastAlert: { count: 1, oldestCreatedAt: now - 40 * 60_000 },
        roomsRefused: 1,
        roomsOverdue: 1,
        backup: { remote: false, newestAt: null },
        disks: [{ ...calm.disks[0]!, freeBytes: 0 }],
      },
      { backupEveryMinutes: 15 },
      now,
    );
    expect(new Set(everything.map((a) => a.id)).size).toBe(6);
    for (const alert of everything) {
      const [file, anchor] = alert.runbook.split('#');
      expect(file).toBe('docs/operations.md');
      expect(anchors, alert.id).toContain(anchor);
    }
  });
});
