import { describe, expect, it } from 'vitest';
import {
  PLAYER_COUNT_OPTIONS,
  PRIVACY_OPTIONS,
  STAKE_OPTIONS_ZMW,
  TIME_OPTIONS_MINUTES,
} from '#game/room-options.ts';
import { refusalWords } from '#site/server/api/refusal-words.ts';
import { roomNameFor, seatName } from '#site/server/rooms/seating.ts';
import { lobbySocketUrl, roomSocketUrl } from '#site/server/rooms/tickets.ts';
import { parseClientSeed, parseRoomSettings } from '#site/server/rooms/settings.ts';

const valid = { amount: 10, time: 60, maxPlayers: 2, privacy: 'Private' };

describe('room settings', () => {
  it.each([
    [10, 1000],
    [20, 2000],
    [30, 3000],
    [40, 4000],
    [50, 5000],
    ['50', 5000],
  ])('accepts a stake of ZMW %s as %i ngwee', (amount, ngwee) => {
    expect(parseRoomSettings({ ...valid, amount })).toEqual({
      ok: true,
      settings: { stakeNgwee: ngwee, timeMinutes: 60, maxPlayers: 2, privacy: 'Private' },
    });
  });

  it.each([10, 20, 30, 40, 60])('accepts %i minutes', (time) => {
    expect(parseRoomSettings({ ...valid, time })).toMatchObject({ ok: true });
  });

  it.each([2, 3, 4, 5, 6])('accepts %i players', (maxPlayers) => {
    expect(parseRoomSettings({ ...valid, maxPlayers })).toMatchObject({ ok: true });
  });

  it('normalises the privacy spelling', () => {
    expect(parseRoomSettings({ ...valid, privacy: 'public' })).toMatchObject({
      settings: { privacy: 'Public' },
    });
  });

  it.each([
    [{ amount: 0 }, refusalWords('invalid_settings', 'stake')],
    [{ amount: 25 }, refusalWords('invalid_settings', 'stake')],
    [{ amount: 1e21 }, refusalWords('invalid_settings', 'stake')],
    [{ amount: '10.0' }, refusalWords('invalid_settings', 'stake')],
    [{ amount: true }, refusalWords('invalid_settings', 'stake')],
    [{ time: 50 }, refusalWords('invalid_settings', 'time')],
    [{ time: [10] }, refusalWords('invalid_settings', 'time')],
    [{ maxPlayers: 1.5 }, refusalWords('invalid_settings', 'players')],
    [{ maxPlayers: 0 }, refusalWords('invalid_settings', 'players')],
    [{ privacy: 'Friends' }, refusalWords('invalid_settings', 'privacy')],
    [{ privacy: 1 }, refusalWords('invalid_settings', 'privacy')],
  ])('refuses %o', (change, error) => {
    expect(parseRoomSettings({ ...valid, ...change })).toMatchObject({
      ok: false,
      status: 400,
      code: 'invalid_settings',
      error,
    });
  });

  it.each([undefined, null, 'text', {}, { amount: 10 }, { ...valid, privacy: '' }])(
    'asks for every setting when one is missing (%o)',
    (body) => {
      expect(parseRoomSettings(body)).toMatchObject({
        ok: false,
        error: refusalWords('missing_settings', 'all'),
      });
    },
  );
});

describe('client seeds', () => {
  it('accepts up to 64 URL-safe characters, or nothing', () => {
    expect(parseClientSeed({ clientSeed: 'aZ09_-'.repeat(10) + 'abcd' })).toMatchObject({
      ok: true,
    });
    expect(parseClientSeed(undefined)).toEqual({ ok: true, clientSeed: null });
    expect(parseClientSeed({ clientSeed: '' })).toEqual({ ok: true, clientSeed: null });
  });

  it.each(['a'.repeat(65), 'a:b', 'a b', 'é', 7])('refuses %o', (clientSeed) => {
    expect(parseClientSeed({ clientSeed })).toMatchObject({
      ok: false,
      code: 'invalid_client_seed',
    });
  });
});

describe('names and URLs', () => {
  it('names the room after the host and the seat after the player', () => {
    expect(roomNameFor('Mwila')).toBe("Mwila's Room");
    expect(roomNameFor('  ')).toBe("Player's Room");
    expect(seatName({ firstName: 'Mwila', lastName: 'Banda' })).toBe('Mwila Banda');
    expect(seatName({ firstName: '', lastName: '' })).toBe('Player');
  });

  it('builds the socket URL from a ws or http base', () => {
    expect(roomSocketUrl('ws://localhost:1999', 'abc', 'x.y')).toBe(
      'ws://localhost:1999/parties/main/abc?ticket=x.y',
    );
    expect(roomSocketUrl('https://party.example.zm/', 'abc', 'a+b')).toBe(
      'wss://party.example.zm/parties/main/abc?ticket=a%2Bb',
    );
    expect(roomSocketUrl('http://127.0.0.1:1999', 'abc', 't')).toBe(
      'ws://127.0.0.1:1999/parties/main/abc?ticket=t',
    );
  });

  it('builds the lobby socket URL from a ws or http base', () => {
    expect(lobbySocketUrl('http://localhost:1999', 'x.y')).toBe(
      'ws://localhost:1999/parties/lobby/main?ticket=x.y',
    );
    expect(lobbySocketUrl('https://party.example.zm/', 'a+b')).toBe(
      'wss://party.example.zm/parties/lobby/main?ticket=a%2Bb',
    );
    expect(lobbySocketUrl('wss://p.example.zm', 't')).toBe(
      'wss://p.example.zm/parties/lobby/main?ticket=t',
    );
  });
});

describe('the room options of game/', () => {
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
