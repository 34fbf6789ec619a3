// The board's heartbeat (docs/decisions/036). The room counts a socket's silence only once it has
// pinged (sockets that never ping, like older clients and tools, are never dropped for silence), so
// the board pings the moment a socket opens: a phone whose network died in the seconds before its
// first timed ping was otherwise never shown away to the others (seen side by side: the other player
// waited 25 s for "away" after a board went offline 3 s after connecting).
import { describe, expect, it } from 'vitest';
import {
  Heartbeat,
  LINK_SILENT_MS,
  PING_EVERY_MS,
  PING_MESSAGE,
} from '#site/app/game/heartbeat.ts';

function heartbeatAt(now: number) {
  const sent: string[] = [];
  let lost = 0;
  const heartbeat = new Heartbeat(
    {
      send: (text) => sent.push(text),
      lost: () => {
        lost += 1;
      },
    },
    now,
  );
  return { heartbeat, sent, lost: () => lost };
}

describe('Heartbeat', () => {
  it('pings as soon as a socket opens, before the first timed beat', () => {
    const { heartbeat, sent } = heartbeatAt(0);
    heartbeat.opened(100);
    expect(sent).toEqual([PING_MESSAGE]);
  });

  it('pings again on every socket it opens (a reconnect is a new socket to the room)', () => {
    const { heartbeat, sent } = heartbeatAt(0);
    heartbeat.opened(100);
    heartbeat.opened(20_000);
    expect(sent).toEqual([PING_MESSAGE, PING_MESSAGE]);
  });

  it('pings on each beat while the room answers', () => {
    const { heartbeat, sent, lost } = heartbeatAt(0);
    heartbeat.opened(0);
    for (let t = PING_EVERY_MS; t <= 5 * PING_EVERY_MS; t += PING_EVERY_MS) {
      heartbeat.heard(t - 50);
      heartbeat.beat(t);
    }
    expect(sent).toHaveLength(6);
    expect(lost()).toBe(0);
  });

  it('takes the link as lost after LINK_SILENT_MS without a word from the room', () => {
    const { heartbeat, sent, lost } = heartbeatAt(0);
    heartbeat.opened(0);
    heartbeat.beat(LINK_SILENT_MS);
    expect(lost()).toBe(0);
    heartbeat.beat(LINK_SILENT_MS + 1);
    expect(lost()).toBe(1);
    expect(sent).toEqual([PING_MESSAGE, PING_MESSAGE]);
  });

  it('sends the wire’s ping', () => {
    expect(JSON.parse(PING_MESSAGE)).toEqual({ type: 'ping' });
  });
});
