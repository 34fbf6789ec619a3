// `npm run migrate`: applies the pending migrations to DATABASE_URL.
import { runMigrations } from './migrate';
import { usePrivateUmask } from './private-files';

usePrivateUmask(); // a database file created here is the owner's alone

const url = process.env.DATABASE_URL ?? 'file:./data/app.db';
const authToken = process.env.DATABASE_AUTH_TOKEN;

try {
  await runMigrations({ url, authToken });
  console.log(`Database is up to date (${url.replace(/\/\/[^@/]*@/, '//')}).`);
} catch (error) {
  console.error('Migration failed:', error);
  process.exitCode = 1;
}
