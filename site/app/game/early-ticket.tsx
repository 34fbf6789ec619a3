// The board's ticket call, asked for by the page's first HTML instead of after hydration. On a slow
// connection the page's code takes seconds to arrive; a small inline script (with the page's CSP
// nonce) starts `POST /api/rooms/:id/ticket` as soon as it is parsed, and the socket's first
// connection takes that answer instead of asking again (decision 066). The call is the same one the
// socket makes (same endpoint, cookie, Origin, rate limit); any later (re)connection asks anew,
// since a ticket lasts a minute.
import { ticketPath } from './api';

const GLOBAL = '__earlyTicket';

interface EarlyTicket {
  roomId: string;
  answer: Promise<Response>;
}

/** JSON that is safe inside an inline script: no `</script>`, no line separators. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The inline script's source: starts the call and keeps its answer for the socket. */
export function earlyTicketScript(roomId: string): string {
  return (
    `(function(){var a=fetch(${inlineJson(ticketPath(roomId))},{method:'POST',` +
    `credentials:'same-origin',headers:{Accept:'application/json'}});a.catch(function(){});` +
    `window.${GLOBAL}={roomId:${inlineJson(roomId)},answer:a};})();`
  );
}

/**
 * Rendered on the server into the board page. In the browser React keeps the server's element as
 * it is (a script inserted by React itself never runs): on a client-side navigation there is no
 * early call, and the socket asks as before.
 */
export function EarlyTicketScript({
  roomId,
  nonce,
}: {
  roomId: string;
  nonce: string | undefined;
}) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: earlyTicketScript(roomId) }}
    />
  );
}

/** The early call's answer for `roomId`, once: the first connection takes it, later ones ask anew. */
export function takeEarlyTicket(roomId: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as Record<string, EarlyTicket | undefined>;
  const early = holder[GLOBAL];
  if (!early || early.roomId !== roomId) return undefined;
  holder[GLOBAL] = undefined;
  return early.answer;
}
