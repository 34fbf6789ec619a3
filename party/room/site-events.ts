// How what the site says becomes machine input and events: a new room's input, a restored
// snapshot's input, and the seats event of a push or a pull.
import type { RoomContext, RoomInput } from '#game/room-context.ts';
import type { RoomEvent } from '#game/room-machine.ts';
import type { RoomForParty } from '#wire/site-room.ts';

/** Only the input's own fields, whatever else `fields` holds (a site room, a machine context). */
function inputFrom(fields: Omit<RoomInput, 'timeScale'>, timeScale: number): RoomInput {
  const { roomId, stakeNgwee, timeMinutes, maxPlayers, serverSeed, dailyChallenge } = fields;
  return {
    roomId,
    stakeNgwee,
    timeMinutes,
    maxPlayers,
    serverSeed,
    timeScale,
    ...(dailyChallenge ? { dailyChallenge } : {}),
  };
}

/** The input of a fresh machine for a room the site sent. */
export function machineInput(room: RoomForParty, timeScale: number): RoomInput {
  return inputFrom(room, timeScale);
}

/** The input a persisted snapshot was created with (XState ignores it when restoring). */
export function inputOf(snapshot: unknown): RoomInput {
  const { context } = snapshot as { context: RoomContext };
  return inputFrom(context, context.timeScale);
}

/** The site's seats as a machine event; `online` are the users with a socket here now. */
export function seatsEvent(
  room: RoomForParty,
  now: number,
  online: string[],
  finishedElsewhere = false,
): RoomEvent {
  return {
    type: 'SEATS',
    online,
    seats: room.seats.map((seat) => ({
      uid: seat.uid,
      name: seat.name,
      clientSeed: seat.clientSeed,
    })),
    closed: room.status === 'closed' || finishedElsewhere,
    now,
  };
}
