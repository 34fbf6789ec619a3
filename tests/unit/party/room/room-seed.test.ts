// In a daily challenge's room the seed is the whole day's: the room's view never shows it, not even
// at game over, while any other room reveals its seed when its game ends. The room server learns
// which rooms are challenges from the site's push (wire/site-room.ts) and keeps it across restarts.
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { botSeats } from '#game/bots.ts';
import { nextDeadline, roomMachine } from '#game/room-machine.ts';
import { toView } from '#game/view.ts';
import { inputOf, machineInput } from '#party/room/site-events.ts';
import { roomForPartySchema, type RoomForParty } from '#wire/site-room.ts';

const T0 = 1_741_600_000_000;

function room(dailyChallenge?: string): RoomForParty {
  return roomForPartySchema.parse({
    roomId: 'room-1',
    stakeNgwee: 0,
    timeMinutes: 5,
    maxPlayers: 3,
    serverSeed: 'cd'.repeat(32),
    status: 'active',
    seats: [
      { uid: 'ann', name: 'Ann', clientSeed: '' },
      ...botSeats(2).map(({ uid, name }) => ({ uid, name, clientSeed: '' })),
    ],
    ...(dailyChallenge ? { dailyChallenge } : {}),
  });
}

/** Runs the room to its end on the turn timer alone. */
function ended(input: RoomForParty) {
  const actor = createActor(roomMachine, { input: machineInput(input, 0.01) });
  actor.start();
  actor.send({ type: 'SEATS', seats: input.seats, now: T0 });
  for (let i = 0; i < 10_000 && actor.getSnapshot().value !== 'ended'; i++) {
    actor.send({ type: 'TICK', now: nextDeadline(actor.getSnapshot())! });
  }
  expect(actor.getSnapshot().value).toBe('ended');
  return actor;
}

describe("a challenge room's seed", () => {
  it('is never in the view, even at game over', () => {
    const actor = ended(room('2025-03-10'));
    const view = toView(actor.getSnapshot(), { spectators: 0 });
    expect(view.status).toBe('ended');
    expect(view.fairness.serverSeed).toBeNull();
    expect(view.dailyChallenge).toBe('2025-03-10');
    expect(JSON.stringify(view)).not.toContain('cd'.repeat(32));
  });

  it('is still kept after a restart from the stored snapshot', () => {
    const stored = ended(room('2025-03-10')).getPersistedSnapshot();
    const restored = createActor(roomMachine, { snapshot: stored, input: inputOf(stored) });
    restored.start();
    const view = toView(restored.getSnapshot(), { spectators: 0 });
    expect(view.fairness.serverSeed).toBeNull();
    expect(view.dailyChallenge).toBe('2025-03-10');
  });

  it('is revealed at game over in any other room', () => {
    const view = toView(ended(room()).getSnapshot(), { spectators: 0 });
    expect(view.fairness.serverSeed).toBe('cd'.repeat(32));
    expect(view).not.toHaveProperty('dailyChallenge');
  });

  it('comes from the site only as a date', () => {
    expect(roomForPartySchema.safeParse({ ...room(), dailyChallenge: 'today' }).success).toBe(
      false,
    );
  });
});
