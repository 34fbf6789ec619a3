// The shapes of the site ↔ room-server calls (docs/protocol.md). Everything the site sends is
// parsed here before it reaches the machine; a body that does not match is refused.
//
//   1  site → room   POST /parties/main/:roomId                  {type:'room', room}
//   2  room → site   GET  /api/internal/rooms/:roomId            → {room} or 404 (unknown: no storage)
//   3  room → site   POST /api/internal/rooms/:roomId/settlement  the finished game
//   4  site → lobby  POST /parties/lobby/main                     {type:'rooms', rooms}
//   5  site → room   POST /parties/main/:roomId                  {type:'signedOut', sessionKey}
//
// Every call is signed (game/signing.ts: x-zt-timestamp, x-zt-signature over method, path,
// timestamp and body). Receivers check the headers and the timestamp before reading the body (401),
// read the body up to a fixed size (413: party/room/limits.ts, site/server/api/internal.ts), then
// verify the signature over its bytes. Refusals answer {error, code}.
import { z } from 'zod';

export const roomForPartySchema = z.object({
  roomId: z.string().min(1).max(128),
  // 0 for a practice room (contract section 7).
  stakeNgwee: z.number().int().nonnegative(),
  timeMinutes: z.number().positive(),
  maxPlayers: z.number().int().min(2).max(6),
  serverSeed: z.string().min(1).max(256),
  status: z.enum(['waiting', 'active', 'ended', 'closed']),
  seats: z
    .array(
      z.object({
        uid: z.string().min(1).max(128),
        name: z.string().max(200),
        clientSeed: z.string().max(64),
      }),
    )
    .max(6),
});

export type RoomForParty = z.infer<typeof roomForPartySchema>;

/** Call 1: the site pushes the room on every seat change and when it closes. */
export const roomPushSchema = z.object({ type: z.literal('room'), room: roomForPartySchema });

/**
 * Call 5: a session signed out. Its sockets in this room close (4401 `Signed out`) and its tickets,
 * which live at most a minute, are refused from now on. `sessionKey` is the ticket's `sk`.
 */
export const signOutPushSchema = z.object({
  type: z.literal('signedOut'),
  sessionKey: z.string().min(1).max(64),
});

/** What the site may POST to `/parties/main/:roomId` (calls 1 and 5). */
export const roomCallSchema = z.discriminatedUnion('type', [roomPushSchema, signOutPushSchema]);

/** Call 2's answer. */
export const roomPullSchema = z.object({ room: roomForPartySchema });

/** Call 4: the public room list for the lobby (docs/api.md's `room` without serverSeed). */
export const publicRoomsPushSchema = z.object({
  type: z.literal('rooms'),
  rooms: z.array(z.looseObject({ roomId: z.string().min(1) })).max(1000),
});
