// The share cards through HTTP on a real libSQL file: a room's and a finished game's PNG (1200 × 630),
// first names only with hostile names escaped, ETag and Cache-Control, one render for a burst.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultCardSvg, roomCardSvg } from '#site/server/share/card-svg.ts';
import { loadResultCard, loadRoomCard } from '#site/server/share/cards.ts';
import { firstNameOf } from '#site/shared/first-name.ts';
import { startRoomsApp, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';
import { advanceTo, honestGame, postSettlement } from './settlement-support';

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp();
});

afterAll(async () => {
  await app.close();
});

const HOSTILE_FIRST = '<script>alert("x")</script>';

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function getCard(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function seatedRoom(): Promise<{ roomId: string; players: TestUser[] }> {
  const host = await app.player({ fundZmw: 10, firstName: 'Chanda', lastName: 'Secretsurname' });
  const guest = await app.player({
    fundZmw: 10,
    firstName: `${HOSTILE_FIRST} 'quoted'`,
    lastName: 'Hiddenlast',
  });
  const created = await host.client.post('/api/rooms', {
    amount: 10,
    time: 10,
    maxPlayers: 2,
    privacy: 'Private',
  });
  expect(created.status).toBe(201);
  const roomId = (created.json.room as { roomId: string }).roomId;
  return { roomId, players: [host, guest] };
}

describe('share cards', () => {
  it("a room's card: a 1200 × 630 PNG, first names escaped, cached by ETag", async () => {
    const { roomId, players } = await seatedRoom();
    const [, guest] = players;
    expect((await guest!.client.post(`/api/rooms/${roomId}/join`)).status).toBe(200);

    const card = await loadRoomCard(app.db.database.read, roomId);
    expect(card).not.toBeNull();
    const svg = roomCardSvg(card!);
    expect(svg).toContain('Chanda');
    expect(svg).toContain('&lt;script&gt;alert(');
    for (const leak of ['Secretsurname', 'Hiddenlast', '<script', "'quoted'"]) {
      expect(svg).not.toContain(leak);
    }
    expect(svg).toContain('ZMW 10 in, ZMW 16 to the winner');

    const first = await getCard(`/api/rooms/${roomId}/card.png`);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('image/png');
    expect(first.response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(pngSize(first.bytes)).toEqual({ width: 1200, height: 630 });
    expect(first.bytes.length).toBeLessThan(600 * 1024);
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await getCard(`/api/rooms/${roomId}/card.png`, { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    const missing = await fetch(`${app.url}/api/rooms/nosuchroom/card.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'room_not_found' });
  });

  it("a finished game's card: the podium by first names and the prize", async () => {
    const { roomId, players } = await seatedRoom();
    expect((await players[1]!.client.post(`/api/rooms/${roomId}/join`)).status).toBe(200);
    expect((await getCard(`/api/games/${roomId}/card.png`)).response.status).toBe(404);

    const room = (await app.rooms.roomForParty(roomId))!;
    const report = honestGame(app, { room, players, filledAt: app.now() }, 25);
    advanceTo(app, report.endTime);
    expect((await postSettlement(app, roomId, report)).status).toBe(200);

    const card = (await loadResultCard(app.db.database.read, roomId))!;
    expect(card.podium.map((p) => p.name).sort()).toEqual(
      ['Chanda', firstNameOf(`${HOSTILE_FIRST} 'quoted'`)].sort(),
    );
    expect(card.podium.some((p) => p.winner)).toBe(true);
    expect(card.stakeZmw).toBe(10);
    const svg = resultCardSvg(card);
    for (const leak of ['Secretsurname', 'Hiddenlast', '<script']) expect(svg).not.toContain(leak);
    expect(svg).toMatch(/won ZMW 16|A shared win/);
    // The die shows the game's last roll, as the board did when it ended (not the blank "?").
    const rolls = report.logs.filter((entry) => entry.type === 'dice_roll');
    const last = rolls[rolls.length - 1]!;
    expect(rolls.length).toBeGreaterThan(0);
    expect(card.board.lastRoll).toEqual({
      roll: last.roll,
      player: last.player,
      nonce: last.nonce,
    });
    expect(svg).toContain(`data-die-face="${last.roll}"`);

    // A burst for one card is drawn once; the answers are the same picture.
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => getCard(`/api/games/${roomId}/card.png`)),
    );
    for (const { response, bytes } of burst) {
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      expect(bytes.equals(burst[0]!.bytes)).toBe(true);
    }
  });
});
