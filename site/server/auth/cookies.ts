export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
}

/** True when the site is served over https: cookies then carry `Secure` and the `__Host-` prefix. */
export function isSecureSite(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

/** `__Host-` binds the cookie to this exact host and path `/`, so a sibling subdomain cannot set it. */
export function cookieName(base: string, publicUrl: string): string {
  return isSecureSite(publicUrl) ? `__Host-${base}` : base;
}

export function sessionCookieName(publicUrl: string): string {
  return cookieName('session', publicUrl);
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'HttpOnly',
    'SameSite=Lax',
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function sessionCookie(publicUrl: string, token: string, maxAgeSeconds: number): string {
  return serializeCookie(sessionCookieName(publicUrl), token, {
    maxAge: maxAgeSeconds,
    secure: isSecureSite(publicUrl),
  });
}

export function clearedSessionCookie(publicUrl: string): string {
  return serializeCookie(sessionCookieName(publicUrl), '', {
    maxAge: 0,
    secure: isSecureSite(publicUrl),
  });
}

export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    const raw = pair.slice(separator + 1).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      // A malformed escape is treated as an absent cookie, never as an error.
    }
  }
  return cookies;
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  return parseCookieHeader(header).get(name) ?? null;
}
