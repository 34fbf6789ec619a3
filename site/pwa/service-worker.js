// The site's service worker (decision 055). `write-service-worker.ts` writes it into the build as
// /sw.js at the end of `react-router build`, after two lines it prepends: BUILD (a hash of the
// build's file names, so that every build is a new worker) and ASSETS (the build's /assets/ files).
//
// - /assets/* (content-hashed, never change): cache first, stored as they are first fetched; a
//   returning player downloads no JavaScript or CSS it already has. The files of the very first
//   page, fetched before this worker ran, are named by the page in a `keep` message and stored
//   from the browser's HTTP cache.
// - Page navigations: always the network (pages carry private data and a fresh CSP nonce); when
//   the network fails, the offline page, the one page kept in the cache.
// - Everything else, /api/* above all: not touched, so never answered from a cache.
// - A new build: its worker takes over at once and, on activate, deletes the caches of older builds
//   and the assets the new build no longer has.
/* global BUILD, ASSETS */

const PREFIX = 'ztc-';
const ASSET_CACHE = `${PREFIX}assets`;
const OFFLINE_CACHE = `${PREFIX}offline-${BUILD}`;
const OFFLINE_URL = '/offline.html';
const CURRENT = new Set(ASSETS);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(OFFLINE_CACHE);
      await cache.add(new Request(OFFLINE_URL, { cache: 'reload' }));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== ASSET_CACHE && name !== OFFLINE_CACHE) {
          await caches.delete(name);
        }
      }
      const assets = await caches.open(ASSET_CACHE);
      for (const request of await assets.keys()) {
        if (!CURRENT.has(new URL(request.url).pathname)) await assets.delete(request);
      }
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (url.pathname.startsWith('/assets/') && CURRENT.has(url.pathname)) {
    event.respondWith(asset(request));
  }
});

self.addEventListener('message', (event) => {
  const paths = event.data?.type === 'keep' ? event.data.paths : null;
  if (!Array.isArray(paths)) return;
  event.waitUntil(keep(paths.filter((path) => typeof path === 'string' && CURRENT.has(path))));
});

async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE });
    return offline ?? Response.error();
  }
}

async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function keep(paths) {
  const cache = await caches.open(ASSET_CACHE);
  for (const path of paths) {
    if (await cache.match(path)) continue;
    const response = await fetch(path).catch(() => null);
    if (response?.ok) await cache.put(path, response);
  }
}
