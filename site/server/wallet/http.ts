import type { ErrorRequestHandler } from 'express';
import { describe } from './admin-errors';
import { walletMessages } from './messages';

/** Last stop for the wallet's routes: a logged name, the spec's generic answer, never a stack. */
export function walletErrorHandler(context: string): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res
        .status(status)
        .json({ error: status === 413 ? 'The request body is too large.' : 'Invalid request.' });
      return;
    }
    console.error(`[wallet] ${context}: ${describe(error)}`);
    res.status(500).json({ error: walletMessages.unknownError });
  };
}
