import { describe, expect, it } from 'vitest';
import { describeError } from '#site/server/auth/logging.ts';

describe('error descriptions for the log', () => {
  it('drop the query parameters a database error quotes', () => {
    const cause = new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email');
    const error = new Error(
      'Failed query: insert into "sessions" values (?, ?)\nparams: 9f86d081884c7d65,user-1',
      {
        cause,
      },
    );
    const text = describeError(error);
    expect(text).toBe(
      'Error: Failed query: insert into "sessions" values (?, ?) (cause: Error: SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email)',
    );
    expect(text).not.toContain('9f86d081884c7d65');
  });

  it('names what is not an Error without printing it', () => {
    expect(describeError('secret-token')).toBe('string');
    expect(describeError({ password: 'x' })).toBe('object');
  });
});
