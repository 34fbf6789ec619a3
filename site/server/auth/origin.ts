import type { RequestHandler } from 'express';
import { sendError } from '../api/refusals';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * CSRF defence: any request that can change something must come from a page of this very site.
 * Browsers always send `Origin` on such requests, so a missing one is refused too.
 */
export function requireSameOrigin(publicUrl: string): RequestHandler {
  const siteOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get('origin') === siteOrigin) return next();
    sendError(res, 403, 'forbidden_origin');
  };
}
