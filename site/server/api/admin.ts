import { Router } from 'express';
import { checkLedger, isLedgerClean } from '#db/ledger.ts';
import { auditLog, recordAudit } from '../admin/audit';
import { recentAdminErrors } from '../admin/errors';
import { reviewForAdmin } from '../admin/exclusions';
import { paymentsInState, reconcilePaymentForAdmin } from '../admin/payments';
import { adminPaymentStatuses, type AdminPaymentStatus } from '#game/payment-vocabulary.ts';
import { dailyRevenue } from '../admin/revenue-daily';
import { roomsForOperator } from '../admin/rooms';
import { searchUsers, userFile } from '../admin/users';

import { currentUser, requireAdmin, sessionMiddleware } from '../auth/middleware';
import { checkReply, replyToTicket, supportInbox } from '../support/tickets';
import { revenueSummary } from '../wallet/admin-revenue';
import { walletMessages } from '../wallet/messages';
import { apiErrors, jsonBody, sendError, sendRefusal } from './refusals';
import { createWalletService, type WalletDeps, type WalletService } from '../wallet/service';
import { timeOf } from '../clock';

export interface AdminRouterDeps extends WalletDeps {
  wallet?: WalletService;
  clock?: () => number;
}

/**
 * The operator's console (admins only). It reads everything, and changes only a few things: a
 * support reply, "ask the provider again" (one payment, or a whole reconciler pass) and the review
 * of a carried exclusion; each is written to the audit log. No route moves money.
 */
export function adminRouter(deps: AdminRouterDeps): Router {
  const router = Router();
  const wallet = deps.wallet ?? createWalletService(deps);
  const session = sessionMiddleware({ database: deps.database, config: deps.config });
  const db = deps.database.read;
  const now = () => timeOf(deps);

  router.use('/admin', session, requireAdmin, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/admin/users', async (req, res) => {
    const query = typeof req.query.query === 'string' ? req.query.query : '';
    res.json({ users: await searchUsers(db, query) });
  });

  router.get('/admin/users/:id', async (req, res) => {
    const file = await userFile(db, String(req.params.id), now());
    if (!file) return sendError(res, 404, 'user_not_found');
    res.json(file);
  });

  router.get('/admin/payments', async (req, res) => {
    const status = req.query.status ?? 'pending';
    if (!(adminPaymentStatuses as readonly unknown[]).includes(status))
      return sendError(res, 400, 'invalid_status');
    res.json({ payments: await paymentsInState(db, status as AdminPaymentStatus) });
  });

  router.post('/admin/payments/:id/reconcile', async (req, res) => {
    const answer = await reconcilePaymentForAdmin(
      deps,
      String(req.params.id),
      currentUser(res).id,
      now(),
    );
    if (answer.ok) return res.json({ settled: answer.settled, payment: answer.payment });
    if (answer.reason === 'not_found') return sendError(res, 404, 'payment_not_found');
    sendError(res, 409, 'payment_not_pending');
  });

  // A disputed exclusion carried from an erased account: upheld, or void (it excludes nobody).
  router.post('/admin/carried-exclusions/:id/review', jsonBody, async (req, res) => {
    const outcome = await reviewForAdmin(
      deps.database,
      String(req.params.id),
      currentUser(res).id,
      req.body,
      now(),
    );
    if (!outcome.ok) return sendRefusal(res, outcome);
    res.json({ carriedExclusion: outcome.carriedExclusion });
  });

  router.get('/admin/revenue', async (_req, res) => {
    res.json({ ...(await revenueSummary(db)), daily: await dailyRevenue(db) });
  });

  // A whole reconciler pass on demand: it only asks the provider, as the timer does every 15 s;
  // who asked, and what it found, goes to the audit log like every other change from here.
  router.post('/admin/reconcile', async (_req, res) => {
    const { checked, resolved } = await wallet.reconcile();
    await deps.database.write((tx) =>
      recordAudit(tx, {
        adminId: currentUser(res).id,
        action: 'reconcile.pass',
        target: 'pending-payments',
        detail: { checked, resolved },
        at: now(),
      }),
    );
    res.json({ checked, resolved });
  });

  router.get('/admin/ledger-check', async (_req, res) => {
    const report = await checkLedger(db);
    const ok = isLedgerClean(report);
    res.json({
      ok,
      postingsSum: report.sumOfAllPostings,
      negativeBalances: report.negativeAccounts,
      mismatches: report.mismatchedAccounts,
      ...report,
    });
  });

  router.get('/admin/errors', async (_req, res) => {
    res.json({ errors: await recentAdminErrors(db) });
  });

  router.get('/admin/rooms', async (_req, res) => {
    res.json(await roomsForOperator(db, now()));
  });

  router.get('/admin/support', async (_req, res) => {
    res.json({ tickets: await supportInbox(db) });
  });

  router.post('/admin/support/:id/reply', jsonBody, async (req, res) => {
    const checked = checkReply(req.body);
    if (!checked.ok) return sendError(res, 400, checked.code, checked.error);
    const ticket = await replyToTicket(
      deps.database,
      String(req.params.id),
      currentUser(res).id,
      checked.value,
      now(),
    );
    if (!ticket) return sendError(res, 404, 'ticket_not_found');
    res.json({ ticket });
  });

  router.get('/admin/audit', async (_req, res) => {
    res.json({ entries: await auditLog(db) });
  });

  router.use(
    '/admin',
    apiErrors({
      scope: 'wallet',
      context: 'admin route failed',
      message: walletMessages.unknownError,
    }),
  );
  return router;
}
