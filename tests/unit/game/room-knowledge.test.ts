// What the screens, the site and the room servers all need to know of a room, each said once in
// game/: the stake and time choices, the prize a lone winner takes, and the latest a game can end.
import { describe, expect, it } from 'vitest';
import { payoutOf, prizeOf } from '../../../game/payout';
import {
  PLAYER_COUNT_OPTIONS,
  PRIVACY_OPTIONS,
  STAKE_OPTIONS_ZMW,
  TIME_OPTIONS_MINUTES,
} from '../../../game/room-options';
import { COUNTDOWN_MS, TURN_MS, latestGameEnd, scaled } from '../../../game/timing';
import { parseRoomSettings } from '../../../site/server/rooms/settings';

const valid = { amount: 10, time: 10, maxPlayers: 2, privacy: 'Public' };

describe('the room options', () => {
  it('the server accepts exactly the stakes, times and player counts that game/ lists', () => {
    const stakes = Array.from({ length: 100 }, (_, i) => i + 1).filter(
      (amount) => parseRoomSettings({ ...valid, amount }).ok,
    );
    const times = Array.from({ length: 120 }, (_, i) => i + 1).filter(
      (time) => parseRoomSettings({ ...valid, time }).ok,
    );
    const players = Array.from({ length: 10 }, (_, i) => i).filter(
      (maxPlayers) => parseRoomSettings({ ...valid, maxPlayers }).ok,
    );
    const privacies = ['Public', 'Private', 'Friends'].filter(
      (privacy) => parseRoomSettings({ ...valid, privacy }).ok,
    );
    expect(stakes).toEqual([...STAKE_OPTIONS_ZMW]);
    expect(times).toEqual([...TIME_OPTIONS_MINUTES]);
    expect(players).toEqual([...PLAYER_COUNT_OPTIONS]);
    expect(privacies).toEqual([...PRIVACY_OPTIONS]);
  });
});

describe('the prize the create-game screen shows', () => {
  it('is what a lone winner is paid, for every stake and room size', () => {
    for (const stake of STAKE_OPTIONS_ZMW) {
      for (const players of PLAYER_COUNT_OPTIONS) {
        const seats = Array.from({ length: players }, (_, i) => `p${i}`);
        const paid = payoutOf(stake * 100, seats, ['p0']).winnerShareNgwee;
        expect(prizeOf(stake * players)).toBe(paid / 100);
      }
    }
  });

  it('is floored to the ngwee', () => {
    expect(prizeOf(0.33)).toBe(0.26);
    expect(prizeOf(150)).toBe(120);
  });
});

describe('the latest a game can end', () => {
  it('is the countdown, a first roll left to the turn timer, then the game, each scaled', () => {
    const filledAt = 1_700_000_000_000;
    expect(latestGameEnd(filledAt, 10, 1)).toBe(filledAt + COUNTDOWN_MS + TURN_MS + 600_000);
    expect(latestGameEnd(filledAt, 60, 0.01)).toBe(
      filledAt + scaled(COUNTDOWN_MS, 0.01) + scaled(TURN_MS, 0.01) + scaled(3_600_000, 0.01),
    );
  });
});
