// `npm run room-keys`: the three keys a deployed room server needs, derived from this site's
// INTERNAL_SECRET (docs/decisions/022), one `NAME=value` per line, for `partykit env add` or
// `partykit deploy --with-vars`. The room servers never get INTERNAL_SECRET itself.
import { ConfigError } from '#site/server/settings/fields.ts';
import { loadConfig } from '#site/server/config.ts';
import { roomKeyVars } from './party-config';

try {
  const config = await loadConfig();
  const vars = Object.entries(roomKeyVars(config.internalSecret));
  process.stdout.write(vars.map(([name, value]) => `${name}=${value}\n`).join(''));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
