// The production site server on a real build, in process, with a stand-in API router and page
// services that answer only what these files ask: what server-pages, server-headers and
// server-errors test against (one server per file: productionSitePerFile).
import express, { Router } from 'express';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PublicUser } from '#site/server/auth/users.ts';
import { createSiteServer } from '#site/server/create-site-server.ts';
import type { PageServices } from '#site/server/pages/services.ts';
import { refuse } from '#site/server/api/refusals.ts';
import { BUILD_DIR } from '#scripts/build-site.ts';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { publicUser } from '#tests/support/public-user.ts';

/** The user behind `x-test-user: signed-in`. */
export const SIGNED_IN: PublicUser = publicUser({ accountBalance: 120.5 });

// The site under test is https (publicUrl below), so HSTS comes with every answer.
const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export function expectSecurityHeaders(response: Response): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(response.headers.get(name), name).toBe(value);
  }
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
}

/** HTML without React's text separators and with entities that matter here decoded. */
export function textOf(html: string): string {
  return html.replaceAll('<!-- -->', '').replaceAll('&amp;', '&').replaceAll('&#x27;', "'");
}

export interface ProductionSite {
  base: string;
  /** What the server logged, in order. */
  errors: unknown[];
  close(): Promise<void>;
}

/**
 * Builds the site if build/ is stale, then serves it on a free port. `GET /api/boom` throws a
 * secret-bearing error, `POST /api/echo` echoes its JSON; `x-test-user: signed-in` is SIGNED_IN and
 * `x-test-user: broken` makes the user lookup throw.
 */
export async function startProductionSite(): Promise<ProductionSite> {
  await ensureSiteBuild();
  const errors: unknown[] = [];
  const apiRouter = Router();
  apiRouter.use(express.json());
  apiRouter.get('/boom', () => {
    throw new Error('secret detail that must not leak');
  });
  apiRouter.post('/echo', (req, res) => {
    res.json(req.body);
  });
  const site = await createSiteServer({
    apiRouter,
    resolveUser: (req) => {
      const who = req.get('x-test-user');
      if (who === 'broken') throw new Error('session store down: secret detail');
      return who === 'signed-in' ? SIGNED_IN : null;
    },
    // The pages these files open read nothing beyond the signed-in user, except the sign-in page,
    // which asks whether Google is offered, every page's header (its notification list), and a
    // board opened signed out (its guest step, for a room these files do not have).
    pageServices: () =>
      new Proxy({} as PageServices, {
        get(_target, area) {
          if (area === 'account') return { providers: () => ({ google: false }) };
          if (area === 'play') return { notices: () => Promise.resolve(null) };
          if (area === 'rooms') {
            const unknown = refuse(404, 'room_not_found', 'Invalid room ID.');
            return { watchAsGuest: () => Promise.resolve(unknown) };
          }
          throw new Error(`this test has no page services (${String(area)})`);
        },
      }),
    context: {
      publicUrl: 'https://play.example.zm',
      partyPublicUrl: 'wss://party.example.zm',
      support: { email: 'help@example.zm', phone: '+260 97 000 0000' },
      // No challenge page here (tests/integration/challenge has them).
      challenge: {
        page: () => Promise.reject(new Error('no challenge service in this suite')),
        start: () => Promise.reject(new Error('no challenge service in this suite')),
      },
      // No room server here: every board is drawn empty.
      boardFirstView: () => Promise.resolve(null),
      share: { roomPreview: () => Promise.resolve(null), gameResult: () => Promise.resolve(null) },
    },
    buildDirectory: BUILD_DIR,
    log: (message, error) => errors.push({ message, error }),
  });
  await site.listen(0, '127.0.0.1');
  const address = site.server.address();
  if (typeof address !== 'object' || !address) throw new Error('server has no address');
  return { base: `http://127.0.0.1:${address.port}`, errors, close: () => site.close() };
}

/** One server for the calling test file: started in its `beforeAll`, closed in its `afterAll`. */
export function productionSitePerFile(): Pick<ProductionSite, 'base' | 'errors'> {
  let site: ProductionSite | undefined;
  beforeAll(async () => {
    site = await startProductionSite();
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });
  const started = (): ProductionSite => {
    if (!site) throw new Error('the site server is not started yet (read it inside a test)');
    return site;
  };
  return {
    get base() {
      return started().base;
    },
    get errors() {
      return started().errors;
    },
  };
}
