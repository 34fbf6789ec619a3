import { Router, type Response } from 'express';
import { apiErrors, jsonBody, sendError, sendRefusal } from './refusals';
import { currentUser, requirePlayer, requireUser, sessionMiddleware } from '../auth/middleware';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { rateLimit } from '../rate-limit/middleware';
import { walletMessages as m } from '../wallet/messages';
import {
  createWalletService,
  type PaymentAnswer,
  type WalletDeps,
  type WalletService,
} from '../wallet/service';

export interface WalletRouterDeps extends WalletDeps {
  /** Shares one service (and its reconciler) with the other routers; built from deps when absent. */
  wallet?: WalletService;
}

function send(res: Response, answer: PaymentAnswer): void {
  res.set('Cache-Control', 'no-store');
  if (!answer.ok) return sendRefusal(res, answer);
  const { message, transaction, paymentId } = answer;
  res.status(202).json({ message, transaction, paymentId });
}

/**
 * `POST /wallet/deposit`, `POST /wallet/withdraw` (players only, optional `Idempotency-Key`),
 * `GET /wallet/transactions?limit&before`, `GET /wallet/payments/:id`, `GET /wallet/numbers`.
 */
export function walletRouter(deps: WalletRouterDeps): Router {
  const router = Router();
  const wallet = deps.wallet ?? createWalletService(deps);
  const session = sessionMiddleware({ database: deps.database, config: deps.config });

  // Rate limits first (per account and per address), then on to the route below.
  router.post('/wallet/deposit', session, requirePlayer, rateLimit(deps, ENDPOINT_LIMITS.deposit));
  router.post(
    '/wallet/withdraw',
    session,
    requirePlayer,
    rateLimit(deps, ENDPOINT_LIMITS.withdraw),
  );

  router.post('/wallet/deposit', session, requirePlayer, jsonBody, async (req, res) => {
    const userId = currentUser(res).id;
    send(
      res,
      await wallet.deposit(userId, req.body, { idempotencyKey: req.get('idempotency-key') }),
    );
  });

  router.post('/wallet/withdraw', session, requirePlayer, jsonBody, async (req, res) => {
    const userId = currentUser(res).id;
    send(
      res,
      await wallet.withdraw(userId, req.body, { idempotencyKey: req.get('idempotency-key') }),
    );
  });

  router.get('/wallet/transactions', session, requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const page = await wallet.history(currentUser(res).id, req.query as Record<string, unknown>);
    if (!page.ok) return sendRefusal(res, page);
    res.json(page.value);
  });

  router.get('/wallet/payments/:id', session, requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const payment = await wallet.payment(currentUser(res).id, String(req.params.id));
    if (!payment) return sendError(res, 404, 'payment_not_found');
    res.json({ payment });
  });

  router.get('/wallet/numbers', session, requireUser, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ numbers: await wallet.provedNumbers(currentUser(res).id) });
  });

  router.use(
    '/wallet',
    apiErrors({ scope: 'wallet', context: 'wallet route failed', message: m.unknownError }),
  );
  return router;
}
