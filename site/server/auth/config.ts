import type { Database } from '#db/client.ts';
import { parseEmail } from '#site/shared/email.ts';
import type { Mailer } from '../mail/mailer';
import type { SmsSender } from '../sms/sender';
import type { GoogleConfig, OAuthProvider } from './google';
import type { Clock } from '../clock';

/** Auth's slice of the site's settings (site/server/config.ts reads them). */
export interface AuthConfig {
  /** The site's public URL; its origin is the only one allowed to change anything. */
  publicUrl: string;
  /** Lower-cased emails that hold the admin claim without a grant. */
  adminEmails: readonly string[];
  /** Google sign-in; offered only when present. */
  google?: GoogleConfig;
}

export interface AuthDeps {
  database: Database;
  config: AuthConfig;
  clock?: Clock;
  /** Overrides the provider built from `config.google` (tests). */
  googleProvider?: OAuthProvider;
  /** After a sign-out: the rooms the session got socket tickets for are told (rooms service). */
  onSignedOut?: (sessionId: string, roomIds: string[]) => void;
  /** Verification and reset mail; without one (apps that test other parts) none is made or sent. */
  mailer?: Mailer;
  /** Sign-in by phone number and SMS code; without it (apps that test other parts) it is off. */
  phone?: PhoneSignInDeps;
}

export interface PhoneSignInDeps {
  sms: SmsSender;
  /** `purposeKey(INTERNAL_SECRET, 'phone-codes')`: the HMAC key of the stored numbers and codes. */
  codeKey: string;
  /** Tests only: the next code to send, instead of a random one. */
  newCode?: () => string;
}

/** `ADMIN_EMAILS`: comma-separated addresses, each by the one email rule (the site's config refuses a
 * wrong entry at start; here one that is not a plain address simply grants nothing). */
export function parseAdminEmails(value: string | undefined): string[] {
  return (value ?? '').split(',').flatMap((entry) => parseEmail(entry) ?? []);
}
