// How the server logs: one JSON object per line on stdout (pino), each with its level, time and,
// inside a request, the request's id; what must never appear in a line (passwords, tokens, secrets,
// cookies, whole phone numbers) is cut out or masked before it is written. A failure is described by
// name and a trimmed message; what the operator must see also goes to the admin error log
// (`adminErrors`), within a budget; refusals anyone can provoke are counted and sampled into it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import type { Database } from '#db/client.ts';
import { adminErrors } from '#db/schema/operator.ts';
import { countRefusal, type RefusalKind } from './refusal-counter';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Keys whose value never reaches a log line, at the top or one level down. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'clientSecret',
  'internalSecret',
  'apiToken',
  'authorization',
  'cookie',
  '"set-cookie"',
  'ticket',
  'otp',
];
/** Keys holding a phone number: kept, masked to its last three digits. */
const PHONE_KEYS = ['phone', 'phoneNumber', 'msisdn', 'payer'];

const REDACT_PATHS = [...SECRET_KEYS, ...PHONE_KEYS].flatMap((key) => {
  const path = key.startsWith('"') ? `[${key}]` : `.${key}`;
  return [path.startsWith('.') ? key : path, `*${path}`];
});
const PHONE_KEY_SET = new Set(PHONE_KEYS);

// A Zambian mobile number in any of its written forms: 0971234567, 971234567, 260971234567,
// +260 97 123 4567, 097-123-4567; never inside a longer word or run of digits (a time in ms, a
// request id such as `3ba99195-0077-…`, which an operator must find whole).
const PHONE_NUMBER = /(?<![\w+])(?:\+?260[\s-]?|0)?[79]\d[\s-]?\d{3}[\s-]?\d{4}(?!\w)/g;

/** `0971234567` → `*******567`: enough to tell numbers apart, never enough to call one. */
export function maskPhoneNumbers(text: string): string {
  return text.replace(PHONE_NUMBER, (number) => {
    const digits = number.replace(/\D/g, '');
    return `${'*'.repeat(digits.length - 3)}${digits.slice(-3)}`;
  });
}

function maskStrings(value: unknown): unknown {
  if (typeof value === 'string') return maskPhoneNumbers(value);
  if (value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map(maskStrings);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskStrings(inner)]));
}

/** The id of the request being served, for every line written while it is (create-site-server). */
export const requestIds = new AsyncLocalStorage<string>();

type Sink = (line: string) => void;
const stdout: Sink = (line) => {
  process.stdout.write(line);
};
let sink: Sink = stdout;

/**
 * Where lines go: stdout, unless a test (or a script) says otherwise; null puts stdout back.
 * Returns the sink it replaces.
 */
export function setLogSink(next: Sink | null): Sink {
  const previous = sink;
  sink = next ?? stdout;
  return previous;
}

/**
 * The process's one logger. `logger.child({scope})` names the part that writes; inside a request the
 * line carries `reqId`. Messages and string fields are masked for phone numbers; the keys above are
 * cut out wherever they appear at the top or one level down.
 */
export const logger: Logger = pino(
  {
    level: 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: REDACT_PATHS,
      censor: (value, path) =>
        PHONE_KEY_SET.has(path[path.length - 1] ?? '') && typeof value === 'string'
          ? maskPhoneNumbers(value).replace(/\d(?=\d{3})/g, '*')
          : '[redacted]',
    },
    mixin: () => {
      const reqId = requestIds.getStore();
      return reqId ? { reqId } : {};
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map(maskStrings) as Parameters<typeof method>);
      },
    },
  },
  { write: (line: string) => sink(line) },
);

export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

/** A failure the site handled: its part (`scope`), what it was doing, and the error by name. */
export function logFailure(scope: string, context: string, error: unknown): void {
  logger.error({ scope, error: describeError(error) }, context);
}

/** A warning of one part of the site, as a function for the parts that take one. */
export function warnAs(scope: string): (message: string) => void {
  return (message) => logger.warn({ scope }, message);
}

/**
 * Errors are logged by name and a trimmed message only. Database errors quote their query parameters
 * (which can hold a password hash or a session id), so everything after `params:` is cut off.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const message = error.message
    .split(/params:/i)[0]!
    .trim()
    .slice(0, 300);
  const cause = error.cause instanceof Error ? ` (cause: ${describeError(error.cause)})` : '';
  return `${error.name}: ${message}${cause}`;
}

export interface AdminErrorEntry {
  message: string;
  /** Never secrets, signatures or whole bodies. */
  details?: unknown;
  roomId?: string | null;
}

const MAX_DETAILS_CHARS = 8_000;

/**
 * A row in the operator's error log, in its own transaction (the failed one was rolled back). A
 * failure to log is printed and swallowed: the log must never turn a handled refusal into a 500.
 */
export async function logAdminError(
  database: Database,
  entry: AdminErrorEntry,
  now: number,
): Promise<void> {
  const details = entry.details === undefined ? null : JSON.stringify(entry.details);
  try {
    await database.write((tx) =>
      tx.insert(adminErrors).values({
        message: entry.message,
        details:
          details && details.length > MAX_DETAILS_CHARS
            ? details.slice(0, MAX_DETAILS_CHARS)
            : details,
        roomId: entry.roomId ?? null,
        timestamp: now,
      }),
    );
  } catch (error) {
    logger.error(
      { scope: 'admin-log', entry: entry.message, error: describeError(error) },
      'could not write to the admin error log',
    );
  }
}

/**
 * For refusals anyone can provoke without a key (refusal-counter.ts): each one is counted, and the
 * operator's error log gets at most one row per kind a minute, whose details say how many were
 * refused since the previous row of that kind (`refusedSinceLastRow`, this one included). Never one
 * row per call: a flood costs a counter, not the table or the write queue.
 */
export function refusalLog(database: Database, clock: () => number) {
  const last = new Map<RefusalKind, { rowAt: number; since: number }>();
  return async function refused(kind: RefusalKind, entry: AdminErrorEntry): Promise<void> {
    countRefusal(kind);
    const now = clock();
    const state = last.get(kind) ?? { rowAt: -Infinity, since: 0 };
    state.since += 1;
    last.set(kind, state);
    if (now - state.rowAt < REFUSAL_ROW_EVERY_MS) return;
    const refusedSinceLastRow = state.since;
    state.rowAt = now;
    state.since = 0;
    const details =
      typeof entry.details === 'object' && entry.details !== null
        ? { ...entry.details, refusedSinceLastRow }
        : { details: entry.details ?? null, refusedSinceLastRow };
    await logAdminError(database, { ...entry, details }, now);
  };
}

/** How often, at most, one kind of refusal writes a row to the admin error log. */
export const REFUSAL_ROW_EVERY_MS = 60_000;
