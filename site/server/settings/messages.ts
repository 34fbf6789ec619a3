// How the site reaches people: mail (`SMTP_URL`, `MAIL_FROM`), the SMS gateway (`SMS_*`) and the
// support contacts shown on the site (`SUPPORT_*`).
import { z } from 'zod';
import { parseEmail } from '#site/shared/email.ts';
import { DEFAULT_MAIL_FROM } from '../mail/mailer';
import type { SmsGatewayConfig } from '../sms/create-sender';
import { httpUrl, isLoopback, optional } from './fields';

export const messagesVariables = z.object({
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string()),
  SMS_URL: optional(httpUrl),
  SMS_USERNAME: optional(z.string().trim()),
  SMS_API_KEY: optional(z.string().trim()),
  SMS_FROM: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 +]{1,16}$/, 'must be a sender id or short code (letters and digits)'),
  ),
  SUPPORT_EMAIL: optional(
    z
      .string()
      .refine((value) => parseEmail(value) !== null, 'must be one email address')
      .transform((value) => parseEmail(value)!),
  ),
  SUPPORT_PHONE: optional(
    z.string().regex(/^\+?[\d ()-]{6,30}$/, 'must be a phone number, e.g. +260 97 000 0000'),
  ),
});

type MessagesVariables = z.infer<typeof messagesVariables>;

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
}

export interface SupportContacts {
  email: string | null;
  phone: string | null;
}

/** The SMS gateway needs its account with it, and its key never goes out in clear. */
export function messagesIssues(e: MessagesVariables): string[] {
  const issues: string[] = [];
  if (e.SMS_URL) {
    for (const name of ['SMS_USERNAME', 'SMS_API_KEY'] as const) {
      if (!e[name]) issues.push(`${name}: is required with SMS_URL`);
    }
    // The API key travels with every message: in clear only to this machine (a local test gateway).
    if (new URL(e.SMS_URL).protocol === 'http:' && !isLoopback(e.SMS_URL)) {
      issues.push('SMS_URL: must be https:// (http:// only to this machine)');
    }
  }
  return issues;
}

export function mailOf(e: MessagesVariables): MailSettings {
  return { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM };
}

export function smsOf(e: MessagesVariables): SmsGatewayConfig | null {
  return e.SMS_URL
    ? { url: e.SMS_URL, username: e.SMS_USERNAME!, apiKey: e.SMS_API_KEY!, from: e.SMS_FROM }
    : null;
}

export function supportOf(e: MessagesVariables): SupportContacts {
  return { email: e.SUPPORT_EMAIL ?? null, phone: e.SUPPORT_PHONE?.trim() ?? null };
}
