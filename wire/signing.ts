// Signing shared by the site and the room servers: connection tickets for browsers and signed
// internal HTTP calls, each with its own key derived from INTERNAL_SECRET. Pure and synchronous
// (runs in Node and in workers); time comes in as data.
import { hmac } from '@oslojs/crypto/hmac';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { SHA256 } from '@oslojs/crypto/sha2';
import {
  decodeBase64urlIgnorePadding,
  decodeHex,
  encodeBase64urlNoPadding,
  encodeHexLowerCase,
} from '@oslojs/encoding';
import { z } from 'zod';

export const TICKET_TTL_MS = 60_000;
export const REQUEST_MAX_SKEW_MS = 60_000;
export const TIMESTAMP_HEADER = 'x-zt-timestamp';
export const SIGNATURE_HEADER = 'x-zt-signature';

/** An address as a ticket carries it: `addressKey` below, never the address itself. */
const addressKeySchema = z.string().regex(/^[0-9a-f]{32}$/);

const ticketPayloadSchema = z.object({
  v: z.literal(1),
  roomId: z.string().min(1),
  uid: z.string().min(1),
  name: z.string(),
  exp: z.number().int(),
  /** The session that got the ticket (a hash of the session id): its sign-out ends the ticket. */
  sk: z.string().max(64).optional(),
  /** The address that asked for it (`addressKey`): the room caps watchers per address. */
  ak: addressKeySchema.optional(),
});

/** A lobby ticket: who may hold one of the lobby's sockets, counted by the address that asked. */
const lobbyTicketPayloadSchema = z.object({
  v: z.literal(1),
  kind: z.literal('lobby'),
  ak: addressKeySchema,
  exp: z.number().int(),
});

export type TicketPayload = z.infer<typeof ticketPayloadSchema>;
export type LobbyTicketPayload = z.infer<typeof lobbyTicketPayloadSchema>;
export type TicketSubject = Pick<TicketPayload, 'roomId' | 'uid' | 'name'> & {
  sessionKey?: string | undefined;
  /** From `addressKey`. */
  addressKey?: string | undefined;
};

export type VerifyTicketResult =
  { ok: true; payload: TicketPayload } | { ok: false; reason: string };
export type VerifyLobbyTicketResult =
  { ok: true; payload: LobbyTicketPayload } | { ok: false; reason: string };
export type VerifyRequestResult = { ok: true } | { ok: false; reason: string };

// A type alias (not an interface) so it fits Record<string, string> and fetch's HeadersInit.
export type SignedHeaders = {
  'x-zt-timestamp': string;
  'x-zt-signature': string;
};

/** Node's IncomingHttpHeaders, a plain record, or a fetch `Headers`. */
export type HeaderSource =
  { get(name: string): string | null } | Record<string, string | string[] | undefined>;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function mac(secret: string, message: string): Uint8Array {
  if (secret.length === 0) throw new Error('The signing key is empty: refusing to sign.');
  return hmac(SHA256, encoder.encode(secret), encoder.encode(message));
}

/**
 * The uses of INTERNAL_SECRET, each with its own key (docs/decisions/022): browsers' connection
 * tickets, the site's calls to the room servers, the room servers' calls to the site, the payment
 * sandbox's callbacks, the daily challenge's seeds (decision 088; the site's alone), the digests of
 * sign-in codes sent by SMS (decision 090; the site's alone), and the test clock of a product started
 * for tests (decision 083). A key that leaks from one use signs nothing for another.
 */
export type KeyPurpose =
  | 'tickets'
  | 'site-to-room'
  | 'room-to-site'
  | 'payments-sandbox'
  | 'daily-challenge'
  | 'phone-codes'
  | 'test-clock';

/** HMAC-SHA256(INTERNAL_SECRET, a fixed label per purpose), as 64 hex digits; empty for no secret. */
export function purposeKey(internalSecret: string, purpose: KeyPurpose): string {
  if (internalSecret.length === 0) return '';
  const label = `zed-truck-company internal key v1: ${purpose}`;
  return encodeHexLowerCase(hmac(SHA256, encoder.encode(internalSecret), encoder.encode(label)));
}

/** The three keys the room servers need (and all they need of INTERNAL_SECRET). */
export interface RoomKeys {
  tickets: string;
  siteToRoom: string;
  roomToSite: string;
}

export function roomKeys(internalSecret: string): RoomKeys {
  return {
    tickets: purposeKey(internalSecret, 'tickets'),
    siteToRoom: purposeKey(internalSecret, 'site-to-room'),
    roomToSite: purposeKey(internalSecret, 'room-to-site'),
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && constantTimeEqual(a, b);
}

/**
 * The key a ticket carries for the address that asked for it: HMAC-SHA256 under the tickets key of
 * the address as the site's limits count it (IPv6 by its /64), 32 hex digits. The room servers can
 * count sockets per address with it, and a ticket in a URL (logged by a proxy, say) does not
 * spell the address out.
 */
export function addressKey(secret: string, address: string): string {
  return encodeHexLowerCase(mac(secret, `address\n${address}`)).slice(0, 32);
}

function seal(secret: string, payload: object): string {
  const body = encodeBase64urlNoPadding(encoder.encode(JSON.stringify(payload)));
  return `${body}.${encodeBase64urlNoPadding(mac(secret, body))}`;
}

/** The signed payload of a ticket, unchecked; or why it is no ticket of ours. */
function open(
  secret: string,
  ticket: string | null | undefined,
): { ok: true; json: unknown } | { ok: false; reason: string } {
  if (secret.length === 0) return { ok: false, reason: 'no secret configured' };
  if (typeof ticket !== 'string' || ticket.length === 0)
    return { ok: false, reason: 'missing ticket' };
  const parts = ticket.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed ticket' };
  const [body, signature] = parts as [string, string];
  let given: Uint8Array;
  let json: unknown;
  try {
    given = decodeBase64urlIgnorePadding(signature);
    json = JSON.parse(decoder.decode(decodeBase64urlIgnorePadding(body)));
  } catch {
    return { ok: false, reason: 'malformed ticket' };
  }
  if (!sameBytes(given, mac(secret, body))) return { ok: false, reason: 'bad signature' };
  return { ok: true, json };
}

/** A ticket lets one user open one room's socket for the next minute. */
export function signTicket(secret: string, subject: TicketSubject, now: number): string {
  const payload: TicketPayload = {
    v: 1,
    roomId: subject.roomId,
    uid: subject.uid,
    name: subject.name,
    exp: now + TICKET_TTL_MS,
    ...(subject.sessionKey ? { sk: subject.sessionKey } : {}),
    ...(subject.addressKey ? { ak: subject.addressKey } : {}),
  };
  return seal(secret, payload);
}

export function verifyTicket(
  secret: string,
  ticket: string | null | undefined,
  roomId: string,
  now: number,
): VerifyTicketResult {
  const opened = open(secret, ticket);
  if (!opened.ok) return opened;
  const parsed = ticketPayloadSchema.safeParse(opened.json);
  if (!parsed.success) return { ok: false, reason: 'bad ticket payload' };
  if (parsed.data.roomId !== roomId) return { ok: false, reason: 'ticket is for another room' };
  if (parsed.data.exp <= now) return { ok: false, reason: 'ticket expired' };
  return { ok: true, payload: parsed.data };
}

/** A lobby ticket lets whoever holds it open lobby sockets for the next minute, counted by `addressKey`. */
export function signLobbyTicket(secret: string, addressKey: string, now: number): string {
  const payload: LobbyTicketPayload = {
    v: 1,
    kind: 'lobby',
    ak: addressKey,
    exp: now + TICKET_TTL_MS,
  };
  return seal(secret, payload);
}

/** A room's ticket is refused here (it has no `kind`), and a lobby ticket by `verifyTicket`. */
export function verifyLobbyTicket(
  secret: string,
  ticket: string | null | undefined,
  now: number,
): VerifyLobbyTicketResult {
  const opened = open(secret, ticket);
  if (!opened.ok) return opened;
  const parsed = lobbyTicketPayloadSchema.safeParse(opened.json);
  if (!parsed.success) return { ok: false, reason: 'bad ticket payload' };
  if (parsed.data.exp <= now) return { ok: false, reason: 'ticket expired' };
  return { ok: true, payload: parsed.data };
}

function requestMessage(method: string, path: string, timestamp: string, body: string): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${body}`;
}

/** `path` is the URL path without its query, e.g. `/parties/main/abc123`. */
export function signRequest(
  secret: string,
  request: { method: string; path: string; body: string; now: number },
): SignedHeaders {
  const timestamp = String(request.now);
  const signature = mac(
    secret,
    requestMessage(request.method, request.path, timestamp, request.body),
  );
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: encodeHexLowerCase(signature) };
}

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const value =
    record[name] ?? record[Object.keys(record).find((k) => k.toLowerCase() === name) ?? ''];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Everything about a signed call that can be checked before its body is read: a secret to check
 * with, both headers present and well-formed, a fresh timestamp. Receivers call this first, so an
 * unsigned caller cannot make them buffer a body.
 */
export function checkSignatureHeaders(
  secret: string,
  headers: HeaderSource,
  now: number,
): VerifyRequestResult {
  if (secret.length === 0) return { ok: false, reason: 'no secret configured' };
  const timestamp = readHeader(headers, TIMESTAMP_HEADER);
  const signature = readHeader(headers, SIGNATURE_HEADER);
  if (!timestamp || !signature) return { ok: false, reason: 'missing signature' };
  if (!/^\d{1,16}$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  if (Math.abs(now - Number(timestamp)) > REQUEST_MAX_SKEW_MS) {
    return { ok: false, reason: 'stale timestamp' };
  }
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return { ok: false, reason: 'bad signature' };
  return { ok: true };
}

export function verifyRequest(
  secret: string,
  request: { method: string; path: string; body: string; headers: HeaderSource; now: number },
): VerifyRequestResult {
  const headersOk = checkSignatureHeaders(secret, request.headers, request.now);
  if (!headersOk.ok) return headersOk;
  const timestamp = readHeader(request.headers, TIMESTAMP_HEADER) as string;
  const signature = readHeader(request.headers, SIGNATURE_HEADER) as string;
  const expected = mac(
    secret,
    requestMessage(request.method, request.path, timestamp, request.body),
  );
  if (!sameBytes(decodeHex(signature.toLowerCase()), expected)) {
    return { ok: false, reason: 'bad signature' };
  }
  return { ok: true };
}
