// Payments whose outcome never reached us (a lost answer, a timeout, a callback that did not come)
// are settled here by asking the provider. The rule throughout: no answer is not a failure.
import type { Database } from '#db/client.ts';
import {
  applyPaymentStatus,
  pendingPayments,
  type PaymentRequest,
  type PaymentStatusReport,
} from '#db/payments.ts';
import {
  initiationReport,
  type InitiationResult,
  type PaymentProvider,
  type StatusResult,
} from '../payments/provider';
import { describeError, logFailure } from '../logging';
import { recordMismatch, reportMismatches, reportMismatchToOperator } from './report-check';
import { clockOf, type Clock } from '../clock';

export const RECONCILE_DEFAULTS = {
  /** A payment is looked at once it has waited this long since its creation or its last check. */
  pendingAfterMs: 30_000,
  /**
   * A deposit the provider still has no record of after this long never reached it (our initiation
   * timed out before it arrived), so it can be failed safely: no money can move for it any more,
   * because a deposit is never initiated twice.
   */
  depositNotFoundAfterMs: 10 * 60_000,
  /** Payments per run, the longest-waiting first. */
  batchSize: 100,
  intervalMs: 15_000,
} as const;

export interface ReconcilerOptions {
  pendingAfterMs?: number;
  depositNotFoundAfterMs?: number;
  batchSize?: number;
  intervalMs?: number;
}

export interface ReconcileReport {
  /** Payments asked about in this run. */
  checked: number;
  /** Of those, the ones that reached their final status in this run. */
  resolved: number;
}

export interface ReconcilerDeps {
  database: Database;
  provider: PaymentProvider;
  clock?: Clock;
}

export interface RunningReconciler {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

const NOT_FOUND_AT_PROVIDER = 'NOT_FOUND_AT_PROVIDER';

async function askStatus(
  provider: PaymentProvider,
  payment: PaymentRequest,
): Promise<StatusResult> {
  try {
    return await provider.checkStatus(payment.kind, payment.id);
  } catch (error) {
    return { unknown: true, reason: describeError(error) };
  }
}

async function initiateAgain(
  provider: PaymentProvider,
  payment: PaymentRequest,
): Promise<InitiationResult> {
  try {
    return await provider.initiate({
      paymentId: payment.id,
      kind: payment.kind,
      phone: payment.phone,
      operator: payment.operator,
      amountNgwee: payment.amount,
    });
  } catch (error) {
    return { outcome: 'unknown', reason: describeError(error) };
  }
}

/** Looks at one pending payment; answers whether it reached its final status. */
async function reconcileOne(
  deps: ReconcilerDeps,
  payment: PaymentRequest,
  now: number,
  depositNotFoundAfterMs: number,
): Promise<boolean> {
  const { database, provider } = deps;
  const record = (report: Omit<PaymentStatusReport, 'paymentId' | 'now'>) =>
    database.write((tx) => applyPaymentStatus(tx, { paymentId: payment.id, now, ...report }));

  const answer = await askStatus(provider, payment);

  if ('unknown' in answer) {
    // The provider did not answer: leave it pending, look again later.
    await record({
      status: 'pending',
      providerStatus: 'UNKNOWN',
      source: 'status_check',
      payload: answer,
    });
    return false;
  }

  if (answer.found) {
    // A final answer moves money: only when it describes the payment we asked for.
    const mismatches =
      answer.status === 'pending' ? [] : reportMismatches(payment, answer.reported);
    if (mismatches.length > 0) {
      const mismatch = await database.write((tx) =>
        recordMismatch(tx, payment, {
          source: 'status_check',
          providerStatus: answer.providerStatus,
          mismatches,
          payload: answer,
          now,
        }),
      );
      await reportMismatchToOperator(database, now, provider.name, mismatch);
      return false;
    }
    const { settled } = await record({
      status: answer.status,
      providerStatus: answer.providerStatus,
      failureReason: answer.failureReason ?? null,
      providerRef: answer.providerRef ?? null,
      source: 'status_check',
      payload: answer,
    });
    if (settled) {
      // Final at the provider but no callback reached us: ask for it again, so that the provider's
      // own records show it delivered. The money has already moved from the status above.
      await provider.resendCallback(payment.kind, payment.id).catch((error: unknown) => {
        logFailure('wallet', `resend-callback of ${payment.id} failed`, error);
      });
    }
    return settled;
  }

  if (payment.kind === 'deposit') {
    if (now - payment.createdAt < depositNotFoundAfterMs) {
      // Our initiation may still be on its way: wait before deciding.
      await record({
        status: 'pending',
        providerStatus: 'NOT_FOUND',
        source: 'status_check',
        payload: answer,
      });
      return false;
    }
    const { settled } = await record({
      status: 'failed',
      providerStatus: 'FAILED',
      failureReason: NOT_FOUND_AT_PROVIDER,
      source: 'reconciler',
      payload: { ...answer, reason: 'the provider has no record of this deposit' },
    });
    return settled;
  }

  // A withdrawal the provider has not heard of: send it again under the SAME payout id (the provider
  // ignores a duplicate) rather than return money that might still be paid out.
  const result = await initiateAgain(provider, payment);
  const { settled } = await record({
    ...initiationReport(result),
    source: 'reconciler',
    payload: { reinitiated: true, ...result },
  });
  return settled;
}

/** Asks about one pending payment now (the operator's "ask the provider again"); answers whether it settled. */
export function reconcileOnePayment(
  deps: ReconcilerDeps,
  payment: PaymentRequest,
  now: number,
): Promise<boolean> {
  return reconcileOne(deps, payment, now, RECONCILE_DEFAULTS.depositNotFoundAfterMs);
}

/** One pass over the payments that have been pending too long. */
export async function reconcilePayments(
  deps: ReconcilerDeps,
  options: ReconcilerOptions & { now: number },
): Promise<ReconcileReport> {
  const pendingAfterMs = options.pendingAfterMs ?? RECONCILE_DEFAULTS.pendingAfterMs;
  const depositNotFoundAfterMs =
    options.depositNotFoundAfterMs ?? RECONCILE_DEFAULTS.depositNotFoundAfterMs;
  const waiting = await pendingPayments(deps.database.read, {
    olderThanMs: pendingAfterMs,
    now: options.now,
    limit: options.batchSize ?? RECONCILE_DEFAULTS.batchSize,
  });
  const report: ReconcileReport = { checked: 0, resolved: 0 };
  for (const payment of waiting) {
    report.checked += 1;
    try {
      if (await reconcileOne(deps, payment, options.now, depositNotFoundAfterMs)) {
        report.resolved += 1;
      }
    } catch (error) {
      logFailure('wallet', `reconciling payment ${payment.id} failed`, error);
    }
  }
  return report;
}

/** Runs `reconcilePayments` every `intervalMs` (default 15 s) without keeping the process alive. */
export function startReconciler(
  deps: ReconcilerDeps,
  options: ReconcilerOptions = {},
): RunningReconciler {
  const clock = clockOf(deps);
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return; // a slow provider must not pile runs on top of each other
    running = reconcilePayments(deps, { ...options, now: clock() })
      .catch((error: unknown) => logFailure('wallet', 'reconciler run failed', error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? RECONCILE_DEFAULTS.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
