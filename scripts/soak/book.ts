// A soak player's own account of its money: every payment it asked for and every seat it took, with
// what each became, and from those the balance the site must show. The player compares it with the
// site's after every step (scripts/soak/player.ts).

export interface Payment {
  kind: 'deposit' | 'withdrawal';
  amount: number;
  status: 'pending' | 'completed' | 'failed';
}

export interface Seat {
  stake: number;
  /** `playing` until the room ends one way or another; `unsettled` when its settlement never came. */
  state: 'playing' | 'left' | 'closed' | 'settled' | 'unsettled';
  prize: number;
}

export class PlayerBook {
  readonly payments = new Map<string, Payment>();
  readonly seats = new Map<string, Seat>();

  /** The balance the site must show, in ngwee. */
  expectedBalance(): number {
    let sum = 0;
    for (const payment of this.payments.values()) {
      if (payment.kind === 'deposit' && payment.status === 'completed') sum += payment.amount;
      if (payment.kind === 'withdrawal' && payment.status !== 'failed') sum -= payment.amount;
    }
    for (const seat of this.seats.values()) {
      if (seat.state === 'playing' || seat.state === 'unsettled' || seat.state === 'settled')
        sum -= seat.stake;
      if (seat.state === 'settled') sum += seat.prize;
    }
    return sum;
  }
}
