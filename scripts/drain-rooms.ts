// Before `npm start` stops the room server, every live room is told a restart is coming (protocol
// call 7, docs/protocol.md): its sockets close with 1012 "reconnect" while the room server can still
// say so, instead of dropping when the process dies. The live rooms are the database's (waiting, in
// their countdown, active); the whole pass is bounded, since stopping must not wait on it.
import { createClient } from '@libsql/client';
import { purposeKey, signRequest } from '#wire/signing.ts';
import { wirePaths, type RoomCall } from '#wire/site-room.ts';
import { LIVE_STATUSES } from '#site/server/rooms/user-rooms.ts';

export interface DrainOptions {
  databaseUrl: string;
  databaseAuthToken?: string | undefined;
  /** Where the room server answers, e.g. `http://127.0.0.1:1999`. */
  partyUrl: string;
  internalSecret: string;
  /** The whole pass gives up after this long (rooms not reached drop their sockets at the stop). */
  limitMs: number;
  concurrency?: number;
}

export interface DrainResult {
  rooms: number;
  /** Rooms that answered 200. */
  told: number;
  /** Sockets those rooms closed. */
  sockets: number;
}

async function liveRooms(options: DrainOptions): Promise<string[]> {
  const client = createClient({ url: options.databaseUrl, authToken: options.databaseAuthToken });
  try {
    const statuses = [...LIVE_STATUSES];
    const { rows } = await client.execute({
      sql: `select room_id from rooms where status in (${statuses.map(() => '?').join(', ')})`,
      args: statuses,
    });
    return rows.map((row) => String(row.room_id));
  } finally {
    client.close();
  }
}

export async function drainRooms(options: DrainOptions): Promise<DrainResult> {
  const deadline = AbortSignal.timeout(options.limitMs);
  const roomIds = await liveRooms(options);
  const key = purposeKey(options.internalSecret, 'site-to-room');
  const base = options.partyUrl.replace(/\/+$/, '');
  const result: DrainResult = { rooms: roomIds.length, told: 0, sockets: 0 };
  const queue = [...roomIds];

  async function tell(roomId: string): Promise<void> {
    const path = wirePaths.room(roomId);
    const body = JSON.stringify({ type: 'restarting' } satisfies RoomCall);
    const headers = signRequest(key, { method: 'POST', path, body, now: Date.now() });
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: deadline,
    });
    const answer = (await response.json().catch(() => null)) as { closed?: number } | null;
    if (!response.ok) return;
    result.told += 1;
    result.sockets += answer?.closed ?? 0;
  }

  const workers = Array.from({ length: options.concurrency ?? 16 }, async () => {
    for (let roomId = queue.shift(); roomId && !deadline.aborted; roomId = queue.shift()) {
      await tell(roomId).catch(() => undefined);
    }
  });
  await Promise.all(workers);
  return result;
}
