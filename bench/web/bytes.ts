// The `web` benchmark's byte figures: what a first visit to each route downloads (JS and CSS,
// gzip and brotli, beside the references), and what a second visit downloads once the service
// worker holds the files.
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { figure, type Section } from '../support/report';
import { bytesOf, secondVisit, type PageBytes } from './browser-bytes';
import type { Cookie, Transfer } from './browser';
import { kB, notes, REF_BOARD, REF_PAGE } from './phases';
import { ROOT, type Game, type Product } from './product';
import type { References } from './reference';

export interface Routes {
  product: Record<string, PageBytes>;
  reference: { react: PageBytes; pixi: PageBytes };
}

/** Who opens the route: nobody (signed out), the spectator, or the operator (the console). */
type Visitor = 'none' | 'spectator' | 'admin';

export const ROUTES: { name: string; path: (game: Game) => string; visitor: Visitor }[] = [
  { name: 'home', path: () => '/', visitor: 'none' },
  { name: 'auth', path: () => '/auth', visitor: 'none' },
  { name: 'dashboard', path: () => '/rentalgame/dashboard', visitor: 'spectator' },
  { name: 'deposit', path: () => '/rentalgame/deposit', visitor: 'spectator' },
  { name: 'withdraw', path: () => '/rentalgame/withdraw', visitor: 'spectator' },
  { name: 'accountHistory', path: () => '/rentalgame/accounthistory', visitor: 'spectator' },
  { name: 'gameHistory', path: () => '/rentalgame/gamehistory', visitor: 'spectator' },
  { name: 'console', path: () => '/rentalgame/admin', visitor: 'admin' },
  { name: 'account', path: () => '/rentalgame/account', visitor: 'spectator' },
  { name: 'createGame', path: () => '/rentalgame/createnewgame', visitor: 'spectator' },
  { name: 'joinRandom', path: () => '/rentalgame/joinrandomroom', visitor: 'spectator' },
  {
    name: 'waitingRoom',
    path: (game) => `/rentalgame/playerwaitingroom/${game.roomId}`,
    visitor: 'spectator',
  },
  { name: 'practice', path: () => '/rentalgame/practice', visitor: 'spectator' },
  { name: 'board', path: (game) => game.boardPath, visitor: 'spectator' },
];

export async function measureBytes(
  browser: Browser,
  product: Product,
  refs: References,
  game: Game,
): Promise<Routes> {
  const cookies: Record<Visitor, Cookie | undefined> = {
    none: undefined,
    spectator: game.spectator.cookiePair(),
    admin: game.admin.cookiePair(),
  };
  const productFile = (urlPath: string) =>
    path.join(ROOT, 'build/client', decodeURIComponent(urlPath));
  const referenceFile = (urlPath: string) => path.join(refs.outDir, decodeURIComponent(urlPath));
  const result: Routes = {
    product: {},
    reference: {
      react: await bytesOf(browser, refs.url.react, referenceFile),
      pixi: await bytesOf(browser, refs.url.pixi, referenceFile, { canvas: true }),
    },
  };
  for (const route of ROUTES) {
    result.product[route.name] = await bytesOf(
      browser,
      `${product.baseUrl}${route.path(game)}`,
      productFile,
      { cookie: cookies[route.visitor], canvas: route.name === 'board' },
    );
  }
  return result;
}

export function bytesSection(routes: Routes): Section {
  const section: Section = {};
  const describe = (name: string, bytes: PageBytes) => {
    const files = bytes.list
      .map((file) => `${path.basename(file.path)} ${kB(file.sizes.brotli)}`)
      .join(', ');
    notes.push(`bytes.${name} loads (brotli): ${files || 'no JS or CSS'}`);
  };
  for (const [name, bytes] of Object.entries(routes.product)) {
    const ref = name === 'board' ? routes.reference.pixi : routes.reference.react;
    const refName = name === 'board' ? REF_BOARD : REF_PAGE;
    section[name] = {
      jsRaw: figure(bytes.js.raw, 'B', { name: refName, value: ref.js.raw }),
      jsGzip: figure(bytes.js.gzip, 'B', { name: refName, value: ref.js.gzip }),
      jsBrotli: figure(bytes.js.brotli, 'B', { name: refName, value: ref.js.brotli }),
      jsFiles: figure(bytes.js.files, 'files', { name: refName, value: ref.js.files }),
      cssGzip: figure(bytes.css.gzip, 'B', { name: refName, value: ref.css.gzip }),
      cssBrotli: figure(bytes.css.brotli, 'B', { name: refName, value: ref.css.brotli }),
    };
    describe(name, bytes);
  }
  describe('reference.react', routes.reference.react);
  describe('reference.pixi', routes.reference.pixi);
  return section;
}

export const SECOND_VISIT: { name: string; path: (game: Game) => string; canvas: boolean }[] = [
  { name: 'dashboard', path: () => '/rentalgame/dashboard', canvas: false },
  { name: 'board', path: (game) => game.boardPath, canvas: true },
];

export async function measureSecondVisits(
  browser: Browser,
  product: Product,
  game: Game,
  cookie: Cookie,
): Promise<Section> {
  const section: Section = {};
  const files = (transfer: Transfer) =>
    transfer.fromNetwork
      .slice(0, 8)
      .map((entry) => `${path.basename(entry.path) || '/'} ${kB(entry.bytes)}`)
      .join(', ');
  for (const route of SECOND_VISIT) {
    const url = `${product.baseUrl}${route.path(game)}`;
    const { first, second, worker } = await secondVisit(browser, url, {
      cookie,
      canvas: route.canvas,
    });
    const firstVisit = (value: number) => ({ name: 'first visit', value });
    section[route.name] = {
      jsNetwork: figure(second.jsBytes, 'B', firstVisit(first.jsBytes)),
      totalNetwork: figure(second.totalBytes, 'B', firstVisit(first.totalBytes)),
      jsFromWorker: figure(second.jsFromWorker, 'files'),
    };
    notes.push(
      `secondVisit.${route.name}: service worker ${worker ? 'controlled the page' : 'NOT in control'}; second visit over the network: ${files(second) || 'nothing'}; first visit's biggest: ${files(first)}`,
    );
  }
  return section;
}
