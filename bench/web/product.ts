// The whole product for the web benchmark, started the way `npm start` does (scripts/start.ts:
// migrate, `react-router build` into build/, the site server and `partykit dev`) on free ports with a
// temp data folder; then a live game through the JSON API (docs/api.md): two players with money in
// their wallets, a 2-player room that starts after its countdown, and a third signed-in user who is
// not seated and opens the board as a spectator. The players are WebSocket bots (docs/protocol.md)
// that roll when the benchmark asks and decline every truck offer.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startBot } from '#tests/support/bot.ts';
import { HttpClient } from '#tests/support/http-client.ts';
import { waitForLink } from '#tests/support/outbox.ts';
import { startProduct as startSharedProduct, type Product } from '#tests/support/product.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * Server-side game clock: countdown 5 s, turn 20 s and game length × this. At 2 a turn lasts 40 s
 * (so no turn times out and auto-rolls inside a measurement window that follows a roll) and a
 * 10-minute game lasts 20 minutes (longer than the whole benchmark).
 */
export const GAME_TIME_SCALE = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type { Product };

/** The operator of the run (ADMIN_EMAILS), who opens the console once the email is proved. */
const ADMIN_EMAIL = `bench.admin.${randomUUID().slice(0, 8)}@example.zm`;

/** The product on free ports with a temp data folder (tests/support/product.ts). */
export function startProduct(): Promise<Product> {
  return startSharedProduct({
    prefix: 'zed-bench-web-',
    env: {
      SANDBOX_DELAY_MS: '50',
      GAME_TIME_SCALE: String(GAME_TIME_SCALE),
      ADMIN_EMAILS: ADMIN_EMAIL,
    },
    readyTimeoutMs: 150_000,
  });
}

/** A signed-in user of the API: its session cookie goes with every call. */
export class ApiUser {
  readonly http: HttpClient;
  id = '';
  constructor(
    baseUrl: string,
    readonly firstName: string,
  ) {
    this.http = new HttpClient(baseUrl, baseUrl);
  }

  /** The session cookie as a `Cookie` header value. */
  get cookie(): string {
    return this.http.cookie;
  }

  async call<T>(method: string, route: string, body?: unknown, extra?: Record<string, string>) {
    const answer = await this.http.request(method, route, body, extra);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${route} answered ${answer.status}: ${answer.text}`);
    }
    return answer.json as T;
  }

  async signUp(email = `bench.${randomUUID().slice(0, 12)}@example.zm`): Promise<void> {
    const { user } = await this.call<{ user: { id: string } }>('POST', '/api/auth/signup', {
      firstName: this.firstName,
      lastName: 'Bench',
      phone: '0961234567',
      email,
      password: 'truck-company-1',
      adult: true,
      terms: true,
    });
    this.id = user.id;
  }

  /** Opens the verification link the sign-up mailed (`$DATA_DIR/outbox`), as a person would. */
  async proveEmail(dataDir: string, email: string): Promise<void> {
    const link = await waitForLink(path.join(dataDir, 'outbox'), email, '/auth/verify');
    await this.call('POST', '/api/auth/email/verify', { token: link.searchParams.get('token') });
  }

  /** A sandbox deposit, followed until the balance shows it. */
  async deposit(amount: number): Promise<void> {
    await this.call(
      'POST',
      '/api/wallet/deposit',
      { phone: '0961234567', amount, operator: 'mtn' },
      { 'Idempotency-Key': randomUUID() },
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { user } = await this.call<{ user: { accountBalance: number } }>('GET', '/api/me');
      if (user.accountBalance >= amount) return;
      if (Date.now() > deadline) throw new Error(`the deposit of ${amount} did not complete`);
      await sleep(100);
    }
  }

  /** The session cookie as `{name, value}` for a browser context. */
  cookiePair(): { name: string; value: string } {
    const session = [...this.http.cookies].find(([name]) => name.endsWith('session'));
    if (!session) throw new Error(`${this.firstName} has no session cookie`);
    return { name: session[0], value: session[1] };
  }
}

export interface Game {
  roomId: string;
  boardPath: string;
  /** Signed in, not seated: opens the board as a spectator. */
  spectator: ApiUser;
  /** Signed in with a proved email on ADMIN_EMAILS: opens the operator's console. */
  admin: ApiUser;
  /** Has whoever's turn it is roll; resolves once the room has answered with the new roll. */
  roll(): Promise<boolean>;
  close(): void;
}

export async function startGame(product: Product): Promise<Game> {
  const { baseUrl } = product;
  const one = new ApiUser(baseUrl, 'Mwila');
  const two = new ApiUser(baseUrl, 'Bwalya');
  const spectator = new ApiUser(baseUrl, 'Watcher');
  const admin = new ApiUser(baseUrl, 'Operator');
  await Promise.all([one.signUp(), two.signUp(), spectator.signUp(), admin.signUp(ADMIN_EMAIL)]);
  await admin.proveEmail(product.dataDir, ADMIN_EMAIL);
  await Promise.all([one.deposit(50), two.deposit(50)]);
  const { room } = await one.call<{ room: { roomId: string } }>('POST', '/api/rooms', {
    amount: 10,
    time: 10,
    maxPlayers: 2,
    privacy: 'Public',
  });
  await two.call('POST', `/api/rooms/${room.roomId}/join`, {});
  // Each player declines every truck offer and rolls only when the benchmark asks.
  const bots = await Promise.all(
    [one, two].map(async (user) => {
      const { url } = await user.call<{ url: string }>('POST', `/api/rooms/${room.roomId}/ticket`);
      return startBot({ url, uid: user.id, mode: 'answer', buyChance: 0 });
    }),
  );

  const latest = () => bots.map((bot) => bot.latest()).find((state) => state !== undefined) ?? null;
  return {
    roomId: room.roomId,
    boardPath: `/rentalgame/boardgame/${room.roomId}`,
    spectator,
    admin,
    async roll() {
      const deadline = Date.now() + 30_000;
      // Wait until the game is on (after its countdown) and nobody has an open truck offer.
      for (;;) {
        const state = latest();
        if (state?.status === 'active' && state.pendingPurchase === null) break;
        if (Date.now() > deadline) return false;
        await sleep(100);
      }
      const state = latest()!;
      const nonce = state.lastRoll?.nonce ?? null;
      const player = bots.find((bot) => bot.uid === state.turn.currentPlayer);
      if (!player) return false;
      player.send('roll');
      while (Date.now() < deadline) {
        if ((latest()?.lastRoll?.nonce ?? null) !== nonce) return true;
        await sleep(20);
      }
      return false;
    },
    close() {
      for (const bot of bots) void bot.close();
    },
  };
}
