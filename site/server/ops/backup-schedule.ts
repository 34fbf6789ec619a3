// The running site's copies of its database: one every BACKUP_EVERY_MINUTES, counted from the
// newest copy in BACKUP_DIR (so a restart, a second site process on the same folder or a manual
// `npm run backup` never makes one too many), then the copies past BACKUP_KEEP_DAYS are deleted.
// A remote database is copied by its server: nothing is scheduled (docs/operations.md).
import { backupDatabase, listBackups, pruneBackups } from '#db/backup.ts';
import { localFilePath } from '#db/client.ts';
import type { BackupSettings } from '../settings/operations';
import { describeError, logger } from '../logging';
import { clockOf } from '../clock';

export interface BackupSchedule {
  /** Takes a copy now (and prunes); resolves with its path. */
  runNow(): Promise<string>;
  stop(): Promise<void>;
}

/** After a failed copy, the next try comes this soon (or at the interval, if that is shorter). */
const RETRY_AFTER_FAILURE_MS = 60_000;

export function startBackupSchedule(options: {
  databaseUrl: string;
  settings: BackupSettings;
  clock?: () => number;
  /** Called after each attempt (the metrics' figures read the folder again). */
  onCopied?: () => void;
}): BackupSchedule | null {
  const { settings } = options;
  const clock = clockOf(options);
  const log = logger.child({ scope: 'backup' });
  if (!localFilePath(options.databaseUrl)) {
    log.info('the database is remote: its server keeps the copies, none are scheduled here');
    return null;
  }
  const intervalMs = settings.everyMinutes * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<string> | null = null;

  async function copy(): Promise<string> {
    const started = clock();
    const backup = await backupDatabase({
      url: options.databaseUrl,
      dir: settings.dir,
      reason: 'scheduled',
      now: started,
      warn: (message) => log.warn(message),
    });
    const deleted = await pruneBackups(settings.dir, settings.keepDays, clock());
    log.info(
      { file: backup.path, bytes: backup.bytes, ms: clock() - started, deleted: deleted.length },
      'database copied',
    );
    return backup.path;
  }

  function runNow(): Promise<string> {
    running ??= copy().finally(() => {
      running = null;
      options.onCopied?.();
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (stopped || intervalMs === 0) return;
    timer = setTimeout(() => void tick(), Math.max(0, delayMs));
    timer.unref();
  }

  async function tick(): Promise<void> {
    try {
      const [newest] = await listBackups(settings.dir);
      const due = newest ? newest.takenAt + intervalMs : 0;
      if (clock() >= due) await runNow();
      const [latest] = await listBackups(settings.dir);
      schedule((latest?.takenAt ?? clock()) + intervalMs - clock());
    } catch (error) {
      log.error({ error: describeError(error) }, 'database copy failed');
      schedule(Math.min(intervalMs, RETRY_AFTER_FAILURE_MS));
    }
  }

  if (intervalMs > 0) schedule(0);
  else log.info('BACKUP_EVERY_MINUTES is 0: the site makes no copies of its own');

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
