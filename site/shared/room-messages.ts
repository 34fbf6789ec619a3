// The room messages a person can see, word for word from the spec, which words some refusals one way
// on one screen and another way on the next: browser-safe, so the screens' own checks, the screens'
// readings of a refusal's code and the server's refusals (site/server/api/refusal-words.ts) speak
// with one voice.

/**
 * The create form and the waiting room (and `POST /api/rooms`, `POST /api/rooms/:id/join`); the
 * last five are what the rooms say of an unexpected failure (a 500 `unknown_error`, or no answer).
 */
export const roomMessages = {
  missingSettings: '⚠️ Please select all settings before creating a game.',
  missingStake: 'Please choose a stake.',
  createFunds: 'Insufficient funds to create this room!',
  joinFunds: 'Insufficient balance.',
  errorFetchingRoom: 'Error fetching room',
  createFailed: 'An error occurred while creating the game: please try again.',
  joinFailed: 'Join failed',
  exitFailed: 'Exit failed',
  historyFailed: 'Failed to load game history.',
} as const;

/** The "Join random room" list, which says a refused join its own way. */
export const roomListMessages = {
  otherRoom: '⚠️ You are already in another room.',
  funds: "You don't have enough funds to join this room.",
  full: 'Sorry, this room just became full.',
  signedOut: '⚠️ You must be logged in to join a room.',
  fetchFailed: '⚠️ Could not fetch available rooms. Please try again later.',
} as const;
