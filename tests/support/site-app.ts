// The real site in this process, composed exactly as `site/server/main.ts` composes it: the settings
// read by `loadConfig` from an environment (over a temp data folder), a migrated libSQL file, every
// service of `createSiteServices`, and `createSiteServer` on the shared production build
// (`build.ts`). For what only the whole composition shows: the headers of every page and answer,
// `TRUST_PROXY`. No room server runs (nothing here opens a room); `stop()` ends it all.
import type { Env } from '#site/server/settings/fields.ts';
import { loadConfig, type SiteConfig } from '#site/server/config.ts';
import { createSiteServer, type SiteServer } from '#site/server/create-site-server.ts';
import { createSiteServices, type ComposedSite } from '#site/server/services.ts';
import { runMigrations } from '#db/migrate.ts';
import { createDatabase, type Database } from '#db/client.ts';
import { BUILD_DIR } from '#scripts/build-site.ts';
import { ensureSiteBuild } from './build';
import { HttpClient } from './http-client';
import { removeDir, tempDir } from './partykit';

export interface SiteApp {
  /** Where the test reaches it (http://127.0.0.1:port). */
  url: string;
  config: SiteConfig;
  site: SiteServer;
  services: ComposedSite;
  /** A second handle on the same database file, for the test's own reads and writes. */
  database: Database;
  /** The shared API client (cookie jar, the site's Origin; `X-Forwarded-For` when given). */
  client(address?: string): HttpClient;
  stop(): Promise<void>;
}

export async function startSiteApp(env: Env = {}): Promise<SiteApp> {
  await ensureSiteBuild();
  const dataDir = await tempDir('zed-site-app-');
  const config = await loadConfig({ DATA_DIR: dataDir, PORT: '3999', ...env });
  await runMigrations({ url: config.databaseUrl });
  const services = createSiteServices(config);
  const site = await createSiteServer({
    ...services.server,
    trustProxy: config.trustProxy,
    buildDirectory: BUILD_DIR,
  });
  await site.listen(0, '127.0.0.1');
  const address = site.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the site has no address');
  const url = `http://127.0.0.1:${address.port}`;
  const database = createDatabase({ url: config.databaseUrl });
  await database.ready;
  return {
    url,
    config,
    site,
    services,
    database,
    client: (clientAddress) => new HttpClient(url, new URL(config.publicUrl).origin, clientAddress),
    async stop() {
      await site.close();
      await services.stop();
      database.close();
      await removeDir(dataDir);
    },
  };
}
