import express, { Router, type Request } from 'express';
import type { IncomingCallback } from '../payments/provider';
import type { ProviderName } from '#game/payment-vocabulary.ts';
import { logAdminError, refusalLog } from '../logging';
import { walletMessages as m } from '../wallet/messages';
import { apiErrors, sendError, sendUnexpected } from './refusals';
import { createWalletService, type WalletDeps, type WalletService } from '../wallet/service';
import { timeOf } from '../clock';

export interface PaymentsRouterDeps extends WalletDeps {
  wallet?: WalletService;
}

/** Callbacks are small JSON documents; anything bigger is not one. */
const CALLBACK_BODY_LIMIT = '64kb';

function headersOf(req: Request): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The request as the provider signed it: the exact bytes, the Host it was sent to, the path. */
function incomingCallback(req: Request): IncomingCallback {
  return {
    method: req.method,
    authority: req.get('host') ?? '',
    path: req.originalUrl.split('?')[0] ?? '',
    headers: headersOf(req),
    rawBody: Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array(),
  };
}

/**
 * `POST /payments/callback/:provider`: the provider's signed status callbacks. Mounted before the
 * Origin check (a provider is not a browser); the RFC 9421 signature over the raw body is the check.
 */
export function paymentsRouter(deps: PaymentsRouterDeps): Router {
  const router = Router();
  const wallet = deps.wallet ?? createWalletService(deps);
  const now = () => timeOf(deps);
  const rawBody = express.raw({ type: () => true, limit: CALLBACK_BODY_LIMIT });
  // Anyone can POST a forgery: each is counted, and sampled into the error log (one row a minute).
  const refused = refusalLog(deps.database, now);

  router.post('/payments/callback/:provider', rawBody, async (req, res) => {
    const providerName = String(req.params.provider);
    if (providerName !== deps.provider.name) {
      return sendError(res, 404, 'unknown_provider');
    }
    const verified = await deps.provider.verifyCallback(incomingCallback(req));
    if (!verified.ok) {
      await refused('payment_callback_signature', {
        message: 'Payment callback refused: invalid signature',
        details: { provider: providerName, reason: verified.reason, address: req.ip ?? null },
      });
      return sendError(res, 401, 'invalid_signature');
    }
    const { callback } = verified;
    let outcome;
    try {
      outcome = await wallet.handleCallback(providerName as ProviderName, callback);
    } catch (error) {
      // 500: the provider retries until the status is recorded.
      const context = `recording callback for ${callback.paymentId} failed`;
      return sendUnexpected(res, { scope: 'wallet', context }, error, m.unknownError);
    }
    if (outcome === 'unknown_payment') {
      // Signed by the provider: worth a row each (only the provider can send these).
      const details = {
        provider: providerName,
        paymentId: callback.paymentId,
        kind: callback.kind,
        providerStatus: callback.providerStatus,
      };
      await logAdminError(
        deps.database,
        { message: 'Payment callback for an unknown payment', details },
        now(),
      );
      return sendError(res, 404, 'unknown_payment');
    }
    res.status(200).json({ ok: true });
  });

  router.use(
    '/payments',
    apiErrors({ scope: 'wallet', context: 'payment callback failed', message: m.unknownError }),
  );
  return router;
}
