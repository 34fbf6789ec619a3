// The composition root: read the settings, build the services and the site server, listen; on
// SIGTERM or SIGINT stop taking requests, then stop the background work and close the database.
// Run by `npm start` (through scripts/start.ts) as one node process with tsx as its loader (`scripts/typescript-process.ts`). Everything it
// says is a JSON line on stdout (site/server/logging.ts).
import { ConfigError } from './settings/fields';
import { usePrivateUmask } from '#db/private-files.ts';
import { loadConfig } from './config';
import { createSiteServer } from './create-site-server';
import { describeError, logger, setLogLevel } from './logging';
import { assertPaymentsDeployment } from './payments/deployment-check';
import { createSiteServices } from './services';

const dev = process.argv.includes('--dev');
const log = logger.child({ scope: 'site' });

async function main(): Promise<void> {
  usePrivateUmask(); // before anything (SQLite) creates a file in the data folder
  const config = await loadConfig();
  setLogLevel(config.logLevel);
  // Before anything runs: a public site on free (sandbox) money, or a real provider over sandbox
  // balances, stops here with the reason.
  for (const warning of await assertPaymentsDeployment(config)) log.warn(warning);
  const services = createSiteServices(config);

  const site = await createSiteServer({
    mode: dev ? 'development' : 'production',
    trustProxy: config.trustProxy,
    ...services.server,
  });

  await site.listen(config.port);
  log.info(
    { port: config.port, mode: dev ? 'development' : 'production' },
    `Site listening on http://localhost:${config.port}`,
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    site
      .close()
      .then(() => services.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ error: describeError(error) }, 'Site server did not close cleanly');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  log.fatal(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
