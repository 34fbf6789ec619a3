import type { RequestHandler } from 'express';

/** Headers every answer carries, pages and API alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // The site needs none of these powerful features; turning them off limits what injected code could do.
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), ' +
    'magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()',
};

/**
 * Over https, browsers are also told to come back over https only, for a year, on every subdomain
 * (no downgrade to http on a hostile network). Never over http: localhost would be locked out.
 */
export const HSTS_HEADER = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' };

/** The headers for a site whose public origin is `publicUrl` (PUBLIC_URL). */
export function securityHeaders(publicUrl: string): RequestHandler {
  const https = new URL(publicUrl).protocol === 'https:';
  const headers = https ? { ...SECURITY_HEADERS, ...HSTS_HEADER } : SECURITY_HEADERS;
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}
