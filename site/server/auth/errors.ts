import type { ErrorRequestHandler } from 'express';
import { logAuthError } from './logging';
import { authMessages } from './messages';

/** Last stop for the auth routers: a logged name, a generic answer, never a stack. */
export function authErrorHandler(context: string, message: string = authMessages.unexpected) {
  const handler: ErrorRequestHandler = (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    logAuthError(context, error);
    res.status(500).json({ error: message });
  };
  return handler;
}
