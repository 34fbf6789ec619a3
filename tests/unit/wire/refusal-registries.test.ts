// Each seam names its refusals one way: a registry of codes (the code type is made from it) and, where
// a code stands for fixed words, one table of those words. A code without its words, or words
// without a registered code, fails here.
import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_CODES } from '#game/messages.ts';
import { CLOSE } from '#party/room/limits.ts';
import { API_REFUSAL_CODES } from '#site/server/api/refusal-codes.ts';
import { CALL_REFUSAL_CODES, CALL_REFUSAL_MESSAGES, callRefusal } from '#wire/site-room.ts';

const CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function duplicates(items: readonly unknown[]): unknown[] {
  return items.filter((item, i) => items.indexOf(item) !== i);
}

describe('the signed calls between the site and the room servers', () => {
  it('give every code its words and no words without a code', () => {
    expect(duplicates(CALL_REFUSAL_CODES)).toEqual([]);
    expect(CALL_REFUSAL_CODES.filter((code) => !CODE.test(code))).toEqual([]);
    expect(Object.keys(CALL_REFUSAL_MESSAGES).sort()).toEqual([...CALL_REFUSAL_CODES].sort());
    expect(Object.values(CALL_REFUSAL_MESSAGES).filter((words) => words.trim() === '')).toEqual([]);
  });

  it('answer a refusal with its code and the code’s words unless the case says more', () => {
    expect(callRefusal('unauthorized')).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
    expect(callRefusal('room_not_found', 'Room not found.')).toEqual({
      error: 'Room not found.',
      code: 'room_not_found',
    });
  });
});

describe('the API', () => {
  it('lists each code once, in snake_case', () => {
    expect(duplicates(API_REFUSAL_CODES)).toEqual([]);
    expect(API_REFUSAL_CODES.filter((code) => !CODE.test(code))).toEqual([]);
  });
});

describe('the close codes of the room and lobby sockets', () => {
  const registered: number[] = Object.values(SOCKET_CLOSE_CODES);

  it('give every registered close code a reason and no reason an unregistered code', () => {
    expect(duplicates(registered)).toEqual([]);
    const used: number[] = Object.values(CLOSE).map(({ code }) => code);
    expect(registered.filter((code) => !used.includes(code))).toEqual([]);
    expect(used.filter((code) => !registered.includes(code))).toEqual([]);
  });

  it('give each reason once, within the 123 bytes a close frame carries', () => {
    const reasons: string[] = Object.values(CLOSE).map(({ reason }) => reason);
    expect(duplicates(reasons)).toEqual([]);
    expect(reasons.filter((reason) => reason === '' || Buffer.byteLength(reason) > 123)).toEqual(
      [],
    );
  });
});
