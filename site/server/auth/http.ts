import express, { type RequestHandler, type Response } from 'express';
import { authMessages } from './messages';

/**
 * A refusal as the API answers it: `{error, code}`. The message is for people (the spec's words);
 * `code` is stable, so screens and clients decide by it, never by the wording.
 */
export function sendError(res: Response, status: number, error: string, code?: string): void {
  res.status(status).json(code ? { error, code } : { error });
}

const parseJson = express.json({ limit: '16kb' });

/** `express.json` whose failures (bad JSON, too large) answer a clear 4xx instead of throwing. */
export const jsonBody: RequestHandler = (req, res, next) => {
  parseJson(req, res, (error?: unknown) => {
    if (error === undefined || error === null) return next();
    const status =
      typeof error === 'object' && 'status' in error && typeof error.status === 'number'
        ? error.status
        : 400;
    const type = typeof error === 'object' && 'type' in error ? error.type : undefined;
    if (type === 'entity.too.large')
      return sendError(res, status, 'The request body is too large.');
    sendError(res, status >= 400 && status < 500 ? status : 400, authMessages.invalidJson);
  });
};
