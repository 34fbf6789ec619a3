// Points every import of a pure re-export module at the module that defines the names, then deletes
// the re-export module (docs/decisions/126). db/schema.ts stays as drizzle's one schema entry
// (drizzle.config.ts and db/client.ts's `import * as schema`), but a named import of a table goes
// to the table's own module.
//
// Each re-export module's text is kept below, so the script still knows where its names went once
// the file is gone: a branch written before the change may still import it. Where the file exists
// (again), its own text wins. Idempotent.
//   npx tsx scripts/codemods/drop-shims.ts [--check]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { existingFile, preferredSpecifier, specifierTarget } from '#eslint-rules/import-names.js';
import {
  applyEdits,
  parse,
  rel,
  root,
  sourceFiles,
  writeFormatted,
  type Edit,
} from './source-files';

interface Shim {
  /** Repository-relative path. */
  file: string;
  /** Its text as it was (used when the file is gone). */
  text: string;
  /** Kept for namespace imports (`import * as schema`); named imports still move to the real module. */
  keep?: string;
}

const SHIMS: Shim[] = [
  {
    file: 'game/index.ts',
    text: [
      'board',
      'dice',
      'game-state',
      'log',
      'messages',
      'payout',
      'protocol',
      'protocol-version',
      'merge-patch',
      'room-sync',
      'replay',
      'room-options',
      'room-context',
      'room-machine',
      'rules',
      'statement',
      'timing',
      'view',
      'lesson',
      'bots',
    ]
      .map((name) => `export * from './${name}';`)
      .join('\n'),
  },
  {
    file: 'db/schema.ts',
    keep: "drizzle-kit's schema entry and db/client.ts's `import * as schema`",
    text: [
      'people',
      'ledger',
      'payments',
      'wallet-history',
      'rooms',
      'operator',
      'responsible-play',
      'support',
      'challenge',
    ]
      .map((name) => `export * from './schema/${name}';`)
      .join('\n'),
  },
  {
    file: 'site/server/auth/http.ts',
    text: "export { jsonBody, sendError, sendRefusal } from '../api/refusals';",
  },
  {
    file: 'site/server/auth/messages.ts',
    text: "export { authMessages, LIMITS } from '../../shared/auth-messages';",
  },
  {
    file: 'site/server/auth/outcomes.ts',
    text: "export { refuse, type Refusal } from '../api/refusals';",
  },
  {
    file: 'site/server/rooms/admin-errors.ts',
    text: "export { logAdminError, type AdminErrorEntry } from '../logging';",
  },
  {
    file: 'site/server/rooms/types.ts',
    text: [
      "export type { RoomStatus } from '../../../game/protocol';",
      "export type { PublicRoom, RoomForParty } from '../../../wire/site-room';",
    ].join('\n'),
  },
];

const check = process.argv.includes('--check');
const problems: string[] = [];

interface Origin {
  /** The absolute path of the module that exports the name. */
  file: string;
  /** Its name there. */
  name: string;
}

/** The names a module exports, each with the module an importer should name (following `export *`). */
function exportsOf(file: string, text?: string, seen = new Set<string>()): Map<string, Origin> {
  const names = new Map<string, Origin>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = parse(file, text);
  const own = (name: string) => names.set(name, { file, name });
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const spec =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      const target = spec && specifierTarget(root, file, spec);
      const from = target && existingFile(target);
      if (!statement.exportClause) {
        if (!from) problems.push(`${rel(file)}: cannot find "${spec}"`);
        else for (const [name, origin] of exportsOf(from, undefined, seen)) names.set(name, origin);
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          const inner = (element.propertyName ?? element.name).text;
          if (from) names.set(element.name.text, { file: from, name: inner });
          else own(element.name.text);
        }
      } else own(statement.exportClause.name.text);
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) own('default');
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) own(declaration.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)) &&
      statement.name &&
      ts.isIdentifier(statement.name)
    ) {
      own(statement.name.text);
    }
  }
  return names;
}

const shims = new Map(
  SHIMS.map((shim) => {
    const file = path.join(root, shim.file);
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : shim.text;
    return [file, { ...shim, names: exportsOf(file, text) }] as const;
  }),
);

/** The shim a specifier written in `file` names, whether or not the shim file still exists. */
function shimOf(file: string, spec: string) {
  const target = specifierTarget(root, file, spec);
  if (!target) return null;
  for (const candidate of [target, `${target}.ts`, path.join(target, 'index.ts')]) {
    const shim = shims.get(candidate);
    if (shim) return shim;
  }
  return null;
}

interface Group {
  origin: string;
  typeOnly: boolean;
  elements: string[];
  /** An import of the same module already in the file, to which the names are added. */
  existing?: ts.ImportDeclaration;
}

function elementText(element: ts.ImportSpecifier | ts.ExportSpecifier, origin: Origin): string {
  const local = element.name.text;
  const named = origin.name === local ? local : `${origin.name} as ${local}`;
  return element.isTypeOnly ? `type ${named}` : named;
}

/** The edits that point one file's imports of the shims at the real modules. */
function rewrite(file: string, text: string): Edit[] {
  const source = parse(file, text);
  const edits: Edit[] = [];
  const where = (node: ts.Node) =>
    `${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const resolved = (spec: string) => {
    const target = specifierTarget(root, file, spec);
    return target && existingFile(target);
  };
  const plainImports = source.statements.filter(
    (s): s is ts.ImportDeclaration =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      !shimOf(file, s.moduleSpecifier.text) &&
      !s.importClause?.name &&
      !!s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings),
  );
  const groups = new Map<string, Group>();
  const toGroup = (
    node: ts.ImportDeclaration | ts.ExportDeclaration,
    elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[],
    names: Map<string, Origin>,
    typeOnly: boolean,
  ): Group[] | null => {
    const made: Group[] = [];
    for (const element of elements) {
      const imported = (element.propertyName ?? element.name).text;
      const origin = names.get(imported);
      if (!origin) {
        problems.push(`${where(node)}: no module of the re-export exports "${imported}"`);
        return null;
      }
      const key = `${ts.isImportDeclaration(node) ? 'import' : `export@${node.pos}`}|${origin.file}|${typeOnly}`;
      let group = groups.get(key);
      if (!group) {
        group = { origin: origin.file, typeOnly, elements: [] };
        if (ts.isImportDeclaration(node)) {
          group.existing = plainImports.find(
            (s) =>
              resolved((s.moduleSpecifier as ts.StringLiteral).text) === origin.file &&
              Boolean(s.importClause?.isTypeOnly) === typeOnly,
          );
        }
        groups.set(key, group);
        made.push(group);
      }
      const text = elementText(element, origin);
      if (!group.elements.includes(text)) group.elements.push(text);
    }
    return made;
  };
  const statementText = (group: Group, keyword: 'import' | 'export') => {
    // Only types: `import type { A }`, which loads nothing (`import { type A }` still loads the module).
    const onlyTypes = group.typeOnly || group.elements.every((text) => text.startsWith('type '));
    const elements = onlyTypes
      ? group.elements.map((text) => text.replace(/^type /, ''))
      : group.elements;
    const spec = preferredSpecifier(root, file, group.origin);
    return `${keyword}${onlyTypes ? ' type' : ''} { ${elements.join(', ')} } from '${spec}';`;
  };

  const replaced: { statement: ts.Statement; keyword: 'import' | 'export'; made: Group[] }[] = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const literal = statement.moduleSpecifier;
    if (!literal || !ts.isStringLiteral(literal)) continue;
    const shim = shimOf(file, literal.text);
    if (!shim) continue;
    let elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[];
    let typeOnly: boolean;
    if (isImport) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings) && shim.keep) continue;
      if (!clause || clause.name || !bindings || !ts.isNamedImports(bindings)) {
        problems.push(`${where(statement)}: only named imports of ${shim.file} can be rewritten`);
        continue;
      }
      elements = bindings.elements;
      typeOnly = clause.isTypeOnly;
    } else {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        problems.push(
          `${where(statement)}: only named re-exports of ${shim.file} can be rewritten`,
        );
        continue;
      }
      elements = statement.exportClause.elements;
      typeOnly = statement.isTypeOnly;
    }
    const made = toGroup(statement, elements, shim.names, typeOnly);
    if (made) replaced.push({ statement, keyword: isImport ? 'import' : 'export', made });
  }
  // Written once every statement is read: a later import of a shim may add names to a group.
  for (const { statement, keyword, made } of replaced) {
    edits.push({
      start: statement.getStart(),
      end: statement.getEnd(),
      text: made
        .filter((group) => !group.existing)
        .map((group) => statementText(group, keyword))
        .join('\n'),
    });
  }
  // Names added to an import the file already had of the same module.
  const merged = new Map<ts.ImportDeclaration, string[]>();
  for (const group of groups.values()) {
    if (!group.existing) continue;
    merged.set(group.existing, [...(merged.get(group.existing) ?? []), ...group.elements]);
  }
  for (const [declaration, added] of merged) {
    const bindings = declaration.importClause!.namedBindings as ts.NamedImports;
    const present = bindings.elements.map((element) => element.getText(source));
    const all = [...present, ...added.filter((text) => !present.includes(text))];
    edits.push({
      start: bindings.getStart(),
      end: bindings.getEnd(),
      text: `{ ${all.join(', ')} }`,
    });
  }
  // Other specifiers (import(), `import('x').T`) cannot be split by name.
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      shimOf(file, node.arguments[0].text)
    ) {
      problems.push(`${where(node)}: import() of a re-export module: point it at the real module`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits;
}

let changed = 0;
for (const file of sourceFiles()) {
  if (shims.has(file)) continue;
  const text = fs.readFileSync(file, 'utf8');
  const edits = rewrite(file, text);
  if (edits.length === 0) continue;
  changed += 1;
  if (check) console.log(`${rel(file)}: imports a re-export module`);
  else await writeFormatted(file, applyEdits(text, edits));
}

const removable = [...shims.values()].filter(
  (shim) => !shim.keep && fs.existsSync(path.join(root, shim.file)),
);
for (const shim of removable) {
  if (check) console.log(`${shim.file}: re-export module to delete`);
  else {
    const tracked =
      execFileSync('git', ['ls-files', shim.file], { cwd: root, encoding: 'utf8' }).trim() !== '';
    if (tracked) execFileSync('git', ['rm', '-q', shim.file], { cwd: root });
    else fs.rmSync(path.join(root, shim.file));
  }
}

for (const problem of problems) console.error(problem);
console.log(
  `${check ? 'would rewrite' : 'rewrote'} ${changed} file(s); ${check ? 'would delete' : 'deleted'} ${removable.length} re-export module(s)`,
);
if (problems.length > 0 || (check && changed + removable.length > 0)) process.exitCode = 1;
