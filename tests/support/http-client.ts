// The one HTTP client of the tests and benchmarks: a browser stand-in for the site's JSON API. It
// keeps a cookie jar, sends the site's Origin (the API refuses a change without it), optionally
// speaks from its own address through X-Forwarded-For, and never follows redirects.

export interface Answer {
  status: number;
  headers: Headers;
  setCookies: string[];
  text: string;
  /** The body as JSON, or `{}` when it is empty or not JSON. */
  json: Record<string, unknown>;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export class HttpClient {
  readonly cookies = new Map<string, string>();
  /** Every body this client received, for the "nothing secret leaks" checks. */
  readonly bodies: string[] = [];

  /**
   * @param origin the site's origin, sent as `Origin` on every request (`null`: none)
   * @param address sent as `X-Forwarded-For` when given (servers that trust the proxy header)
   */
  constructor(
    readonly baseUrl: string,
    public origin: string | null,
    readonly address?: string,
  ) {}

  /** The jar as a `Cookie` header value ('' when empty). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The jar as a `Cookie` header value; setting it replaces the jar (e.g. to share a session). */
  get cookie(): string {
    return this.cookieHeader();
  }

  set cookie(header: string) {
    this.cookies.clear();
    for (const pair of header.split(';')) {
      const separator = pair.indexOf('=');
      if (separator > 0)
        this.cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1));
    }
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const all: Record<string, string> = {
      ...(this.address !== undefined ? { 'x-forwarded-for': this.address } : {}),
      ...(this.origin ? { origin: this.origin } : {}),
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    };
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: all,
      redirect: 'manual',
      ...(body !== undefined
        ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      if (/Max-Age=0(;|$)/.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1));
    }
    const text = await response.text();
    this.bodies.push(text);
    return {
      status: response.status,
      headers: response.headers,
      setCookies,
      text,
      json: parseJson(text),
    };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }

  patch(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', path, body, headers);
  }

  delete(path: string, headers?: Record<string, string>) {
    return this.request('DELETE', path, undefined, headers);
  }
}
