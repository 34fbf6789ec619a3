// The browser's one client of the public JSON API (docs/api.md). Same origin, so the browser sends the
// session cookie and the Origin header the server requires on every call that changes something.

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** 0 when no answer came back at all (offline, DNS, aborted). */
      status: number;
      /** The server's `{error}` word for word, or the caller's fallback. */
      error: string;
      /** The server's stable `code` beside the message (decide by this, never by the words). */
      code: string | null;
      /** True when the request may not have reached the server: safe to retry the same attempt. */
      unanswered: boolean;
      /** The refusal's whole JSON (e.g. rooms' `roomId` beside the code); empty when none came. */
      details: Readonly<Record<string, unknown>>;
    };

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Shown when the server gives no message of its own. */
  fallbackError: string;
  /** The same call, already made (e.g. by the page's first HTML): read its answer instead. */
  answer?: Promise<Response> | undefined;
}

function codeOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const code = (payload as { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? code : null;
}

function errorOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const error = (payload as { error?: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/** `apiFetch<{user: PublicUser}>('/api/me', {fallbackError: '…'})`. Never throws, except on abort. */
export async function apiFetch<T>(path: string, options: ApiOptions): Promise<ApiResult<T>> {
  const { method = 'GET', body, headers = {}, signal, fallbackError, answer } = options;
  let response: Response;
  try {
    response = await (answer ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      ok: false,
      status: 0,
      error: fallbackError,
      code: null,
      unanswered: true,
      details: {},
    };
  }

  if (response.status === 204) return { ok: true, status: 204, data: undefined as T };
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    // Not JSON: a proxy's error page, or the connection dropped mid-answer.
    return {
      ok: false,
      status: response.status,
      error: fallbackError,
      code: null,
      unanswered: response.ok || response.status >= 500,
      details: {},
    };
  }
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  return {
    ok: false,
    status: response.status,
    error: errorOf(payload) ?? fallbackError,
    code: codeOf(payload),
    unanswered: false,
    details:
      typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {},
  };
}
