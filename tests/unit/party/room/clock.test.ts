// The room's game clock (party/room/clock.ts): the wall clock itself until a test holds it; held, it
// stands still from the first change after which the room waits for it, steps only forward, and runs
// on from where it stood when released or when the game is over.
import { describe, expect, it } from 'vitest';
import { RoomClock, RUNNING } from '#party/room/clock.ts';

const T = 1_700_000_000_000;

describe('the room clock', () => {
  it('reads the wall clock, and a game deadline is due at its own wall time, when nobody holds it', () => {
    const clock = new RoomClock();
    expect(clock.now(T)).toBe(T);
    expect(clock.wallTimeOf(T + 1_000, T)).toBe(T + 1_000);
    clock.follow(T, T, true);
    expect(clock.now(T + 5_000)).toBe(T + 5_000);
    expect(clock.snapshot()).toEqual(RUNNING);
  });

  it('held in a waiting room, runs on until a change leaves the room waiting for it', () => {
    const clock = new RoomClock();
    clock.hold();
    // Nothing waits for the clock (the room is not full): it keeps the wall's time.
    clock.follow(T, T, false);
    expect(clock.now(T + 2_000)).toBe(T + 2_000);
    // The last seat is taken at T + 2 s: the countdown began, and the clock stops at that change.
    clock.follow(T + 2_000, T + 2_050, true);
    expect(clock.stopped).toBe(true);
    expect(clock.now(T + 60_000)).toBe(T + 2_000);
    // A deadline it has not reached has no wall time; one it has reached is due at once.
    expect(clock.wallTimeOf(T + 2_250, T + 60_000)).toBeNull();
    expect(clock.wallTimeOf(T + 2_000, T + 60_000)).toBe(T + 60_000);
  });

  it('held during a game, stands still at once and steps only forward', () => {
    const clock = new RoomClock();
    clock.hold();
    clock.follow(clock.now(T), T, true);
    expect(clock.now(T + 9_000)).toBe(T);
    expect(clock.stepTo(T + 1_000)).toBe(true);
    expect(clock.now(T + 9_000)).toBe(T + 1_000);
    expect(clock.stepTo(T + 500)).toBe(true);
    expect(clock.now(T + 9_000)).toBe(T + 1_000);
  });

  it('released, runs on from where it stood, behind the wall by the time it stood still', () => {
    const clock = new RoomClock();
    clock.hold();
    clock.follow(T, T, true);
    clock.release(T + 30_000);
    expect(clock.held).toBe(false);
    expect(clock.stopped).toBe(false);
    expect(clock.now(T + 30_000)).toBe(T);
    expect(clock.now(T + 31_000)).toBe(T + 1_000);
    expect(clock.wallTimeOf(T + 2_000, T + 31_000)).toBe(T + 32_000);
    // Stepping needs a clock that stands still.
    expect(clock.stepTo(T + 5_000)).toBe(false);
    expect(clock.now(T + 31_000)).toBe(T + 1_000);
  });

  it('runs on once the game is over, although still held', () => {
    const clock = new RoomClock();
    clock.hold();
    clock.follow(T, T, true);
    clock.stepTo(T + 3_000);
    // The game ended at its step: nothing waits for the clock any more.
    clock.follow(T + 3_000, T + 10_000, false);
    expect(clock.held).toBe(true);
    expect(clock.stopped).toBe(false);
    expect(clock.now(T + 11_000)).toBe(T + 4_000);
  });

  it('restored from storage, stands where it stood', () => {
    const held = new RoomClock();
    held.hold();
    held.follow(T, T, true);
    const restored = new RoomClock(held.snapshot());
    expect(restored.now(T + 100_000)).toBe(T);
    expect(restored.held).toBe(true);
  });
});
