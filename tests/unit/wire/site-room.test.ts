// Both sides of each site ↔ room call use the one schema in wire/: what one side builds is exactly
// what the other side parses (nothing refused, nothing stripped), and the types are the schemas'.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor } from 'xstate';
import { roomMachine } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import type { LogEntry } from '#game/log.ts';
import { latestFirstRoll, START_DELIVERY_MS } from '#game/timing.ts';
import { buildSettlement } from '#party/room/settlement.ts';
import { toPublicRoom, toRoomForParty, type RoomWithSeats } from '#site/server/rooms/queries.ts';
import { settlementReportSchema, type SettlementReport } from '#wire/settlement.ts';
import {
  lobbyPushSchema,
  publicRoomSchema,
  roomCallSchema,
  roomForPartySchema,
  roomServerStatusSchema,
  type PublicRoom,
  type RoomForParty,
} from '#wire/site-room.ts';

const T0 = 1_700_000_000_000;
const UIDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

function finishedReport(): SettlementReport {
  const roomId = 'abcdefghij234567';
  const actor = createActor(roomMachine, {
    input: {
      roomId,
      stakeNgwee: 2_000,
      timeMinutes: 10,
      maxPlayers: 2,
      serverSeed: 'ab'.repeat(32),
      timeScale: 0.01,
    },
  });
  const logs: LogEntry[] = [];
  actor.on('log', (event) => logs.push(event.entry));
  actor.start();
  const seats = UIDS.map((uid, i) => ({ uid, name: `Player ${i}`, clientSeed: `seed${i}` }));
  actor.send({ type: 'SEATS', seats, now: T0 });
  let now = T0;
  while (actor.getSnapshot().value !== 'ended') {
    now += 50;
    const { game } = actor.getSnapshot().context;
    if (game?.pendingPurchase) actor.send({ type: 'BUY_TRUCK', by: game.pendingPurchase, now });
    else if (game) actor.send({ type: 'ROLL', by: game.turn.currentPlayer, now });
    else actor.send({ type: 'TICK', now });
  }
  const snapshot = actor.getSnapshot();
  return buildSettlement({
    roomId,
    view: toView(snapshot, { spectators: 0 }),
    result: snapshot.context.result!,
    logs,
  });
}

const stored: RoomWithSeats = {
  room: {
    roomId: 'abcdefghij234567',
    roomName: "Ada's Room",
    hostId: UIDS[0]!,
    amount: 2_000,
    timeMinutes: 10,
    maxPlayers: 2,
    privacy: 'Public',
    isActive: false,
    status: 'countdown',
    serverSeed: 'ab'.repeat(32),
    serverSeedHash: 'cd'.repeat(32),
    createdAt: T0,
    expiresAt: T0 + 1_800_000,
    closedAt: null,
    settledAt: null,
    rematchRoomId: null,
    practice: false,
  },
  seats: UIDS.map((userId, seatIndex) => ({
    roomId: 'abcdefghij234567',
    userId,
    name: `Player ${seatIndex}`,
    seatIndex,
    clientSeed: seatIndex === 0 ? null : 'seed1',
    joinedAt: T0 + seatIndex,
  })),
};

describe('the site ↔ room wire', () => {
  it('the settlement report a room builds is what the site parses, field for field', () => {
    const report = finishedReport();
    expect(report.logs.length).toBeGreaterThan(10);
    const parsed = settlementReportSchema.safeParse(JSON.parse(JSON.stringify(report)));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(report);
    expectTypeOf(buildSettlement).returns.toEqualTypeOf<SettlementReport>();
  });

  it('the room the site pushes is what the room server parses', () => {
    const room = toRoomForParty(stored, { now: T0 + 10, timeScale: 1 });
    expect(room.status).toBe('active');
    expect(roomForPartySchema.parse(room)).toEqual(room);
    expect(roomCallSchema.parse({ type: 'room', room })).toEqual({ type: 'room', room });
    expectTypeOf(toRoomForParty).returns.toEqualTypeOf<RoomForParty>();
  });

  it('a started room whose first roll is long past reaches a room server as closed', () => {
    const filled = T0 + UIDS.length - 1;
    const lastStart = latestFirstRoll(filled, 1) + START_DELIVERY_MS;
    expect(toRoomForParty(stored, { now: lastStart, timeScale: 1 }).status).toBe('active');
    expect(toRoomForParty(stored, { now: lastStart + 1, timeScale: 1 }).status).toBe('closed');
    const waiting = { ...stored, room: { ...stored.room, status: 'waiting' as const } };
    expect(toRoomForParty(waiting, { now: lastStart + 1, timeScale: 1 }).status).toBe('waiting');
  });

  it('the status a room server answers is what the site parses', () => {
    const status = {
      roomId: 'r1',
      status: 'closed',
      players: 2,
      spectators: 1,
      sockets: 3,
      settled: false,
    };
    expect(roomServerStatusSchema.parse(status)).toEqual(status);
    expect(roomServerStatusSchema.safeParse({ ...status, status: 'gone' }).success).toBe(false);
  });

  it('the public room the site pushes to the lobby is what the lobby parses', () => {
    const room = toPublicRoom(stored);
    expect(publicRoomSchema.parse(room)).toEqual(room);
    expect(lobbyPushSchema.parse({ type: 'rooms', rooms: [room] }).rooms).toEqual([room]);
    expectTypeOf(toPublicRoom).returns.toEqualTypeOf<PublicRoom>();
  });
});
