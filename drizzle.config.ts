import { defineConfig } from 'drizzle-kit';
import { loadDatabaseConfig } from '#site/server/config.ts';

const { databaseUrl, databaseAuthToken } = loadDatabaseConfig();

export default defineConfig({
  dialect: 'turso',
  schema: './db/schema.ts',
  out: './db/migrations',
  dbCredentials: {
    url: databaseUrl,
    ...(databaseAuthToken ? { authToken: databaseAuthToken } : {}),
  },
});
