// A shared room previews (contract section 8, "Sharing"): the invite page a signed-out person (or a
// link-preview fetcher) opens, the waiting room and the board link carry Open Graph tags with absolute URLs, the
// host's first name only, escaped; the image they name is the room's card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteBuild } from '#tests/support/build.ts';
import { fundWallet } from '#tests/support/db.ts';
import { metaTags } from '#tests/support/meta-tags.ts';
import { startSiteApp, type SiteApp } from '#tests/support/site-app.ts';

let app: SiteApp;

beforeAll(async () => {
  await ensureSiteBuild();
  app = await startSiteApp();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe('Open Graph tags of a room', () => {
  it('the invite page, the waiting room and a board link preview the room with its card', async () => {
    const host = app.client();
    const signup = await host.post('/api/auth/signup', {
      firstName: '"Chanda<b>',
      lastName: 'Secretsurname',
      phone: '0971234567',
      email: 'chanda.share@example.zm',
      password: 'correct-horse-battery',
      adult: true,
      terms: true,
    });
    expect(signup.status).toBe(201);
    const userId = (signup.json.user as { id: string }).id;
    await fundWallet(app.database, userId, 1000, { now: Date.now() });
    const created = await host.post('/api/rooms', {
      amount: 10,
      time: 10,
      maxPlayers: 4,
      privacy: 'Public',
    });
    expect(created.status).toBe(201);
    const roomId = (created.json.room as { roomId: string }).roomId;
    const origin = app.config.publicUrl.replace(/\/+$/, '');

    const invite = await app.client().get(`/rentalgame/joinwithlink?room=${roomId}`);
    expect(invite.status).toBe(200);
    // The page itself names the room's players as the public room list does; what a link preview
    // shows (the head, the card) names the host by first name only.
    expect(invite.text.slice(0, invite.text.indexOf('</head>'))).not.toContain('Secretsurname');
    expect(invite.text).not.toContain('"Chanda<b>');
    const tags = metaTags(invite.text);
    expect(tags.get('og:title')).toBe('"Chanda<b> invites you to Zed Truck Company');
    expect(tags.get('og:description')).toBe(
      'Beat me at Zed Truck Company: ZMW 10 in, ZMW 32 to the winner. 1 of 4 seats taken.',
    );
    expect(tags.get('og:image')).toBe(`${origin}/api/rooms/${roomId}/card.png`);
    expect(tags.get('og:url')).toBe(`${origin}/rentalgame/joinwithlink?room=${roomId}`);
    expect(tags.get('twitter:card')).toBe('summary_large_image');

    const waiting = await host.get(`/rentalgame/playerwaitingroom/${roomId}`);
    expect(waiting.status).toBe(200);
    const waitingTags = metaTags(waiting.text);
    for (const key of ['og:title', 'og:description', 'og:image', 'og:url', 'twitter:card']) {
      expect(waitingTags.get(key)).toBe(tags.get(key));
    }

    // A board link opened by a link-preview fetcher (WhatsApp's, here) previews the same room and
    // starts no guest session: only a person watching needs one.
    const fetcher = app.client();
    const board = await fetcher.get(`/rentalgame/boardgame/${roomId}`, {
      'user-agent': 'WhatsApp/2.23.20.0 A',
    });
    expect(board.status).toBe(200);
    expect(board.headers.getSetCookie()).toEqual([]);
    const boardTags = metaTags(board.text);
    for (const key of ['og:title', 'og:description', 'og:image', 'twitter:card']) {
      expect(boardTags.get(key)).toBe(tags.get(key));
    }
    // A person's browser opening it signed out is given a guest session to watch with.
    const person = await app.client().get(`/rentalgame/boardgame/${roomId}`, {
      'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) Chrome/130.0 Mobile Safari/537.36',
    });
    expect(person.status).toBe(302);
    expect(person.headers.getSetCookie().join(';')).toMatch(/session/i);

    const image = await fetch(new URL(new URL(tags.get('og:image')!).pathname, app.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // A room that does not exist previews nothing (and the page still answers).
    const unknown = await app.client().get('/rentalgame/joinwithlink?room=nosuchroom');
    expect(unknown.status).toBe(200);
    expect(metaTags(unknown.text).has('og:image')).toBe(false);
  });
});
