// What the API says beside each refusal code (docs/api.md, "Refusal codes"): one table keyed by the
// codes of `API_REFUSAL_CODES`, the spec's words where it has them. `refuse(status, code)` puts
// these words beside the code. A code whose words carry data (an amount, a time, which setting) has a
// function here instead, and its refusals pass what it returns.
//
// Pure data: it imports only words and constants (site/shared, game/, db/'s schema constants), never
// a service, so every service and router can import it without a loop.
import { carriedExclusionDecisions, REVIEW_REASON_MAX } from '#db/schema/responsible-play.ts';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_REFERENCE_MAX,
  SUPPORT_REPLY_MAX,
  supportTopics,
} from '#db/schema/support.ts';
import { LUSAKA_OFFSET_MS } from '#db/lusaka-time.ts';
import { MAX_BOTS, MIN_BOTS } from '#game/bots.ts';
import { formatNgwee } from '#game/ngwee.ts';
import {
  adminPaymentStatuses,
  OPERATOR_LABELS,
  type LimitKind,
  type Operator,
} from '#game/payment-vocabulary.ts';
import { authMessages as auth } from '#site/shared/auth-messages.ts';
import { formatWait } from '#site/shared/rate-limited.ts';
import { roomMessages } from '#site/shared/room-messages.ts';
import { consentMessages, TERMS_VERSION } from '#site/shared/terms.ts';
import { failureMessage } from '../wallet/failure-messages';
import type { ApiRefusalCode } from './refusal-codes';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1764021600000 → "25 November 2026, 00:00 Lusaka time". */
export function formatLusakaTime(ms: number): string {
  const d = new Date(ms + LUSAKA_OFFSET_MS);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} Lusaka time`;
}

const LIMIT_NAMES: Record<LimitKind, string> = {
  depositDaily: 'daily deposit limit',
  depositWeekly: 'weekly deposit limit',
  depositMonthly: 'monthly deposit limit',
  lossDaily: 'daily loss limit',
  lossWeekly: 'weekly loss limit',
  lossMonthly: 'monthly loss limit',
};

/** `0961234567 (MTN)`, `0961234567 (MTN) or 0771234567 (Airtel)`, `a, b or c`. */
function listNumbers(numbers: readonly { phone: string; operator: Operator }[]): string {
  const named = numbers.map(({ phone, operator }) => `${phone} (${OPERATOR_LABELS[operator]})`);
  return named.length <= 1
    ? (named[0] ?? '')
    : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
}

/** The settings a room or a practice game is refused for, each with its own sentence. */
const INVALID_SETTING_WORDS = {
  stake: 'Please choose a stake of ZMW 10, 20, 30, 40 or 50.',
  time: 'Please choose a game time of 10, 20, 30, 40 or 60 minutes.',
  players: 'Please choose between 2 and 6 players.',
  privacy: 'Please choose Public or Private.',
  practiceTime: 'Please choose a practice time of 5, 10, 20, 30, 40, 50 or 60 minutes.',
  bots: `Please choose between ${MIN_BOTS} and ${MAX_BOTS} bots.`,
  challenge: 'To start the daily challenge, send challenge: true.',
} as const;
export type InvalidSetting = keyof typeof INVALID_SETTING_WORDS;

/**
 * Every API refusal code and its words. A string is the code's one sentence; a function builds the
 * sentence from the data the refusal names.
 */
export const API_REFUSAL_WORDS = {
  adult_required: consentMessages.adult,
  already_in_another_room: '⚠️ You are already in another room.',
  already_in_this_room: 'You are already in this room.',
  amount_too_large: (kind: 'deposit' | 'withdrawal', maxNgwee: number) =>
    `The most you can ${kind === 'deposit' ? 'deposit' : 'withdraw'} at once is ${formatNgwee(maxNgwee)}. Please enter a smaller amount.`,
  balance_not_zero:
    'Your wallet still holds money. Withdraw all of it before deleting your account.',
  body_too_large: 'The request body is too large.',
  card_busy: 'The picture is being drawn: please try again in a moment.',
  carried_exclusion_not_found: 'Carried exclusion not found.',
  code_expired: auth.codeExpired,
  /** `null`: what was typed is not a code at all; otherwise the tries the code has left. */
  code_invalid: (triesLeft: number | null) =>
    triesLeft === null ? auth.codeMalformed : auth.codeWrong(triesLeft),
  common_password: auth.commonPassword,
  email_already_verified: auth.emailAlreadyVerified,
  email_required: auth.emailRequired,
  email_taken: auth.emailTaken,
  exclusion_running: (until: number | null) =>
    until === null
      ? 'You are already excluded permanently. An exclusion cannot be shortened or lifted.'
      : `You are already excluded until ${formatLusakaTime(until)}. An exclusion cannot be shortened or lifted early: choose a longer period to extend it.`,
  first_name_required: auth.firstNameRequired,
  first_name_too_long: auth.firstNameTooLong,
  forbidden_origin: auth.forbiddenOrigin,
  game_not_found: 'Game not found.',
  game_not_over: 'The game is not over yet.',
  google_already_linked: auth.googleAlreadyLinked,
  google_failed: auth.googleFailed,
  google_link_failed: auth.googleLinkFailed,
  google_link_required: auth.googleLinkRequired,
  google_unavailable: auth.googleUnavailable,
  guest_account: 'A guest visit holds no account to delete.',
  guest_not_allowed: auth.guestsWatchOnly,
  guests_not_allowed: 'Guests cannot write to support. Please sign up or log in.',
  idempotency_key_reused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new payment.',
  idempotency_key_too_long: 'The Idempotency-Key header must be at most 100 characters.',
  insufficient_balance: 'Insufficient balance.',
  /** The spec words it one way on the create form and another in the waiting room. */
  insufficient_funds: (to: 'create' | 'join') =>
    to === 'create' ? roomMessages.createFunds : roomMessages.joinFunds,
  invalid_amount: 'Please enter a valid amount.',
  invalid_client_seed: 'The client seed must be at most 64 letters, digits, "-" or "_".',
  invalid_cursor: 'The "before" cursor is not valid. Start again from the newest transactions.',
  invalid_date: 'Please give a date as YYYY-MM-DD, today or earlier.',
  invalid_decision: `decision must be one of: ${carriedExclusionDecisions.join(', ')}.`,
  invalid_email: auth.invalidEmail,
  invalid_json: auth.invalidJson,
  invalid_limit: 'limit must be a whole number from 1 to 100.',
  /** What was written: a support message, or the operator's reply to one. */
  invalid_message: (what: 'message' | 'reply') =>
    what === 'message'
      ? `Please describe the problem (at most ${SUPPORT_MESSAGE_MAX} characters).`
      : `Please write a reply (at most ${SUPPORT_REPLY_MAX} characters).`,
  invalid_operator: 'Please choose a mobile money operator: MTN, Airtel or Zamtel.',
  invalid_period: 'Please choose a period of 24h, 7d, 30d, 180d or permanent.',
  invalid_phone: auth.invalidPhone,
  invalid_play_limit:
    'Each limit is an amount in ZMW above 0 with at most 2 decimals, or null for no limit.',
  invalid_reference: `The reference must be at most ${SUPPORT_REFERENCE_MAX} letters, digits or dashes.`,
  invalid_request: 'Invalid request.',
  invalid_settings: (setting: InvalidSetting) => INVALID_SETTING_WORDS[setting],
  invalid_signature: 'The callback signature could not be verified.',
  invalid_status: `status must be one of: ${adminPaymentStatuses.join(', ')}.`,
  invalid_topic: `Please choose a topic: ${supportTopics.join(', ')}.`,
  last_name_required: auth.lastNameRequired,
  last_name_too_long: auth.lastNameTooLong,
  left_room: 'You left this room and cannot join it again. Please join or create another room.',
  limit_reached: (kind: LimitKind, limitNgwee: number, resetsAt: number) =>
    `This ${kind.startsWith('deposit') ? 'deposit' : 'stake'} would take you past your ${LIMIT_NAMES[kind]} of ${formatNgwee(limitNgwee)}. It resets on ${formatLusakaTime(resetsAt)}.`,
  metrics_loopback_only:
    '/metrics answers this machine only; set METRICS_TOKEN to read it from elsewhere.',
  metrics_unauthorized: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
  /** Everything is missing on the create form; only the stake on a quick match. */
  missing_settings: (missing: 'all' | 'stake') =>
    missing === 'all' ? roomMessages.missingSettings : roomMessages.missingStake,
  no_password: auth.noPassword,
  not_a_participant: "You're not part of this room.",
  not_admin: auth.notAdmin,
  not_found: 'Not found',
  not_in_room: 'You are not in this room.',
  not_signed_in: auth.notLoggedIn,
  not_your_game: "You're not part of this room.",
  number_not_proved: (proved: readonly { phone: string; operator: Operator }[]) =>
    proved.length === 0
      ? 'Withdrawals can only go to a number you have deposited from, and no deposit of yours has completed yet. Please make a deposit first from the number you want to be paid to.'
      : `Withdrawals can only go to a number you have deposited from: ${listNumbers(proved)}. ${proved.length === 1 ? 'Please withdraw to that number.' : 'Please choose one of them.'}`,
  operator_mismatch: (chosen: Operator, actual: Operator) =>
    `This number is on ${OPERATOR_LABELS[actual]}, not ${OPERATOR_LABELS[chosen]}. Please choose ${OPERATOR_LABELS[actual]} or check the number.`,
  password_required: auth.passwordRequired,
  password_too_long: auth.passwordTooLong,
  /** What happened to the payment and what to do next, by the provider's failure code. */
  payment_failed: failureMessage,
  payment_not_found: 'Payment not found.',
  payment_not_pending: 'This payment is no longer pending: nothing to ask the provider.',
  payment_pending:
    'A deposit or withdrawal of yours is still being processed. Try again once it is finished.',
  phone_not_proved:
    'Please confirm your phone number first: we send a 6-digit code to it by SMS. Then withdraw again.',
  phone_proved: auth.phoneProved,
  phone_required: auth.phoneRequired,
  phone_taken: auth.phoneTaken,
  practice_failed: 'Could not start the practice game: please try again.',
  practice_rematch: 'A practice game has no rematch: start a new practice game instead.',
  /** The limit's own first sentence (`ENDPOINT_LIMITS`), then the wait. */
  rate_limited: (tooMany: string, seconds: number) =>
    `${tooMany} Please wait ${formatWait(seconds)} and try again.`,
  reason_required: 'Please give the reason for this review (what the person showed, who checked).',
  reason_too_long: `The reason may be at most ${REVIEW_REASON_MAX} characters.`,
  /** How the account signs in, so the person knows how to sign in again. */
  reauth_required: (via: 'google' | 'phone') =>
    via === 'google'
      ? 'Please sign in with Google again, then delete your account within 10 minutes of signing in.'
      : 'Please sign in again with your phone number (a new SMS code), then delete your account within 10 minutes of signing in.',
  rematch_failed: 'The rematch could not be set up: please try again.',
  room_closed: 'The room was closed.',
  room_full: 'Room is full.',
  room_not_found: 'Invalid room ID.',
  room_started: 'Room is full. Game is starting, you cannot leave.',
  seat_held:
    'You have a seat in a game. Leave it, or let the game end, before deleting your account.',
  self_excluded: (until: number | null) =>
    until === null
      ? 'You have excluded yourself from play permanently: deposits, new games and joining games are closed. You can still sign in, withdraw your balance and see your history.'
      : `You have excluded yourself from play until ${formatLusakaTime(until)}: deposits, new games and joining games are closed until then. You can still sign in, withdraw your balance and see your history.`,
  sms_not_sent: auth.smsNotSent,
  storage_unavailable:
    'We cannot save anything right now, so nothing was changed. Please try again in a few minutes.',
  terms_not_accepted: consentMessages.terms,
  terms_required:
    'Our Terms and Conditions have changed. Please read them and accept them before your next game.',
  terms_version_mismatch: `Please accept the current Terms and Conditions (version ${TERMS_VERSION}).`,
  ticket_not_found: 'Ticket not found.',
  token_expired: auth.tokenExpired,
  token_invalid: auth.tokenInvalid,
  too_many_attempts: auth.codeTooManyAttempts,
  too_soon: auth.mailTooSoon,
  unknown_email: auth.unknownEmail,
  unknown_error: auth.unexpected,
  unknown_payment: 'No payment with this id.',
  unknown_provider: 'Unknown payment provider.',
  user_not_found: 'User account not found.',
  weak_password: auth.weakPassword,
  wrong_password: auth.wrongPassword,
} as const satisfies Record<ApiRefusalCode, string | ((...data: never[]) => string)>;

type Words = typeof API_REFUSAL_WORDS;

/** The codes with one fixed sentence: `refuse(status, code)` says it. */
export type FixedWordsCode = {
  [C in ApiRefusalCode]: Words[C] extends string ? C : never;
}[ApiRefusalCode];

/** The codes whose words carry data: their refusals pass `refusalWords(code, …data)`. */
export type DataWordsCode = Exclude<ApiRefusalCode, FixedWordsCode>;

/** A data code's sentence, built from its data: `refusalWords('amount_too_large', 'deposit', max)`. */
export function refusalWords<C extends DataWordsCode>(
  code: C,
  ...data: Parameters<Words[C]>
): string {
  const words = API_REFUSAL_WORDS[code] as (...args: Parameters<Words[C]>) => string;
  return words(...data);
}

/** A code with its fixed words, `{code, error}`: what a check hands back for its caller to refuse. */
export function withWords<C extends FixedWordsCode>(code: C): { code: C; error: string } {
  return { code, error: API_REFUSAL_WORDS[code] };
}
