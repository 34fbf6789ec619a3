// Consent at sign-up, the terms in force before a stake, loss limits and self-exclusion on create
// and join, and the day's play summary, through the HTTP API on a real libSQL file.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '#db/schema/responsible-play.ts';
import { users } from '#db/schema/people.ts';
import { responsiblePlayExport } from '#site/server/responsible-play/service.ts';
import { TERMS_VERSION } from '#site/shared/terms.ts';
import { openRoom, startRoomsApp, type RoomsApp, type TestUser } from '#tests/support/rooms-app.ts';

const HOUR = 60 * 60 * 1000;
let app: RoomsApp;
beforeAll(async () => {
  // Wednesday 4 March 2026, 12:00 in Lusaka.
  app = await startRoomsApp({ start: Date.UTC(2026, 2, 4, 10) });
});
afterAll(() => app.close());

const person = (email: string) => ({
  firstName: 'Bwalya',
  lastName: 'Mulenga',
  phone: '0971234567',
  email,
  password: 'correct-horse-battery',
});

const createRoom = (p: TestUser, amount = 10) =>
  p.client.post('/api/rooms', { amount, time: 10, maxPlayers: 2, privacy: 'Public' });

describe('consent at sign-up', () => {
  it('is refused without adult: true or terms: true', async () => {
    const noAdult = await app.client().post('/api/auth/signup', {
      ...person('no-adult@example.zm'),
      terms: true,
    });
    expect(noAdult.status).toBe(400);
    expect(noAdult.json).toEqual({
      error: 'Please confirm that you are 18 or older: real-money games are for adults only.',
      code: 'adult_required',
    });
    const noTerms = await app.client().post('/api/auth/signup', {
      ...person('no-terms@example.zm'),
      adult: true,
      terms: 'yes',
    });
    expect(noTerms.status).toBe(400);
    expect(noTerms.json).toEqual({
      error: 'Please accept the Terms and Conditions and the Privacy Policy to continue.',
      code: 'terms_not_accepted',
    });
    const stored = await app.db.database.read
      .select()
      .from(users)
      .where(eq(users.email, 'no-adult@example.zm'));
    expect(stored).toEqual([]);
  });

  it('records 18+ and the terms version with the time', async () => {
    const answer = await app.client().post('/api/auth/signup', {
      ...person('consents@example.zm'),
      adult: true,
      terms: true,
    });
    expect(answer.status).toBe(201);
    const userId = (answer.json.user as { id: string }).id;
    const exported = await responsiblePlayExport(app.db.database.read, userId);
    const at = new Date(app.now()).toISOString();
    expect(exported.consents).toEqual([
      { kind: 'adult', version: null, acceptedAt: at },
      { kind: 'terms', version: TERMS_VERSION, acceptedAt: at },
    ]);
  });
});

describe('terms in force', () => {
  it('a new version asks to accept it again before the next stake (terms_required)', async () => {
    const p = await app.player({ fundZmw: 100 });
    // The player accepted an earlier version.
    await app.db.database.write((tx) =>
      tx.update(consents).set({ version: '2020-01-01' }).where(eq(consents.userId, p.id)),
    );
    const refused = await createRoom(p);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error:
        'Our Terms and Conditions have changed. Please read them and accept them before your next game.',
      code: 'terms_required',
    });
    const host = await app.player({ fundZmw: 100 });
    const roomId = await openRoom(host);
    expect((await p.client.post(`/api/rooms/${roomId}/join`, {})).json.code).toBe('terms_required');
    expect((await p.client.get('/api/me/terms')).json).toEqual({
      terms: { version: TERMS_VERSION, accepted: false },
    });

    const wrong = await p.client.post('/api/me/terms', { version: '2020-01-01' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe('terms_version_mismatch');
    const accepted = await p.client.post('/api/me/terms', { version: TERMS_VERSION });
    expect(accepted.status).toBe(200);
    expect((await p.client.get('/api/me/terms')).json.terms).toEqual({
      version: TERMS_VERSION,
      accepted: true,
    });
    expect((await p.client.post(`/api/rooms/${roomId}/join`, {})).status).toBe(200);
  });

  it('an account without the 18+ consent (Google sign-up) gives it with the terms', async () => {
    const p = await app.player({ fundZmw: 100 });
    await app.db.database.write((tx) => tx.delete(consents).where(eq(consents.userId, p.id)));
    expect((await createRoom(p)).json.code).toBe('terms_required');
    const noAdult = await p.client.post('/api/me/terms', { version: TERMS_VERSION });
    expect(noAdult.json.code).toBe('adult_required');
    expect(
      (await p.client.post('/api/me/terms', { version: TERMS_VERSION, adult: true })).status,
    ).toBe(200);
    expect((await createRoom(p)).status).toBe(201);
  });
});

describe('loss limits on create and join', () => {
  it('counts stakes − winnings − refunds of the Lusaka day and refuses past the limit', async () => {
    const p = await app.player({ fundZmw: 200 });
    await p.client.put('/api/me/limits', { lossDaily: 25 });
    const first = await createRoom(p, 20);
    expect(first.status).toBe(201);
    const roomId = (first.json.room as { roomId: string }).roomId;
    // Left while waiting: the refund takes the loss back to zero.
    await p.client.post(`/api/rooms/${roomId}/leave`);
    const second = await createRoom(p, 20);
    expect(second.status).toBe(201);
    await p.client.post(`/api/rooms/${(second.json.room as { roomId: string }).roomId}/leave`);

    const host = await app.player({ fundZmw: 100 });
    const bigRoom = (await createRoom(host, 30)).json.room as { roomId: string };
    const refused = await p.client.post(`/api/rooms/${bigRoom.roomId}/join`, {});
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: 'limit_reached',
      error:
        'This stake would take you past your daily loss limit of ZMW 25.00. It resets on 5 March 2026, 00:00 Lusaka time.',
    });
    expect(await app.wallet(p.id)).toBe(20_000);

    const summary = await p.client.get('/api/me/play-summary');
    expect(summary.json).toEqual({
      summary: { date: '2026-03-04', stakes: 40, winnings: 0, refunds: 40, net: 0 },
    });
  });
});

describe('self-exclusion on create and join', () => {
  it('refuses both with self_excluded; a seated player keeps the seat', async () => {
    const p = await app.player({ fundZmw: 100 });
    const roomId = (await createRoom(p)).json.room as { roomId: string };
    const excluded = await p.client.post('/api/me/exclusion', { period: '24h' });
    expect(excluded.status).toBe(200);

    // Seated before it started: the game goes on with them.
    const other = await app.player({ fundZmw: 100 });
    const joined = await other.client.post(`/api/rooms/${roomId.roomId}/join`, {});
    expect(joined.status).toBe(200);
    expect(
      (joined.json.room as { participants: Record<string, unknown> }).participants,
    ).toHaveProperty(p.id);

    app.advance(HOUR);
    const host = await app.player({ fundZmw: 100 });
    const open = await openRoom(host);
    const refusedJoin = await p.client.post(`/api/rooms/${open}/join`, {});
    expect(refusedJoin.status).toBe(403);
    expect(refusedJoin.json.code).toBe('self_excluded');
    expect(refusedJoin.json.error).toMatch(
      /^You have excluded yourself from play until 5 March 2026, 12:00 Lusaka time/,
    );
    expect((await createRoom(p)).json.code).toBe('self_excluded');
    // Histories still answer.
    expect((await p.client.get('/api/games')).status).toBe(200);
    const exported = await responsiblePlayExport(app.db.database.read, p.id);
    expect(exported.exclusions).toEqual([
      {
        period: '24h',
        startedAt: new Date(app.now() - HOUR).toISOString(),
        until: new Date(app.now() + 23 * HOUR).toISOString(),
      },
    ]);
  });
});
