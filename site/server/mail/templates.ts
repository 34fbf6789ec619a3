// The words of every mail the site sends. Each link is on `PUBLIC_URL` and carries a single-use token.
import type { OutgoingMail } from './mailer';

/** The name every message signs with (mail and SMS). */
export const BRAND = 'Zed Truck Company';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function linkOf(publicUrl: string, pathname: string, token: string): string {
  const url = new URL(pathname, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

function compose(to: string, subject: string, lines: string[], link: string, action: string) {
  const text = [...lines.slice(0, 1), '', link, '', ...lines.slice(1), '', BRAND].join('\n');
  const paragraphs = lines.slice(1).map((line) => `<p>${escapeHtml(line)}</p>`);
  const html = [
    `<p>${escapeHtml(lines[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>Or copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    ...paragraphs,
    `<p>${BRAND}</p>`,
  ].join('\n');
  return { to, subject, text, html } satisfies OutgoingMail;
}

export function verificationMail(to: string, link: string, hours: number): OutgoingMail {
  return compose(
    to,
    `Confirm your email for ${BRAND}`,
    [
      'Please confirm that this is your email address by opening this link:',
      `The link works once, for ${hours} hours.`,
      'If you did not create an account, ignore this message: nothing happens without the link.',
    ],
    link,
    'Confirm my email',
  );
}

export function passwordResetMail(to: string, link: string, minutes: number): OutgoingMail {
  return compose(
    to,
    `Reset your ${BRAND} password`,
    [
      'Someone (we hope you) asked to reset the password of your account. Choose a new one here:',
      `The link works once, for ${minutes} minutes. Resetting signs you out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    link,
    'Choose a new password',
  );
}
