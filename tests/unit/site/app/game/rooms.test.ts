import { describe, expect, it } from 'vitest';
import type { PublicRoom } from '#wire/site-room.ts';
import { prizeOf } from '#game/payout.ts';
import { balanceChange } from '#site/app/game/money.ts';
import { partyOriginOf } from '#site/app/game/party-origin.ts';
import {
  isNewerList,
  joinable,
  LOBBY_BACKOFF_MS,
  lobbyBackoffMs,
} from '#site/app/game/use-public-rooms.ts';

function room(overrides: Partial<PublicRoom>): PublicRoom {
  return {
    roomId: 'r1',
    roomName: "Mwila's Room",
    hostId: 'u1',
    amount: 10,
    time: 10,
    maxPlayers: 2,
    privacy: 'Public',
    isActive: true,
    status: 'waiting',
    participants: {},
    joinedOrder: ['u1'],
    createdAt: '2026-01-01T10:00:00.000Z',
    serverSeedHash: 'h',
    practice: false,
    ...overrides,
  };
}

describe('prize maths', () => {
  it('gives the winner floor(80 %) of the pot, to the ngwee', () => {
    expect(prizeOf(20)).toBe(16);
    expect(prizeOf(150)).toBe(120);
    expect(prizeOf(0.33)).toBe(0.26);
  });

  it('says how a game changed a balance', () => {
    expect(balanceChange(16, 10)).toBe(6);
    expect(balanceChange(0, 10)).toBe(-10);
    expect(balanceChange(0.3, 0.1)).toBe(0.2);
  });
});

describe('the public room list', () => {
  it('takes a list only if it was read no earlier than the one shown', () => {
    // The page's own read, then the lobby's first message holding an older picture: kept out, so
    // a room just created does not vanish until the lobby catches up.
    expect(isNewerList(2_000, 1_000)).toBe(false);
    expect(isNewerList(2_000, 2_000)).toBe(true);
    expect(isNewerList(2_000, 3_000)).toBe(true);
    expect(isNewerList(null, 1_000)).toBe(true);
    // A list that does not say when it was read (a lobby from before the field) is taken.
    expect(isNewerList(2_000, undefined)).toBe(true);
  });

  it('keeps only public rooms still waiting with a free seat, newest first', () => {
    const rooms = [
      room({ roomId: 'old', createdAt: '2026-01-01T09:00:00.000Z' }),
      room({ roomId: 'new', createdAt: '2026-01-01T11:00:00.000Z' }),
      room({ roomId: 'full', joinedOrder: ['a', 'b'] }),
      room({ roomId: 'private', privacy: 'Private' }),
      room({ roomId: 'started', status: 'active', isActive: false }),
    ];
    expect(joinable(rooms).map((r) => r.roomId)).toEqual(['new', 'old']);
  });

  it('waits longer after each refusal of the lobby, up to five minutes, never all at once', () => {
    const top = () => 0.999999;
    const bottom = () => 0;
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => lobbyBackoffMs(n, top))).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000,
    ]);
    expect(lobbyBackoffMs(1, bottom)).toBe(LOBBY_BACKOFF_MS.first / 2);
    expect(lobbyBackoffMs(9, bottom)).toBe(LOBBY_BACKOFF_MS.max / 2);
  });

  it('reads the party origin from the load context only when it looks like one', () => {
    expect(partyOriginOf({ partyPublicUrl: 'ws://localhost:1999' })).toBe('ws://localhost:1999');
    expect(partyOriginOf({ partyPublicUrl: 'javascript:alert(1)' })).toBeNull();
    expect(partyOriginOf({})).toBeNull();
    expect(partyOriginOf(null)).toBeNull();
  });
});
