// A small stand-in for the site's internal API (protocol calls 2 and 3) with the real signing, so the
// room server can be tested alone: it serves rooms, records every settlement call, can be "down"
// (answers 503) and can push a room to the room server (call 1) the way the site does. It holds the
// room server to the wire's shapes: a report the real site would refuse as malformed is refused.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { settlementReportSchema } from '#wire/settlement.ts';
import { purposeKey, signRequest, verifyRequest } from '#wire/signing.ts';
import { wirePaths, type RoomForParty } from '#wire/site-room.ts';

export type FakeRoom = RoomForParty;
export type FakeSeat = RoomForParty['seats'][number];

export interface SettlementCall {
  roomId: string;
  body: Record<string, unknown>;
  /** What the fake answered: 200 (acknowledged), 400 (not the wire's shape), 401 or 503 (down). */
  status: number;
  at: number;
}

export interface FakeSite {
  url: string;
  secret: string;
  rooms: Map<string, FakeRoom>;
  /** Every settlement call, in arrival order, including refused ones. */
  settlementCalls: SettlementCall[];
  /** Count of room pulls (call 2) per room. */
  pulls: Map<string, number>;
  /** Settlement calls answered 200, per room. */
  acknowledged(roomId: string): SettlementCall[];
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** `secret` is INTERNAL_SECRET: calls are checked with the room → site key derived from it. */
export async function startFakeSite(options: { secret: string }): Promise<FakeSite> {
  const rooms = new Map<string, FakeRoom>();
  const settlementCalls: SettlementCall[] = [];
  const pulls = new Map<string, number>();
  let down = false;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: String(error) });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const verdict = verifyRequest(purposeKey(options.secret, 'room-to-site'), {
      method: request.method ?? 'GET',
      path,
      body,
      headers: request.headers,
      now: Date.now(),
    });

    const settlement = /^\/api\/internal\/rooms\/([^/]+)\/settlement$/.exec(path);
    if (settlement && request.method === 'POST') {
      const roomId = decodeURIComponent(settlement[1] ?? '');
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // recorded as an empty body
      }
      const wellFormed = settlementReportSchema.safeParse(parsed).success;
      const status = down ? 503 : !verdict.ok ? 401 : wellFormed ? 200 : 400;
      settlementCalls.push({ roomId, body: parsed, status, at: Date.now() });
      if (status === 503) return send(response, 503, { error: 'Service unavailable' });
      if (status === 401) return send(response, 401, { error: 'Unauthorized' });
      if (status === 400) {
        return send(response, 400, {
          error: 'The settlement body has the wrong shape.',
          code: 'settlement_malformed',
          retry: false,
        });
      }
      return send(response, 200, { ok: true, settled: true });
    }

    const pull = /^\/api\/internal\/rooms\/([^/]+)$/.exec(path);
    if (pull && request.method === 'GET') {
      if (down) return send(response, 503, { error: 'Service unavailable' });
      if (!verdict.ok) return send(response, 401, { error: 'Unauthorized' });
      const roomId = decodeURIComponent(pull[1] ?? '');
      pulls.set(roomId, (pulls.get(roomId) ?? 0) + 1);
      const room = rooms.get(roomId);
      return room ? send(response, 200, { room }) : send(response, 404, { error: 'Not found' });
    }
    send(response, 404, { error: 'Not found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secret: options.secret,
    rooms,
    settlementCalls,
    pulls,
    acknowledged: (roomId) =>
      settlementCalls.filter((call) => call.roomId === roomId && call.status === 200),
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Protocol call 1, as the site makes it: POST the room to its room server, signed with the
 * site → room key derived from `secret` (INTERNAL_SECRET). */
export async function pushRoom(
  partyHttpUrl: string,
  secret: string,
  room: FakeRoom,
): Promise<Response> {
  const path = wirePaths.room(room.roomId);
  const body = JSON.stringify({ type: 'room', room });
  const key = purposeKey(secret, 'site-to-room');
  const headers = signRequest(key, { method: 'POST', path, body, now: Date.now() });
  return fetch(`${partyHttpUrl}${path}`, {
    method: 'POST',
    body,
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
