// The page door's responsible play and support: limits, self-exclusion, the terms accepted again,
// support tickets and the header's notification list, with the JSON API's guards, rate limit,
// checks and services (api/responsible-play.ts, api/support.ts).
import type { AuthDeps } from '../auth/config';
import { refuse } from '../api/refusals';
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { checkRateLimit } from '../rate-limit/middleware';
import { acceptTerms } from '../responsible-play/consents';
import { allowanceOf, excludeSelf, limitsOf, updateLimits } from '../responsible-play/service';
import { checkTicketInput, createTicket, markRepliesSeen, ticketsOf } from '../support/tickets';
import { noticesOf } from '../notifications/notices';
import type { Notices } from '#site/shared/notices.ts';
import { TERMS_VERSION } from '#site/shared/terms.ts';
import { player, refused, signedIn, type PageCaller } from './caller';
import { timeOf } from '../clock';

export function playDoor(deps: AuthDeps, caller: PageCaller) {
  const now = () => timeOf(deps);
  return {
    /** `GET /api/me/limits`: the limits in force and the changes still waiting. */
    async limits() {
      const who = signedIn(caller);
      if (refused(who)) return who;
      return { ok: true as const, limits: await limitsOf(deps.database.read, who.user.id, now()) };
    },

    /** What the stake and deposit forms show before they are filled (`allowanceOf`). */
    async allowance() {
      const who = signedIn(caller);
      if (refused(who)) return who;
      return {
        ok: true as const,
        allowance: await allowanceOf(deps.database.read, who.user.id, now()),
      };
    },

    /** `PUT /api/me/limits`: only the fields given change. */
    async updateLimits(body: Record<string, string | number | null>) {
      const who = player(caller);
      if (refused(who)) return who;
      return updateLimits(deps, who.user.id, body);
    },

    /** `POST /api/me/exclusion {period}`. */
    async exclude(period: string) {
      const who = player(caller);
      if (refused(who)) return who;
      return excludeSelf(deps, who.user.id, { period });
    },

    /** `POST /api/me/terms {version, adult}`: the terms in force accepted again. */
    async acceptTerms(adult: boolean) {
      const who = player(caller);
      if (refused(who)) return who;
      const body = { version: TERMS_VERSION, adult };
      return deps.database.write((tx) => acceptTerms(tx, who.user.id, body, now()));
    },

    /**
     * The support page: the caller's tickets with their replies (as `GET /api/support`), which are
     * then seen (the header's list counts them no more).
     */
    async ticketsShown() {
      const who = signedIn(caller);
      if (refused(who)) return who;
      const at = now();
      const tickets = await ticketsOf(deps.database.read, who.user.id);
      await markRepliesSeen(deps.database, who.user.id, at);
      return { ok: true as const, tickets };
    },

    /** The header's notification list (a player's: a guest has none). */
    async notices(): Promise<Notices | null> {
      const who = signedIn(caller);
      if (refused(who) || who.user.isGuest) return null;
      return noticesOf(deps.database.read, who.user.id, now());
    },

    /** `POST /api/support {topic, message, reference?}`, counted per account and address. */
    async writeToSupport(body: { topic: string; message: string; reference: string }) {
      const who = signedIn(caller);
      if (refused(who)) return who;
      if (who.user.isGuest) return refuse(403, 'guests_not_allowed');
      const limited = await checkRateLimit(deps, ENDPOINT_LIMITS.support, {
        account: who.user.id,
        address: caller.address,
      });
      if (limited) return limited;
      const checked = checkTicketInput(body);
      if (!checked.ok) return refuse(400, checked.code, checked.error);
      const ticket = await createTicket(deps.database, who.user.id, checked.value, now());
      return { ok: true as const, ticket };
    },
  };
}
