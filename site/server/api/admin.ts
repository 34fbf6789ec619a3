import { Router } from 'express';
import { checkLedger } from '../../../db/ledger';
import { requireAdmin, sessionMiddleware } from '../auth/middleware';
import { revenueSummary } from '../wallet/admin-revenue';
import { walletMessages } from '../wallet/messages';
import { apiErrors } from './refusals';
import { createWalletService, type WalletDeps, type WalletService } from '../wallet/service';

export interface AdminRouterDeps extends WalletDeps {
  wallet?: WalletService;
}

/** `GET /admin/revenue`, `POST /admin/reconcile`, `GET /admin/ledger-check`: admins only. */
export function adminRouter(deps: AdminRouterDeps): Router {
  const router = Router();
  const wallet = deps.wallet ?? createWalletService(deps);
  const session = sessionMiddleware({ database: deps.database, config: deps.config });

  router.use('/admin', session, requireAdmin, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/admin/revenue', async (_req, res) => {
    res.json(await revenueSummary(deps.database.read));
  });

  router.post('/admin/reconcile', async (_req, res) => {
    const { checked, resolved } = await wallet.reconcile();
    res.json({ checked, resolved });
  });

  router.get('/admin/ledger-check', async (_req, res) => {
    const report = await checkLedger(deps.database.read);
    const ok =
      report.sumOfAllPostings === 0 &&
      report.mismatchedAccounts.length === 0 &&
      report.negativeAccounts.length === 0 &&
      report.unbalancedTransfers.length === 0;
    res.json({ ok, ...report });
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
