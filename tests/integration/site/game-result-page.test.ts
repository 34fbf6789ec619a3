// A finished game's own page, the link "Share my win" sends (contract section 8, "Sharing"): rendered
// on the server for anyone who holds the link, the podium by first names, the stake and the prize,
// Open Graph tags naming the game's card; no surname, email, phone or user id; no script; a page
// that holds nobody's data may be kept by a cache. No page for a room unknown or not yet settled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatZmwShort } from '#game/ngwee.ts';
import { signRequest, roomKeys } from '#wire/signing.ts';
import { wirePaths, type RoomForParty } from '#wire/site-room.ts';
import { fundWallet } from '#tests/support/db.ts';
import { metaTags } from '#tests/support/meta-tags.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { startSiteApp, type SiteApp } from '#tests/support/site-app.ts';
import type { HttpClient } from '#tests/support/http-client.ts';
import { playSimulatedGame } from '../rooms/simulated-game';

// The game runs 10 minutes × 0.001: its report is due as soon as it is played.
const TIME_SCALE = 0.001;

let app: SiteApp;

beforeAll(async () => {
  app = await startSiteApp({ GAME_TIME_SCALE: String(TIME_SCALE) });
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

const resultPath = (roomId: string) => `/rentalgame/gameresult/${roomId}`;

async function signUp(firstName: string, lastName: string, email: string, address: string) {
  const client = app.client(address);
  const answer = await client.post('/api/auth/signup', {
    firstName,
    lastName,
    phone: '0977654321',
    email,
    password: 'correct-horse-battery',
    adult: true,
    terms: true,
  });
  expect(answer.status).toBe(201);
  const id = (answer.json.user as { id: string }).id;
  await fundWallet(app.database, id, 1000, { now: Date.now() });
  return { id, client };
}

/** A room server's signed call to the site (protocol calls 2 and 3). */
async function roomServerCall(method: 'GET' | 'POST', path: string, body = '') {
  const headers = signRequest(roomKeys(app.config.internalSecret).roomToSite, {
    method,
    path,
    body,
    now: Date.now(),
  });
  return fetch(new URL(path, app.url), {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'POST' ? { body } : {}),
  });
}

async function settle(roomId: string): Promise<void> {
  const pulled = await roomServerCall('GET', wirePaths.pull(roomId));
  expect(pulled.status).toBe(200);
  const { room } = (await pulled.json()) as { room: RoomForParty };
  const report = playSimulatedGame(room, {
    random: seededRandom(7),
    filledAt: Date.now(),
    timeScale: TIME_SCALE,
  });
  const settled = await roomServerCall(
    'POST',
    wirePaths.settlement(roomId),
    JSON.stringify(report),
  );
  expect(settled.status, await settled.clone().text()).toBe(200);
}

describe("a finished game's public page", () => {
  let host: { id: string; client: HttpClient };
  let guest: { id: string; client: HttpClient };
  let roomId: string;

  it('answers 404 for a room that is unknown or not finished', async () => {
    host = await signUp('Chanda', 'Secretsurname', 'chanda.result@example.zm', '10.7.0.1');
    guest = await signUp('Mwila', 'Hiddenlast', 'mwila.result@example.zm', '10.7.0.2');
    const created = await host.client.post('/api/rooms', {
      amount: 10,
      time: 10,
      maxPlayers: 2,
      privacy: 'Private',
    });
    expect(created.status).toBe(201);
    roomId = (created.json.room as { roomId: string }).roomId;
    expect((await guest.client.post(`/api/rooms/${roomId}/join`)).status).toBe(200);

    const stranger = app.client('10.7.0.3');
    const unfinished = await stranger.get(resultPath(roomId));
    expect(unfinished.status).toBe(404);
    expect(unfinished.text).toContain('We could not find that page');
    expect(metaTags(unfinished.text).has('og:image')).toBe(false);
    expect((await stranger.get(resultPath('nosuchroom'))).status).toBe(404);
    expect((await stranger.get(resultPath('not%20a%20room'))).status).toBe(404);
  });

  it('shows a stranger the podium by first names, the prize and the card, and nothing personal', async () => {
    await settle(roomId);
    const origin = app.config.publicUrl.replace(/\/+$/, '');
    const page = await app.client('10.7.0.4').get(resultPath(roomId));
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(page.headers.get('vary')).toMatch(/cookie/i);

    const games = (await host.client.get(`/api/games/${roomId}`)).json.game as {
      winners: string[];
      winnerShare: number;
    };
    const prize = formatZmwShort(games.winnerShare / games.winners.length);
    const body = page.text.slice(page.text.indexOf('<main'));
    expect(body).toContain('Chanda');
    expect(body).toContain('Mwila');
    expect(body).toContain(prize);
    expect(body).toContain('ZMW 10');
    for (const leak of [
      'Secretsurname',
      'Hiddenlast',
      'chanda.result',
      'mwila.result',
      '0977654321',
      '977654321',
      host.id,
      guest.id,
    ]) {
      expect(page.text).not.toContain(leak);
    }
    // A page without JavaScript: no script of any kind.
    expect(page.text).not.toMatch(/<script/i);

    const tags = metaTags(page.text);
    expect(tags.get('og:image')).toBe(`${origin}/api/games/${roomId}/card.png`);
    expect(tags.get('og:url')).toBe(`${origin}${resultPath(roomId)}`);
    expect(tags.get('og:title')).toContain('Zed Truck Company');
    expect(tags.get('og:description')).toContain(prize);
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('twitter:image')).toBe(tags.get('og:image'));
    const image = await fetch(new URL(new URL(tags.get('og:image')!).pathname, app.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Signed in, the header names the person: that page is never kept.
    const mine = await host.client.get(resultPath(roomId));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
  });
});
