// The API's refusal words: every code of the registry has its words in the one table, and a refusal
// made with a code alone says them (docs/decisions/128).
import { describe, expect, it } from 'vitest';
import { API_REFUSAL_CODES } from '#site/server/api/refusal-codes.ts';
import { API_REFUSAL_WORDS, refusalWords } from '#site/server/api/refusal-words.ts';
import { refuse } from '#site/server/api/refusals.ts';

describe('the API refusal words', () => {
  it('gives every code its words and no words without a code', () => {
    expect(Object.keys(API_REFUSAL_WORDS).sort()).toEqual([...API_REFUSAL_CODES].sort());
    const empty = Object.entries(API_REFUSAL_WORDS).filter(
      ([, words]) => typeof words === 'string' && words.trim() === '',
    );
    expect(empty).toEqual([]);
  });

  it('refuses a code with its words when no message is given', () => {
    expect(refuse(409, 'room_full')).toEqual({
      ok: false,
      status: 409,
      code: 'room_full',
      error: 'Room is full.',
    });
    for (const [code, words] of Object.entries(API_REFUSAL_WORDS)) {
      if (typeof words !== 'string') continue;
      expect(refuse(400, code as 'room_full').error).toBe(words);
    }
  });

  it('builds the words that carry data from the table, the spec’s sentences word for word', () => {
    expect(refusalWords('insufficient_funds', 'create')).toBe(
      'Insufficient funds to create this room!',
    );
    expect(refusalWords('insufficient_funds', 'join')).toBe('Insufficient balance.');
    expect(refusalWords('missing_settings', 'all')).toBe(
      '⚠️ Please select all settings before creating a game.',
    );
    expect(refusalWords('amount_too_large', 'withdrawal', 5_000_000)).toBe(
      'The most you can withdraw at once is ZMW 50,000.00. Please enter a smaller amount.',
    );
    expect(refuse(400, 'invalid_settings', refusalWords('invalid_settings', 'players'))).toEqual({
      ok: false,
      status: 400,
      code: 'invalid_settings',
      error: 'Please choose between 2 and 6 players.',
    });
  });
});
