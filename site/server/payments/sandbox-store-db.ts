// The sandbox's payments in the `sandbox_payments` table, so that a restart of the site loses
// neither a payment nor a callback still owed. Must not be called inside another database.write().
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sandboxPayments } from '#db/schema/payments.ts';
import type { PaymentKind } from '#game/payment-vocabulary.ts';
import type { SandboxPaymentRecord, SandboxStore } from './sandbox-store';

type Row = typeof sandboxPayments.$inferSelect;
type RowKind = Row['kind'];

const ROW_KIND: Readonly<Record<PaymentKind, RowKind>> = {
  deposit: 'deposit',
  withdrawal: 'payout',
};

function toRecord(row: Row): SandboxPaymentRecord {
  return {
    id: row.id,
    kind: row.kind === 'deposit' ? 'deposit' : 'withdrawal',
    msisdn: row.msisdn,
    amount: row.amount,
    status: row.status,
    failureCode: row.failureCode,
    createdAt: row.createdAt,
    completesAt: row.completesAt,
    callbackDeliveredAt: row.callbackDeliveredAt,
  };
}

function toRow(record: SandboxPaymentRecord): Row {
  return { ...record, kind: ROW_KIND[record.kind] };
}

export function createDatabaseSandboxStore(database: Database): SandboxStore {
  return {
    async get(id) {
      const row = await database.read
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, id))
        .get();
      return row ? toRecord(row) : null;
    },

    async put(record) {
      const { id: _id, ...changes } = toRow(record);
      await database.write((tx) =>
        tx
          .insert(sandboxPayments)
          .values(toRow(record))
          .onConflictDoUpdate({ target: sandboxPayments.id, set: changes }),
      );
    },

    async due(now) {
      const rows = await database.read
        .select()
        .from(sandboxPayments)
        .where(
          or(
            and(eq(sandboxPayments.status, 'ACCEPTED'), lte(sandboxPayments.completesAt, now)),
            and(
              inArray(sandboxPayments.status, ['COMPLETED', 'FAILED']),
              isNull(sandboxPayments.callbackDeliveredAt),
            ),
          ),
        )
        .orderBy(asc(sandboxPayments.createdAt));
      return rows.map(toRecord);
    },

    async markDelivered(id, now) {
      await database.write((tx) =>
        tx
          .update(sandboxPayments)
          .set({ callbackDeliveredAt: now })
          .where(eq(sandboxPayments.id, id)),
      );
    },
  };
}
