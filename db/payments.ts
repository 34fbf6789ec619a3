// Mobile-money deposits and withdrawals. A request is recorded before the provider is called; the
// money moves once, on the first final status, however often and in whatever order statuses arrive.
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { accountIds, movement, postTransfer } from './ledger';
import { provedNumbers, type ProvedNumber } from './proved-identities';
import { assertMayDeposit } from './responsible-play';
import { paymentEvents, paymentRequests, sandboxPayments } from './schema/payments';
import { userTransactions } from './schema/wallet-history';
import { users } from './schema/people';
import type {
  FinalPaymentStatus,
  Operator,
  PaymentKind,
  ProviderName,
  PaymentStatus,
} from '#game/payment-vocabulary.ts';
import type { PaymentEventSource } from './schema/payments';

export type PaymentRequest = typeof paymentRequests.$inferSelect;

export const paymentKeys = {
  withdrawalHold: (paymentId: string) => `withdrawal_hold:${paymentId}`,
  deposit: (paymentId: string) => `deposit:${paymentId}`,
  withdrawalPaid: (paymentId: string) => `withdrawal_paid:${paymentId}`,
  withdrawalReturned: (paymentId: string) => `withdrawal_returned:${paymentId}`,
} as const;

export class UnknownPaymentError extends Error {
  readonly paymentId: string;

  constructor(paymentId: string) {
    super(`No payment request ${paymentId}`);
    this.name = 'UnknownPaymentError';
    this.paymentId = paymentId;
  }
}

export interface NewPaymentRequest {
  /** The UUIDv4 sent to the provider; generated when absent. */
  id?: string;
  userId: string;
  kind: PaymentKind;
  provider: ProviderName;
  /** Local 10-digit number. */
  phone: string;
  operator: Operator;
  /** Ngwee, positive. */
  amount: number;
  now?: number;
}

/**
 * Records a deposit or withdrawal request with its pending history line. A withdrawal moves the
 * amount from the wallet to the user's hold at once, throwing `InsufficientFundsError` (before
 * writing anything) when the wallet is short. A deposit while the user is self-excluded, or past a
 * deposit limit, throws `SelfExcludedError` or `LimitReachedError` (db/responsible-play). Recording
 * the same id again returns the first record.
 */
export async function createPaymentRequest(
  tx: Queryable,
  request: NewPaymentRequest,
): Promise<{ payment: PaymentRequest; duplicate: boolean }> {
  const id = request.id ?? crypto.randomUUID();
  const now = request.now ?? Date.now();
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new RangeError(`Payment amount ${request.amount} is not a positive whole ngwee amount`);
  }
  const existing = await findPayment(tx, id);
  if (existing) return { payment: existing, duplicate: true };

  if (request.kind === 'deposit') {
    await assertMayDeposit(tx, {
      userId: request.userId,
      amount: request.amount,
      now,
      phone: request.phone,
    });
  }
  if (request.kind === 'withdrawal') {
    await postTransfer(tx, {
      key: paymentKeys.withdrawalHold(id),
      reason: 'withdrawal_hold',
      reference: id,
      postings: movement(
        accountIds.wallet(request.userId),
        accountIds.hold(request.userId),
        request.amount,
      ),
      now,
    });
  }
  const [payment] = await tx
    .insert(paymentRequests)
    .values({
      id,
      userId: request.userId,
      kind: request.kind,
      provider: request.provider,
      phone: request.phone,
      operator: request.operator,
      amount: request.amount,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(userTransactions).values({
    userId: request.userId,
    type: request.kind,
    amount: request.amount,
    status: 'pending',
    reference: id,
    createdAt: now,
    updatedAt: now,
  });
  return { payment: payment!, duplicate: false };
}

export { provedNumbers, type ProvedNumber };

/** A withdrawal to a number from which no deposit of this user completed. */
export class NumberNotProvedError extends Error {
  readonly proved: ProvedNumber[];

  constructor(phone: string, proved: ProvedNumber[]) {
    super(`${phone} has funded no completed deposit of this user`);
    this.name = 'NumberNotProvedError';
    this.proved = proved;
  }
}

/**
 * Throws `NumberNotProvedError` unless a deposit of the user from `phone` completed. Call it in the
 * withdrawal's own write transaction, so the answer cannot change between the check and the hold.
 */
export async function requireProvedNumber(
  tx: Queryable,
  userId: string,
  phone: string,
): Promise<void> {
  const proved = await provedNumbers(tx, userId);
  if (!proved.some((number) => number.phone === phone)) {
    throw new NumberNotProvedError(phone, proved);
  }
}

/** A withdrawal from an account whose own number no SMS code proved, where the operator asks for one. */
export class PhoneNotProvedError extends Error {
  constructor(userId: string) {
    super(`${userId} has no phone number proved by an SMS code`);
    this.name = 'PhoneNotProvedError';
  }
}

/**
 * Throws `PhoneNotProvedError` unless the account's phone was proved by an SMS code
 * (`users.phone_verified_at`). Only where the operator asks for it (`WITHDRAWALS_NEED_PROVED_PHONE`,
 * decision 091); call it in the withdrawal's own write transaction, like `requireProvedNumber`.
 */
export async function requireProvedPhone(tx: Queryable, userId: string): Promise<void> {
  const user = await tx
    .select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user?.phone || user.phoneVerifiedAt === null) throw new PhoneNotProvedError(userId);
}

export function findPayment(db: Queryable, paymentId: string) {
  return db.select().from(paymentRequests).where(eq(paymentRequests.id, paymentId)).get();
}

export interface PaymentStatusReport {
  paymentId: string;
  /** What the provider's module read the report as: only a final status moves money. */
  status: PaymentStatus;
  /**
   * The provider's own word as received (COMPLETED, FAILED, REJECTED, PROCESSING, ACCEPTED, …):
   * kept on the event row, and as the failure reason of a failure that names none.
   */
  providerStatus: string;
  failureReason?: string | null;
  /** The provider's own reference, when it sends one. */
  providerRef?: string | null;
  source: PaymentEventSource;
  /** What the provider sent, kept as JSON text in the payment's history. */
  payload: unknown;
  now?: number;
}

export interface PaymentStatusOutcome {
  payment: PaymentRequest;
  /** True only for the report that moved the payment from pending to its final status. */
  settled: boolean;
}

/**
 * Records a status report in the payment's history, and on the first final status moves the money
 * exactly once: a completed deposit from the provider's clearing account into the wallet; a
 * completed withdrawal from the hold to the clearing account; a failed withdrawal from the hold back
 * to the wallet. Later reports, final or not, change nothing but the history.
 */
export async function applyPaymentStatus(
  tx: Queryable,
  report: PaymentStatusReport,
): Promise<PaymentStatusOutcome> {
  const now = report.now ?? Date.now();
  const payment = await findPayment(tx, report.paymentId);
  if (!payment) throw new UnknownPaymentError(report.paymentId);

  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    status: report.providerStatus,
    source: report.source,
    payload: typeof report.payload === 'string' ? report.payload : JSON.stringify(report.payload),
    createdAt: now,
  });
  const checked = report.source === 'status_check' || report.source === 'reconciler';
  const final = report.status === 'pending' ? null : report.status;

  if (payment.status !== 'pending' || final === null) {
    const changes = {
      ...(checked ? { lastCheckedAt: now } : {}),
      ...(payment.status === 'pending' && report.providerRef && !payment.providerRef
        ? { providerRef: report.providerRef }
        : {}),
    };
    if (Object.keys(changes).length === 0) return { payment, settled: false };
    const [updated] = await tx
      .update(paymentRequests)
      .set(changes)
      .where(eq(paymentRequests.id, payment.id))
      .returning();
    return { payment: updated!, settled: false };
  }

  await moveSettledPayment(tx, payment, final, now);
  const [updated] = await tx
    .update(paymentRequests)
    .set({
      status: final,
      failureReason: final === 'failed' ? (report.failureReason ?? report.providerStatus) : null,
      providerRef: payment.providerRef ?? report.providerRef ?? null,
      updatedAt: now,
      ...(checked ? { lastCheckedAt: now } : {}),
    })
    .where(and(eq(paymentRequests.id, payment.id), eq(paymentRequests.status, 'pending')))
    .returning();
  await tx
    .update(userTransactions)
    .set({ status: final, updatedAt: now })
    .where(
      and(
        eq(userTransactions.type, payment.kind),
        eq(userTransactions.reference, payment.id),
        eq(userTransactions.userId, payment.userId),
      ),
    );
  return { payment: updated!, settled: true };
}

async function moveSettledPayment(
  tx: Queryable,
  payment: PaymentRequest,
  final: FinalPaymentStatus,
  now: number,
) {
  const wallet = accountIds.wallet(payment.userId);
  const hold = accountIds.hold(payment.userId);
  const clearing = accountIds.clearing(payment.provider);
  const common = { reference: payment.id, now };
  if (payment.kind === 'deposit') {
    if (final === 'failed') return;
    await postTransfer(tx, {
      ...common,
      key: paymentKeys.deposit(payment.id),
      reason: 'deposit',
      postings: movement(clearing, wallet, payment.amount),
    });
  } else if (final === 'completed') {
    await postTransfer(tx, {
      ...common,
      key: paymentKeys.withdrawalPaid(payment.id),
      reason: 'withdrawal_paid',
      postings: movement(hold, clearing, payment.amount),
    });
  } else {
    await postTransfer(tx, {
      ...common,
      key: paymentKeys.withdrawalReturned(payment.id),
      reason: 'withdrawal_returned',
      postings: movement(hold, wallet, payment.amount),
    });
  }
}

/**
 * Pending payments the reconciler should ask the provider about: those not checked (or, never
 * checked, not created) within the last `olderThanMs`, the longest-waiting first.
 */
export function pendingPayments(
  db: Queryable,
  opts: { olderThanMs: number; now: number; limit: number },
): Promise<PaymentRequest[]> {
  const cutoff = opts.now - opts.olderThanMs;
  return db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.status, 'pending'),
        or(
          lte(paymentRequests.lastCheckedAt, cutoff),
          and(isNull(paymentRequests.lastCheckedAt), lte(paymentRequests.createdAt, cutoff)),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${paymentRequests.lastCheckedAt}, ${paymentRequests.createdAt})`))
    .limit(opts.limit);
}

/**
 * Whether the database ever held money from the built-in payment sandbox: a payment request made
 * through it, or a payment of the sandbox's own. Such balances are not real money.
 */
export async function heldSandboxMoney(db: Queryable): Promise<boolean> {
  const request = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(eq(paymentRequests.provider, 'sandbox'))
    .limit(1)
    .get();
  if (request) return true;
  const own = await db.select({ id: sandboxPayments.id }).from(sandboxPayments).limit(1).get();
  return own !== undefined;
}
