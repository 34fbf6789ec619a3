// Protocol call 5 from the site's side: tells one room server that a session signed out. Retried a
// few times at short intervals (the sockets should close now, not whenever); a room server that
// stays unreachable loses its sockets anyway when it restarts, and the session's tickets expire
// within their minute.
import type { PartyClient } from './party-client';

const DELAYS_MS = [200, 1_000, 3_000] as const;

export async function tellSignOut(
  client: PartyClient,
  roomId: string,
  sessionKey: string,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.signOut(roomId, sessionKey);
      return;
    } catch (error) {
      const delay = DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay).unref?.());
    }
  }
}
