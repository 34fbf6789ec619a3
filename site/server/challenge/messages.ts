// The challenge's words for an unexpected failure; its refusals' words are the API's table
// (site/server/api/refusal-words.ts).
export const challengeMessages = {
  loadFailed: 'Could not load the daily challenge: please try again.',
} as const;
