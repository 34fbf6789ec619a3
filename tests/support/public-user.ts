// A signed-in person as the site's API and pages describe them (`PublicUser`): Mwila Banda, a proved
// email, no money, no room, no limits. Tests give only what their case changes.
import type { PublicUser } from '#site/server/auth/users.ts';

export function publicUser(changes: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    firstName: 'Mwila',
    lastName: 'Banda',
    phone: '0971234567',
    email: 'mwila@example.zm',
    emailVerified: true,
    phoneVerified: false,
    accountBalance: 0,
    currentRoomId: null,
    isAdmin: false,
    isGuest: false,
    exclusionUntil: null,
    limits: {
      depositDaily: null,
      depositWeekly: null,
      depositMonthly: null,
      lossDaily: null,
      lossWeekly: null,
      lossMonthly: null,
    },
    ...changes,
  };
}
