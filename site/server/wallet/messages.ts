// The wallet's words outside its refusals (those are the API's table,
// site/server/api/refusal-words.ts): an unexpected failure, and the answer to a provider's callback.
export const walletMessages = {
  unknownError: 'An unknown error occurred. Please try again.',
  callbackRecorded: 'Recorded.',
} as const;
