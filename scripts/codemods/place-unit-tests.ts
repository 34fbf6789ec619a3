// Moves each unit test to the path of the module it tests (docs/decisions/126):
// party/room/alarm.ts is tested by tests/unit/party/room/alarm.test.ts, tests/support/bot.ts by
// tests/unit/support/bot.test.ts. The module a test is of: the one it imports whose name it bears
// (ledger.model.test.ts → ledger), else the only project module it imports, else the modules of the
// outermost layer it imports when they share a folder; PLACES names the rest. A test of several
// places (the docs, the architecture rule) stays where it is. A helper beside the tests follows the
// tests that import it when they all go to one folder.
//
// Moves with `git mv`, rewrites the specifiers in and of the moved files and the paths built from
// `import.meta.dirname`, and the mentions of a moved file (or of a folder all of whose tests went to
// one place) in the project's text files. Idempotent: a placed test stays.
//   npx tsx scripts/codemods/place-unit-tests.ts [--check]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { existingFile, preferredSpecifier, specifierTarget } from '#eslint-rules/import-names.js';
import {
  applyEdits,
  parse,
  rel,
  replaceLiteral,
  root,
  sourceFiles,
  specifierLiterals,
  writeFormatted,
  type Edit,
} from './source-files';

const UNIT_TESTS = 'tests/unit/';
/** Tests of more than one place, which stay where they are. */
const STAYS = ['tests/unit/architecture/', 'tests/unit/docs/', 'tests/unit/support/fixtures/'];
/** Layers from the innermost out: a test of site/app/game that builds game/ states is of site/app. */
const LAYER_RANK: [string, number][] = [
  ['game/', 0],
  ['wire/', 1],
  ['db/', 1],
  ['party/', 2],
  ['site/shared/', 2],
  ['site/', 3],
  ['scripts/', 4],
  ['bench/', 4],
  ['eslint-rules/', 4],
  ['tests/support/', 5],
];

/**
 * Where the rule above cannot tell: tests of a wire module that reach it through the room or the
 * site, and the helpers that tests of several folders (and scripts/art) share. A path that maps to
 * itself stays.
 */
const PLACES: Record<string, string> = {
  'tests/unit/rooms/purpose-keys.test.ts': 'tests/unit/wire/purpose-keys.test.ts',
  'tests/unit/rooms/internal-limits.test.ts': 'tests/unit/wire/internal-limits.test.ts',
  // Every seam's registry of refusal codes (the signed calls', the sockets', the API's) at once.
  'tests/unit/wire/refusal-registries.test.ts': 'tests/unit/wire/refusal-registries.test.ts',
  'tests/unit/art/rooms.ts': 'tests/support/art-rooms.ts',
  'tests/unit/art/xml.ts': 'tests/support/xml-reader.ts',
};

/**
 * Every test this script has moved, old path → new (it adds its own moves): a test or helper
 * written before a move may still name the old path, and is pointed at the new one.
 */
const MOVED_FILE = path.join(import.meta.dirname, 'moved-tests.json');
const MOVED = JSON.parse(fs.readFileSync(MOVED_FILE, 'utf8')) as Record<string, string>;

/** The file a target names, or where this script moved it since. */
function resolveTarget(target: string): string | null {
  const found = existingFile(target);
  if (found) return found;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) {
    const moved = MOVED[rel(candidate)];
    if (moved && fs.existsSync(path.join(root, moved))) return path.join(root, moved);
  }
  return null;
}

/** Files the table has placed: they stay where it put them. */
const PLACED = new Set(Object.values(PLACES));

const check = process.argv.includes('--check');
const problems: string[] = [];
const TEST = /\.test\.tsx?$/;

/** Where the tests of a project folder live: tests/support/ → tests/unit/support/, x/ → tests/unit/x/. */
function testFolderOf(sourceDir: string): string {
  return sourceDir.startsWith('tests/support')
    ? `${UNIT_TESTS}${sourceDir.slice('tests/'.length)}`
    : `${UNIT_TESTS}${sourceDir}`;
}

const rankOf = (file: string) => LAYER_RANK.find(([prefix]) => file.startsWith(prefix))?.[1] ?? -1;
const stemOf = (file: string) => path.basename(file).replace(/\.(ts|tsx|js|mjs)$/, '');

const files = sourceFiles();
const resolvedImports = new Map<string, string[]>();
for (const file of files) {
  const targets: string[] = [];
  for (const literal of specifierLiterals(parse(file))) {
    const target = specifierTarget(root, file, literal.text);
    const found = target && resolveTarget(target);
    if (found) targets.push(found);
  }
  resolvedImports.set(file, targets);
}

/** Where a test belongs (repository-relative), or null when it stays. */
function placeOf(file: string): string | null {
  const from = rel(file);
  const name = path.basename(from);
  const stem = name.replace(TEST, '');
  const core = stem.split('.')[0]!;
  const suffix = stem.slice(core.length); // `.model` of ledger.model.test.ts
  const extension = name.endsWith('.tsx') ? '.test.tsx' : '.test.ts';
  const subjects = [
    ...new Set(
      (resolvedImports.get(file) ?? [])
        .map(rel)
        .filter(
          (target) =>
            !target.startsWith(UNIT_TESTS) &&
            (!target.startsWith('tests/') || target.startsWith('tests/support/')),
        ),
    ),
  ];
  // A name that repeats its folder (room-alarm.test.ts of party/room/alarm.ts) drops it there.
  const placed = (subject: string) => {
    const folder = path.posix.dirname(subject);
    const redundant = stem === `${path.posix.basename(folder)}-${stemOf(subject)}${suffix}`;
    return `${testFolderOf(folder)}/${redundant ? `${stemOf(subject)}${suffix}${extension}` : name}`;
  };
  let named = subjects.filter((subject) => stemOf(subject) === core);
  if (named.length > 1) {
    const here = path.posix.dirname(from);
    named = named.filter((subject) => testFolderOf(path.posix.dirname(subject)) === here);
  }
  if (named.length === 1) return placed(named[0]!);
  const sources = subjects.filter((subject) => !subject.startsWith('tests/'));
  const pool = sources.length > 0 ? sources : subjects;
  if (pool.length === 1) return placed(pool[0]!);
  if (pool.length === 0) return null;
  const outermost = Math.max(...pool.map(rankOf));
  const folders = new Map<string, number>();
  for (const subject of pool.filter((s) => rankOf(s) === outermost)) {
    const folder = path.posix.dirname(subject);
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const ranked = [...folders].sort((a, b) => b[1] - a[1]);
  if (ranked.length > 1 && ranked[0]![1] === ranked[1]![1]) return null;
  return placed(`${ranked[0]![0]}/${core}`);
}

// Where each test goes, then each helper beside the tests (after the tests that import it).
const moves = new Map<string, string>(); // absolute old → absolute new
for (const file of files) {
  const from = rel(file);
  if (!from.startsWith(UNIT_TESTS) || !TEST.test(from) || STAYS.some((s) => from.startsWith(s))) {
    continue;
  }
  if (PLACED.has(from)) continue;
  const to = PLACES[from] ?? placeOf(file);
  if (to && to !== from) moves.set(file, path.join(root, to));
}
const newPlace = (file: string) => moves.get(file) ?? file;
for (const file of files) {
  const from = rel(file);
  if (!from.startsWith(UNIT_TESTS) || TEST.test(from) || STAYS.some((s) => from.startsWith(s))) {
    continue;
  }
  if (PLACES[from]) {
    if (PLACES[from] !== from) moves.set(file, path.join(root, PLACES[from]));
    continue;
  }
  const importers = files.filter((other) => resolvedImports.get(other)?.includes(file));
  if (importers.length === 0) continue;
  const folders = [...new Set(importers.map((importer) => path.dirname(newPlace(importer))))];
  // Beside its importers when they all sit in one folder; otherwise it stays.
  if (folders.length !== 1 || !rel(folders[0]!).startsWith(UNIT_TESTS)) continue;
  const to = path.join(folders[0]!, path.basename(file));
  if (to !== file) moves.set(file, to);
}

for (const [from, to] of moves) {
  if (fs.existsSync(to) && !moves.has(to))
    problems.push(`${rel(from)} → ${rel(to)}: already taken`);
}
for (const [from, to] of moves) console.log(`${rel(from)} → ${rel(to)}`);
if (problems.length > 0 || check) {
  for (const problem of problems) console.error(problem);
  console.log(
    `${check ? 'would move' : 'moved'} ${problems.length ? 0 : check ? moves.size : 0} file(s)`,
  );
  if (problems.length > 0 || moves.size > 0) process.exitCode = 1;
  process.exit();
}

// The new text of every file that moves or names a file that moves, computed on the old tree.
const rewritten = new Map<string, string>(); // absolute new path → text
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const source = parse(file, text);
  const edits: Edit[] = [];
  const place = newPlace(file);
  for (const literal of specifierLiterals(source)) {
    const target = specifierTarget(root, file, literal.text);
    const found = target && resolveTarget(target);
    const stale = found && !existingFile(target!);
    if (!found || (place === file && !moves.has(found) && !stale)) continue;
    const keepExtension = !literal.text.startsWith('#') && /\.[cm]?[jt]sx?$/.test(literal.text);
    const spec = preferredSpecifier(root, place, newPlace(found), keepExtension);
    if (spec && spec !== literal.text) edits.push(replaceLiteral(literal, spec));
  }
  if (place !== file) edits.push(...dirnamePaths(source, file, place));
  if (edits.length > 0 || place !== file) rewritten.set(place, applyEdits(text, edits));
}

/** `path.resolve(import.meta.dirname, '../../x')` and `new URL('../x', import.meta.url)`, re-aimed. */
function dirnamePaths(source: ts.SourceFile, file: string, place: string): Edit[] {
  const edits: Edit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const args = node.arguments ?? [];
      const texts = args.map((arg) => arg.getText(source));
      const base = texts.findIndex((t) => t === 'import.meta.dirname' || t === 'import.meta.url');
      const literal = base === 0 ? args[1] : base === 1 ? args[0] : undefined;
      if (literal && ts.isStringLiteral(literal) && literal.text.startsWith('.')) {
        const target = path.resolve(path.dirname(file), literal.text);
        let again = path.relative(path.dirname(place), target).split(path.sep).join('/') || '.';
        if (literal.text.endsWith('/') && !again.endsWith('/')) again += '/';
        if (texts[base] === 'import.meta.url' && !again.startsWith('.')) again = `./${again}`;
        edits.push(replaceLiteral(literal, again));
        if (args.length > 2)
          problems.push(`${rel(file)}: check the path built beside ${literal.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits;
}

/** `git mv` for a tracked file, a plain rename for one git does not track yet. */
function move(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const tracked = execFileSync('git', ['ls-files', rel(from)], { cwd: root, encoding: 'utf8' });
  if (tracked.trim()) execFileSync('git', ['mv', rel(from), rel(to)], { cwd: root });
  else fs.renameSync(from, to);
}

for (const [from, to] of moves) move(from, to);
for (const [file, text] of rewritten) await writeFormatted(file, text);

// Mentions in the project's text: a moved file by its path, and a folder all of whose tests went
// to one folder (its README goes with them).
const mentions = new Map<string, string>(Object.entries(MOVED));
for (const [from, to] of moves) mentions.set(rel(from), rel(to));
// The record of moves, each old path pointing at where its file is now.
const record: Record<string, string> = { ...MOVED };
for (const [from, to] of moves) {
  for (const [old, now] of Object.entries(record)) if (now === rel(from)) record[old] = rel(to);
  if (/\.tsx?$/.test(from)) record[rel(from)] = rel(to);
}
fs.writeFileSync(
  MOVED_FILE,
  `${JSON.stringify(Object.fromEntries(Object.entries(record).sort()), null, 2)}\n`,
);
const leftFolders = new Map<string, Set<string>>();
for (const [from, to] of moves) {
  const folder = path.posix.dirname(rel(from));
  leftFolders.set(folder, (leftFolders.get(folder) ?? new Set()).add(path.posix.dirname(rel(to))));
}
for (const [folder, targets] of leftFolders) {
  const remaining = fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.name !== 'README.md');
  if (targets.size !== 1 || remaining.length > 0) continue;
  const target = [...targets][0]!;
  mentions.set(`${folder}/`, `${target}/`);
  const readme = path.join(root, folder, 'README.md');
  if (fs.existsSync(readme)) {
    const moved = path.join(root, target, 'README.md');
    if (fs.existsSync(moved)) problems.push(`${folder}/README.md: ${target}/ has a README already`);
    else move(readme, moved);
  }
}
const textFiles = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(
    (f) => /\.(md|ts|tsx|js|mjs|json|ya?ml|sh)$/.test(f) && !f.startsWith('scripts/codemods/'),
  )
  .filter((f) => fs.existsSync(path.join(root, f)));
// One pass, longest first, so that a replaced path is never replaced again. A file's path must end
// there; a folder's may go on (a file that stayed, such as its README).
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const keys = [...mentions.keys()].sort((a, b) => b.length - a.length);
const pattern = new RegExp(
  keys
    .map((key) =>
      key.endsWith('/')
        ? `${escape(key)}|${escape(key.slice(0, -1))}(?![\\w/.-])`
        : `${escape(key)}(?![\\w-])`,
    )
    .join('|'),
  'g',
);
const replacement = (found: string) =>
  mentions.get(found) ?? `${mentions.get(`${found}/`)!.slice(0, -1)}`;
for (const file of textFiles) {
  if (keys.length === 0) break;
  const full = path.join(root, file);
  const text = fs.readFileSync(full, 'utf8');
  const next = text.replace(pattern, replacement);
  if (next !== text) fs.writeFileSync(full, next);
}

for (const problem of problems) console.error(problem);
console.log(`moved ${moves.size} file(s)`);
if (problems.length > 0) process.exitCode = 1;
