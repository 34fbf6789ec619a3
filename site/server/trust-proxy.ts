// Whose word the site takes for the client's address. Every per-address limit (the login throttle,
// the rate limiter, the argon2 queue) counts `req.ip` through `clientAddress`, and Express believes
// `X-Forwarded-For` only from the peers `TRUST_PROXY` names (config.ts; default: a proxy on this
// machine). Behind a load balancer that is not named, every client would share the balancer's
// address: one person's wrong passwords would lock every sign-in. So when the site is public
// (https) and a request arrives through a proxy it does not trust, it says so, once.
import type { Express, RequestHandler } from 'express';
import type { TrustProxy } from './settings/operations';
import { warnAs } from './logging';

type TrustFunction = (address: string, hop: number) => boolean;

export function applyTrustProxy(app: Express, trust: TrustProxy): void {
  app.set('trust proxy', typeof trust === 'number' ? trust : [...trust]);
}

/** Warns once when an https site gets `X-Forwarded-For` from a peer it does not trust. */
export function untrustedProxyWarning(
  publicUrl: string,
  warn: (message: string) => void = warnAs('site'),
): RequestHandler {
  const https = new URL(publicUrl).protocol === 'https:';
  let warned = !https;
  return (req, _res, next) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      const trusted = req.app.get('trust proxy fn') as TrustFunction;
      const peer = req.socket.remoteAddress ?? '';
      if (!trusted(peer, 0)) {
        warned = true;
        warn(
          `Requests arrive with X-Forwarded-For from ${peer}, a proxy TRUST_PROXY does not trust: ` +
            'every client behind it counts as that one address for the login throttle and the rate ' +
            'limits. Set TRUST_PROXY to its address or network, or to its hop count (docs/deploy.md).',
        );
      }
    }
    next();
  };
}
