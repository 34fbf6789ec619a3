// The address a request came from, as the throttle and the rate limiter count it. Express's `req.ip`
// honours `trust proxy` (`TRUST_PROXY`, applied in trust-proxy.ts: only the proxies it names, by
// default one on this machine, may name the client through X-Forwarded-For), so a client cannot
// choose its own address.
import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

const HEXTETS = 8;

/** The eight 16-bit words of an IPv6 address (zone id dropped), or null when it is not one. */
function ipv6Words(address: string): number[] | null {
  const bare = address.split('%')[0] ?? '';
  if (!isIPv6(bare)) return null;
  let text = bare;
  let v4Words: number[] = [];
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':') + 1;
    const bytes = text.slice(cut).split('.').map(Number);
    v4Words = [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!];
    text = text.slice(0, cut) || '::';
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [head = '', tail] = text.split('::');
  const headWords = parse(head);
  const tailWords = [...(tail === undefined ? [] : parse(tail)), ...v4Words];
  const zeros = HEXTETS - headWords.length - tailWords.length;
  return [...headWords, ...Array<number>(Math.max(0, zeros)).fill(0), ...tailWords];
}

/**
 * The unit that limits count: an IPv4 address as it is; an IPv4-mapped IPv6 address as its IPv4;
 * any other IPv6 address as its /64 (one subscriber usually holds a whole /64, so counting single
 * addresses would let them rotate through billions).
 */
export function addressGroup(address: string): string {
  if (isIPv4(address)) return address;
  const words = ipv6Words(address);
  if (!words) return address;
  const mapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  if (mapped) {
    return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.');
  }
  return `${words
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(':')}::/64`;
}

/** The grouped address of the request's client (see `addressGroup`). */
export function clientAddress(req: Request): string {
  const raw = req.ip ?? req.socket.remoteAddress;
  return raw ? addressGroup(raw) : 'unknown';
}
