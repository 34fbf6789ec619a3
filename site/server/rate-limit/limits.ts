// How often each expensive or unbounded endpoint may be called. Mobile networks put many people
// behind one address, so an address's allowance is generous (dozens to hundreds of people) and the
// account (or the email being registered) carries the weight.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Who a rule counts: the signed-in account, the client's (grouped) address, the sign-up email, or
 * the phone number a sign-in code goes to.
 */
export type Subject = 'account' | 'address' | 'email' | 'phone';

export interface LimitRule {
  per: Subject;
  /** Requests allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface EndpointLimit {
  /** Prefix of the counters' keys; one per endpoint. */
  name: string;
  /** The refusal's first sentence, e.g. `Too many sign-up attempts.` */
  tooMany: string;
  rules: readonly LimitRule[];
}

/** An endpoint's rules in one window: each subject's allowance, e.g. `{ account: 20, address: 300 }`. */
function within(windowMs: number, limits: Partial<Record<Subject, number>>): LimitRule[] {
  return (Object.entries(limits) as [Subject, number][]).map(([per, limit]) => ({
    per,
    limit,
    windowMs,
  }));
}

export const ENDPOINT_LIMITS = {
  signup: {
    name: 'signup',
    tooMany: 'Too many sign-up attempts.',
    rules: within(HOUR_MS, { email: 10, address: 60 }),
  },
  // Sign-in codes by SMS (site/server/auth/phone-sign-in.ts counts the three together, all or none).
  // Each code costs money and lands on someone's phone: one a minute to a number (the page shows
  // the wait), five an hour and ten a day; and, since one code allows five guesses, these also cap
  // the guesses at any one number. An address may ask for many numbers (a shared network).
  phoneCodeResend: {
    name: 'phone-code-resend',
    tooMany: 'We sent a code to this number a moment ago.',
    rules: within(MINUTE_MS, { phone: 1 }),
  },
  phoneCode: {
    name: 'phone-code',
    tooMany: 'Too many codes asked for.',
    rules: within(HOUR_MS, { phone: 5, address: 60 }),
  },
  phoneCodeDaily: {
    name: 'phone-code-daily',
    tooMany: 'Too many codes asked for this number today.',
    rules: within(DAY_MS, { phone: 10 }),
  },
  guest: {
    name: 'guest',
    tooMany: 'Too many guest visits started.',
    rules: within(HOUR_MS, { address: 120 }),
  },
  deposit: {
    name: 'deposit',
    tooMany: 'Too many deposit requests.',
    rules: within(HOUR_MS, { account: 20, address: 300 }),
  },
  withdraw: {
    name: 'withdraw',
    tooMany: 'Too many withdrawal requests.',
    rules: within(HOUR_MS, { account: 20, address: 300 }),
  },
  ticket: {
    // A ticket per (re)connection of the board: generous, reconnects on a weak signal are normal.
    name: 'ticket',
    tooMany: 'Too many requests to connect to the game.',
    rules: within(10 * MINUTE_MS, { account: 120, address: 3000 }),
  },
  lobbyTicket: {
    // A ticket per (re)connection of the live room list: a page open for an hour asks a few times.
    name: 'lobby-ticket',
    tooMany: 'Too many requests for the live room list.',
    rules: within(10 * MINUTE_MS, { account: 60, address: 3000 }),
  },
  roomCreate: {
    // Each create stakes, pushes the room server and the lobby; a person opens a few rooms an
    // evening (one at a time: a seat in one room at most), not dozens in minutes.
    name: 'room-create',
    tooMany: 'Too many rooms created.',
    rules: within(10 * MINUTE_MS, { account: 10, address: 200 }),
  },
  roomJoin: {
    // Refused joins count too: a person tapping rooms that just filled tries several.
    name: 'room-join',
    tooMany: 'Too many attempts to join a room.',
    rules: within(10 * MINUTE_MS, { account: 30, address: 600 }),
  },
  roomLeave: {
    // Every leave follows a create or a join; twice the creates leaves room for both.
    name: 'room-leave',
    tooMany: 'Too many room exits.',
    rules: within(10 * MINUTE_MS, { account: 20, address: 400 }),
  },
  rematch: {
    name: 'rematch',
    tooMany: 'Too many rematch requests.',
    rules: within(10 * MINUTE_MS, { account: 10, address: 200 }),
  },
  practice: {
    // Guests too (one per guest session): the address carries the weight for them.
    name: 'practice',
    tooMany: 'Too many practice games started.',
    rules: within(10 * MINUTE_MS, { account: 20, address: 300 }),
  },
  quickMatch: {
    // One tap seats a player; a few more follow a refusal (add money, then again). Each one takes a
    // stake, so dozens a minute from one account is no person playing.
    name: 'quick-match',
    tooMany: 'Too many quick matches.',
    rules: within(10 * MINUTE_MS, { account: 30, address: 600 }),
  },
  card: {
    // A share card is fetched by link previews and the people a link reaches; each one drawn costs
    // CPU, though the cache answers most of them. Per address only: the fetchers are signed out.
    name: 'card',
    tooMany: 'Too many pictures requested.',
    rules: within(10 * MINUTE_MS, { address: 600 }),
  },
  support: {
    // A person with a problem writes a few messages, not dozens; each one lands in a person's inbox.
    name: 'support',
    tooMany: 'Too many messages to support.',
    rules: within(HOUR_MS, { account: 10, address: 300 }),
  },
} as const satisfies Record<string, EndpointLimit>;
