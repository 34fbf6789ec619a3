import type { Refusal as ApiRefusal } from '../api/refusals';

/** Every message a person can see from rooms, word for word from the spec where it has one. */
export const roomMessages = {
  missingSettings: '⚠️ Please select all settings before creating a game.',
  missingStake: 'Please choose a stake.',
  invalidAmount: 'Please choose a stake of ZMW 10, 20, 30, 40 or 50.',
  invalidTime: 'Please choose a game time of 10, 20, 30, 40 or 60 minutes.',
  invalidMaxPlayers: 'Please choose between 2 and 6 players.',
  invalidPrivacy: 'Please choose Public or Private.',
  invalidClientSeed: 'The client seed must be at most 64 letters, digits, "-" or "_".',
  insufficientFundsToCreate: 'Insufficient funds to create this room!',
  insufficientBalance: 'Insufficient balance.',
  alreadyInThisRoom: 'You are already in this room.',
  alreadyInAnotherRoom: '⚠️ You are already in another room.',
  roomFull: 'Room is full.',
  roomJustBecameFull: 'Sorry, this room just became full.',
  roomClosed: 'The room was closed.',
  cannotLeaveFull: 'Room is full. Game is starting, you cannot leave.',
  notInRoom: 'You are not in this room.',
  leftRoom: 'You left this room and cannot join it again. Please join or create another room.',
  invalidRoomId: 'Invalid room ID.',
  userNotFound: 'User account not found.',
  errorFetchingRoom: 'Error fetching room',
  createFailed: 'An error occurred while creating the game: please try again.',
  joinFailed: 'Join failed',
  exitFailed: 'Exit failed',
  gameNotFound: 'Game not found.',
  notYourGame: "You're not part of this room.",
  historyFailed: 'Failed to load game history.',
  gameNotOver: 'The game is not over yet.',
  practiceRematch: 'A practice game has no rematch: start a new practice game instead.',
  rematchFailed: 'The rematch could not be set up: please try again.',
} as const;

/**
 * Stable codes beside each refusal so a screen can choose its own wording (the join-random screen
 * shows `roomJustBecameFull` for `room_full`, the waiting room `roomFull`).
 */
export type RefusalCode =
  | 'missing_settings'
  | 'invalid_settings'
  | 'invalid_client_seed'
  | 'insufficient_funds'
  | 'already_in_this_room'
  | 'already_in_another_room'
  | 'room_full'
  | 'room_closed'
  | 'room_started'
  | 'not_in_room'
  | 'left_room'
  | 'room_not_found'
  | 'user_not_found'
  | 'not_signed_in'
  | 'self_excluded'
  | 'limit_reached'
  | 'terms_required'
  | 'game_not_over'
  | 'practice_rematch'
  | 'not_a_participant'
  | 'rematch_failed';

/** The API's one refusal shape, with the rooms' own codes. */
export interface Refusal extends ApiRefusal {
  code: RefusalCode;
  /** The room the user is already in (so the client can navigate there). */
  roomId?: string;
}

export function refuse(
  status: number,
  code: RefusalCode,
  error: string,
  extra: { roomId?: string } = {},
): Refusal {
  return { ok: false, status, error, code, ...extra };
}
