// `npm run migrate`: applies the pending migrations to DATABASE_URL, after a copy of a local database
// into BACKUP_DIR when there is anything to apply (db/migrate.ts).
import { runMigrations } from '#db/migrate.ts';
import { usePrivateUmask } from '#db/private-files.ts';
import { loadConfig } from '#site/server/config.ts';

usePrivateUmask(); // a database file created here is the owner's alone

try {
  const config = await loadConfig();
  const { applied, backup } = await runMigrations({
    url: config.databaseUrl,
    authToken: config.databaseAuthToken,
    backupDir: config.backups.dir,
  });
  if (backup) console.log(`Copied the database to ${backup.path} first.`);
  console.log(
    `Database is up to date (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')}; ${applied} migration${applied === 1 ? '' : 's'} applied).`,
  );
} catch (error) {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
