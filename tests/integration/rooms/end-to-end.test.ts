// The site and the real room server together: `partykit dev` (party/room.ts) on a free port, the
// site's rooms app on another, bots playing complete games through the ticket URLs, then every roll
// checked against the revealed seed, every statement against the rules, every balance against the
// payout.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRevenue } from '#db/schema/operator.ts';
import { hashServerSeed, rollDie } from '#game/dice.ts';
import type { LogEntry } from '#game/log.ts';
import { payoutOf, winnersOf } from '#game/payout.ts';
import { statementsOf } from '#game/statement.ts';
import { replayReportedGame } from '#game/replay.ts';
import type { FinishedGame } from '#site/server/rooms/settlement-record.ts';
import { startBot, type Bot } from '#tests/support/bot.ts';
import type { RoomsApp, TestUser } from '#tests/support/rooms-app.ts';
import { seededRandom } from '#tests/support/seeded-random.ts';
import { waitFor } from '#tests/support/wait.ts';
import { startRoomsWithParty, type RoomsWithParty } from './with-party';

const TIME_SCALE = 0.005;

let rooms: RoomsWithParty;
let app: RoomsApp;

beforeAll(async () => {
  rooms = await startRoomsWithParty({ secret: 'rooms-e2e-internal-secret', timeScale: TIME_SCALE });
  app = rooms.app;
}, 60_000);

afterAll(async () => {
  await rooms?.close();
});

async function playGame(count: number, stakeZmw: number, seed: number) {
  const random = seededRandom(seed);
  const players: TestUser[] = [];
  for (let i = 0; i < count; i += 1) players.push(await app.player({ fundZmw: stakeZmw + 5 }));
  const [host, ...rest] = players;
  const created = await host!.client.post('/api/rooms', {
    amount: stakeZmw,
    time: 10,
    maxPlayers: count,
    privacy: 'Public',
    clientSeed: `host-${seed}`,
  });
  expect(created.status).toBe(201);
  const room = created.json.room as { roomId: string; serverSeedHash: string };

  const bots: Bot[] = [];
  const connect = async (p: TestUser, i: number) => {
    const ticket = await p.client.post(`/api/rooms/${room.roomId}/ticket`);
    expect(ticket.status).toBe(200);
    bots.push(
      await startBot({
        url: ticket.json.url as string,
        uid: p.id,
        random,
        // One player in each game never rolls: the turn timer plays for them.
        mode: i === count - 1 ? 'idle' : 'play',
      }),
    );
  };
  await connect(host!, 0);
  for (const [i, p] of rest.entries()) {
    const joined = await p.client.post(`/api/rooms/${room.roomId}/join`, {
      ...(i % 2 === 0 ? { clientSeed: `seat${i}-${seed}` } : {}),
    });
    expect(joined.status).toBe(200);
    await connect(p, i + 1);
  }
  const guest = await app.guest();
  const watch = await guest.client.post(`/api/rooms/${room.roomId}/ticket`);
  const spectator = await startBot({
    url: watch.json.url as string,
    uid: guest.id,
    random,
    mode: 'idle',
  });

  const ended = await Promise.all(
    [...bots, spectator].map((bot) =>
      bot.waitForState((s) => s.status === 'ended' && s.result !== null, 60_000),
    ),
  );
  const game = await waitFor(`settlement of ${room.roomId}`, async () => {
    const answer = await host!.client.get(`/api/games/${room.roomId}`);
    return answer.status === 200 ? (answer.json.game as FinishedGame) : null;
  });
  for (const bot of [...bots, spectator]) await bot.close();
  return { room, players, bots, spectator, ended, game, stakeNgwee: stakeZmw * 100 };
}

describe('complete games through the site and the real room server', () => {
  for (const [count, stake, seed] of [
    [2, 10, 11],
    [3, 30, 12],
    [6, 50, 13],
  ] as const) {
    it(`${count} players: fair dice, true statements, exact payouts`, async () => {
      const { room, players, bots, spectator, ended, game, stakeNgwee } = await playGame(
        count,
        stake,
        seed,
      );
      const joinedOrder = players.map((p) => p.id);
      expect(game.joinedOrder).toEqual(joinedOrder);

      // The seed was committed to at creation and revealed at the end.
      const { serverSeed } = game.fairness;
      if (serverSeed === null) throw new Error('a real game reveals its seed at the end');
      expect(hashServerSeed(serverSeed)).toBe(room.serverSeedHash);
      expect(game.fairness.serverSeedHash).toBe(room.serverSeedHash);

      // Every roll comes from the seeds, nonce by nonce.
      const rolls = game.logs.filter(
        (e): e is Extract<LogEntry, { type: 'dice_roll' }> => (e as LogEntry).type === 'dice_roll',
      );
      expect(rolls.length).toBeGreaterThan(count);
      rolls.forEach((entry, nonce) => {
        expect(entry.nonce).toBe(nonce);
        expect(entry.roll).toBe(rollDie(serverSeed, game.fairness.clientSeed, nonce));
      });
      // The idle player was rolled for by the timer.
      const idle = joinedOrder[count - 1]!;
      expect(rolls.some((e) => e.player === idle && e.auto)).toBe(true);
      expect(bots.find((b) => b.uid === idle)!.sent).toEqual([]);
      // The others rolled for themselves.
      expect(rolls.some((e) => e.player !== idle && !e.auto)).toBe(true);

      // The statements and winners follow from the rules replayed over the log.
      // The moves follow from the rules replayed over the log with the revealed seeds.
      const seeds = game.fairness.clientSeed.split(':');
      const replayed = replayReportedGame({
        seats: joinedOrder.map((uid, i) => ({
          uid,
          name: game.participants[uid]!.name,
          clientSeed: seeds[i] ?? '',
        })),
        serverSeed,
        logs: game.logs,
        rolls: rolls.map((e) => ({ nonce: e.nonce, roll: e.roll, player: e.player })),
      });
      expect(replayed.ok).toBe(true);
      if (!replayed.ok) return;
      const statements = statementsOf(replayed.state.players);
      expect(game.statements).toEqual(statements);
      const winners = winnersOf(joinedOrder, statements);
      expect([...game.winners].sort()).toEqual([...winners].sort());

      // Every balance against the payout.
      const payout = payoutOf(stakeNgwee, joinedOrder, winners);
      expect(game.totalPot).toBe(payout.totalPotNgwee / 100);
      expect(game.winnerShare).toBe(payout.winnerShareNgwee / 100);
      expect(game.systemShare).toBe(payout.systemShareNgwee / 100);
      for (const p of players) {
        expect(await app.wallet(p.id)).toBe(500 + (payout.payouts[p.id] ?? 0));
        expect((await p.client.get('/api/me')).json.user).toMatchObject({ currentRoomId: null });
      }
      const revenue = await app.db.database.read
        .select()
        .from(adminRevenue)
        .where(eq(adminRevenue.roomId, room.roomId));
      expect(revenue).toHaveLength(1);
      expect(revenue[0]!.amount).toBe(payout.systemShareNgwee);

      // What players and the spectator saw at the end is what the site paid for.
      for (const state of ended) {
        expect(state.result!.winners.sort()).toEqual([...winners].sort());
        expect(state.result!.statements).toEqual(statements);
        expect(state.fairness.serverSeed).toBe(game.fairness.serverSeed);
      }
      for (const bot of [...bots, spectator]) expect(bot.invalid).toEqual([]);
      expect(spectator.sent).toEqual([]);

      const { sum, byKind, report } = await app.ledger();
      expect(sum).toBe(0);
      expect(report.mismatchedAccounts).toEqual([]);
      expect(report.negativeAccounts).toEqual([]);
      expect(byKind.escrow).toBe(0);
    }, 120_000);
  }
});
