// Sign-in's settings: `ADMIN_EMAILS` and Google (`GOOGLE_*`, both credentials or neither), sliced
// into auth's `AuthConfig`.
import { z } from 'zod';
import { parseEmail } from '#site/shared/email.ts';
import { parseAdminEmails, type AuthConfig } from '../auth/config';
import { GOOGLE_ENDPOINTS } from '../auth/google';
import { httpUrl, optional } from './fields';

export const authVariables = z.object({
  ADMIN_EMAILS: optional(
    z
      .string()
      .refine(
        (value) => value.split(',').every((entry) => !entry.trim() || parseEmail(entry) !== null),
        'must be email addresses separated by commas, each one plain address',
      ),
  ),
  GOOGLE_CLIENT_ID: optional(z.string().trim()),
  GOOGLE_CLIENT_SECRET: optional(z.string().trim()),
  GOOGLE_AUTH_URL: optional(httpUrl),
  GOOGLE_TOKEN_URL: optional(httpUrl),
  GOOGLE_USERINFO_URL: optional(httpUrl),
});

type AuthVariables = z.infer<typeof authVariables>;

/** Google sign-in is offered with both credentials or not at all; one alone is a mistake. */
export function authIssues(e: AuthVariables): string[] {
  const issues: string[] = [];
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) {
    issues.push('GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID');
  }
  if (e.GOOGLE_CLIENT_SECRET && !e.GOOGLE_CLIENT_ID) {
    issues.push('GOOGLE_CLIENT_ID: is required with GOOGLE_CLIENT_SECRET');
  }
  return issues;
}

export function authOf(e: AuthVariables, publicUrl: string): AuthConfig {
  return {
    publicUrl,
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL ?? GOOGLE_ENDPOINTS.authUrl,
            tokenUrl: e.GOOGLE_TOKEN_URL ?? GOOGLE_ENDPOINTS.tokenUrl,
            userinfoUrl: e.GOOGLE_USERINFO_URL ?? GOOGLE_ENDPOINTS.userinfoUrl,
          },
        }
      : {}),
  };
}
