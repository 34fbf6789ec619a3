// What the soak reads from the product's database between its own requests (a reader beside the
// site, never a writer): the figures it prints every minute, and the invariants it fails on. The
// ledger check is the site's own (`checkLedger`, what the operator console's ledger check runs);
// the rest are single SQL statements, so each sees one consistent picture of a busy database.
import { sql } from 'drizzle-orm';
import type { Queryable } from '#db/client.ts';
import { checkLedger, isLedgerClean, type LedgerReport } from '#db/ledger.ts';
import { latestGameEnd, SETTLEMENT_CLOCK_SKEW_MS } from '#game/timing.ts';

export interface Violation {
  /** The invariant's name, as the summary prints it. */
  invariant: string;
  detail: string;
}

export interface PaymentCounts {
  completed: number;
  failed: number;
  pending: number;
}

export interface Figures {
  /** Games played to the end and settled (status `ended`, a settlement recorded). */
  settled: number;
  /** Rooms closed without a game (the last player left, or nobody filled it in time). */
  closed: number;
  /** Rooms waiting for players or playing now. */
  live: number;
  deposits: PaymentCounts;
  withdrawals: PaymentCounts;
  ledger: LedgerReport;
  ledgerClean: boolean;
  /** Rooms whose game should have ended and been settled by now, and is not (yet). */
  overdue: string[];
  /** Overdue rooms past the grace period, and waiting rooms the sweeper should have closed. */
  stuck: string[];
}

export interface CheckOptions {
  gameTimeScale: number;
  /** How long past its latest possible end a game may stay unsettled before it counts as stuck. */
  graceMs: number;
  now: number;
}

const emptyCounts = (): PaymentCounts => ({ completed: 0, failed: 0, pending: 0 });

async function paymentCounts(db: Queryable) {
  const rows = await db.all<{ kind: string; status: string; n: number }>(sql`
    select kind, status, count(*) as n from payment_requests group by kind, status`);
  const deposits = emptyCounts();
  const withdrawals = emptyCounts();
  for (const row of rows) {
    const counts = row.kind === 'deposit' ? deposits : withdrawals;
    if (row.status === 'completed' || row.status === 'failed' || row.status === 'pending')
      counts[row.status] += Number(row.n);
  }
  return { deposits, withdrawals };
}

/** Every payment moved money exactly as its final status says, once. */
async function paymentViolations(db: Queryable): Promise<Violation[]> {
  const rows = await db.all<{
    id: string;
    kind: string;
    status: string;
    amount: number;
    deposits: number;
    credited: number;
    holds: number;
    paid: number;
    returned: number;
  }>(sql`
    select p.id, p.kind, p.status, p.amount,
      (select count(*) from transfers t where t.reference = p.id and t.reason = 'deposit') as deposits,
      (select coalesce(sum(po.amount), 0) from postings po join transfers t on t.id = po.transfer_id
        where t.reference = p.id and t.reason = 'deposit' and po.account_id = 'wallet:' || p.user_id)
        as credited,
      (select count(*) from transfers t where t.reference = p.id and t.reason = 'withdrawal_hold') as holds,
      (select count(*) from transfers t where t.reference = p.id and t.reason = 'withdrawal_paid') as paid,
      (select count(*) from transfers t where t.reference = p.id and t.reason = 'withdrawal_returned')
        as returned
    from payment_requests p`);
  const found: Violation[] = [];
  for (const row of rows) {
    const [deposits, credited, holds, paid, returned] = [
      Number(row.deposits),
      Number(row.credited),
      Number(row.holds),
      Number(row.paid),
      Number(row.returned),
    ];
    const what = `${row.kind} ${row.id} (${row.status}, ${row.amount} ngwee)`;
    if (row.kind === 'deposit') {
      if (deposits > 1 || credited > row.amount)
        found.push({ invariant: 'payment credited twice', detail: `${what}: ${deposits} credits` });
      else if (row.status === 'completed' && (deposits !== 1 || credited !== row.amount))
        found.push({
          invariant: 'completed deposit not credited once',
          detail: `${what}: ${deposits} credits, ${credited} ngwee to the wallet`,
        });
      else if (row.status !== 'completed' && deposits > 0)
        found.push({ invariant: 'deposit credited but not completed', detail: what });
    } else {
      if (holds !== 1)
        found.push({ invariant: 'withdrawal not held once', detail: `${what}: ${holds} holds` });
      if (paid > 1 || returned > 1 || paid + returned > 1)
        found.push({
          invariant: 'payment credited twice',
          detail: `${what}: paid ${paid}, returned ${returned}`,
        });
      else if (
        (row.status === 'completed' && paid !== 1) ||
        (row.status === 'failed' && returned !== 1) ||
        (row.status === 'pending' && paid + returned !== 0)
      )
        found.push({
          invariant: 'withdrawal moved money against its status',
          detail: `${what}: paid ${paid}, returned ${returned}`,
        });
    }
  }
  return found;
}

/** Rooms with a game that should be over (by `latestGameEnd`) and unsettled, and waiting rooms past
 * their expiry that the sweeper has not closed. */
async function lateRooms(db: Queryable, options: CheckOptions) {
  const started = await db.all<{ roomId: string; timeMinutes: number; filledAt: number }>(sql`
    select r.room_id as roomId, r.time_minutes as timeMinutes, max(s.joined_at) as filledAt
    from rooms r join room_seats s on s.room_id = r.room_id
    where r.status = 'active' and r.settled_at is null and r.practice = 0
    group by r.room_id`);
  const overdue: string[] = [];
  const stuck: string[] = [];
  for (const room of started) {
    // The site refuses a report until the end (less the clock allowance) has passed, and the
    // room server retries: a second or two after the latest end is still on its way.
    const end =
      latestGameEnd(Number(room.filledAt), Number(room.timeMinutes), options.gameTimeScale) +
      SETTLEMENT_CLOCK_SKEW_MS;
    if (options.now > end) overdue.push(room.roomId);
    if (options.now > end + options.graceMs) stuck.push(room.roomId);
  }
  const unswept = await db.all<{ roomId: string }>(sql`
    select room_id as roomId from rooms
    where status = 'waiting' and expires_at < ${options.now - options.graceMs}`);
  stuck.push(...unswept.map((row) => row.roomId));
  return { overdue, stuck };
}

export async function checkProduct(
  db: Queryable,
  options: CheckOptions,
): Promise<{ figures: Figures; violations: Violation[] }> {
  const ledger = await checkLedger(db);
  const ledgerClean = isLedgerClean(ledger);
  const rooms = await db.all<{ status: string; n: number }>(sql`
    select status, count(*) as n from rooms where practice = 0 group by status`);
  const count = (...statuses: string[]) =>
    rooms.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  const { deposits, withdrawals } = await paymentCounts(db);
  const { overdue, stuck } = await lateRooms(db, options);

  const violations: Violation[] = [];
  if (!ledgerClean)
    violations.push({ invariant: 'ledger check not clean', detail: JSON.stringify(ledger) });
  const negative = await db.all<{ id: string; balance: number }>(sql`
    select id, balance from accounts where balance < 0 and may_go_negative = 0`);
  for (const account of negative)
    violations.push({
      invariant: 'negative balance',
      detail: `${account.id}: ${account.balance} ngwee`,
    });
  const escrows = await db.all<{ roomId: string; status: string; balance: number }>(sql`
    select r.room_id as roomId, r.status, a.balance from rooms r
    join accounts a on a.id = 'escrow:' || r.room_id
    where r.status in ('ended', 'closed') and a.balance <> 0`);
  for (const escrow of escrows)
    violations.push({
      invariant: 'escrow of a finished room not zero',
      detail: `room ${escrow.roomId} (${escrow.status}) holds ${escrow.balance} ngwee`,
    });
  violations.push(...(await paymentViolations(db)));
  for (const roomId of stuck)
    violations.push({
      invariant: 'stuck room past the grace period',
      detail: `room ${roomId} is neither settled nor closed ${options.graceMs / 1000} s after it should have been`,
    });

  return {
    figures: {
      settled: count('ended'),
      closed: count('closed'),
      live: count('waiting', 'active', 'countdown'),
      deposits,
      withdrawals,
      ledger,
      ledgerClean,
      overdue,
      stuck,
    },
    violations,
  };
}
