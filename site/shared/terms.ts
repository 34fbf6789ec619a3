// The Terms and Conditions in force. A new version asks every signed-in player to accept it again
// before their next stake (create or join answers 403 `terms_required` until they do).
export const TERMS_VERSION = '2026-11-23';

/** The consent messages, word for word the same on the form and from the server. */
export const consentMessages = {
  adult: 'Please confirm that you are 18 or older: real-money games are for adults only.',
  terms: 'Please accept the Terms and Conditions and the Privacy Policy to continue.',
} as const;
