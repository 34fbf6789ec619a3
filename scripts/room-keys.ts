// `npm run room-keys`: the three keys a deployed room server needs, derived from this site's
// INTERNAL_SECRET (docs/decisions/022), one `NAME=value` per line, for `partykit env add` or
// `partykit deploy --with-vars`. The room servers never get INTERNAL_SECRET itself.
import { ConfigError, loadConfig } from '#site/server/config.ts';
import { roomKeys } from '#wire/signing.ts';

try {
  const config = await loadConfig();
  const keys = roomKeys(config.internalSecret);
  process.stdout.write(
    [
      `TICKET_KEY=${keys.tickets}`,
      `SITE_TO_ROOM_KEY=${keys.siteToRoom}`,
      `ROOM_TO_SITE_KEY=${keys.roomToSite}`,
      '',
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
