// Deposits and withdrawals: record first, call the provider outside any transaction, then record
// what it said. The money itself only moves in db/payments.ts, once, on the first final status.
import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client.ts';
import { InsufficientFundsError } from '#db/ledger.ts';
import {
  applyPaymentStatus,
  createPaymentRequest,
  findPayment,
  NumberNotProvedError,
  provedNumbers,
  PhoneNotProvedError,
  requireProvedNumber,
  requireProvedPhone,
  type PaymentRequest,
} from '#db/payments.ts';
import { userTransactions } from '#db/schema/wallet-history.ts';
import {
  initiationReport,
  type InitiationResult,
  type PaymentProvider,
  type VerifiedCallback,
} from '../payments/provider';
import { type PaymentKind, type ProviderName } from '#game/payment-vocabulary.ts';
import { formatNgwee, ngweeToZmw } from '#game/ngwee.ts';
import { rejectionStatus } from './failure-messages';
import {
  checkHistoryQuery,
  toTransactionView,
  transactionHistory,
  type HistoryPage,
  type TransactionView,
} from './history';
import { newPaymentId } from './payment-id';
import { recordMismatch, reportMismatches, reportMismatchToOperator } from './report-check';
import {
  reconcilePayments,
  startReconciler,
  type ReconcileReport,
  type ReconcilerOptions,
  type RunningReconciler,
} from './reconciler';
import { refuse, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';
import { checkIdempotencyKey, checkPaymentRequest, type Checked } from './validation';
import { playRefusalOf } from '../responsible-play/refusals';
import { clockOf, type Clock } from '../clock';

export interface WalletConfig {
  /** The site's public URL (the session cookie's name depends on it). */
  publicUrl: string;
  /** Lower-cased emails that hold the admin claim (for the admin routes' guard). */
  adminEmails: readonly string[];
  /** Keys the payment ids derived from an Idempotency-Key. */
  internalSecret: string;
  /**
   * `WITHDRAWALS_NEED_PROVED_PHONE=1`: a withdrawal also needs the account's own number proved by an
   * SMS code (`user.phoneVerified`), decision 091. Off by default.
   */
  requireProvedPhone: boolean;
  reconciler?: ReconcilerOptions;
}

export interface WalletDeps {
  database: Database;
  /** The configured provider: the only one whose callbacks are accepted. */
  provider: PaymentProvider;
  config: WalletConfig;
  clock?: Clock;
}

/** What a deposit or withdrawal request answers: 202 with what the user sees, or an error. */
export type PaymentAnswer =
  | {
      ok: true;
      status: 202;
      message: string;
      transaction: TransactionView;
      /** For `GET /wallet/payments/:id`, which the waiting screen follows. */
      paymentId: string;
    }
  | Refusal;

/** `GET /wallet/numbers`: where a withdrawal may go (numbers that funded a completed deposit). */
export interface ProvedNumberView {
  phone: string;
  operator: PaymentRequest['operator'];
  lastUsedAt: string;
}

export interface PaymentView {
  id: string;
  kind: PaymentKind;
  status: PaymentRequest['status'];
  /** ZMW. */
  amount: number;
  currency: 'ZMW';
  phone: string;
  operator: PaymentRequest['operator'];
  /** What the waiting screen shows for the current status. */
  message: string;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `mismatch`: a final report that disagrees with the request, kept but not applied (decision 017). */
export type CallbackOutcome = 'recorded' | 'unknown_payment' | 'mismatch';

export interface PaymentOptions {
  /** The `Idempotency-Key` header, as received. */
  idempotencyKey?: string | undefined;
}

export interface WalletService {
  deposit(userId: string, body: unknown, options?: PaymentOptions): Promise<PaymentAnswer>;
  withdraw(userId: string, body: unknown, options?: PaymentOptions): Promise<PaymentAnswer>;
  history(userId: string, query: Record<string, unknown>): Promise<Checked<HistoryPage>>;
  /** The numbers a withdrawal of this user may go to, the most recently used first. */
  provedNumbers(userId: string): Promise<ProvedNumberView[]>;
  /** The payment's current state for its owner; null when absent or someone else's. */
  payment(userId: string, paymentId: string): Promise<PaymentView | null>;
  handleCallback(providerName: ProviderName, callback: VerifiedCallback): Promise<CallbackOutcome>;
  reconcile(options?: { now?: number }): Promise<ReconcileReport>;
  /** Reconciles every `intervalMs` (default 15 s) until stopped; options override the config's. */
  startReconciler(options?: ReconcilerOptions): RunningReconciler;
}

/** What the user reads while the payment is pending or once it completed. */
export function paymentMessage(
  payment: PaymentRequest,
  initiation?: InitiationResult['outcome'],
): string {
  const amount = formatNgwee(payment.amount);
  if (payment.status === 'failed') {
    return refusalWords('payment_failed', payment.kind, payment.failureReason);
  }
  if (payment.kind === 'deposit') {
    if (payment.status === 'completed') return `Your deposit of ${amount} is complete.`;
    if (initiation === 'unknown') {
      return `Your deposit of ${amount} is being processed. If a prompt appears on your phone (${payment.phone}), approve it; your balance updates as soon as the operator confirms.`;
    }
    return `Approve the payment of ${amount} on your phone (${payment.phone}) to complete your deposit.`;
  }
  if (payment.status === 'completed') {
    return `Your withdrawal of ${amount} has been sent to ${payment.phone}.`;
  }
  return `Your withdrawal of ${amount} is on its way to ${payment.phone}.`;
}

async function transactionOf(db: Queryable, payment: PaymentRequest) {
  const row = await db
    .select()
    .from(userTransactions)
    .where(
      and(
        eq(userTransactions.type, payment.kind),
        eq(userTransactions.reference, payment.id),
        eq(userTransactions.userId, payment.userId),
      ),
    )
    .get();
  if (!row) throw new Error(`payment ${payment.id} has no history line`);
  return toTransactionView(row);
}

function sameRequest(
  payment: PaymentRequest,
  kind: PaymentKind,
  userId: string,
  input: { phone: string; operator: string; amountNgwee: number },
): boolean {
  return (
    payment.userId === userId &&
    payment.kind === kind &&
    payment.phone === input.phone &&
    payment.operator === input.operator &&
    payment.amount === input.amountNgwee
  );
}

export function createWalletService(deps: WalletDeps): WalletService {
  const { database, provider } = deps;
  const clock = clockOf(deps);

  async function answerFor(
    payment: PaymentRequest,
    initiation?: InitiationResult['outcome'],
  ): Promise<PaymentAnswer> {
    if (payment.status === 'failed') {
      return refuse(
        rejectionStatus(payment.failureReason),
        'payment_failed',
        refusalWords('payment_failed', payment.kind, payment.failureReason),
      );
    }
    return {
      ok: true,
      status: 202,
      message: paymentMessage(payment, initiation),
      transaction: await transactionOf(database.read, payment),
      paymentId: payment.id,
    };
  }

  async function startPayment(
    kind: PaymentKind,
    userId: string,
    body: unknown,
    options: PaymentOptions,
  ): Promise<PaymentAnswer> {
    const checked = checkPaymentRequest(kind, body);
    if (!checked.ok) return checked;
    const key = checkIdempotencyKey(options.idempotencyKey);
    if (!key.ok) return key;
    const input = checked.value;
    const paymentId = newPaymentId(deps.config.internalSecret, userId, key.value);

    // 1. Record the request (and, for a withdrawal, hold the money) before the provider hears of it,
    //    so that whatever happens next can be reconciled by this id. A withdrawal goes only to a
    //    number from which a deposit of this user completed, checked in the same transaction.
    let recorded: { payment: PaymentRequest; duplicate: boolean };
    try {
      recorded = await database.write(async (tx) => {
        if (kind === 'withdrawal') {
          if (deps.config.requireProvedPhone) await requireProvedPhone(tx, userId);
          await requireProvedNumber(tx, userId, input.phone);
        }
        return createPaymentRequest(tx, {
          id: paymentId,
          userId,
          kind,
          provider: provider.name,
          phone: input.phone,
          operator: input.operator,
          amount: input.amountNgwee,
          now: clock(),
        });
      });
    } catch (error) {
      if (error instanceof PhoneNotProvedError) {
        return refuse(403, 'phone_not_proved');
      }
      if (error instanceof NumberNotProvedError) {
        return refuse(403, 'number_not_proved', refusalWords('number_not_proved', error.proved));
      }
      if (error instanceof InsufficientFundsError) {
        return refuse(400, 'insufficient_balance');
      }
      const played = playRefusalOf(error);
      if (played) return played;
      throw error;
    }
    if (recorded.duplicate) {
      // The same Idempotency-Key again: the same payment, no second request, no second hold.
      if (!sameRequest(recorded.payment, kind, userId, input)) {
        return refuse(409, 'idempotency_key_reused');
      }
      return answerFor(recorded.payment);
    }

    // 2. Ask the provider, outside any transaction: the write queue never waits on the network.
    let result: InitiationResult;
    try {
      result = await provider.initiate({
        paymentId,
        kind,
        phone: input.phone,
        operator: input.operator,
        amountNgwee: input.amountNgwee,
      });
    } catch (error) {
      // A provider that throws told us nothing: the payment may or may not exist there.
      result = { outcome: 'unknown', reason: error instanceof Error ? error.message : 'threw' };
    }

    // 3. Record the answer. Only a refusal is final; "unknown" is left to the reconciler.
    const { payment } = await database.write((tx) =>
      applyPaymentStatus(tx, {
        paymentId,
        ...initiationReport(result),
        source: 'initiation',
        payload: result,
        now: clock(),
      }),
    );
    return answerFor(payment, result.outcome);
  }

  async function handleCallback(
    providerName: ProviderName,
    callback: VerifiedCallback,
  ): Promise<CallbackOutcome> {
    const now = clock();
    const outcome = await database.write(async (tx) => {
      const payment = await findPayment(tx, callback.paymentId);
      if (!payment || payment.provider !== providerName || payment.kind !== callback.kind) {
        return 'unknown_payment' as const;
      }
      // A final report moves money: only when it describes the payment we asked for.
      const mismatches =
        callback.status === 'pending' ? [] : reportMismatches(payment, callback.reported);
      if (mismatches.length > 0) {
        return recordMismatch(tx, payment, {
          source: 'callback',
          providerStatus: callback.providerStatus,
          mismatches,
          payload: callback.payload,
          now,
        });
      }
      await applyPaymentStatus(tx, {
        paymentId: payment.id,
        // The provider's module decided what its word means; the word itself goes to the history.
        status: callback.status,
        providerStatus: callback.providerStatus,
        failureReason: callback.failureReason ?? null,
        providerRef: callback.providerRef ?? null,
        source: 'callback',
        payload: callback.payload,
        now,
      });
      return 'recorded' as const;
    });
    if (typeof outcome === 'string') return outcome;
    await reportMismatchToOperator(database, now, providerName, outcome);
    return 'mismatch';
  }

  return {
    deposit: (userId, body, options = {}) => startPayment('deposit', userId, body, options),
    withdraw: (userId, body, options = {}) => startPayment('withdrawal', userId, body, options),

    async history(userId, query) {
      const checked = checkHistoryQuery(query);
      if (!checked.ok) return checked;
      return { ok: true, value: await transactionHistory(database.read, userId, checked.value) };
    },

    async provedNumbers(userId) {
      const numbers = await provedNumbers(database.read, userId);
      return numbers.map(({ phone, operator, lastUsedAt }) => ({
        phone,
        operator,
        lastUsedAt: new Date(lastUsedAt).toISOString(),
      }));
    },

    async payment(userId, paymentId) {
      const payment = await findPayment(database.read, paymentId);
      if (!payment || payment.userId !== userId) return null;
      return {
        id: payment.id,
        kind: payment.kind,
        status: payment.status,
        amount: ngweeToZmw(payment.amount),
        currency: 'ZMW',
        phone: payment.phone,
        operator: payment.operator,
        message: paymentMessage(payment),
        failureReason: payment.failureReason,
        createdAt: new Date(payment.createdAt).toISOString(),
        updatedAt: new Date(payment.updatedAt).toISOString(),
      };
    },

    handleCallback,
    reconcile: (options = {}) =>
      reconcilePayments(deps, { ...deps.config.reconciler, now: options.now ?? clock() }),
    startReconciler: (options = {}) =>
      startReconciler(deps, { ...deps.config.reconciler, ...options }),
  };
}
