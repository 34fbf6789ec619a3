// What `/api` answers when no API route did: JSON, never the HTML 404 page, never a stack trace.
import type { ErrorRequestHandler, RequestHandler } from 'express';

export const API_NOT_FOUND = 'Not found';
export const API_UNEXPECTED = 'Something went wrong. Please try again.';

export function apiNotFound(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ error: API_NOT_FOUND });
  };
}

/**
 * Client mistakes caught by express itself (malformed JSON, a body over the limit) keep their 4xx
 * status with a short message; anything else is logged here and answered with a plain 500.
 */
export function apiErrorHandler(
  log: (message: string, error: unknown) => void,
): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = clientErrorStatus(error);
    if (status !== null) {
      res
        .status(status)
        .json({ error: status === 413 ? 'Request body too large.' : 'Invalid request.' });
      return;
    }
    log(`${req.method} ${req.originalUrl} failed`, error);
    res.status(500).json({ error: API_UNEXPECTED });
  };
}

function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true
    ? status
    : null;
}
