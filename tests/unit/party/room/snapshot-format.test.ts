// The stored room snapshot's format (docs/decisions/093): every earlier format is migrated to
// today's, a newer or unreadable one is refused (the room then holds no game), and a game is played
// on only under the rules it started with.
import { describe, expect, it } from 'vitest';
import { RULES_VERSION } from '#game/rules.ts';
import {
  playableHere,
  readSnapshotRecord,
  SNAPSHOT_FORMAT,
  snapshotRecord,
} from '#party/room/snapshot-format.ts';
import { protocolVerdict, ROOM_PROTOCOL } from '#game/protocol-version.ts';

const machine = { status: 'active', value: 'active', context: { roomId: 'r1' } };

describe('the stored snapshot format', () => {
  it('migrates format 1 (the release before formats) to today, under rules 1', () => {
    const read = readSnapshotRecord({ machine, logCount: 7 });
    expect(read).toEqual({
      ok: true,
      record: { format: SNAPSHOT_FORMAT, rules: 1, machine, logCount: 7 },
      migratedFrom: 1,
    });
  });

  it('reads today’s format as written', () => {
    const written = snapshotRecord(machine, 3);
    expect(written).toEqual({
      format: SNAPSHOT_FORMAT,
      rules: RULES_VERSION,
      machine,
      logCount: 3,
    });
    expect(readSnapshotRecord(structuredClone(written))).toEqual({
      ok: true,
      record: written,
      migratedFrom: null,
    });
  });

  it('refuses a newer format, an unknown one and a record without its parts', () => {
    for (const stored of [
      { format: SNAPSHOT_FORMAT + 1, rules: 1, machine, logCount: 1 },
      { format: 0, machine, logCount: 1 },
      { format: '2', machine, logCount: 1 },
      { format: SNAPSHOT_FORMAT, rules: 1, logCount: 1 },
      { logCount: 1 },
      'snapshot',
      null,
    ]) {
      expect(readSnapshotRecord(stored)).toMatchObject({ ok: false });
    }
  });

  it('plays on only under the rules the game started with; a finished game is only reported', () => {
    expect(playableHere(RULES_VERSION, false)).toBe(true);
    expect(playableHere(RULES_VERSION + 1, false)).toBe(false);
    expect(playableHere(RULES_VERSION - 1, false)).toBe(false);
    expect(playableHere(RULES_VERSION - 1, true)).toBe(true);
  });
});

describe('the room protocol version', () => {
  it('accepts its own and older supported versions, a missing one as 1, and says what to do otherwise', () => {
    expect(protocolVerdict(String(ROOM_PROTOCOL.version))).toBe('ok');
    expect(protocolVerdict(null)).toBe(ROOM_PROTOCOL.oldest <= 1 ? 'ok' : 'reload');
    expect(protocolVerdict('')).toBe(ROOM_PROTOCOL.oldest <= 1 ? 'ok' : 'reload');
    expect(protocolVerdict(String(ROOM_PROTOCOL.oldest - 1))).toBe('reload');
    expect(protocolVerdict('x')).toBe('reload');
    expect(protocolVerdict('1.5')).toBe('reload');
    expect(protocolVerdict(String(ROOM_PROTOCOL.version + 1))).toBe('tooNew');
  });
});
