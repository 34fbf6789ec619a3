// `npm run backup`: a consistent copy of the database, now, whether the site runs or not (it keeps
// serving meanwhile), into BACKUP_DIR (default $DATA_DIR/backups); prints the copy's path, and
// deletes the copies older than BACKUP_KEEP_DAYS (never the newest). docs/operations.md.
import { backupDatabase, pruneBackups } from '#db/backup.ts';
import { usePrivateUmask } from '#db/private-files.ts';
import { loadConfig } from '#site/server/config.ts';

usePrivateUmask();
try {
  const config = await loadConfig();
  const backup = await backupDatabase({
    url: config.databaseUrl,
    dir: config.backups.dir,
    reason: 'manual',
  });
  await pruneBackups(config.backups.dir, config.backups.keepDays, Date.now());
  console.log(backup.path);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
