import type { PaymentKind } from '#game/payment-vocabulary.ts';

/** One sandbox payment, as the `sandboxPayments` table holds it. Times are ms since the epoch. */
export interface SandboxPaymentRecord {
  id: string;
  kind: PaymentKind;
  msisdn: string;
  /** pawaPay's amount string, e.g. "15.5". */
  amount: string;
  /**
   * pawaPay's status: ACCEPTED until the phone answers, then COMPLETED or FAILED; SUBMITTED for a
   * payment whose phone never answers (it stays so for ever).
   */
  status: string;
  failureCode: string | null;
  createdAt: number;
  /** When the "phone" answers (for a SUBMITTED payment: when it was handed on, never to return). */
  completesAt: number;
  callbackDeliveredAt: number | null;
}

/** Where the sandbox keeps its payments, so that they survive a restart. */
export interface SandboxStore {
  get(id: string): Promise<SandboxPaymentRecord | null>;
  /** Inserts, or replaces the record with the same id. */
  put(record: SandboxPaymentRecord): Promise<void>;
  /**
   * Records with work to do at `now`: ACCEPTED with `completesAt <= now`, or final with no
   * callback delivered yet. Oldest first.
   */
  due(now: number): Promise<SandboxPaymentRecord[]>;
  markDelivered(id: string, now: number): Promise<void>;
}

export function isFinalStatus(status: string): boolean {
  return status === 'COMPLETED' || status === 'FAILED';
}

export function isDue(record: SandboxPaymentRecord, now: number): boolean {
  if (isFinalStatus(record.status)) return record.callbackDeliveredAt === null;
  return record.status === 'ACCEPTED' && record.completesAt <= now;
}

/** Keeps the records in memory: for tests, and for nothing that must survive a restart. */
export function createMemorySandboxStore(): SandboxStore & { all(): SandboxPaymentRecord[] } {
  const records = new Map<string, SandboxPaymentRecord>();
  return {
    async get(id) {
      const record = records.get(id);
      return record ? { ...record } : null;
    },
    async put(record) {
      records.set(record.id, { ...record });
    },
    async due(now) {
      return [...records.values()]
        .filter((record) => isDue(record, now))
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((record) => ({ ...record }));
    },
    async markDelivered(id, now) {
      const record = records.get(id);
      if (record) records.set(id, { ...record, callbackDeliveredAt: now });
    },
    all() {
      return [...records.values()].map((record) => ({ ...record }));
    },
  };
}
