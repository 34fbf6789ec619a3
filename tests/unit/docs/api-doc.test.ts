// Keeps the written interfaces honest: every route the `/api` router registers, and every refusal
// code of the API's registry with its words (from the words table), appears in docs/api.md; every room
// socket error (with its words), every close code and every code of the signed calls appears in
// docs/protocol.md. A new route or code without its line in the docs fails here. The codes come from
// their registries, which the refusal types are made from, so a code cannot be answered without being
// in one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOM_ERROR_CODES, ROOM_ERROR_MESSAGES, SOCKET_CLOSE_CODES } from '#game/messages.ts';
import { CLOSE } from '#party/room/limits.ts';
import { API_REFUSAL_CODES } from '#site/server/api/refusal-codes.ts';
import {
  API_REFUSAL_WORDS,
  refusalWords,
  type DataWordsCode,
} from '#site/server/api/refusal-words.ts';
import { CALL_REFUSAL_CODES } from '#wire/site-room.ts';

const root = path.resolve(import.meta.dirname, '../../..');

function read(relative: string): string {
  const file = path.join(root, relative);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** `METHOD /api/path` for each `router.<method>('<path>'` in the API routers. */
function registeredRoutes(): string[] {
  const routes = new Set<string>();
  const dir = 'site/server/api';
  for (const name of readdirSync(path.join(root, dir))) {
    if (!name.endsWith('.ts')) continue;
    const source = read(`${dir}/${name}`);
    for (const match of source.matchAll(/router\.(get|post|put|patch|delete)\(\s*'([^']+)'/g)) {
      routes.add(`${match[1]!.toUpperCase()} /api${match[2]}`);
    }
  }
  return [...routes].sort();
}

/** The words of each code's row in the table of refusal codes: `| \`code\` | \`words\` / … |`. */
function refusalRows(doc: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const match of doc.matchAll(/^\| `([a-z_]+)` \| (.+) \|$/gm)) {
    rows.set(
      match[1]!,
      [...match[2]!.matchAll(/`([^`]+)`/g)].map((words) => words[1]!),
    );
  }
  return rows;
}

/** A documented sentence with `<…>` where its data goes, as a pattern of whole sentences. */
function shapeOf(words: string): RegExp {
  const parts = words.split(/<[^>]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

const DAY = Date.UTC(2026, 10, 25, 22);
const MTN = { phone: '0961234567', operator: 'mtn' } as const;
const AIRTEL = { phone: '0771234567', operator: 'airtel' } as const;

/** Data for every code whose words carry data, one set per way its sentence can read. */
const SAMPLES: { [C in DataWordsCode]: Parameters<(typeof API_REFUSAL_WORDS)[C]>[] } = {
  amount_too_large: [
    ['deposit', 5_000_000],
    ['withdrawal', 5_000_000],
  ],
  code_invalid: [[null], [3], [1]],
  exclusion_running: [[null], [DAY]],
  insufficient_funds: [['create'], ['join']],
  invalid_message: [['message'], ['reply']],
  invalid_settings: [
    ['stake'],
    ['time'],
    ['players'],
    ['privacy'],
    ['practiceTime'],
    ['bots'],
    ['challenge'],
  ],
  limit_reached: [
    ['depositDaily', 100_000, DAY],
    ['lossMonthly', 250_050, DAY],
  ],
  missing_settings: [['all'], ['stake']],
  number_not_proved: [[[]], [[MTN]], [[MTN, AIRTEL]]],
  operator_mismatch: [['mtn', 'airtel']],
  payment_failed: [
    ['deposit', null],
    ['withdrawal', 'PAYER_LIMIT_REACHED'],
  ],
  rate_limited: [['Too many sign-up attempts.', 300]],
  reauth_required: [['google'], ['phone']],
  self_excluded: [[null], [DAY]],
};

function missingFrom(doc: string, items: readonly string[], wrap = (s: string) => s): string[] {
  return items.filter((item) => !doc.includes(wrap(item)));
}

describe('docs/api.md', () => {
  const doc = read('docs/api.md');

  it('finds the routes it checks (the scan itself works)', () => {
    expect(registeredRoutes()).toContain('POST /api/wallet/deposit');
    expect(registeredRoutes()).toContain('GET /api/internal/rooms/:roomId');
  });

  it('documents every route registered on the /api router', () => {
    expect(missingFrom(doc, registeredRoutes(), (route) => `\`${route}\``)).toEqual([]);
  });

  it('documents every refusal code of the API', () => {
    expect(missingFrom(doc, API_REFUSAL_CODES, (code) => `\`${code}\``)).toEqual([]);
  });

  it('lists every refusal code with its words, word for word', () => {
    const rows = refusalRows(doc);
    expect([...rows.keys()].sort()).toEqual([...API_REFUSAL_CODES].sort());
    const wrong = API_REFUSAL_CODES.filter((code) => {
      const words = API_REFUSAL_WORDS[code];
      return typeof words === 'string' && rows.get(code)?.join(' / ') !== words;
    });
    expect(wrong).toEqual([]);
  });

  it('gives the shape of every sentence that carries data, and each sentence fits one', () => {
    const rows = refusalRows(doc);
    const unfit: string[] = [];
    const wordsOf = refusalWords as (code: DataWordsCode, ...data: unknown[]) => string;
    for (const [code, samples] of Object.entries(SAMPLES) as [DataWordsCode, unknown[][]][]) {
      const shapes = (rows.get(code) ?? []).map(shapeOf);
      for (const data of samples) {
        const words = wordsOf(code, ...data);
        if (!shapes.some((shape) => shape.test(words))) unfit.push(`${code}: ${words}`);
      }
    }
    expect(unfit).toEqual([]);
  });
});

describe('docs/protocol.md and docs/api.md', () => {
  // The site's side of the signed calls is under /api (docs/api.md), the room servers' in the protocol.
  it('document every code a signed call between the site and the room servers is refused with', () => {
    const docs = read('docs/protocol.md') + read('docs/api.md');
    expect(missingFrom(docs, CALL_REFUSAL_CODES, (code) => `\`${code}\``)).toEqual([]);
  });
});

describe('docs/protocol.md', () => {
  const doc = read('docs/protocol.md');

  it('lists every error of the room socket with its words', () => {
    const rows = ROOM_ERROR_CODES.map((code) => `| \`${code}\` | ${ROOM_ERROR_MESSAGES[code]} |`);
    expect(missingFrom(doc, rows, (row) => row)).toEqual([]);
  });

  it('lists every close code a room socket can get, with its reason word for word', () => {
    const rows = Object.values(CLOSE).map(({ code, reason }) => `| ${code} | \`${reason}\` |`);
    expect(rows).toContain('| 1012 | `The room server is restarting: reconnect` |');
    expect(missingFrom(doc, rows, (row) => row)).toEqual([]);
    const codes = Object.values(SOCKET_CLOSE_CODES).map((code) => `| ${code} |`);
    expect(missingFrom(doc, codes, (row) => row)).toEqual([]);
  });
});
