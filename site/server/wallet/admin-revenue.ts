import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { adminRevenue, adminTotals } from '#db/schema/operator.ts';
import { ngweeToZmw } from '#game/ngwee.ts';

export const REVENUE_RECORDS_SHOWN = 50;

export interface RevenueRecordView {
  roomId: string;
  /** The system's share of the pot, ZMW. */
  amount: number;
  /** ZMW. */
  totalPot: number;
  numberOfPlayers: number;
  /** ISO 8601. */
  timestamp: string;
}

export interface RevenueSummary {
  /** ZMW, all time. */
  total: number;
  /** The latest 50, newest first. */
  records: RevenueRecordView[];
}

/** What the admin dashboard shows: total revenue and the latest 50 revenue records. */
export async function revenueSummary(db: Queryable): Promise<RevenueSummary> {
  const [totals] = await db
    .select({ total: adminTotals.total })
    .from(adminTotals)
    .where(eq(adminTotals.key, 'totalRevenue'));
  const rows = await db
    .select()
    .from(adminRevenue)
    .orderBy(desc(adminRevenue.timestamp), desc(adminRevenue.id))
    .limit(REVENUE_RECORDS_SHOWN);
  return {
    total: ngweeToZmw(totals?.total ?? 0),
    records: rows.map((row) => ({
      roomId: row.roomId,
      amount: ngweeToZmw(row.amount),
      totalPot: ngweeToZmw(row.totalPot),
      numberOfPlayers: row.numberOfPlayers,
      timestamp: new Date(row.timestamp).toISOString(),
    })),
  };
}
