// Payments for the operator: those pending or failed (oldest first), and "ask the provider again"
// for one of them through the reconciler's single-payment path.
import { asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client.ts';
import { findPayment, type PaymentRequest } from '#db/payments.ts';
import { paymentRequests } from '#db/schema/payments.ts';
import { ngweeToZmw } from '#game/ngwee.ts';
import type { AdminPaymentStatus } from '#game/payment-vocabulary.ts';
import { reconcileOnePayment, type ReconcilerDeps } from '../wallet/reconciler';
import { recordAudit } from './audit';

export const PAYMENTS_SHOWN = 100;

export function paymentView(payment: PaymentRequest) {
  return {
    id: payment.id,
    userId: payment.userId,
    kind: payment.kind,
    provider: payment.provider,
    status: payment.status,
    amount: ngweeToZmw(payment.amount),
    phone: payment.phone,
    operator: payment.operator,
    failureReason: payment.failureReason,
    createdAt: new Date(payment.createdAt).toISOString(),
    updatedAt: new Date(payment.updatedAt).toISOString(),
    lastCheckedAt: payment.lastCheckedAt ? new Date(payment.lastCheckedAt).toISOString() : null,
  };
}

export async function paymentsInState(db: Queryable, status: AdminPaymentStatus) {
  const rows = await db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.status, status))
    .orderBy(asc(paymentRequests.createdAt))
    .limit(PAYMENTS_SHOWN);
  return rows.map(paymentView);
}

export type ReconcileAnswer =
  | { ok: true; settled: boolean; payment: ReturnType<typeof paymentView> }
  | { ok: false; reason: 'not_found' | 'not_pending' };

/** Asks the provider about one pending payment now; the audit row records who asked and the outcome. */
export async function reconcilePaymentForAdmin(
  deps: ReconcilerDeps & { database: Database },
  paymentId: string,
  adminId: string,
  now: number,
): Promise<ReconcileAnswer> {
  const payment = await findPayment(deps.database.read, paymentId);
  if (!payment) return { ok: false, reason: 'not_found' };
  if (payment.status !== 'pending') return { ok: false, reason: 'not_pending' };
  const settled = await reconcileOnePayment(deps, payment, now);
  const after = (await findPayment(deps.database.read, paymentId)) ?? payment;
  await deps.database.write((tx) =>
    recordAudit(tx, {
      adminId,
      action: 'payment.reconcile',
      target: paymentId,
      detail: { before: payment.status, after: after.status, settled },
      at: now,
    }),
  );
  return { ok: true, settled, payment: paymentView(after) };
}
