// The bot room that plays an echo server (the echo party or the bare `ws` server): the players take
// turns sending a `{"type":"state",…}` message padded to the real state message's size; it is
// reflected once it came back on all four connections.
import { performance } from 'node:perf_hooks';
import { ALL, BotRoom, PLAYERS } from './bots';

export class EchoRoom extends BotRoom {
  private next = 0;
  private counter = 0;

  constructor(
    roomId: string,
    private readonly url: (roomId: string) => string,
    /** The size of the message to send, in bytes (ASCII). */
    private readonly size: () => number,
  ) {
    super(roomId);
  }

  urlFor(): string {
    return this.url(this.roomId);
  }

  protected onData(index: number, data: Buffer): void {
    let message: { nonce?: number };
    try {
      message = JSON.parse(data.toString('utf8')) as { nonce?: number };
    } catch {
      this.unparsable += 1;
      return;
    }
    const pending = this.pending;
    const bit = 1 << index;
    if (!pending || message.nonce !== pending.nonce || (pending.got & bit) !== 0) return;
    pending.got |= bit;
    if (index === 0) this.level?.echoBytes.push(data.length);
    if (pending.got === ALL) this.completed(pending);
  }

  decide(): void {
    if (!this.level?.rolling || this.pending || this.timer) return;
    this.schedule(() => this.act());
  }

  private act(): void {
    const level = this.level;
    if (!level || this.pending) return;
    const by = this.next;
    this.next = (this.next + 1) % PLAYERS;
    this.counter += 1;
    const sentAt = performance.now();
    if (!this.send(by, echoMessage(this.counter, this.size()))) return;
    this.lastSendAt = sentAt;
    level.sent += 1;
    this.pending = { nonce: this.counter, sentAt, got: 0, by };
  }
}

/** `{"type":"state","nonce":N,"pad":"…"}`, exactly `size` bytes long (when size allows). */
export function echoMessage(nonce: number, size: number): string {
  const head = `{"type":"state","nonce":${nonce},"pad":"`;
  const tail = '"}';
  return head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail;
}
