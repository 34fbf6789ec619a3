// What the console's sections show, as the page door answers it (site/server/pages/console.ts):
// each panel renders one of these, on the server, with no request of its own.
import type { PageServices } from '#site/server/pages/services.ts';

type Console = PageServices['console'];
/** The answer of a door operation, when it is not a refusal. */
type Answered<F extends (...args: never[]) => Promise<unknown>> = Extract<
  Awaited<ReturnType<F>>,
  { ok: true }
>;

export type AlertsData = Answered<Console['alerts']>;
export type RevenueData = Answered<Console['revenue']>;
export type UserSummary = Answered<Console['searchUsers']>['users'][number];
export type UserFileData = Answered<Console['userFile']>['file'];
export type AdminPayment = Answered<Console['payments']>['payments'][number];
export type InboxTicket = Answered<Console['supportInbox']>['tickets'][number];
export type LedgerData = Answered<Console['ledgerCheck']>;
export type RoomsData = Answered<Console['rooms']>;
export type ErrorEntry = Answered<Console['errors']>['errors'][number];
export type AuditEntry = Answered<Console['audit']>['entries'][number];
export type CarriedExclusion = UserFileData['carriedExclusions'][number];

/** A refusal or failure in a section: its words for the operator. */
export interface SectionProblem {
  error: string;
}
