// The page's Content-Security-Policy. Scripts run only from our origin or with the response's nonce
// (React Router's inline hydration data), so injected markup cannot run code; the only other
// origin a page talks to is the room servers' (WebSocket and the lobby's HTTP fallback).

/** `ws://host:1999` → the origins to allow for it: its ws(s) and http(s) forms. */
function partyOrigins(partyPublicUrl: string): string[] {
  try {
    const url = new URL(partyPublicUrl);
    const secure = url.protocol === 'wss:' || url.protocol === 'https:';
    return [`${secure ? 'wss' : 'ws'}://${url.host}`, `${secure ? 'https' : 'http'}://${url.host}`];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(options: { nonce: string; partyPublicUrl: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'`,
    // React's style attributes (positions, colours) are inline styles.
    "style-src 'self' 'unsafe-inline'",
    // The favicon is a data: URL; Pixi may turn canvases into blob: images.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...partyOrigins(options.partyPublicUrl)].join(' '),
    // The service worker (/sw.js) and the web app manifest are ours (decision 055).
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
