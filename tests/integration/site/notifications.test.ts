// The header's notification list is in the page the server sends (contract section 8): a signed-in
// player's header counts today's challenge while unplayed and a support reply until the support page
// shows it, each item linking to its place; a visitor and a guest get no list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyToTicket } from '#site/server/support/tickets.ts';
import { ticketAnchor } from '#site/shared/notices.ts';
import { PATHS } from '#site/shared/paths.ts';
import type { HttpClient } from '#tests/support/http-client.ts';
import { startSiteApp, type SiteApp } from '#tests/support/site-app.ts';

let app: SiteApp;

beforeAll(async () => {
  app = await startSiteApp();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

async function signUp(client: HttpClient, n: number): Promise<string> {
  const answer = await client.post('/api/auth/signup', {
    firstName: 'Mutale',
    lastName: 'Zulu',
    phone: `097100000${n}`,
    email: `mutale.notices${n}@example.zm`,
    password: 'correct-horse-battery',
    adult: true,
    terms: true,
  });
  expect(answer.status, answer.text).toBe(201);
  return (answer.json.user as { id: string }).id;
}

interface ShownList {
  /** The unread count on the bell (0 when none shows). */
  unread: number;
  /** Each item: its link, words, and whether it is unread. */
  items: { href: string; text: string; unread: boolean }[];
}

/** The header's list as the page's HTML holds it, or null when the page has none. */
function notificationsOf(html: string): ShownList | null {
  const start = html.indexOf('data-testid="notifications"');
  if (start < 0) return null;
  const list = html.slice(start, html.indexOf('</details>', start));
  const count = /class="notices__count">.*?(\d+).*?<\/span><\/span>/.exec(list);
  const items = [
    ...list.matchAll(/<li class="([^"]+)"><a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g),
  ].map(([, classes, href, text]) => ({
    href: href!.replace(/&amp;/g, '&'),
    text: text!.replace(/&#x27;|&#39;/g, "'"),
    unread: classes!.includes('notices__item--unread'),
  }));
  return { unread: count ? Number(count[1]) : 0, items };
}

describe('the header notification list', () => {
  it('lists the challenge and a support reply, read once the support page showed it', async () => {
    const player = app.client();
    await signUp(player, 1);
    const operator = await signUp(app.client(), 2);

    const first = notificationsOf((await player.get(PATHS.dashboard)).text);
    expect(first).toEqual({
      unread: 1,
      items: [
        { href: PATHS.challenge, text: "Today's challenge is waiting for you", unread: true },
      ],
    });
    // The public pages' header carries the same list.
    expect(notificationsOf((await player.get('/')).text)).toEqual(first);

    const written = await player.post('/api/support', { topic: 'game', message: 'My roll froze.' });
    expect(written.status, written.text).toBe(201);
    const ticketId = (written.json.ticket as { id: string }).id;
    await replyToTicket(app.database, ticketId, operator, 'Fixed: try again.', Date.now());

    const replyItem = {
      href: `${PATHS.support}#${ticketAnchor(ticketId)}`,
      text: 'Support answered your message',
    };
    expect(notificationsOf((await player.get(PATHS.dashboard)).text)).toEqual({
      unread: 2,
      items: [
        { ...replyItem, unread: true },
        { href: PATHS.challenge, text: "Today's challenge is waiting for you", unread: true },
      ],
    });

    const support = await player.get(PATHS.support);
    expect(support.status).toBe(200);
    expect(support.text).toContain(`id="${ticketAnchor(ticketId)}"`);
    expect(support.text).toContain('Fixed: try again.');
    const after = notificationsOf((await player.get(PATHS.dashboard)).text);
    expect(after?.unread).toBe(1);
    expect(after?.items[0]).toEqual({ ...replyItem, unread: false });

    // A later reply is new again.
    await replyToTicket(app.database, ticketId, operator, 'One more thing.', Date.now() + 1);
    expect(notificationsOf((await player.get(PATHS.dashboard)).text)?.unread).toBe(2);
  });

  it('shows no list to a visitor or a guest', async () => {
    expect(notificationsOf((await app.client().get('/')).text)).toBeNull();
    const guest = app.client();
    expect((await guest.post('/api/auth/guest')).status).toBe(200);
    expect(notificationsOf((await guest.get('/')).text)).toBeNull();
    expect(notificationsOf((await guest.get(PATHS.dashboard)).text)).toBeNull();
  });
});
