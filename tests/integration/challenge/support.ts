// What the challenge suites share: start today's challenge through the API, play it as the room
// server would on the test clock (play-room.ts), and settle it through the signed internal call.
import { expect } from 'vitest';
import type { RoomForParty } from '#wire/site-room.ts';
import type { RoomsApp, TestUser } from '#tests/support/rooms-app.ts';
import { advanceTo, postSettlement } from '../rooms/settlement-support';
import { playRoom, steadyPerson, type PersonPolicy, type PlayedRoom } from './play-room';

/** `Date.UTC` of a Lusaka wall-clock time (UTC+2, no daylight saving). */
export function lusaka(date: string, time: string): number {
  return Date.parse(`${date}T${time}+02:00`);
}

/** `POST /api/practice {challenge: true}` for `user`; the room as the room server learns it. */
export async function startChallenge(app: RoomsApp, user: TestUser): Promise<RoomForParty> {
  const created = await user.client.post('/api/practice', { challenge: true });
  expect(created.status, created.text).toBe(201);
  const roomId = (created.json.room as { roomId: string }).roomId;
  const room = await app.rooms.roomForParty(roomId);
  if (!room) throw new Error('the challenge room is not there');
  return room;
}

/** Plays `room` from now on the test clock; the clock is left where it was. */
export function playChallenge(
  app: RoomsApp,
  room: RoomForParty,
  person: PersonPolicy = steadyPerson,
): PlayedRoom {
  return playRoom(room, { start: app.now(), timeScale: app.deps.config.gameTimeScale, person });
}

/** Moves the clock past the game's end and sends its settlement, as the room server would. */
export async function settle(app: RoomsApp, room: RoomForParty, played: PlayedRoom) {
  advanceTo(app, played.report.endTime + 1_000);
  return postSettlement(app, room.roomId, played.report);
}

/** Start, play and settle today's challenge for `user`. */
export async function finishChallenge(app: RoomsApp, user: TestUser, person?: PersonPolicy) {
  const room = await startChallenge(app, user);
  const played = playChallenge(app, room, person);
  const answer = await settle(app, room, played);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return { room, played };
}
