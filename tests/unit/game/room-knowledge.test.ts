// What the screens, the site and the room servers all need to know of a game, each said once in
// game/: the prize a lone winner takes, and the latest a game can end. (That the site accepts
// exactly game/'s room options is tests/unit/site/server/rooms/settings.test.ts.)
import { describe, expect, it } from 'vitest';
import { payoutOf, prizeOf } from '#game/payout.ts';
import { PLAYER_COUNT_OPTIONS, STAKE_OPTIONS_ZMW } from '#game/room-options.ts';
import { COUNTDOWN_MS, TURN_MS, latestGameEnd, scaled } from '#game/timing.ts';

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
