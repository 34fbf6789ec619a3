// Revenue per Lusaka calendar day over all time. Lusaka is UTC+2 all year (no daylight saving).
import { sql } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { adminRevenue } from '#db/schema/operator.ts';
import { ngweeToZmw } from '#game/ngwee.ts';

const LUSAKA_OFFSET_SECONDS = 2 * 60 * 60;

export interface DailyRevenue {
  /** YYYY-MM-DD, Lusaka time. */
  day: string;
  /** ZMW. */
  revenue: number;
  games: number;
}

/** Newest day first. */
export async function dailyRevenue(db: Queryable): Promise<DailyRevenue[]> {
  const day = sql<string>`date(${adminRevenue.timestamp} / 1000 + ${LUSAKA_OFFSET_SECONDS}, 'unixepoch')`;
  const rows = await db
    .select({
      day,
      revenue: sql<number>`sum(${adminRevenue.amount})`,
      games: sql<number>`count(*)`,
    })
    .from(adminRevenue)
    .groupBy(day)
    .orderBy(sql`1 desc`);
  return rows.map((row) => ({
    day: row.day,
    revenue: ngweeToZmw(Number(row.revenue)),
    games: Number(row.games),
  }));
}
