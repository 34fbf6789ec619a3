// After a payment starts: the form's phases, and following the payment until the operator answers
// (`GET /api/wallet/payments/:id`, 1 s growing to 5 s between looks, for at most three minutes).
import { requestBalanceRefresh } from './balance-store';
import type { Dispatch, SetStateAction } from 'react';
import type { PaymentStatus } from '#game/payment-vocabulary.ts';
import { apiFetch } from './api';
import { MESSAGES, type RefusedPayment } from './payment-checks';

/** `GET /api/wallet/payments/:id`'s `payment`, the part this form reads. */
export interface PaymentView {
  id: string;
  status: PaymentStatus;
  message: string;
}

export type Phase =
  | { name: 'editing' }
  | { name: 'sending' }
  | { name: 'waiting'; message: string; slow: boolean }
  | {
      name: 'done';
      tone: 'success' | 'error';
      message: string;
      retrySafe?: boolean;
      code?: string | null;
      /** The payment that failed, for "Get help". */
      paymentId?: string;
    };

/** How long to wait between two looks at a pending payment: 1 s, growing to 5 s. */
export function pollDelay(attempt: number): number {
  return Math.min(5_000, Math.round(1_000 * 1.5 ** attempt));
}

/** After this long the form stops watching (the history page keeps the final word). */
const FOLLOW_FOR_MS = 3 * 60_000;

/** Asks about a payment until it is no longer pending (or for FOLLOW_FOR_MS), telling `setPhase`. */
export async function followPayment(
  paymentId: string,
  signal: AbortSignal,
  setPhase: Dispatch<SetStateAction<Phase>>,
) {
  const started = Date.now();
  for (let attempt = 0; !signal.aborted; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, pollDelay(attempt)));
    if (signal.aborted) return;
    let answer;
    try {
      answer = await apiFetch<{ payment: PaymentView }>(
        `/api/wallet/payments/${encodeURIComponent(paymentId)}`,
        { signal, fallbackError: MESSAGES.unknownError },
      );
    } catch {
      return; // aborted: the page is going away
    }
    if (answer.ok && answer.data.payment.status !== 'pending') {
      const { status, message } = answer.data.payment;
      setPhase({
        name: 'done',
        tone: status === 'completed' ? 'success' : 'error',
        message,
        paymentId,
      });
      requestBalanceRefresh();
      return;
    }
    if (Date.now() - started > FOLLOW_FOR_MS) {
      setPhase((current) => (current.name === 'waiting' ? { ...current, slow: true } : current));
      return;
    }
  }
}

/** Where the form starts: the payment or the refusal the server rendered, else an empty form. */
export function initialPhase(payment: PaymentView | null, refused: RefusedPayment | null): Phase {
  if (payment?.status === 'pending') {
    return { name: 'waiting', message: payment.message, slow: false };
  }
  if (payment) {
    const tone = payment.status === 'completed' ? 'success' : 'error';
    return { name: 'done', tone, message: payment.message, paymentId: payment.id };
  }
  if (refused) return { name: 'done', tone: 'error', message: refused.error, code: refused.code };
  return { name: 'editing' };
}
