// Who may open a socket to the room, and when: the checks of a newcomer that already carries a
// viewer (from its ticket), in order, and the lock-out of a watcher's address after a flood.
import type * as Party from 'partykit/server';
import { protocolVerdict, ROOM_PROTOCOL } from '#game/protocol-version.ts';
import type { AddressAdmissions } from './address-admissions';
import { admissionRefusal, closeWith, viewerOf, type Viewer } from './connections';
import { CLOSE, ROOM_LIMITS, type CloseReason } from './limits';
import type { SignOuts } from './sign-outs';

/**
 * Why a socket is turned away on arrival, before the room is even read: a browser whose code
 * speaks another room protocol, or a restart coming (until `restartingUntil`); or null.
 */
export function arrivalRefusal(
  request: Party.Request,
  restartingUntil: number,
  now: number,
): CloseReason | null {
  // Told before anything is sent.
  const verdict = protocolVerdict(new URL(request.url).searchParams.get(ROOM_PROTOCOL.param));
  if (verdict !== 'ok') return CLOSE[verdict];
  if (now < restartingUntil) return CLOSE.restarting;
  return null;
}

/** What admission reads and spends. */
export interface AdmissionState {
  room: Party.Room;
  signOuts: SignOuts;
  admissions: AddressAdmissions;
  /** The uids seated in the room's game now. */
  seated: Set<string>;
}

/**
 * Why `viewer` may not be let in now (its session signed out, a cap of the room, its address's
 * allowance of new sockets, which `spendAdmission` takes from), or null.
 */
export function admissionFor(
  { room, signOuts, admissions, seated }: AdmissionState,
  viewer: Viewer,
  spendAdmission: boolean,
  now: number,
): CloseReason | null {
  if (signOuts.has(viewer.sessionKey, now)) return CLOSE.signedOut;
  const refusal = admissionRefusal(room, viewer, seated);
  if (refusal) return refusal;
  const watcherAddress = seated.has(viewer.uid) ? undefined : viewer.addressKey;
  if (spendAdmission && watcherAddress && !admissions.take(watcherAddress, now)) {
    return CLOSE.addressTooOften;
  }
  return null;
}

/**
 * Closes a socket that sent too many refused messages; a watcher's address then waits a while
 * before it may open another here (reopening is what a flood would do next).
 */
export function closeForMessages(
  sender: Party.Connection<Viewer>,
  close: CloseReason,
  admissions: AddressAdmissions,
  isSeated: (uid: string) => boolean,
  now: number,
): void {
  closeWith(sender, close);
  const viewer = viewerOf(sender);
  if (viewer?.addressKey && !isSeated(viewer.uid)) {
    admissions.lockOut(viewer.addressKey, now, ROOM_LIMITS.lockOutAfterRefusedMs);
  }
}
