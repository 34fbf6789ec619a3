// A rematch: the same players' next game, one tap each. The first player to ask creates a private
// room with the finished game's stake, time and size (paying their stake, like any create) and the
// old room links to it; everyone after joins that room (paying theirs, like any join). Stakes are
// taken only as each player joins. Built on the room service's own create and join, so the money
// rules are theirs (docs/decisions/037).
import { ngweeToZmw } from '#game/ngwee.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { rooms } from '#db/schema/rooms.ts';
import { refuse } from '../api/refusals';
import { loadRoom } from './queries';
import type { Actor, Outcome, RoomService } from './service';
import { isRoomIdShaped } from './settings';
import type { PublicRoom } from '#wire/site-room.ts';

export interface RematchDeps {
  database: Database;
  rooms: RoomService;
}

/** Settings of the new room as the create endpoint takes them (stake in ZMW). */
function settingsOf(room: { amount: number; timeMinutes: number; maxPlayers: number }) {
  return {
    amount: ngweeToZmw(room.amount),
    time: room.timeMinutes,
    maxPlayers: room.maxPlayers,
    privacy: 'Private',
  };
}

/** The rematch room linked from `oldRoomId`, if any. */
async function linkedRoom(database: Database, oldRoomId: string): Promise<string | null> {
  const [row] = await database.db
    .select({ rematchRoomId: rooms.rematchRoomId })
    .from(rooms)
    .where(eq(rooms.roomId, oldRoomId));
  return row?.rematchRoomId ?? null;
}

/** Links the rematch room unless another player's got there first; answers the linked one. */
async function link(database: Database, oldRoomId: string, newRoomId: string): Promise<string> {
  return database.write(async (tx) => {
    await tx
      .update(rooms)
      .set({ rematchRoomId: newRoomId })
      .where(and(eq(rooms.roomId, oldRoomId), isNull(rooms.rematchRoomId)));
    const [row] = await tx
      .select({ rematchRoomId: rooms.rematchRoomId })
      .from(rooms)
      .where(eq(rooms.roomId, oldRoomId));
    return row?.rematchRoomId ?? newRoomId;
  });
}

/** Joins the linked room; a player already seated there just gets it back (a second tap). */
async function joinLinked(
  deps: RematchDeps,
  actor: Actor,
  roomId: string,
): Promise<Outcome<{ room: PublicRoom }>> {
  const joined = await deps.rooms.join(actor, roomId, {});
  if (joined.ok || joined.code !== 'already_in_this_room') return joined;
  const room = await deps.rooms.get(roomId);
  return room ? { ok: true, room } : refuse(404, 'room_not_found');
}

export async function rematch(
  deps: RematchDeps,
  actor: Actor,
  oldRoomId: string,
): Promise<Outcome<{ room: PublicRoom }>> {
  if (!isRoomIdShaped(oldRoomId)) return refuse(404, 'room_not_found');
  const found = await loadRoom(deps.database.db, oldRoomId);
  if (!found) return refuse(404, 'room_not_found');
  if (!found.seats.some((seat) => seat.userId === actor.id)) {
    return refuse(403, 'not_a_participant');
  }
  if (found.room.status !== 'ended') return refuse(409, 'game_not_over');
  if (found.room.practice) return refuse(409, 'practice_rematch');

  const existing = await linkedRoom(deps.database, oldRoomId);
  if (existing) return joinLinked(deps, actor, existing);

  const created = await deps.rooms.create(actor, settingsOf(found.room));
  if (!created.ok) return created;
  const linked = await link(deps.database, oldRoomId, created.room.roomId);
  if (linked === created.room.roomId) {
    // The finished game's room server tells the other players at game over (call 1).
    deps.rooms.publisher.roomChanged(oldRoomId);
    return created;
  }
  // Another player created one at the same moment: give this room up (the stake comes back) and
  // join theirs.
  const left = await deps.rooms.leave(actor, created.room.roomId);
  if (!left.ok) return refuse(500, 'rematch_failed');
  return joinLinked(deps, actor, linked);
}
