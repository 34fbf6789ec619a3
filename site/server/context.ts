// What every loader and action receives as `context`: the signed-in user (resolved once per request
// by the server) plus the services the composition root (`main.ts`) hands in.
import type { SupportContact } from '#site/shared/support-contact.ts';
import type { PublicUser } from './auth/users';
import type { ChallengePages } from './challenge/pages';
import type { FirstView } from './rooms/first-view';
import type { PageServices } from './pages/services';
import type { SharePages } from './share/previews';

/** Services for loaders and actions; the composition root adds fields here as it wires them in. */
// Type aliases rather than interfaces: React Router's AppLoadContext has an index signature, which
// only object type aliases satisfy implicitly.
export type SiteServices = {
  /** The site's public origin, e.g. for canonical links. */
  publicUrl: string;
  /** Where browsers reach the room servers and the lobby party (ws://, wss://, http:// or https://). */
  partyPublicUrl: string;
  /** `SUPPORT_EMAIL` / `SUPPORT_PHONE`: null when not configured (never an invented one). */
  support: SupportContact;
  /** The daily challenge page's loader data and form action. */
  challenge: ChallengePages;
  /** The room as a spectator sees it, for the board's first HTML; null when unknown or slow. */
  boardFirstView: FirstView;
  /** What a room's shared link previews (Open Graph). */
  share: SharePages;
};

export type SiteLoadContext = SiteServices & {
  user: PublicUser | null;
  /**
   * The site's services as this request may use them (site/server/pages): what loaders read and
   * actions do, with the JSON API's guards, limits, codes and messages.
   */
  services: PageServices;
  /** The client's address as the rate limits count it (`rate-limit/client-address.ts`). */
  clientAddress: string;
  /** This response's Content-Security-Policy nonce (production only; null in development). */
  cspNonce: string | null;
  /** The built files of the board's canvas, for `modulepreload` (none in development). */
  boardCanvasFiles: readonly string[];
  /**
   * Each island's built files by name, its entry first (site/app/islands.ts); null in development,
   * where vite serves the entries from their sources.
   */
  islandFiles: Readonly<Record<string, readonly string[]>> | null;
};

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}
