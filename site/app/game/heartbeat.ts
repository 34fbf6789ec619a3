// The board's side of the room socket's heartbeat (docs/decisions/036): a `ping` as soon as a socket
// opens and then every PING_EVERY_MS while it is open and the browser online, and the link taken as
// lost when the room has said nothing (not even `pong`) for LINK_SILENT_MS. The first ping is not
// left to the timer: the room counts a socket's silence only once it has pinged, so a link lost in
// the seconds before a timed ping would never show the player away to the others.
import type { ClientMessage } from '#game/protocol.ts';

export const PING_EVERY_MS = 3_000;
/** Silence after which the socket is taken as dead: two pings unanswered. */
export const LINK_SILENT_MS = 7_000;

export const PING_MESSAGE = JSON.stringify({ type: 'ping' } satisfies ClientMessage);

export interface HeartbeatLink {
  send(text: string): void;
  /** The room has said nothing for LINK_SILENT_MS. */
  lost(): void;
}

export class Heartbeat {
  private heardAt: number;

  constructor(
    private readonly link: HeartbeatLink,
    now: number,
  ) {
    this.heardAt = now;
  }

  /** The room said something (any message). */
  heard(now: number): void {
    this.heardAt = now;
  }

  /** A socket (re)opened: to the room it is a new socket, silent until it pings. */
  opened(now: number): void {
    this.heardAt = now;
    this.link.send(PING_MESSAGE);
  }

  /** Every PING_EVERY_MS while the socket is open and the browser online. */
  beat(now: number): void {
    if (now - this.heardAt > LINK_SILENT_MS) {
      this.link.lost();
      return;
    }
    this.link.send(PING_MESSAGE);
  }
}
