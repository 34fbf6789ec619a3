// The site's Prometheus metrics (prom-client), one registry per site server: requests and their
// latency per route template, the write queue's wait, the gathered figures (figures.ts, read at
// scrape time from the latest gathering, never computed per scrape), and Node's own process figures.
// `/metrics` also serves prom-client's default registry, where any other part of the site may
// register a metric of its own (e.g. a counter of refused unsigned calls): see `metricsText`.
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  register as defaultRegistry,
  Registry,
} from 'prom-client';
import { observeWriteQueue } from '#db/client.ts';
import { PENDING_AGES, type OpsFigures } from './figures';

export interface SiteMetrics {
  registry: Registry;
  /** One answered request: its method, route template (never a raw path) and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Stops what the metrics observe outside themselves (the write queue). */
  stop(): void;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUEUE_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface MetricsSources {
  /**
   * Refused calls that anyone can send without a key, by kind, since the process started
   * (`refusalCounts` of refusal-counter.ts): served as `zed_unsigned_calls_refused_total{kind}`.
   */
  refusalCounts?: () => Readonly<Record<string, number>>;
}

export function createMetrics(
  figures: () => OpsFigures,
  sources: MetricsSources = {},
): SiteMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'zed_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'zed_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route template.',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const queueWait = new Histogram({
    name: 'zed_write_queue_wait_seconds',
    help: 'How long a write transaction waited behind the writes queued before it.',
    buckets: QUEUE_BUCKETS,
    registers,
  });
  const stopObserving = observeWriteQueue((ms) => queueWait.observe(ms / 1000));

  /** A gauge whose value(s) come from the latest figures at scrape time. */
  function gauge(
    name: string,
    help: string,
    labelNames: string[],
    read: (set: (value: number, labels?: Record<string, string>) => void, f: OpsFigures) => void,
  ) {
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        read((value, labels) => (labels ? this.set(labels, value) : this.set(value)), figures());
      },
    });
  }

  gauge(
    'zed_rooms_live',
    'Rooms waiting, counting down or in play, by status.',
    ['status'],
    (set, f) => {
      for (const status of ['waiting', 'countdown', 'active'])
        set(f.roomsLive[status] ?? 0, { status });
    },
  );
  gauge('zed_room_sockets', 'Sockets the room servers hold in the live rooms.', [], (set, f) => {
    if (f.roomSockets) set(f.roomSockets.sockets);
  });
  gauge(
    'zed_room_servers_unanswered',
    'Live rooms whose room server did not answer the last time it was asked.',
    [],
    (set, f) => {
      if (f.roomSockets) set(f.roomSockets.unanswered);
    },
  );
  gauge(
    'zed_payments_pending',
    'Payments waiting for the provider, by kind and age.',
    ['kind', 'age'],
    (set, f) => {
      for (const kind of ['deposit', 'withdrawal'] as const) {
        for (const { age } of PENDING_AGES) {
          const row = f.paymentsPending.find((p) => p.kind === kind && p.age === age);
          set(row?.count ?? 0, { kind, age });
        }
      }
    },
  );
  gauge(
    'zed_settlement_lag_seconds',
    'How long the oldest unsettled started game is past the latest it could have ended.',
    [],
    (set, f) => set(f.settlementLagMs / 1000),
  );
  gauge(
    'zed_rooms_settlement_overdue',
    'Started games still unsettled a minute past the latest they could have ended.',
    [],
    (set, f) => set(f.roomsOverdue),
  );
  gauge(
    'zed_rooms_settlement_refused',
    'Unsettled rooms whose settlement the site refused (or failed) more than two minutes ago.',
    [],
    (set, f) => set(f.roomsRefused),
  );
  gauge(
    'zed_ledger_clean',
    '1 when the last ledger audit balanced, 0 when it did not (absent before the first).',
    [],
    (set, f) => {
      if (f.ledger) set(f.ledger.clean ? 1 : 0);
    },
  );
  gauge(
    'zed_ledger_checked_timestamp_seconds',
    'When the ledger was last audited (Unix time).',
    [],
    (set, f) => {
      if (f.ledger) set(f.ledger.checkedAt / 1000);
    },
  );
  gauge(
    'zed_backup_age_seconds',
    'Age of the newest backup copy (absent for a remote database, or before the first copy).',
    [],
    (set, f) => {
      if (!f.backup.remote && f.backup.newestAt !== null)
        set((Date.now() - f.backup.newestAt) / 1000);
    },
  );
  gauge(
    'zed_disk_free_bytes',
    'Free bytes on the disk of each place the site writes.',
    ['name'],
    (set, f) => {
      for (const disk of f.disks) set(disk.freeBytes, { name: disk.name });
    },
  );
  gauge(
    'zed_disk_size_bytes',
    'Size of the disk of each place the site writes.',
    ['name'],
    (set, f) => {
      for (const disk of f.disks) set(disk.totalBytes, { name: disk.name });
    },
  );
  gauge(
    'zed_figures_timestamp_seconds',
    'When the figures above were last gathered (Unix time).',
    [],
    (set, f) => {
      if (f.at > 0) set(f.at / 1000);
    },
  );

  const { refusalCounts } = sources;
  if (refusalCounts) {
    new Counter({
      name: 'zed_unsigned_calls_refused_total',
      help: 'Calls refused for a missing or wrong signature (payment callbacks, internal calls), by kind.',
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        for (const [kind, count] of Object.entries(refusalCounts())) this.inc({ kind }, count);
      },
    });
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    stop: stopObserving,
  };
}

/** The text `/metrics` answers: the site's registry, then whatever the default registry holds. */
export async function metricsText(metrics: SiteMetrics): Promise<{ type: string; text: string }> {
  const merged = Registry.merge([metrics.registry, defaultRegistry]);
  return { type: merged.contentType, text: await merged.metrics() };
}
