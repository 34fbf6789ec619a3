// The board's early ticket call (site/app/game/early-ticket.tsx): the inline script asks for the
// same ticket the socket would, keeps the answer under the room's id, and no room id can end the
// script or change what it does.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketPath } from '#site/app/game/api.ts';
import { earlyTicketScript, takeEarlyTicket } from '#site/app/game/early-ticket.tsx';

interface Holder {
  __earlyTicket?: { roomId: string; answer: Promise<unknown> } | undefined;
}

/** Runs the script the way a browser would, with `window` and `fetch` of our own. */
function runScript(roomId: string) {
  const holder: Holder = {};
  const fetch = vi.fn(() => Promise.resolve({ status: 200 }));
  new Function('window', 'fetch', earlyTicketScript(roomId))(holder, fetch);
  return { holder, fetch };
}

describe('the early ticket script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the ticket the socket would, once, and keeps the answer under the room id', () => {
    const { holder, fetch } = runScript('abc123');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(ticketPath('abc123'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    expect(holder.__earlyTicket?.roomId).toBe('abc123');
  });

  it('keeps any room id whole and inside its strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (roomId) => {
        const source = earlyTicketScript(roomId);
        expect(source).not.toMatch(/<\/script/i);
        expect(source).not.toMatch(/[\u2028\u2029]/);
        const { holder, fetch } = runScript(roomId);
        expect(holder.__earlyTicket?.roomId).toBe(roomId);
        expect(fetch).toHaveBeenCalledWith(ticketPath(roomId), expect.anything());
      }),
    );
    expect(earlyTicketScript('</script><script>alert(1)</script>')).not.toContain('<');
    expect(earlyTicketScript('a\u2028b\u2029c')).not.toMatch(/[\u2028\u2029]/);
  });

  it('gives its answer once, and only for the same room', () => {
    const holder: Holder = {};
    vi.stubGlobal('window', holder);
    const answer = Promise.resolve(new Response('{}'));
    holder.__earlyTicket = { roomId: 'room-a', answer };
    expect(takeEarlyTicket('room-b')).toBeUndefined();
    expect(takeEarlyTicket('room-a')).toBe(answer);
    expect(takeEarlyTicket('room-a')).toBeUndefined();
  });
});
