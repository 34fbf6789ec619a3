// The day's challenge is one game for everyone: two players who start it at different hours of the
// same Lusaka day get the same seed, settings and bots; the same moves at the same moments give
// the very same game (dice, bots' decisions, results); different moves still meet the same dice,
// roll by roll. A practice game and the next day's challenge roll other dice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '#game/log.ts';
import type { RoomForParty } from '#wire/site-room.ts';
import { startRoomsApp, type RoomsApp } from '#tests/support/rooms-app.ts';
import { playRoom, steadyPerson, type PersonPolicy } from './play-room';
import { lusaka, startChallenge } from './support';

const HOUR = 60 * 60 * 1000;
const DAY_START = lusaka('2025-03-10', '07:00');

let app: RoomsApp;

beforeAll(async () => {
  app = await startRoomsApp({ start: DAY_START });
});

afterAll(async () => {
  await app?.close();
});

/** A log with the person's uid and the clock taken out, so two rooms' logs compare. */
function comparable(logs: readonly LogEntry[], me: string, start: number) {
  const rename = (uid: string) => (uid === me ? 'me' : uid);
  return logs.map((entry) => {
    const moved = { ...entry, timestamp: entry.timestamp - start };
    if ('player' in moved) moved.player = rename(moved.player);
    if (moved.type === 'truck_fee')
      Object.assign(moved, { from: rename(moved.from), to: rename(moved.to) });
    return moved;
  });
}

const rollsOf = (logs: readonly LogEntry[]) =>
  logs.flatMap((e) => (e.type === 'dice_roll' ? [[e.nonce, e.roll] as const] : []));

/** Leaves every roll to the turn timer and every offer to lapse. */
const idlePerson: PersonPolicy = () => null;

const personOf = (room: RoomForParty) => room.seats[0]!.uid;

describe("the day's challenge", () => {
  it('gives two players the same seed, bots and settings, and the same game for the same moves', async () => {
    const ann = await app.player({ firstName: 'Ann' });
    const ben = await app.player({ firstName: 'Ben' });
    const first = await startChallenge(app, ann);
    const annStart = app.now();
    app.advance(9 * HOUR); // 16:00, the same Lusaka day
    // A player's own seed is not mixed in: the dice must be everyone's.
    const created = await ben.client.post('/api/practice', {
      challenge: true,
      clientSeed: 'bens-own-seed',
      time: 60,
      bots: 5,
    });
    expect(created.status).toBe(201);
    const second = (await app.rooms.roomForParty(
      (created.json.room as { roomId: string }).roomId,
    ))!;
    const benStart = app.now();

    expect(second.dailyChallenge).toBe('2025-03-10');
    expect(first.dailyChallenge).toBe('2025-03-10');
    expect(second.serverSeed).toBe(first.serverSeed);
    const { roomId: _a, seats: annSeats, ...annRoom } = first;
    const { roomId: _b, seats: benSeats, ...benRoom } = second;
    expect(benRoom).toEqual(annRoom);
    expect(benSeats.slice(1)).toEqual(annSeats.slice(1));
    expect([...annSeats, ...benSeats].map((seat) => seat.clientSeed).every((s) => s === '')).toBe(
      true,
    );
    expect(annSeats.slice(1).every((seat) => seat.uid.startsWith('bot:'))).toBe(true);
    expect(annRoom).toMatchObject({ timeMinutes: 5, stakeNgwee: 0 });

    // The same moves at the same moments of each game: the very same game.
    const a = playRoom(first, { start: annStart, timeScale: 1, person: steadyPerson });
    const b = playRoom(second, { start: benStart, timeScale: 1, person: steadyPerson });
    expect(comparable(b.logs, personOf(second), benStart)).toEqual(
      comparable(a.logs, personOf(first), annStart),
    );
    // It was a real game: many rolls, and the bots decided on offers of their own.
    expect(rollsOf(a.logs).length).toBeGreaterThan(40);
    const botChoices = a.logs.filter(
      (e) =>
        (e.type === 'truck_purchase' || (e.type === 'truck_declined' && !e.lapsed)) &&
        e.player.startsWith('bot:'),
    );
    expect(botChoices.length).toBeGreaterThan(0);
    expect(b.report.statements[personOf(second)]).toEqual(a.report.statements[personOf(first)]);
  });

  it('rolls the same dice, roll by roll, for players who play differently', async () => {
    const cara = await app.player({ firstName: 'Cara' });
    const dan = await app.player({ firstName: 'Dan' });
    const steady = await startChallenge(app, cara);
    const idle = await startChallenge(app, dan);
    const a = playRoom(steady, { start: app.now(), timeScale: 1, person: steadyPerson });
    const b = playRoom(idle, { start: app.now(), timeScale: 1, person: idlePerson });
    const common = Math.min(rollsOf(a.logs).length, rollsOf(b.logs).length);
    expect(common).toBeGreaterThan(10);
    expect(rollsOf(b.logs).slice(0, common)).toEqual(rollsOf(a.logs).slice(0, common));
    // …while the games themselves went differently.
    expect(comparable(b.logs, personOf(idle), 0)).not.toEqual(
      comparable(a.logs, personOf(steady), 0),
    );
  });

  it('rolls other dice in a practice game and in the next day’s challenge', async () => {
    const eve = await app.player({ firstName: 'Eve' });
    const today = await startChallenge(app, eve);
    const played = playRoom(today, { start: app.now(), timeScale: 1, person: steadyPerson });

    const fay = await app.player({ firstName: 'Fay' });
    const practice = await fay.client.post('/api/practice', { time: 5, bots: 3 });
    const practiceRoom = (await app.rooms.roomForParty(
      (practice.json.room as { roomId: string }).roomId,
    ))!;
    expect(practiceRoom.serverSeed).not.toBe(today.serverSeed);
    expect(practiceRoom.dailyChallenge).toBeUndefined();

    app.advance(24 * HOUR);
    const gus = await app.player({ firstName: 'Gus' });
    const tomorrow = await startChallenge(app, gus);
    expect(tomorrow.dailyChallenge).toBe('2025-03-11');
    expect(tomorrow.serverSeed).not.toBe(today.serverSeed);
    const next = playRoom(tomorrow, { start: app.now(), timeScale: 1, person: steadyPerson });
    expect(rollsOf(next.logs).slice(0, 20)).not.toEqual(rollsOf(played.logs).slice(0, 20));
  });
});
