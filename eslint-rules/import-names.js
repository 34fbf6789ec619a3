// How one project file names another (docs/decisions/126): inside one unit a relative path, from
// outside it the folder's `#` name from package.json "imports" (`#db/money.ts`), which names the
// file exactly, extension included: Node, tsx, vite, partykit's esbuild and TypeScript all resolve
// it the same way, and none of them has to guess an extension.
//
// A unit is a top-level folder (`game/`, `db/`, `party/` …), except that `site/` and `tests/` are
// split one level down (`site/app/`, `site/server/`, `tests/unit/`, `tests/support/` …): they hold
// parts that are separate layers or suites. The lint rule (architecture.js) and the codemods
// (scripts/codemods/) share these functions.
import fs from 'node:fs';
import path from 'node:path';

/** Folders split one level down into units. */
const SPLIT_FOLDERS = ['site', 'tests'];

/** Extensions tried, in order, for a specifier that names no file exactly (a relative import). */
export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.jsx', '.mts'];

const importMaps = new Map();

/** package.json's "imports" as [prefix, folder] pairs, e.g. ['#db/', 'db/']. */
export function importMap(root) {
  let map = importMaps.get(root);
  if (!map) {
    const { imports = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    map = Object.entries(imports)
      .filter(([name, target]) => name.endsWith('/*') && /^\.\/[^*]+\/\*$/.test(String(target)))
      .map(([name, target]) => [name.slice(0, -1), String(target).slice(2, -1)]);
    importMaps.set(root, map);
  }
  return map;
}

/** The unit of a repository-relative POSIX path: `site/server`, `db`, `tests/unit`; null at the root. */
export function unitOf(rel) {
  const parts = rel.split('/');
  if (parts.length < 2) return null;
  if (SPLIT_FOLDERS.includes(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** The repository-relative POSIX path of an absolute path, or null outside the repository. */
export function relativeTo(root, file) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

/** Where a `#` specifier points (absolute, before any extension is tried), or null if no name matches. */
export function hashTarget(root, spec) {
  const entry = importMap(root).find(([prefix]) => spec.startsWith(prefix));
  return entry ? path.join(root, entry[1], spec.slice(entry[0].length)) : null;
}

/** The absolute path a relative or `#` specifier written in `file` points at (no extension tried). */
export function specifierTarget(root, file, spec) {
  if (spec.startsWith('#')) return hashTarget(root, spec);
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    return path.resolve(path.dirname(file), spec);
  }
  return null;
}

/** The file a target names, trying the source extensions and index files; null when none exists. */
export function existingFile(target) {
  const candidates = [
    target,
    ...SOURCE_EXTENSIONS.map((ext) => target + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(target, `index${ext}`)),
  ];
  return (
    candidates.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) ??
    null
  );
}

/** The `#` name of a repository file (`#db/money.ts`), or null when its folder has none. */
export function hashName(root, file) {
  const rel = relativeTo(root, file);
  if (!rel) return null;
  const entry = importMap(root).find(([, folder]) => rel.startsWith(folder));
  return entry ? entry[0] + rel.slice(entry[1].length) : null;
}

/**
 * How `file` should name `target` (both absolute; target an existing file): relative inside one
 * unit, the `#` name across units. `keepExtension` keeps a relative specifier's extension (it is
 * dropped for .ts and .tsx files otherwise, as the project writes them).
 */
export function preferredSpecifier(root, file, target, keepExtension = false) {
  const from = relativeTo(root, file);
  const to = relativeTo(root, target);
  if (from === null || to === null) return null;
  const sameUnit = unitOf(from) !== null && unitOf(from) === unitOf(to);
  const named = sameUnit ? null : hashName(root, target);
  if (named) return named;
  let rel = path.relative(path.dirname(file), target).split(path.sep).join('/');
  if (!keepExtension) rel = rel.replace(/\.(ts|tsx)$/, '');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * The specifier `file` should write instead of `spec`, or null when `spec` already follows the rule
 * (or names no project file). A relative specifier may name a file with or without its extension:
 * only a change between relative and `#` counts.
 */
export function renamedSpecifier(root, file, spec) {
  const target = specifierTarget(root, file, spec);
  const existing = target && existingFile(target);
  if (!existing) return null;
  const keepExtension = !spec.startsWith('#') && /\.[cm]?[jt]sx?$/.test(spec);
  const preferred = preferredSpecifier(root, file, existing, keepExtension);
  if (!preferred || preferred === spec) return null;
  if (!spec.startsWith('#') && !preferred.startsWith('#')) return null;
  return preferred;
}
