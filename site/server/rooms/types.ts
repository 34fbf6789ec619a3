// The rooms' shapes on the site: the public `room` and what the room server learns of a room are
// both wire messages (wire/site-room.ts); the statuses are the room machine's.
export type { RoomStatus } from '../../../game/protocol';
export type { PublicRoom, RoomForParty } from '../../../wire/site-room';
