// The room's one alarm (party/room/alarm.ts): a deadline that moves later (the turn timer after each
// roll) writes nothing while an earlier alarm is still to come; an earlier one, none, or a fired
// alarm is written.
import { describe, expect, it } from 'vitest';
import type * as Party from 'partykit/server';
import { RoomAlarm } from '#party/room/alarm.ts';

function fakeStorage() {
  const writes: (number | null)[] = [];
  const storage = {
    setAlarm: (at: number) => {
      writes.push(at);
      return Promise.resolve();
    },
    deleteAlarm: () => {
      writes.push(null);
      return Promise.resolve();
    },
  } as unknown as Party.Storage;
  return { storage, writes };
}

describe('the room alarm', () => {
  it('leaves an earlier alarm in place while the deadline moves later', async () => {
    const { storage, writes } = fakeStorage();
    const alarm = new RoomAlarm();
    await alarm.arm(storage, 20_000, null, 0);
    for (let roll = 1; roll <= 10; roll++)
      await alarm.arm(storage, 20_000 + roll * 400, null, roll * 400);
    expect(writes).toEqual([20_000]);
  });

  it('writes an earlier deadline, a settlement try, and none at all', async () => {
    const { storage, writes } = fakeStorage();
    const alarm = new RoomAlarm();
    await alarm.arm(storage, 20_000, null, 0);
    await alarm.arm(storage, 15_000, null, 100);
    await alarm.arm(storage, 30_000, 12_000, 200);
    await alarm.arm(storage, null, null, 300);
    await alarm.arm(storage, null, null, 400);
    expect(writes).toEqual([20_000, 15_000, 12_000, null]);
  });

  it('sets the alarm again once it fired, or when the one it set has passed', async () => {
    const { storage, writes } = fakeStorage();
    const alarm = new RoomAlarm();
    await alarm.arm(storage, 20_000, null, 0);
    alarm.fired();
    await alarm.arm(storage, 40_000, null, 20_000);
    // Not fired yet (e.g. the room was busy), but its moment has passed.
    await alarm.arm(storage, 60_000, null, 41_000);
    expect(writes).toEqual([20_000, 40_000, 60_000]);
  });
});
