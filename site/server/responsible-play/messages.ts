// What a person reads when responsible play refuses something (the codes beside it are the API's:
// site/server/api/refusal-codes.ts).
import { LUSAKA_OFFSET_MS } from '#db/lusaka-time.ts';
import type { LimitKind } from '#game/payment-vocabulary.ts';
import { consentMessages, TERMS_VERSION } from '#site/shared/terms.ts';
import { formatNgwee } from '#game/ngwee.ts';

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

export const playMessages = {
  adultRequired: consentMessages.adult,
  termsNotAccepted: consentMessages.terms,
  termsRequired:
    'Our Terms and Conditions have changed. Please read them and accept them before your next game.',
  termsVersion: `Please accept the current Terms and Conditions (version ${TERMS_VERSION}).`,
  selfExcluded: (until: number | null) =>
    until === null
      ? 'You have excluded yourself from play permanently: deposits, new games and joining games are closed. You can still sign in, withdraw your balance and see your history.'
      : `You have excluded yourself from play until ${formatLusakaTime(until)}: deposits, new games and joining games are closed until then. You can still sign in, withdraw your balance and see your history.`,
  limitReached: (kind: LimitKind, limit: number, resetsAt: number) =>
    kind.startsWith('deposit')
      ? `This deposit would take you past your ${LIMIT_NAMES[kind]} of ${formatNgwee(limit)}. It resets on ${formatLusakaTime(resetsAt)}.`
      : `This stake would take you past your ${LIMIT_NAMES[kind]} of ${formatNgwee(limit)}. It resets on ${formatLusakaTime(resetsAt)}.`,
  exclusionRunning: (until: number | null) =>
    until === null
      ? 'You are already excluded permanently. An exclusion cannot be shortened or lifted.'
      : `You are already excluded until ${formatLusakaTime(until)}. An exclusion cannot be shortened or lifted early: choose a longer period to extend it.`,
  invalidPeriod: 'Please choose a period of 24h, 7d, 30d, 180d or permanent.',
  invalidLimit:
    'Each limit is an amount in ZMW above 0 with at most 2 decimals, or null for no limit.',
} as const;
