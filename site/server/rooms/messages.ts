// The rooms' words for an unexpected failure (a 500 `unknown_error`), the spec's where it has them.
// The words of every refusal are the API's table (site/server/api/refusal-words.ts).
export const roomMessages = {
  errorFetchingRoom: 'Error fetching room',
  createFailed: 'An error occurred while creating the game: please try again.',
  joinFailed: 'Join failed',
  exitFailed: 'Exit failed',
  historyFailed: 'Failed to load game history.',
} as const;
