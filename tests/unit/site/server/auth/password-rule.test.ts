import { describe, expect, it } from 'vitest';
import { checkNewPassword, isCommonPassword } from '#site/server/auth/password-rule.ts';

describe('the password rule', () => {
  it('takes 8 to 256 characters that are not a common password', () => {
    expect(checkNewPassword('kafue-08')).toBeNull();
    expect(checkNewPassword('x'.repeat(7))).toEqual({
      error: 'Password should be at least 8 characters long.',
      code: 'weak_password',
    });
    expect(checkNewPassword(`${'kafue-'.repeat(42)}abcd`)).toBeNull(); // 256
    expect(checkNewPassword('k'.repeat(257))).toMatchObject({ code: 'password_too_long' });
  });

  it('refuses the common list without regard to case, and only whole matches', () => {
    for (const common of ['password', 'PASSWORD1', 'qwertyuiop', 'iloveyou1', '12345678']) {
      expect(isCommonPassword(common)).toBe(true);
      expect(checkNewPassword(common)).toMatchObject({ code: 'common_password' });
    }
    expect(isCommonPassword('password-for-the-kafue-bridge')).toBe(false);
    expect(isCommonPassword('truck-company-1')).toBe(false);
  });
});
