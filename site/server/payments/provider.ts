import type {
  Operator,
  PaymentKind,
  PaymentStatus,
  ProviderName,
} from '#game/payment-vocabulary.ts';

export interface PaymentInstruction {
  /** A UUIDv4 we generate and store before calling the provider, so a lost answer can be reconciled. */
  paymentId: string;
  kind: PaymentKind;
  /** Local form, 0XXXXXXXXX. */
  phone: string;
  operator: Operator;
  amountNgwee: number;
}

export type InitiationResult =
  | { outcome: 'accepted' }
  /** The provider already holds a payment with this id (we sent it before). */
  | { outcome: 'duplicate' }
  /** Final: the provider refused it and will never process it. */
  | { outcome: 'rejected'; reason: string }
  /** Timeout, network error, 5xx, UNKNOWN_ERROR: NOT a failure; ask for the status later. */
  | { outcome: 'unknown'; reason: string };

/** What an initiation answer records: the one status it means, and the word kept for it. */
export interface InitiationReport {
  status: PaymentStatus;
  providerStatus: 'ACCEPTED' | 'DUPLICATE_IGNORED' | 'REJECTED' | 'UNKNOWN';
  failureReason: string | null;
}

/** The provider's answer to an initiation as a report: only REJECTED is final (failed). */
export function initiationReport(result: InitiationResult): InitiationReport {
  switch (result.outcome) {
    case 'accepted':
      return { status: 'pending', providerStatus: 'ACCEPTED', failureReason: null };
    case 'duplicate':
      return { status: 'pending', providerStatus: 'DUPLICATE_IGNORED', failureReason: null };
    case 'rejected':
      return { status: 'failed', providerStatus: 'REJECTED', failureReason: result.reason };
    case 'unknown':
      return { status: 'pending', providerStatus: 'UNKNOWN', failureReason: null };
  }
}

/**
 * What a provider's report says was moved, as it sent it (pawaPay's amount string, currency and
 * MSISDN); null where the report left it out. The wallet compares it with the stored request.
 */
export interface ReportedPayment {
  amount: string | null;
  currency: string | null;
  msisdn: string | null;
}

export type StatusResult =
  | {
      found: true;
      status: PaymentStatus;
      providerStatus: string;
      failureReason?: string;
      providerRef?: string;
      reported: ReportedPayment;
    }
  | { found: false }
  | { unknown: true; reason: string };

export interface VerifiedCallback {
  paymentId: string;
  kind: PaymentKind;
  status: PaymentStatus;
  providerStatus: string;
  failureReason?: string;
  providerRef?: string;
  reported: ReportedPayment;
  payload: unknown;
}

export interface IncomingCallback {
  method: string;
  /** The Host the request was sent to, as received. */
  authority: string;
  /** The request path without the query string. */
  path: string;
  headers: Record<string, string | undefined>;
  /** The body exactly as received: the digest and the signature cover these bytes. */
  rawBody: Uint8Array;
}

export type CallbackVerification =
  { ok: true; callback: VerifiedCallback } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  initiate(p: PaymentInstruction): Promise<InitiationResult>;
  checkStatus(kind: PaymentKind, paymentId: string): Promise<StatusResult>;
  /** Asks for the final callback again; throws when the provider refuses (unknown id, not final). */
  resendCallback(kind: PaymentKind, paymentId: string): Promise<void>;
  verifyCallback(req: IncomingCallback): Promise<CallbackVerification>;
  predictOperator(phone: string): Promise<Operator | null>;
}
