// The page door's wallet and game-history operations, with the JSON API's guards, rate limits and
// services (api/wallet.ts, api/games.ts): a deposit posted by a form is counted, checked and made
// exactly as `POST /api/wallet/deposit` is, its idempotency key from the form instead of a header.
import { ENDPOINT_LIMITS } from '../rate-limit/limits';
import { checkRateLimit } from '../rate-limit/middleware';
import { loadFinishedGame, loadHistory, mayRead } from '../rooms/games';
import { lobbyOf } from '../rooms/recent-opponents';
import { isRoomIdShaped } from '../rooms/settings';
import type { RoomsDeps } from '../rooms/deps';
import { refuse } from '../api/refusals';
import type { WalletDeps, WalletService } from '../wallet/service';
import type { PaymentKind } from '#game/payment-vocabulary.ts';
import { player, refused, signedIn, type PageCaller } from './caller';

export interface PaymentInput {
  phone: string;
  amount: string;
  operator: string;
}

export function walletDoor(deps: WalletDeps & { wallet: WalletService }, caller: PageCaller) {
  const { wallet } = deps;

  async function pay(kind: PaymentKind, body: PaymentInput, idempotencyKey: string | undefined) {
    const who = player(caller);
    if (refused(who)) return who;
    const endpoint = kind === 'deposit' ? ENDPOINT_LIMITS.deposit : ENDPOINT_LIMITS.withdraw;
    const limited = await checkRateLimit(deps, endpoint, {
      account: who.user.id,
      address: caller.address,
    });
    if (limited) return limited;
    const options = { idempotencyKey };
    return kind === 'deposit'
      ? wallet.deposit(who.user.id, body, options)
      : wallet.withdraw(who.user.id, body, options);
  }

  return {
    /** `POST /api/wallet/deposit`. */
    deposit: (body: PaymentInput, idempotencyKey?: string) => pay('deposit', body, idempotencyKey),
    /** `POST /api/wallet/withdraw`. */
    withdraw: (body: PaymentInput, idempotencyKey?: string) =>
      pay('withdrawal', body, idempotencyKey),

    /** `GET /api/wallet/transactions?limit&before`. */
    async history(query: { limit?: string; before?: string }) {
      const who = signedIn(caller);
      if (refused(who)) return who;
      return wallet.history(who.user.id, query);
    },

    /** `GET /api/wallet/payments/:id`: null when absent or someone else's. */
    async payment(paymentId: string) {
      const who = signedIn(caller);
      if (refused(who)) return who;
      const payment = await wallet.payment(who.user.id, paymentId);
      if (!payment) {
        return refuse(404, 'payment_not_found');
      }
      return { ok: true as const, payment };
    },

    /** `GET /api/wallet/numbers`: where a withdrawal may go. */
    async provedNumbers() {
      const who = signedIn(caller);
      if (refused(who)) return who;
      return { ok: true as const, numbers: await wallet.provedNumbers(who.user.id) };
    },
  };
}

export function gamesDoor(deps: Pick<RoomsDeps, 'database'>, caller: PageCaller) {
  return {
    /** `GET /api/games`: the caller's finished games, newest first. */
    async history() {
      const who = signedIn(caller);
      if (refused(who)) return who;
      return { ok: true as const, games: await loadHistory(deps.database.read, who.user.id) };
    },

    /** The dashboard's lobby: recent opponents and the rematches waiting for the caller. */
    async lobby() {
      const who = signedIn(caller);
      if (refused(who)) return who;
      return { ok: true as const, ...(await lobbyOf(deps.database.read, who.user.id)) };
    },

    /** `GET /api/games/:roomId`: one finished game, for its players and admins. */
    async game(roomId: string) {
      const who = signedIn(caller);
      if (refused(who)) return who;
      const game = isRoomIdShaped(roomId)
        ? await loadFinishedGame(deps.database.read, roomId)
        : null;
      if (!game) return refuse(404, 'game_not_found');
      if (!mayRead(game, who.user)) return refuse(403, 'not_your_game');
      return { ok: true as const, game };
    },
  };
}
