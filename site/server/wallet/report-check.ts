// A provider's final report moves money only when it describes the payment we recorded: the same
// amount, in ZMW, to or from the same number (docs/decisions/017). A report that disagrees is kept
// in the payment's history as MISMATCH, reaches the operator once per payment, and moves nothing:
// the payment stays pending for the reconciler and the operator.
import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client.ts';
import { applyPaymentStatus, type PaymentRequest } from '#db/payments.ts';
import { paymentEvents, type PaymentEventSource } from '#db/schema/payments.ts';
import { parseZmwText, zmwText } from '#game/ngwee.ts';
import { toMsisdn } from '../payments/phone';
import type { ReportedPayment } from '../payments/provider';
import { logAdminError } from '../logging';

/** The status recorded in `payment_events` for a report that disagrees with the request. */
export const MISMATCH_STATUS = 'MISMATCH';

export const MISMATCH_MESSAGE = 'Payment report does not match the payment request';

/** What differs between the report and the stored request, in words; empty when they agree. */
export function reportMismatches(payment: PaymentRequest, reported: ReportedPayment): string[] {
  const mismatches: string[] = [];
  const amount = reported.amount === null ? null : parseZmwText(reported.amount);
  if (amount !== payment.amount) {
    mismatches.push(
      `amount: reported ${reported.amount ?? 'none'}, requested ${zmwText(payment.amount)}`,
    );
  }
  if (reported.currency !== 'ZMW') {
    mismatches.push(`currency: reported ${reported.currency ?? 'none'}, requested ZMW`);
  }
  const msisdn = toMsisdn(payment.phone);
  if (reported.msisdn !== msisdn) {
    mismatches.push(`phone: reported ${reported.msisdn ?? 'none'}, requested ${msisdn}`);
  }
  return mismatches;
}

export interface MismatchRecord {
  paymentId: string;
  kind: PaymentRequest['kind'];
  source: PaymentEventSource;
  providerStatus: string;
  mismatches: string[];
  /** True for the first disagreeing report of this payment: only that one is logged. */
  first: boolean;
}

/** Inside the write transaction: keeps the report in the payment's history; moves no money. */
export async function recordMismatch(
  tx: Queryable,
  payment: PaymentRequest,
  report: {
    source: PaymentEventSource;
    providerStatus: string;
    mismatches: string[];
    payload: unknown;
    now: number;
  },
): Promise<MismatchRecord> {
  const earlier = await tx
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.status, MISMATCH_STATUS)))
    .limit(1)
    .get();
  await applyPaymentStatus(tx, {
    paymentId: payment.id,
    // Moves nothing: the payment stays pending; the event row says why.
    status: 'pending',
    providerStatus: MISMATCH_STATUS,
    source: report.source,
    payload: {
      providerStatus: report.providerStatus,
      mismatches: report.mismatches,
      report: report.payload,
    },
    now: report.now,
  });
  return {
    paymentId: payment.id,
    kind: payment.kind,
    source: report.source,
    providerStatus: report.providerStatus,
    mismatches: report.mismatches,
    first: earlier === undefined,
  };
}

/** After the transaction: tells the operator, once per payment. */
export async function reportMismatchToOperator(
  database: Database,
  now: number,
  provider: string,
  mismatch: MismatchRecord,
): Promise<void> {
  if (!mismatch.first) return;
  const { first: _first, ...details } = mismatch;
  await logAdminError(
    database,
    { message: MISMATCH_MESSAGE, details: { provider, ...details } },
    now,
  );
}
