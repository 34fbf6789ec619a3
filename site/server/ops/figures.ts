// The figures an operator watches, gathered on a schedule (never per scrape): rooms live and the
// sockets the room servers hold, payments pending by age, how late settlements are and how many
// were refused, the ledger audit, the newest backup, the free disk. `/metrics` and the console's
// alerts both read the latest gathering; a part that fails keeps its previous value and is logged.
import type { PaymentKind } from '#game/payment-vocabulary.ts';
import type { Logger } from 'pino';
import { stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, inArray, isNull, like, lt, ne, or, sql } from 'drizzle-orm';
import { listBackups } from '#db/backup.ts';
import { localFilePath, type Database } from '#db/client.ts';
import { checkLedger, isLedgerClean } from '#db/ledger.ts';
import { adminErrors } from '#db/schema/operator.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { rooms } from '#db/schema/rooms.ts';
import type { RoomServerStatus } from '#wire/site-room.ts';
import type { BackupSettings } from '../settings/operations';
import { describeError } from '../logging';
import { OVERDUE_GRACE_MS } from '../rooms/expiry';
import { startedUnsettledRooms } from '../rooms/queries';
import { SETTLEMENT_FAILED, SETTLEMENT_REFUSED } from '../rooms/settlement';
import { LIVE_STATUSES } from '../rooms/user-rooms';
import { clockOf } from '../clock';

const MINUTE = 60_000;

/** The age buckets of `zed_payments_pending`, each up to (not including) its bound. */
export const PENDING_AGES = [
  { age: 'under_5m', below: 5 * MINUTE },
  { age: '5m_to_1h', below: 60 * MINUTE },
  { age: '1h_to_24h', below: 24 * 60 * MINUTE },
  { age: 'over_24h', below: Infinity },
] as const;
export type PendingAge = (typeof PENDING_AGES)[number]['age'];

/** A payment pending this long is an alert (a provider slow or down, callbacks not arriving). */
export const PAYMENT_PENDING_ALERT_MS = 30 * MINUTE;
/** A refusal older than this is no longer a report that came early and is about to be retried. */
const REFUSAL_SETTLED_IN_MS = 2 * MINUTE;
/**
 * How often the database's figures are gathered; the room servers are asked less often (one request
 * per live room) and the ledger audited less often still (it reads every posting).
 */
export const FIGURES_EVERY_MS = 15_000;
export const ROOM_SERVERS_EVERY_MS = 60_000;
export const LEDGER_CHECK_EVERY_MS = 5 * MINUTE;
/** The room servers asked at once, and the most live rooms asked per gathering. */
const ROOM_POLL_CONCURRENCY = 8;
const ROOM_POLL_LIMIT = 5_000;

export interface DiskFigure {
  /** What lives there: `data` ($DATA_DIR), `database` (its file, when elsewhere), `backups`; a
   * disk is listed once, under the first of these it holds. */
  name: 'data' | 'database' | 'backups';
  path: string;
  freeBytes: number;
  totalBytes: number;
}

export interface OpsFigures {
  /** When these were gathered (0: never yet). */
  at: number;
  roomsLive: Record<string, number>;
  /** Summed over the live rooms' room servers; null until they were first asked. */
  roomSockets: { sockets: number; answered: number; unanswered: number } | null;
  paymentsPending: { kind: PaymentKind; age: PendingAge; count: number }[];
  paymentsPastAlert: { count: number; oldestCreatedAt: number | null };
  /** How long the oldest unsettled started game is past the latest it could end (0: none). */
  settlementLagMs: number;
  /** Started games still unsettled a minute past their latest end (what the sweeper wakes). */
  roomsOverdue: number;
  /** Unsettled rooms whose settlement was refused (or failed) a while ago. */
  roomsRefused: number;
  ledger: { clean: boolean; checkedAt: number } | null;
  /** `remote`: the database's server keeps the copies; else the newest copy in BACKUP_DIR. */
  backup: { remote: true } | { remote: false; newestAt: number | null };
  disks: DiskFigure[];
}

export interface FiguresDeps {
  database: Database;
  /** The room servers' public status (protocol call 6). */
  roomStatus(roomId: string): Promise<RoomServerStatus>;
  config: {
    dataDir: string;
    databaseUrl: string;
    backups: BackupSettings;
    gameTimeScale: number;
  };
  log: Logger;
  clock?: () => number;
}

export interface FiguresService {
  latest(): OpsFigures;
  /** Gathers the database's figures, the disks and the newest backup now. */
  refresh(): Promise<OpsFigures>;
  /** Asks every live room's room server for its sockets now. */
  askRoomServers(): Promise<OpsFigures>;
  /** Runs the ledger audit now. */
  checkLedger(): Promise<OpsFigures>;
  /** Gathers at once, then on the schedule. */
  start(): void;
  stop(): Promise<void>;
}

/** The figures before the first gathering. */
export const emptyFigures = (): OpsFigures => ({
  at: 0,
  roomsLive: {},
  roomSockets: null,
  paymentsPending: [],
  paymentsPastAlert: { count: 0, oldestCreatedAt: null },
  settlementLagMs: 0,
  roomsOverdue: 0,
  roomsRefused: 0,
  ledger: null,
  backup: { remote: false, newestAt: null },
  disks: [],
});

async function inBatches<T>(items: T[], size: number, each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size)
    await Promise.all(items.slice(i, i + size).map(each));
}

export function createFigures(deps: FiguresDeps): FiguresService {
  const clock = clockOf(deps);
  const db = deps.database.read;
  const log = deps.log.child({ scope: 'ops' });
  let figures = emptyFigures();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function gatherRooms(now: number) {
    const live = await db
      .select({ status: rooms.status, rooms: count() })
      .from(rooms)
      .where(inArray(rooms.status, [...LIVE_STATUSES] as (typeof rooms.$inferSelect.status)[]))
      .groupBy(rooms.status);
    const started = await startedUnsettledRooms(db, deps.config.gameTimeScale);
    const lag = Math.max(0, ...started.map(({ latestEnd }) => now - latestEnd));
    const refused = await db
      .select({ rooms: sql<number>`count(distinct ${adminErrors.roomId})` })
      .from(adminErrors)
      .innerJoin(rooms, eq(rooms.roomId, adminErrors.roomId))
      .where(
        and(
          or(
            like(adminErrors.message, `${SETTLEMENT_REFUSED}%`),
            eq(adminErrors.message, SETTLEMENT_FAILED),
          ),
          lt(adminErrors.timestamp, now - REFUSAL_SETTLED_IN_MS),
          isNull(rooms.settledAt),
          ne(rooms.status, 'closed'),
        ),
      );
    return {
      roomsLive: Object.fromEntries(live.map((row) => [row.status, Number(row.rooms)])),
      settlementLagMs: lag,
      roomsOverdue: started.filter(({ latestEnd }) => now > latestEnd + OVERDUE_GRACE_MS).length,
      roomsRefused: Number(refused[0]?.rooms ?? 0),
    };
  }

  async function gatherPayments(now: number) {
    const ageOf = sql<PendingAge>`case ${sql.join(
      PENDING_AGES.filter(({ below }) => below !== Infinity).map(
        ({ age, below }) => sql`when ${paymentRequests.createdAt} > ${now - below} then ${age}`,
      ),
      sql` `,
    )} else ${PENDING_AGES[PENDING_AGES.length - 1]!.age} end`;
    const rows = await db
      .select({ kind: paymentRequests.kind, age: ageOf, count: count() })
      .from(paymentRequests)
      .where(eq(paymentRequests.status, 'pending'))
      .groupBy(paymentRequests.kind, ageOf);
    const [past] = await db
      .select({ count: count(), oldest: sql<number | null>`min(${paymentRequests.createdAt})` })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.status, 'pending'),
          lt(paymentRequests.createdAt, now - PAYMENT_PENDING_ALERT_MS),
        ),
      );
    return {
      paymentsPending: rows.map((row) => ({ ...row, count: Number(row.count) })),
      paymentsPastAlert: {
        count: Number(past?.count ?? 0),
        oldestCreatedAt: past?.oldest == null ? null : Number(past.oldest),
      },
    };
  }

  async function gatherDisks(): Promise<DiskFigure[]> {
    const databaseFile = localFilePath(deps.config.databaseUrl);
    const places: [DiskFigure['name'], string][] = [['data', deps.config.dataDir]];
    if (databaseFile && path.relative(deps.config.dataDir, databaseFile).startsWith('..')) {
      places.push(['database', path.dirname(databaseFile)]);
    }
    places.push(['backups', deps.config.backups.dir]);
    const disks: DiskFigure[] = [];
    const devices = new Set<number>();
    for (const [name, where] of places) {
      // A folder not made yet is skipped; one on a disk already counted too.
      const device = (await stat(where).catch(() => null))?.dev;
      const stats = await statfs(where).catch(() => null);
      if (device === undefined || !stats || devices.has(device)) continue;
      devices.add(device);
      disks.push({
        name,
        path: where,
        freeBytes: stats.bavail * stats.bsize,
        totalBytes: stats.blocks * stats.bsize,
      });
    }
    return disks;
  }

  async function gatherBackup(): Promise<OpsFigures['backup']> {
    if (!localFilePath(deps.config.databaseUrl)) return { remote: true };
    const [newest] = await listBackups(deps.config.backups.dir);
    return { remote: false, newestAt: newest?.takenAt ?? null };
  }

  async function pollRoomServers(): Promise<OpsFigures['roomSockets']> {
    const live = await db
      .select({ roomId: rooms.roomId })
      .from(rooms)
      .where(inArray(rooms.status, [...LIVE_STATUSES] as (typeof rooms.$inferSelect.status)[]))
      .limit(ROOM_POLL_LIMIT);
    const total = { sockets: 0, answered: 0, unanswered: 0 };
    await inBatches(live, ROOM_POLL_CONCURRENCY, async ({ roomId }) => {
      try {
        total.sockets += (await deps.roomStatus(roomId)).sockets;
        total.answered += 1;
      } catch {
        total.unanswered += 1;
      }
    });
    return total;
  }

  /** Runs one part; a failure is logged and leaves the previous figures in place. */
  async function part<T>(name: string, gather: () => Promise<T>): Promise<T | null> {
    try {
      return await gather();
    } catch (error) {
      log.error({ part: name, error: describeError(error) }, 'could not gather a figure');
      return null;
    }
  }

  async function refresh(): Promise<OpsFigures> {
    const now = clock();
    const [roomFigures, payments, disks, backup] = await Promise.all([
      part('rooms', () => gatherRooms(now)),
      part('payments', () => gatherPayments(now)),
      part('disks', gatherDisks),
      part('backup', gatherBackup),
    ]);
    figures = {
      ...figures,
      ...roomFigures,
      ...payments,
      ...(disks ? { disks } : {}),
      ...(backup ? { backup } : {}),
      at: now,
    };
    return figures;
  }

  async function askRoomServers(): Promise<OpsFigures> {
    const roomSockets = await part('room servers', pollRoomServers);
    if (roomSockets) figures = { ...figures, roomSockets };
    return figures;
  }

  async function audit(): Promise<OpsFigures> {
    const report = await part('ledger', () => checkLedger(db));
    if (report) {
      const clean = isLedgerClean(report);
      if (!clean) log.error({ report }, 'the ledger does not balance');
      figures = { ...figures, ledger: { clean, checkedAt: clock() } };
    }
    return figures;
  }

  /** One gathering at a time: a slow one delays the next instead of overlapping it. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const result = running.then(task);
    running = result.catch(() => undefined);
    return result;
  }

  return {
    latest: () => figures,
    refresh: () => serial(refresh),
    askRoomServers: () => serial(askRoomServers),
    checkLedger: () => serial(audit),
    start() {
      if (timer) return;
      void serial(audit);
      void serial(refresh);
      void serial(askRoomServers);
      let ticks = 0;
      timer = setInterval(() => {
        ticks += 1;
        const elapsed = ticks * FIGURES_EVERY_MS;
        if (elapsed % LEDGER_CHECK_EVERY_MS === 0) void serial(audit);
        void serial(refresh);
        if (elapsed % ROOM_SERVERS_EVERY_MS === 0) void serial(askRoomServers);
      }, FIGURES_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
