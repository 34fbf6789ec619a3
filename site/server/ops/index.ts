// Running the site for real (docs/operations.md): the figures gathered on a schedule, the metrics
// and the request log, `/readyz` and `/metrics`, and the database's scheduled copies, put together
// for the composition root (services.ts) from the one configuration.
import type { Router } from 'express';
import type { Database } from '#db/client.ts';
import type { RoomServerStatus } from '#wire/site-room.ts';
import type { SiteConfig } from '../config';
import { logger } from '../logging';
import { startBackupSchedule, type BackupSchedule } from './backup-schedule';
import { createFigures, type FiguresService } from './figures';
import { createMetrics, type MetricsSources, type SiteMetrics } from './metrics';
import { probesRouter } from './probes';
import { trackRequests, type RequestTracking } from './requests';

export interface SiteOps {
  figures: FiguresService;
  metrics: SiteMetrics;
  requests: RequestTracking;
  /** `GET /readyz` and `GET /metrics`. */
  router: Router;
  /** Starts the gathering and the copies. */
  start(): void;
  stop(): Promise<void>;
}

export function createOps(
  config: Pick<
    SiteConfig,
    'dataDir' | 'databaseUrl' | 'backups' | 'gameTimeScale' | 'partyUrl' | 'metricsToken'
  >,
  deps: {
    database: Database;
    roomStatus(roomId: string): Promise<RoomServerStatus>;
  } & MetricsSources,
): SiteOps {
  const figures = createFigures({
    database: deps.database,
    roomStatus: deps.roomStatus,
    config,
    log: logger,
  });
  const metrics = createMetrics(figures.latest, { refusalCounts: deps.refusalCounts });
  let backups: BackupSchedule | null = null;
  return {
    figures,
    metrics,
    requests: trackRequests(metrics),
    router: probesRouter({
      database: deps.database,
      partyUrl: config.partyUrl,
      metricsToken: config.metricsToken,
      metrics,
    }),
    start() {
      figures.start();
      backups = startBackupSchedule({
        databaseUrl: config.databaseUrl,
        settings: config.backups,
        onCopied: () => void figures.refresh(),
      });
    },
    async stop() {
      await backups?.stop();
      await figures.stop();
      metrics.stop();
    },
  };
}
