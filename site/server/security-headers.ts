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

export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.set(SECURITY_HEADERS);
    next();
  };
}
