// The room as a spectator sees it, for the board page's first HTML (contract section 8): the site
// asks the room server (protocol call 8) only for a room it knows, and waits a short time. A room
// that does not exist, a room server that is slow or silent, or any odd answer gives null: the page
// draws the board empty and the socket fills it in.
import { eq } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { rooms } from '#db/schema/rooms.ts';
import type { RoomView } from '#game/protocol.ts';
import type { PartyClient } from './party-client';

/** How long the page waits for the room server before drawing the board empty. */
export const FIRST_VIEW_TIMEOUT_MS = 300;

/** A room id as the site makes them is far shorter; anything longer is nobody's room. */
const MAX_ROOM_ID_LENGTH = 128;

export interface FirstViewDeps {
  database: { read: Queryable };
  client: Pick<PartyClient, 'roomView'>;
  timeoutMs?: number;
}

export type FirstView = (roomId: string) => Promise<RoomView | null>;

export function firstViewOf(deps: FirstViewDeps): FirstView {
  const timeoutMs = deps.timeoutMs ?? FIRST_VIEW_TIMEOUT_MS;
  return async (roomId) => {
    if (roomId.length === 0 || roomId.length > MAX_ROOM_ID_LENGTH) return null;
    try {
      const [known] = await deps.database.read
        .select({ roomId: rooms.roomId })
        .from(rooms)
        .where(eq(rooms.roomId, roomId));
      if (!known) return null;
      return await deps.client.roomView(roomId, timeoutMs);
    } catch {
      return null;
    }
  };
}
