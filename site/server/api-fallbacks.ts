// What `/api` answers when no API route did: JSON `{error, code}`, never the HTML 404 page, never a
// stack trace.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { apiErrors, sendError } from './api/refusals';

export function apiNotFound(): RequestHandler {
  return (_req, res) => sendError(res, 404, 'not_found');
}

/**
 * A refusal thrown by a route is answered as such; client mistakes caught by express itself
 * (malformed JSON, a body over the limit) keep their 4xx and code; anything else is logged here
 * and answered 500 `unknown_error`.
 */
export function apiErrorHandler(
  log: (message: string, error: unknown) => void,
): ErrorRequestHandler {
  return apiErrors({ log: (error, req) => log(`${req.method} ${req.originalUrl} failed`, error) });
}
