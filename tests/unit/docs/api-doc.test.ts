// Keeps the written interfaces honest: every route the `/api` router registers, and every refusal
// code the site server can answer, appears in docs/api.md; every code the room servers answer
// appears in docs/protocol.md. A new route or code without its line in the docs fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOSE } from '#party/room/limits.ts';
import { walletCodes } from '#site/server/wallet/messages.ts';
import { RATE_LIMITED } from '#site/shared/rate-limited.ts';

const root = path.resolve(import.meta.dirname, '../../..');

function read(relative: string): string {
  const file = path.join(root, relative);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

function sourcesUnder(relative: string): string[] {
  const entries = readdirSync(path.join(root, relative), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
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

/** The text of each call's arguments, for every call of one of `names` in `source`. */
function callArguments(source: string, names: readonly string[]): string[] {
  const found: string[] = [];
  const call = new RegExp(`\\b(?:${names.join('|')})\\(`, 'g');
  for (const match of source.matchAll(call)) {
    let depth = 1;
    let quote: string | null = null;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < source.length && depth > 0; i += 1) {
      const ch = source[i]!;
      if (quote) {
        if (ch === '\\') i += 1;
        else if (ch === quote) quote = null;
      } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
      else if (ch === '(') depth += 1;
      else if (ch === ')') depth -= 1;
    }
    found.push(source.slice(start, i - 1));
  }
  return found;
}

const CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function snakeLiterals(text: string): string[] {
  return [...text.matchAll(/'([^'\\]*)'/g)].map((m) => m[1]!).filter((s) => CODE.test(s));
}

/** Codes written as `code: '…'` anywhere in the given files. */
function codeFields(files: readonly string[]): Set<string> {
  const codes = new Set<string>();
  for (const file of files) {
    for (const match of read(file).matchAll(/\bcode:\s*'([a-z0-9_]+)'/g)) codes.add(match[1]!);
  }
  return codes;
}

/** Every refusal code the site server can answer. */
function siteCodes(): string[] {
  const files = sourcesUnder('site/server');
  const codes = codeFields(files);
  // Refusal helpers take the code as a literal argument (messages are sentences, never snake_case).
  const helpers = ['sendError', 'refuse', 'Refused', 'tokenRefusal', 'failed'];
  for (const file of files) {
    const source = read(file);
    for (const args of callArguments(source, helpers)) {
      for (const literal of snakeLiterals(args)) codes.add(literal);
      // …or as a constant of the same file (`const MISMATCH = 'settlement_mismatch'`).
      for (const [name] of args.matchAll(/\b[A-Z][A-Z0-9_]+\b/g)) {
        const constant = new RegExp(`const ${name} = '([a-z0-9_]+)'`).exec(source);
        if (constant) codes.add(constant[1]!);
      }
    }
  }
  for (const code of Object.values(walletCodes)) codes.add(code);
  codes.add(RATE_LIMITED);
  return [...codes].sort();
}

function missingFrom(doc: string, items: readonly string[], wrap = (s: string) => s): string[] {
  return items.filter((item) => !doc.includes(wrap(item)));
}

describe('docs/api.md', () => {
  const doc = read('docs/api.md');

  it('finds the routes and codes it checks (the scan itself works)', () => {
    expect(registeredRoutes()).toContain('POST /api/wallet/deposit');
    expect(registeredRoutes()).toContain('GET /api/internal/rooms/:roomId');
    expect(siteCodes()).toEqual(
      expect.arrayContaining([
        'room_full',
        'token_expired',
        'weak_password',
        'settlement_too_early',
        'settlement_mismatch',
      ]),
    );
  });

  it('documents every route registered on the /api router', () => {
    expect(missingFrom(doc, registeredRoutes(), (route) => `\`${route}\``)).toEqual([]);
  });

  it('documents every refusal code the site server answers', () => {
    expect(missingFrom(doc, siteCodes(), (code) => `\`${code}\``)).toEqual([]);
  });
});

describe('docs/protocol.md', () => {
  const doc = read('docs/protocol.md');

  it('documents every code the room servers answer', () => {
    const codes = [...codeFields(sourcesUnder('party'))].sort();
    expect(codes).toContain('wrong_room');
    expect(missingFrom(doc, codes, (code) => `\`${code}\``)).toEqual([]);
  });

  it('lists every close code a room socket can get, with its reason word for word', () => {
    const rows = Object.values(CLOSE).map(({ code, reason }) => `| ${code} | \`${reason}\` |`);
    expect(rows).toContain('| 1012 | `The room server is restarting: reconnect` |');
    expect(missingFrom(doc, rows, (row) => row)).toEqual([]);
  });
});
