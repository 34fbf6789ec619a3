// The words of real money, declared once (docs/decisions/115): the db schema's enums, the site
// server's checks and the screens all read them from here. game/ is the one folder every other one
// may import (db/ may import nothing else), so the vocabulary lives beside ngwee.ts.

/** What a payment does: money in from mobile money, or out to it. */
export const paymentKinds = ['deposit', 'withdrawal'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** Who moves the money: the built-in sandbox, or pawaPay. */
export const providerNames = ['sandbox', 'pawapay'] as const;
export type ProviderName = (typeof providerNames)[number];

/** The mobile-money networks, in the order the forms offer them. */
export const operators = ['mtn', 'airtel', 'zamtel'] as const;
export type Operator = (typeof operators)[number];

/** How an operator is named on screen. */
export const OPERATOR_LABELS: Readonly<Record<Operator, string>> = {
  mtn: 'MTN',
  airtel: 'Airtel',
  zamtel: 'Zamtel',
};

/**
 * A payment's status, and the status of its line in the wallet history: the one union from the
 * provider's module to the database to the screen. The provider's own word (COMPLETED, FAILED,
 * PROCESSING, …) is kept only on the payment's event rows.
 */
export const paymentStatuses = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export type FinalPaymentStatus = Exclude<PaymentStatus, 'pending'>;

/** The statuses the operator's console lists payments by: those still to settle or failed. */
export const adminPaymentStatuses = [
  'pending',
  'failed',
] as const satisfies readonly PaymentStatus[];
export type AdminPaymentStatus = (typeof adminPaymentStatuses)[number];

/** The six play limits (responsible play): deposits and net losses per Lusaka day, week, month. */
export const limitKinds = [
  'depositDaily',
  'depositWeekly',
  'depositMonthly',
  'lossDaily',
  'lossWeekly',
  'lossMonthly',
] as const;
export type LimitKind = (typeof limitKinds)[number];

/** True when `value` is one of `words` (a narrowing `includes`). */
export function isOneOf<const T extends string>(words: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (words as readonly string[]).includes(value);
}
