// The page door's operator console (admins only), with the JSON API's guard, services, codes and
// messages (api/admin.ts, api/admin-alerts.ts): every read the console shows, and its few changes,
// "ask the provider again", a support reply and the review of a carried exclusion, each written to
// the audit log by the services they call.
import { checkLedger, isLedgerClean } from '#db/ledger.ts';
import { auditLog } from '../admin/audit';
import { recentAdminErrors } from '../admin/errors';
import { paymentsInState, reconcilePaymentForAdmin } from '../admin/payments';
import { adminPaymentStatuses, type AdminPaymentStatus } from '#game/payment-vocabulary.ts';
import { dailyRevenue } from '../admin/revenue-daily';
import { roomsForOperator } from '../admin/rooms';
import { searchUsers, userFile } from '../admin/users';
import { reviewForAdmin } from '../admin/exclusions';
import { currentAlerts, type AdminAlertsDeps } from '../api/admin-alerts';
import { refuse } from '../api/refusals';
import { checkReply, replyToTicket, supportInbox } from '../support/tickets';
import { revenueSummary } from '../wallet/admin-revenue';
import type { WalletDeps } from '../wallet/service';
import { admin, refused, type PageCaller } from './caller';
import { timeOf } from '../clock';

export function consoleDoor(deps: WalletDeps, alertsDeps: AdminAlertsDeps, caller: PageCaller) {
  const db = deps.database.read;
  const now = () => timeOf(deps);
  const who = admin(caller);
  const guard = () => (refused(who) ? who : null);

  return {
    /** `GET /api/admin/alerts`: what needs the operator now. */
    async alerts() {
      if (refused(who)) return who;
      return { ok: true as const, ...(await currentAlerts(alertsDeps)) };
    },

    /** `GET /api/admin/revenue`: the total, the latest 50 records and revenue per Lusaka day. */
    async revenue() {
      if (refused(who)) return who;
      return { ok: true as const, ...(await revenueSummary(db)), daily: await dailyRevenue(db) };
    },

    /** `GET /api/admin/users?query=`. */
    async searchUsers(query: string) {
      if (refused(who)) return who;
      return { ok: true as const, users: await searchUsers(db, query) };
    },

    /** `GET /api/admin/users/:id`. */
    async userFile(userId: string) {
      if (refused(who)) return who;
      const file = await userFile(db, userId, now());
      if (!file) return refuse(404, 'user_not_found');
      return { ok: true as const, file };
    },

    /** `GET /api/admin/payments?status=pending|failed`. */
    async payments(status: string) {
      if (refused(who)) return who;
      if (!(adminPaymentStatuses as readonly string[]).includes(status)) {
        return refuse(400, 'invalid_status');
      }
      return {
        ok: true as const,
        payments: await paymentsInState(db, status as AdminPaymentStatus),
      };
    },

    /** `POST /api/admin/payments/:id/reconcile`: asks the provider again (audited). */
    async reconcile(paymentId: string) {
      if (refused(who)) return who;
      const answer = await reconcilePaymentForAdmin(deps, paymentId, who.user.id, now());
      if (answer.ok) return { ok: true as const, settled: answer.settled, payment: answer.payment };
      if (answer.reason === 'not_found') {
        return refuse(404, 'payment_not_found');
      }
      return refuse(409, 'payment_not_pending');
    },

    /** `GET /api/admin/ledger-check`. */
    async ledgerCheck() {
      if (refused(who)) return who;
      const report = await checkLedger(db);
      return { ok: true as const, clean: isLedgerClean(report), report };
    },

    /** `GET /api/admin/errors`. */
    async errors() {
      if (refused(who)) return who;
      return { ok: true as const, errors: await recentAdminErrors(db) };
    },

    /** `GET /api/admin/rooms`: live rooms and those stuck past their end. */
    async rooms() {
      if (refused(who)) return who;
      return { ok: true as const, ...(await roomsForOperator(db, now())) };
    },

    /** `GET /api/admin/audit`. */
    async audit() {
      if (refused(who)) return who;
      return { ok: true as const, entries: await auditLog(db) };
    },

    /** `GET /api/admin/support`: the inbox, open tickets first. */
    async supportInbox() {
      if (refused(who)) return who;
      return { ok: true as const, tickets: await supportInbox(db) };
    },

    /** `POST /api/admin/support/:id/reply {message}` (audited). */
    async reply(ticketId: string, message: string) {
      if (refused(who)) return who;
      const checked = checkReply({ message });
      if (!checked.ok) return refuse(400, checked.code, checked.error);
      const ticket = await replyToTicket(
        deps.database,
        ticketId,
        who.user.id,
        checked.value,
        now(),
      );
      if (!ticket) return refuse(404, 'ticket_not_found');
      return { ok: true as const, ticket };
    },

    /** `POST /api/admin/carried-exclusions/:id/review {decision, reason}` (audited). */
    async reviewExclusion(id: string, body: { decision: string; reason: string }) {
      if (refused(who)) return who;
      return reviewForAdmin(deps.database, id, who.user.id, body, now());
    },

    /** The console's guard alone: null for an admin, else the refusal. */
    guard,
  };
}
