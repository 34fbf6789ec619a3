// The composition root: read the settings, build the site server from its parts, listen.
// Run by `npm start` (through scripts/start.ts) as `tsx site/server/main.ts [--dev]`.
import { Router } from 'express';
import { ConfigError, loadConfig } from './config';
import { createSiteServer } from './create-site-server';

const dev = process.argv.includes('--dev');

async function main(): Promise<void> {
  const config = await loadConfig();

  const apiRouter = Router();

  const site = await createSiteServer({
    mode: dev ? 'development' : 'production',
    apiRouter,
    resolveUser: () => null,
    context: { publicUrl: config.publicUrl },
  });

  await site.listen(config.port);
  console.log(
    `Site listening on http://localhost:${config.port} (${dev ? 'development' : 'production'})`,
  );

  const stop = () => {
    site.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Site server did not close cleanly', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
