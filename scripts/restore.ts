// `npm run restore -- <file>`: puts a copy made by `npm run backup` (or by the site) back as the
// database, with the site stopped. The copy is checked first (SQLite's integrity check, the ledger
// audit), the replaced database is kept beside it as `app.db.replaced-<time>`, and the restored one
// is audited again before this returns 0. docs/operations.md says what to do next.
import path from 'node:path';
import { restoreDatabase } from '#db/backup-restore.ts';
import { usePrivateUmask } from '#db/private-files.ts';
import { loadConfig } from '#site/server/config.ts';

const USAGE = 'Usage: npm run restore -- <backup file>';

usePrivateUmask();
const [file] = process.argv.slice(2);
if (!file) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const config = await loadConfig();
  // npm runs scripts from the project's folder; a relative path is the caller's.
  const backupFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const result = await restoreDatabase({ url: config.databaseUrl, backupFile });
  console.log(`Restored ${result.restored} from ${backupFile}.`);
  console.log(
    result.setAside.length > 0
      ? `The database it replaced is kept as ${result.setAside.join(', ')}.`
      : 'There was no database to replace.',
  );
  console.log(
    'The ledger balances. Start the site (npm start); what happened after the copy was taken is not in it (docs/operations.md, "After a restore").',
  );
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
