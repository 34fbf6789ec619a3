// Practice games with the real servers: the site's rooms app and `partykit dev`. A guest plays
// against bots (the room server acts for them through the machine) to the end; nothing touches the
// ledger or the operator's revenue, the room is never listed, and every seat gets its lesson. The
// game's clock is held and stepped moment by moment (docs/decisions/083): each bot moves at its own
// time, before its turn timer, however late a busy machine would wake the room.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRevenue } from '#db/schema/operator.ts';
import { postings, transfers } from '#db/schema/ledger.ts';
import { lessonsOf } from '#game/lesson.ts';
import { MESSAGE_RATE_LIMIT } from '#party/room/rate-limit.ts';
import type { Statement } from '#game/statement.ts';
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import { startBot } from '#tests/support/bot.ts';
import type { RoomsApp } from '#tests/support/rooms-app.ts';
import { moveTestClock } from '#tests/support/test-clock.ts';
import { sleep, waitFor } from '#tests/support/wait.ts';
import { startRoomsWithParty, type RoomsWithParty } from './with-party';

// Slow enough that the player's intents stay under the room's message rate (10 a second): at 0.01
// the bots' pauses are ~20 ms and a fast player's turns came back more often than that.
const TIME_SCALE = 0.03;

let rooms: RoomsWithParty;
let app: RoomsApp;

beforeAll(async () => {
  rooms = await startRoomsWithParty({
    secret: 'practice-internal-secret',
    timeScale: TIME_SCALE,
    testClock: true,
  });
  app = rooms.app;
}, 60_000);

afterAll(async () => {
  await rooms?.close();
});

async function ledgerRows(): Promise<number> {
  const t = await app.db.database.read.select().from(transfers);
  const p = await app.db.database.read.select().from(postings);
  return t.length + p.length;
}

describe('POST /api/practice', () => {
  it('refuses the signed-out and settings outside the choices', async () => {
    expect(await app.client().post('/api/practice', { time: 10, bots: 3 })).toMatchObject({
      status: 401,
    });
    const guest = await app.guest();
    for (const [body, error] of [
      [
        { time: 15, bots: 3 },
        'Please choose a practice time of 5, 10, 20, 30, 40, 50 or 60 minutes.',
      ],
      [{ time: 10, bots: 0 }, 'Please choose between 1 and 5 bots.'],
      [{ time: 10, bots: 6 }, 'Please choose between 1 and 5 bots.'],
      [{ time: 10 }, 'Please choose between 1 and 5 bots.'],
    ] as const) {
      expect(await guest.client.post('/api/practice', body)).toMatchObject({
        status: 400,
        json: { error, code: 'invalid_settings' },
      });
    }
  });

  it('a guest plays 3 bots to the end: no ledger row, never listed, a lesson for every seat', async () => {
    const guest = await app.guest();
    const ledgerBefore = await ledgerRows();
    const created = await guest.client.post('/api/practice', { time: 5, bots: 3 });
    expect(created.status).toBe(201);
    const room = created.json.room as {
      roomId: string;
      joinedOrder: string[];
      participants: Record<string, { name: string }>;
    };
    expect(created.json.room).toMatchObject({ practice: true, amount: 0, time: 5, maxPlayers: 4 });
    expect(room.joinedOrder[0]).toBe(guest.id);
    const bots = room.joinedOrder.slice(1);
    expect(bots).toHaveLength(3);
    for (const uid of bots) {
      expect(uid.startsWith('bot:')).toBe(true);
      expect(room.participants[uid]?.name.startsWith('Bot ')).toBe(true);
    }

    // Never listed; the caller's current room until it ends; no second room meanwhile.
    expect((await app.client().get('/api/rooms')).json.rooms).toEqual([]);
    expect((await guest.client.get('/api/me')).json.user).toMatchObject({
      currentRoomId: room.roomId,
    });
    expect(await guest.client.post('/api/practice', { time: 5, bots: 1 })).toMatchObject({
      status: 409,
      json: { code: 'already_in_another_room', roomId: room.roomId },
    });

    const clock = (action: 'hold' | 'step' | 'read') =>
      moveTestClock(rooms.party.httpUrl, rooms.testClockKey, room.roomId, action);
    await clock('hold');
    const ticket = await guest.client.post(`/api/rooms/${room.roomId}/ticket`);
    expect(ticket.status).toBe(200);
    const player = await startBot({ url: ticket.json.url as string, uid: guest.id });
    // The guest rolls on their turns; between them each step is the room's next moment (a bot's
    // move, or the countdown's end), until the game's end.
    // The held clock lets the game run far faster than people play, but the room's message rate
    // limit (MESSAGE_RATE_LIMIT, per socket, in real time) still applies to the guest's bot: the
    // step that hands it the turn waits until its messages of a turn (a roll, an answer to an
    // offer, another roll after a 6) fit in the limit.
    const spacing = (3 * 1000) / MESSAGE_RATE_LIMIT.perSecond;
    const beforeGuest = room.joinedOrder.at(-1);
    let guestTurnAt = 0;
    for (let steps = 0; ; steps += 1) {
      expect(steps, 'moves of the practice game').toBeLessThan(1_000);
      const now = await clock('read');
      if (now.status === 'ended') break;
      if (now.currentPlayer !== guest.id) {
        if (now.currentPlayer === beforeGuest) await sleep(guestTurnAt + spacing - Date.now());
        await clock('step');
        continue;
      }
      guestTurnAt = Date.now();
      // The guest's bot may have rolled before this read (the read then shows its offer still
      // open, or its extra turn after a 6): wait for a roll after the read, or for the turn to move.
      // A move the room refused or never read (its socket's message limit on a loaded machine) is
      // a player who did not act: then the turn timer acts for them, as in a real game.
      const moved = await waitFor(
        "the guest's move",
        async () => {
          const after = await clock('read');
          return (
            after.rolls > now.rolls || after.currentPlayer !== guest.id || after.status === 'ended'
          );
        },
        5_000,
      ).catch(() => false);
      if (!moved) await clock('step');
    }
    const ended = await player.waitForState(
      (s) => s.status === 'ended' && s.result !== null,
      60_000,
    );
    // An intent that crossed the end of the game on the wire is refused as `game_over`, and one
    // sent faster than the socket's limit allows (the held clock runs the game far faster than
    // people play) as `too_many_messages`: the test's pace, not a fault. Anything else is.
    const racing = new Set(['game_over', 'too_many_messages']);
    expect(player.errors.filter((error) => !racing.has(error.code ?? ''))).toEqual([]);

    // The bots played their own turns (the turn timer rolled for nobody but maybe the guest).
    const botRolls = player.logs.filter((e) => e.type === 'dice_roll' && bots.includes(e.player));
    expect(botRolls.length).toBeGreaterThan(0);
    expect(botRolls.every((e) => e.type === 'dice_roll' && !e.auto)).toBe(true);
    expect(Object.keys(ended.result?.lessons ?? {})).toEqual(room.joinedOrder);

    const game = await waitFor('the practice settlement', async () => {
      const answer = await guest.client.get(`/api/games/${room.roomId}`);
      return answer.status === 200 ? (answer.json.game as FinishedGame) : null;
    });
    await player.close();
    expect(game.practice).toBe(true);
    expect(game.totalPot).toBe(0);
    expect(game.lessons).toEqual(ended.result?.lessons);
    expect(game.lessons).toEqual(
      lessonsOf({
        joinedOrder: game.joinedOrder,
        players: game.participants,
        statements: game.statements as Record<string, Statement>,
        winners: game.winners,
      }),
    );

    // No money moved, no revenue recorded, the guest is free again, the history says Practice.
    expect(await ledgerRows()).toBe(ledgerBefore);
    expect(
      await app.db.database.read
        .select()
        .from(adminRevenue)
        .where(eq(adminRevenue.roomId, room.roomId)),
    ).toEqual([]);
    expect((await guest.client.get('/api/me')).json.user).toMatchObject({ currentRoomId: null });
    const history = await guest.client.get('/api/games');
    expect(history.json.games).toEqual([
      expect.objectContaining({ roomId: room.roomId, practice: true, prize: 0, totalPot: 0 }),
    ]);
    expect((await app.client().get(`/api/rooms/${room.roomId}`)).json.room).toMatchObject({
      status: 'ended',
      practice: true,
    });
  }, 90_000);
});
