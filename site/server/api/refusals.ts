// The one shape of an API refusal and the one way the routers answer it: `{error, code}` with its
// status. The message is for people (the spec's words); `code` is stable snake_case, so screens and
// clients decide by it, never by the wording (docs/api.md, "Errors").
import { isStorageUnavailable } from '#db/storage-errors.ts';
import { callRefusal, type CallRefusalCode } from '#wire/site-room.ts';
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { logFailure } from '../logging';
import type { ApiRefusalCode } from './refusal-codes';
import { API_REFUSAL_WORDS, type FixedWordsCode } from './refusal-words';

/**
 * A refusal as the services return it (or throw it, wrapped in `RefusalError`): an API refusal, or
 * with `CallRefusalCode` one of a signed call from a room server (the settlement's).
 */
export interface Refusal<Code extends string = ApiRefusalCode> {
  ok: false;
  status: number;
  error: string;
  code: Code;
  /** Sent as `Retry-After` (429s). */
  retryAfterSeconds?: number;
  /** The room the user already sits in (rooms' `already_in_another_room`), sent beside the code. */
  roomId?: string;
  /** A signed call's: whether the caller should try again later. */
  retry?: boolean;
  /** What the operator's error log keeps beside a signed call's refusal (never sent). */
  details?: unknown;
}

/**
 * The one way to make a refusal: its status, its registered code, and the code's words from
 * `API_REFUSAL_WORDS`. A code whose words carry data (not a `FixedWordsCode`) must be given them,
 * built by `refusalWords`.
 */
export function refuse(status: number, code: FixedWordsCode, message?: string): Refusal;
export function refuse(status: number, code: ApiRefusalCode, message: string): Refusal;
export function refuse(status: number, code: ApiRefusalCode, message?: string): Refusal {
  return { ok: false, status, error: message ?? wordsOf(code), code };
}

/** The fixed words of a code (a data code's are always passed, the overloads see to it). */
function wordsOf(code: ApiRefusalCode): string {
  const words = API_REFUSAL_WORDS[code];
  return typeof words === 'string' ? words : API_REFUSAL_WORDS.unknown_error;
}

/**
 * The one refusal that is thrown: from code deep in a call that cannot return a refusal (the routers'
 * error handler answers it), or inside a transaction to roll it back.
 */
export class RefusalError<Code extends string = ApiRefusalCode> extends Error {
  constructor(readonly refusal: Refusal<Code>) {
    super(refusal.error);
    this.name = 'RefusalError';
  }
}

/** Answers `refuse(status, code, message)` at once. */
export function sendError(
  res: Response,
  status: number,
  code: FixedWordsCode,
  message?: string,
): void;
export function sendError(
  res: Response,
  status: number,
  code: ApiRefusalCode,
  message: string,
): void;
export function sendError(
  res: Response,
  status: number,
  code: ApiRefusalCode,
  message?: string,
): void {
  sendRefusal(res, refuse(status, code as FixedWordsCode, message));
}

/** The refusal of a signed call from a room server (wire/site-room.ts): `{error, code}`. */
export function sendCallRefusal(
  res: Response,
  status: number,
  code: CallRefusalCode,
  message?: string,
): void {
  res.status(status).json(callRefusal(code, message));
}

export function sendRefusal(res: Response, refusal: Refusal): void {
  if (refusal.retryAfterSeconds) res.set('Retry-After', String(refusal.retryAfterSeconds));
  res.status(refusal.status).json({
    error: refusal.error,
    code: refusal.code,
    ...(refusal.roomId ? { roomId: refusal.roomId } : {}),
  });
}

/** The 4xx refusal for an error express or body-parser raised about the request itself, or null. */
function clientRefusal(error: unknown): Refusal | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, expose, type } = error as { status?: unknown; expose?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || expose !== true) return null;
  if (type === 'entity.too.large') return refuse(413, 'body_too_large');
  if (type === 'entity.parse.failed') return refuse(400, 'invalid_json');
  return refuse(status, 'invalid_request');
}

const parseJson = express.json({ limit: '16kb' });

/** `express.json` whose failures (bad JSON, too large) answer their 4xx refusal at once. */
export const jsonBody: RequestHandler = (req, res, next) => {
  parseJson(req, res, (error?: unknown) => {
    if (error === undefined || error === null) return next();
    sendRefusal(res, clientRefusal(error) ?? refuse(400, 'invalid_json'));
  });
};

export const UNKNOWN_ERROR = 'unknown_error' satisfies ApiRefusalCode;

export type ApiErrorsOptions = {
  /** The people's words for a 500 (the spec's, where the router has one). */
  message?: string;
} & (
  | {
      /** The log line: `[scope] context: Name: message` (never a stack, never query parameters). */
      scope: string;
      context: string;
    }
  | { log(error: unknown, req: Request): void }
);

/**
 * The routers' last stop: a `RefusalError` is answered as its refusal; a client mistake caught by
 * express (bad JSON, a body over the limit) keeps its 4xx; anything else is logged by name and
 * answered 500 `unknown_error`, never with a stack.
 */
export function apiErrors(options: ApiErrorsOptions): ErrorRequestHandler {
  const message = options.message ?? API_REFUSAL_WORDS.unknown_error;
  const log =
    'log' in options
      ? options.log
      : (error: unknown) => logFailure(options.scope, options.context, error);
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof RefusalError) return sendRefusal(res, error.refusal);
    const client = clientRefusal(error);
    if (client) return sendRefusal(res, client);
    log(error, req);
    sendFailure(res, error, message);
  };
}

export const STORAGE_UNAVAILABLE = 'storage_unavailable' satisfies ApiRefusalCode;
const STORAGE_RETRY_AFTER_S = 60;

/**
 * An error no request caused: the database cannot write (a full disk). 503 with Retry-After, so a
 * person knows nothing was changed and a provider's callback is delivered again later.
 */
function sendFailure(res: Response, error: unknown, message: string): void {
  if (isStorageUnavailable(error)) {
    res.setHeader('Retry-After', String(STORAGE_RETRY_AFTER_S));
    return sendError(res, 503, STORAGE_UNAVAILABLE);
  }
  sendError(res, 500, UNKNOWN_ERROR, message);
}

/** For a handler's own catch: logs like `apiErrors` and answers 500 `unknown_error` (503 above). */
export function sendUnexpected(
  res: Response,
  where: { scope: string; context: string },
  error: unknown,
  message: string = API_REFUSAL_WORDS.unknown_error,
): void {
  logFailure(where.scope, where.context, error);
  if (!res.headersSent) sendFailure(res, error, message);
}
