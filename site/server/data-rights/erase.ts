// Erasing an account (`DELETE /api/me`). The user row stays, emptied, as the pseudonym the ledger's
// accounts, transfers and game records keep pointing at (so every balance still adds up); every
// personal field on it and around it goes. docs/decisions/034-account-erasure.md says what and why.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { carryExclusion } from '#db/carried-exclusions.ts';
import { accountIds, balanceOf } from '#db/ledger.ts';
import { provedIdentities } from '#db/proved-identities.ts';
import { activeExclusion } from '#db/responsible-play.ts';
import { emailTokens, loginThrottle, sessions, users } from '#db/schema/people.ts';
import { paymentEvents, paymentRequests, sandboxPayments } from '#db/schema/payments.ts';
import { rooms, roomSeats } from '#db/schema/rooms.ts';
import { supportTickets } from '#db/schema/support.ts';
import type { AuthDeps } from '../auth/config';
import { confirmPassword } from '../auth/password-change';
import { findUserById } from '../auth/users';
import { refuse, type Refusal } from '../api/refusals';
import { refusalWords } from '../api/refusal-words';
import { announceEndedSessions, invalidateUserSessions, type EndedSession } from '../auth/sessions';
import { LIVE_STATUSES } from '../rooms/user-rooms';

/** A Google-only account proves itself by a Google sign-in this recent (the session's start). */
export const FRESH_GOOGLE_SIGN_IN_MS = 10 * 60_000;
export const ERASED_SEAT_NAME = 'Deleted player';
const ERASED = '';

/**
 * Outside the write queue: a password hash takes a while to check. The password goes through the
 * one password check (the account's login lock, the address's allowance, the argon2 queue), so a
 * stolen session cannot guess it here either.
 */
async function proveIdentity(
  deps: Pick<AuthDeps, 'database' | 'clock'>,
  auth: { userId: string; sessionId: string; address: string },
  password: unknown,
  now: number,
): Promise<Refusal | null> {
  const tx = deps.database.read;
  const user = await findUserById(tx, auth.userId);
  if (!user || user.isGuest) return refuse(403, 'guest_account');
  if (user.passwordHash === null) {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, auth.sessionId));
    const fresh = session !== undefined && now - session.createdAt <= FRESH_GOOGLE_SIGN_IN_MS;
    const again = refusalWords('reauth_required', user.googleSub ? 'google' : 'phone');
    return fresh ? null : refuse(403, 'reauth_required', again);
  }
  if (typeof password !== 'string' || password.length === 0) {
    return refuse(400, 'password_required');
  }
  const confirmed = await confirmPassword(deps, user, password, auth.address);
  return confirmed.ok ? null : confirmed;
}

/** Why the account cannot go yet, read in the erasing transaction so nothing slips in between. */
async function blocker(tx: Tx, userId: string): Promise<Refusal | null> {
  const money =
    (await balanceOf(tx, accountIds.wallet(userId))) +
    (await balanceOf(tx, accountIds.hold(userId)));
  if (money > 0) return refuse(409, 'balance_not_zero');
  const [seat] = await tx
    .select({ roomId: roomSeats.roomId })
    .from(roomSeats)
    .innerJoin(rooms, eq(rooms.roomId, roomSeats.roomId))
    .where(
      and(
        eq(roomSeats.userId, userId),
        inArray(rooms.status, [...LIVE_STATUSES] as (typeof rooms.$inferSelect.status)[]),
      ),
    )
    .limit(1);
  if (seat) return refuse(409, 'seat_held');
  const [pending] = await tx
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.status, 'pending')))
    .limit(1);
  if (pending) return refuse(409, 'payment_pending');
  return null;
}

async function erasePersonalData(tx: Tx, userId: string, now: number): Promise<EndedSession[]> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const running = await activeExclusion(tx, userId, now);
  // Only what the account proved: a typed phone, a payer that never approved, an unproved email
  // would let a stranger exclude whoever they named (decision 067).
  if (running) await carryExclusion(tx, running, await provedIdentities(tx, userId), now);
  if (user?.email)
    await tx.delete(loginThrottle).where(eq(loginThrottle.key, `acct:${user.email}`));
  const ended = await invalidateUserSessions(tx, userId);
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  const payments = tx
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(eq(paymentRequests.userId, userId));
  // Provider callbacks and status answers carry the phone number: only their statuses stay.
  await tx
    .update(paymentEvents)
    .set({ payload: '{"erased":true}' })
    .where(inArray(paymentEvents.paymentId, payments));
  await tx
    .update(sandboxPayments)
    .set({ msisdn: ERASED })
    .where(inArray(sandboxPayments.id, payments));
  await tx.update(paymentRequests).set({ phone: ERASED }).where(eq(paymentRequests.userId, userId));
  await tx.update(roomSeats).set({ name: ERASED_SEAT_NAME }).where(eq(roomSeats.userId, userId));
  await tx.update(supportTickets).set({ message: ERASED }).where(eq(supportTickets.userId, userId));
  await tx
    .update(users)
    .set({
      firstName: ERASED,
      lastName: ERASED,
      phone: null,
      email: null,
      passwordHash: null,
      googleSub: null,
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      isAdmin: false,
      currentRoomId: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return ended;
}

export async function eraseAccount(
  deps: Pick<AuthDeps, 'database' | 'onSignedOut' | 'clock'>,
  auth: { userId: string; sessionId: string; address: string },
  body: unknown,
  now: number,
): Promise<{ ok: true } | Refusal> {
  const password = (body as { password?: unknown } | null)?.password;
  let ended: EndedSession[] = [];
  const unproved = await proveIdentity(deps, auth, password, now);
  if (unproved) return unproved;
  const outcome = await deps.database.write(async (tx) => {
    const refused = await blocker(tx, auth.userId);
    if (refused) return refused;
    ended = await erasePersonalData(tx, auth.userId, now);
    return { ok: true as const };
  });
  announceEndedSessions(deps, ended);
  return outcome;
}
