/**
 * `npm run admin -- grant <email> [--force]` | `revoke <email>` | `list`
 * Grants or revokes the admin claim stored on an account (ADMIN_EMAILS grants it too, without a row
 * change, to a verified email). `grant` shows who the account is and refuses an unverified email
 * unless `--force`. Each change is in the console's audit log with the machine's user. Uses the site's database (DATABASE_URL, else DATA_DIR's app.db; DATABASE_AUTH_TOKEN).
 */
import { userInfo } from 'node:os';
import { createDatabase } from '#db/client.ts';
import { grantAdmin, grantedAdminEmails, revokeAdmin } from '#site/server/auth/admin-grants.ts';
import { loadDatabaseConfig } from '#site/server/config.ts';

const USAGE = 'Usage: npm run admin -- grant <email> [--force] | revoke <email> | list';

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const [command, email] = argv.filter((arg) => arg !== '--force');
  if (command !== 'list' && (!['grant', 'revoke'].includes(command ?? '') || !email)) {
    console.error(USAGE);
    return 2;
  }
  let settings;
  try {
    settings = loadDatabaseConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const { databaseUrl: url, databaseAuthToken: authToken } = settings;
  const database = createDatabase(authToken ? { url, authToken } : { url });
  try {
    if (command === 'list') {
      const emails = await grantedAdminEmails(database);
      console.log(emails.length ? emails.join('\n') : 'No account holds an admin grant.');
      return 0;
    }
    const by = { osUser: userInfo().username };
    const outcome =
      command === 'grant'
        ? await grantAdmin(database, email!, { by, force })
        : await revokeAdmin(database, email!, by);
    if (outcome.account) console.log(outcome.account);
    (outcome.ok ? console.log : console.error)(outcome.message);
    return outcome.ok ? 0 : 1;
  } catch (error) {
    console.error(
      `Could not update ${url}: ${error instanceof Error ? error.message.split(/params:/i)[0] : error}`,
    );
    return 1;
  } finally {
    database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
