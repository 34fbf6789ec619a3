import type { ErrorRequestHandler } from 'express';
import { describe } from './admin-errors';
import { sendError } from '../auth/http';
import { walletCodes, walletMessages } from './messages';

/** Last stop for the wallet's routes: a logged name, the spec's generic answer, never a stack. */
export function walletErrorHandler(context: string): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (status === 413) {
        return sendError(res, status, 'The request body is too large.', walletCodes.bodyTooLarge);
      }
      return sendError(res, status, 'Invalid request.', walletCodes.invalidRequest);
    }
    console.error(`[wallet] ${context}: ${describe(error)}`);
    sendError(res, 500, walletMessages.unknownError, walletCodes.unknownError);
  };
}
