// One soak player: a person's whole life on the site through its JSON API and the room socket, with
// seeded choices. It signs up, deposits (sandbox numbers that complete, fail or stay pending), creates
// or joins public rooms, sometimes leaves before the start, plays each game to its end (sometimes
// dropping the socket mid-game and coming back with a new ticket, sometimes leaving the rolls to the
// turn timer), withdraws (to numbers that complete or fail), and keeps its own account of what its
// balance must be, which it compares with the site's after every step.
// Room messages are read only through `tests/support/bot.ts` (the one parser of the wire).
import { randomUUID } from 'node:crypto';
import { HttpClient, type Answer } from '#tests/support/http-client.ts';
import { sleep } from '#tests/support/wait.ts';
import { PlayerBook, type Payment, type Seat } from './book';
import type { Violation } from './invariants';
import { connectToRoom, type RoomConnection } from './room-socket';
import type { PlayerStats } from './stats';

export interface PlayerOptions {
  index: number;
  /** Where requests go (127.0.0.1), and the site's public origin (sent as Origin). */
  siteUrl: string;
  origin: string;
  random: () => number;
  gameTimeScale: number;
  /** No new game is started after this time (ms epoch). */
  stopAt: () => number;
  stats: PlayerStats;
  violation: (violation: Violation) => void;
  log: (line: string) => void;
  /** How long a finished game may take to be settled before the player stops waiting for it. */
  settleWaitMs: number;
}

const STAKES = [10, 20, 30, 40, 50];
const toNgwee = (zmw: unknown) => Math.round(Number(zmw) * 100);

export class SoakPlayer {
  private readonly http: HttpClient;
  private readonly book = new PlayerBook();
  private readonly pick: <T>(items: readonly T[]) => T;
  private userId = '';
  /** Numbers from which a deposit of this player completed (withdrawals may go there only). */
  private readonly proved = new Set<string>();

  constructor(private readonly options: PlayerOptions) {
    // TEST-NET addresses, one per player, so the per-address limits count players apart.
    const address = `198.51.${100 + Math.floor(options.index / 250)}.${(options.index % 250) + 1}`;
    this.http = new HttpClient(options.siteUrl, options.origin, address);
    this.pick = (items) => items[Math.floor(options.random() * items.length)]!;
  }

  /** `0960` + the player's number + a suffix: the suffix decides the sandbox's answer. */
  private number(suffix: string): string {
    return `096${String(this.options.index).padStart(4, '0')}${suffix}`;
  }

  private chance(p: number): boolean {
    return this.options.random() < p;
  }

  private unexpected(where: string, answer: Answer): void {
    const line = `player ${this.options.index} ${where}: ${answer.status} ${answer.text.slice(0, 200)}`;
    this.options.stats.unexpected.push(line);
    this.options.log(`unexpected answer: ${line}`);
  }

  private refused(code: string): void {
    const refusals = this.options.stats.refusals;
    refusals[code] = (refusals[code] ?? 0) + 1;
  }

  /** The balance this player's own account says the site must show, in ngwee. */
  expectedBalance(): number {
    return this.book.expectedBalance();
  }

  async run(): Promise<void> {
    await this.signUp();
    while (Date.now() < this.options.stopAt()) {
      try {
        await this.cycle();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.options.stats.unexpected.push(`player ${this.options.index}: ${message}`);
        this.options.log(`player ${this.options.index}: ${message}`);
        await sleep(2_000);
      }
    }
    await this.checkBalance('at the end');
  }

  private async signUp(): Promise<void> {
    const i = this.options.index;
    const answer = await this.http.post('/api/auth/signup', {
      firstName: 'Soak',
      lastName: `Player${i}`,
      phone: this.number('000'),
      email: `soak.${i}.${randomUUID().slice(0, 8)}@example.zm`,
      password: 'truck-company-1',
      adult: true,
      terms: true,
    });
    if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${answer.text}`);
    this.userId = (answer.json.user as { id: string }).id;
    this.options.stats.signups += 1;
  }

  private async cycle(): Promise<void> {
    const balance = await this.siteBalance();
    if (balance < 50_00 || this.chance(0.1)) await this.deposit();
    if (Date.now() < this.options.stopAt()) await this.playOneGame();
    if (this.chance(0.25)) await this.withdraw();
    await this.checkBalance('after a round');
  }

  private async siteBalance(): Promise<number> {
    const me = await this.http.get('/api/me');
    if (me.status !== 200) throw new Error(`GET /api/me: ${me.status} ${me.text}`);
    return toNgwee((me.json.user as { accountBalance: number }).accountBalance);
  }

  /** Polls a payment until it is final, or gives up after `waitMs` (it stays pending here). */
  private async follow(paymentId: string, payment: Payment, waitMs: number): Promise<void> {
    const deadline = Date.now() + waitMs;
    while (payment.status === 'pending' && Date.now() < deadline) {
      await sleep(300);
      const answer = await this.http.get(`/api/wallet/payments/${paymentId}`);
      if (answer.status !== 200) {
        this.unexpected('GET payment', answer);
        return;
      }
      payment.status = (answer.json.payment as { status: Payment['status'] }).status;
    }
  }

  private async deposit(): Promise<void> {
    // Most deposits complete; some fail at the "phone"; some prove a number whose payouts fail;
    // a few stay pending for ever (the reconciler keeps asking about them).
    const roll = this.options.random();
    const suffix =
      roll < 0.7
        ? '000'
        : roll < 0.82
          ? this.pick(['019', '029', '039', '049', '069'])
          : roll < 0.95
            ? '079'
            : '129';
    const phone = this.number(suffix);
    const amount = this.pick([50, 100, 150, 200]);
    this.options.stats.depositsAsked += 1;
    const answer = await this.http.post(
      '/api/wallet/deposit',
      { phone, amount },
      { 'idempotency-key': randomUUID() },
    );
    if (answer.status === 429) return this.refused('deposit rate_limited');
    if (answer.status !== 202) return this.unexpected('deposit', answer);
    const paymentId = answer.json.paymentId as string;
    const payment: Payment = { kind: 'deposit', amount: toNgwee(amount), status: 'pending' };
    this.book.payments.set(paymentId, payment);
    await this.follow(paymentId, payment, suffix === '129' ? 3_000 : 60_000);
    if (payment.status === 'completed') this.proved.add(phone);
  }

  private async withdraw(): Promise<void> {
    const balance = await this.siteBalance();
    if (balance < 10_00) return;
    const amount = Math.min(Math.floor(balance / 100), this.pick([10, 20, 30, 50]));
    // Mostly to a proved number; now and then to one never deposited from (refused).
    const phone = this.chance(0.05)
      ? this.number('555')
      : (this.pick([...this.proved].sort()) ?? this.number('000'));
    this.options.stats.withdrawalsAsked += 1;
    const answer = await this.http.post(
      '/api/wallet/withdraw',
      { phone, amount },
      { 'idempotency-key': randomUUID() },
    );
    const code = answer.json.code as string | undefined;
    if (answer.status === 429) return this.refused('withdrawal rate_limited');
    if (answer.status === 403 && code === 'number_not_proved')
      return this.refused('withdrawal number_not_proved');
    if (answer.status !== 202) return this.unexpected('withdraw', answer);
    const paymentId = answer.json.paymentId as string;
    const payment: Payment = { kind: 'withdrawal', amount: toNgwee(amount), status: 'pending' };
    this.book.payments.set(paymentId, payment);
    await this.follow(paymentId, payment, 60_000);
  }

  /** Takes a seat (a new room or a public one with room left), then plays it out. */
  private async playOneGame(): Promise<void> {
    const balance = await this.siteBalance();
    const affordable = STAKES.filter((stake) => stake * 100 <= balance);
    if (affordable.length === 0) return;
    let roomId: string | null = null;
    let stake = 0;
    if (this.chance(0.65)) {
      const listed = await this.http.get('/api/rooms');
      const open = (
        (listed.json.rooms ?? []) as {
          roomId: string;
          amount: number;
          maxPlayers: number;
          joinedOrder: string[];
          status: string;
        }[]
      ).filter(
        (room) =>
          room.status === 'waiting' &&
          room.joinedOrder.length < room.maxPlayers &&
          room.amount * 100 <= balance &&
          !this.book.seats.has(room.roomId),
      );
      if (open.length > 0) {
        const room = this.pick(open);
        const joined = await this.http.post(`/api/rooms/${room.roomId}/join`, {
          clientSeed: `soak-${this.options.index}-${this.book.seats.size}`,
        });
        const code = joined.json.code as string | undefined;
        if (joined.status === 200) {
          roomId = room.roomId;
          stake = toNgwee(room.amount);
          this.options.stats.joins += 1;
        } else if (joined.status === 409 || joined.status === 410 || joined.status === 402) {
          this.refused(`join ${code ?? joined.status}`);
        } else {
          this.unexpected('join', joined);
        }
      }
    }
    if (roomId === null) {
      const amount = this.pick(affordable);
      const created = await this.http.post('/api/rooms', {
        amount,
        time: 10,
        maxPlayers: this.pick([2, 2, 3, 4, 6]),
        privacy: 'Public',
      });
      if (created.status !== 201) return this.unexpected('create', created);
      roomId = (created.json.room as { roomId: string }).roomId;
      stake = toNgwee(amount);
      this.options.stats.roomsCreated += 1;
    }
    const seat: Seat = { stake, state: 'playing', prize: 0 };
    this.book.seats.set(roomId, seat);
    await this.sitThrough(roomId, seat);
  }

  private async roomStatus(roomId: string): Promise<string> {
    const answer = await this.http.get(`/api/rooms/${roomId}`);
    if (answer.status !== 200) throw new Error(`GET room: ${answer.status} ${answer.text}`);
    return (answer.json.room as { status: string }).status;
  }

  private connect(roomId: string, idle: boolean): Promise<RoomConnection> {
    return connectToRoom({
      http: this.http,
      roomId,
      uid: this.userId,
      random: this.options.random,
      gameTimeScale: this.options.gameTimeScale,
      idle,
    });
  }

  private async sitThrough(roomId: string, seat: Seat): Promise<void> {
    const idle = this.chance(0.1);
    let connection = await this.connect(roomId, idle);
    const leaveEarly = this.chance(0.12);
    const dropMidGame = this.chance(0.25);
    const scale = this.options.gameTimeScale;
    const gameMs = 10 * 60_000 * scale;
    const waitLimit = Date.now() + 30 * 60_000 * scale + 5 * 60_000;
    let dropped = false;
    try {
      if (leaveEarly) {
        await sleep(500 + 2_000 * this.options.random());
        const left = await this.http.post(`/api/rooms/${roomId}/leave`);
        if (left.status === 200 || left.status === 204) {
          seat.state = 'left';
          this.options.stats.leftBeforeStart += 1;
          return;
        }
        if (left.status !== 409 && left.status !== 410) this.unexpected('leave', left);
        else this.refused(`leave ${left.json.code as string}`);
      }
      // Wait for the room to fill (or to close unfilled), then play it out.
      for (;;) {
        if (Date.now() > waitLimit) throw new Error(`room ${roomId} never ended`);
        const state = connection.bot.latest();
        if (state?.status === 'ended' && state.result) break;
        if (!connection.bot.client.isOpen() && state?.status !== 'closed') {
          // The server closed the socket: note why, and come back with a new ticket.
          const { code, reason } = await connection.bot.client.closed;
          const key = `${code}${reason ? ` ${reason}` : ''}`;
          const closes = this.options.stats.serverCloses;
          closes[key] = (closes[key] ?? 0) + 1;
          connection.stop();
          connection = await this.connect(roomId, idle);
          continue;
        }
        const status = await this.roomStatus(roomId);
        if (status === 'waiting' && Date.now() > this.options.stopAt()) {
          // The run is over: nobody new will come to fill this room.
          const left = await this.http.post(`/api/rooms/${roomId}/leave`);
          if (left.status === 200 || left.status === 204) {
            seat.state = 'left';
            this.options.stats.leftBeforeStart += 1;
            return;
          }
        }
        if (status === 'closed') {
          seat.state = 'closed';
          this.options.stats.expiredRooms += 1;
          return;
        }
        if (status === 'ended') break;
        if (
          dropMidGame &&
          !dropped &&
          state?.status === 'active' &&
          state.gameStartTime !== null &&
          Date.now() > state.gameStartTime + gameMs * 0.3
        ) {
          dropped = true;
          connection.stop();
          await connection.bot.close();
          await sleep(500 + 2_500 * this.options.random());
          connection = await this.connect(roomId, idle);
          this.options.stats.drops += 1;
          continue;
        }
        await sleep(1_000);
      }
    } finally {
      connection.stop();
      await connection.bot.close();
    }
    this.options.stats.gamesPlayed += 1;
    await this.awaitSettlement(roomId, seat, this.options.settleWaitMs);
  }

  /** The game's settlement as the site reports it to the player (`GET /api/games`). */
  private async awaitSettlement(roomId: string, seat: Seat, waitMs: number): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const answer = await this.http.get('/api/games');
      const game = (
        (answer.json.games ?? []) as { roomId: string; prize: number; result: string }[]
      ).find((g) => g.roomId === roomId);
      if (game) {
        seat.state = 'settled';
        seat.prize = toNgwee(game.prize);
        if (game.result !== 'lost') this.options.stats.gamesWon += 1;
        return;
      }
      if (Date.now() > deadline) {
        seat.state = 'unsettled';
        this.options.log(
          `player ${this.options.index}: room ${roomId} not settled after ${waitMs / 1000} s`,
        );
        return;
      }
      await sleep(1_000);
    }
  }

  /** The site's balance and its own history against this player's account of them. */
  async checkBalance(when: string): Promise<void> {
    for (const [roomId, seat] of this.book.seats)
      if (seat.state === 'unsettled') await this.awaitSettlement(roomId, seat, 0);
    if ([...this.book.seats.values()].some((seat) => seat.state === 'unsettled')) return;
    for (const [id, payment] of this.book.payments)
      if (payment.status === 'pending') await this.follow(id, payment, 0);
    const site = await this.siteBalance();
    const history = await this.historyBalance();
    const expected = this.expectedBalance();
    this.options.stats.balanceChecks += 1;
    if (site !== expected || history !== expected)
      this.options.violation({
        invariant: "a player's balance does not match",
        detail:
          `player ${this.options.index} (${this.userId}) ${when}: the site shows ${site} ngwee, its ` +
          `history sums to ${history}, the player's own account says ${expected}`,
      });
  }

  /** The wallet history summed: what the site says the balance should be. */
  private async historyBalance(): Promise<number> {
    let sum = 0;
    let before: string | null = null;
    for (;;) {
      const answer = await this.http.get(
        `/api/wallet/transactions?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      if (answer.status !== 200) throw new Error(`history: ${answer.status} ${answer.text}`);
      for (const line of answer.json.transactions as {
        type: string;
        amount: number;
        status: string;
      }[]) {
        const amount = toNgwee(line.amount);
        if (line.type === 'deposit' && line.status === 'completed') sum += amount;
        if (line.type === 'withdrawal' && line.status !== 'failed') sum -= amount;
        if (line.type === 'stake') sum -= amount;
        if (line.type === 'refund' || line.type === 'winnings') sum += amount;
      }
      before = answer.json.next as string | null;
      if (!before) return sum;
    }
  }
}
