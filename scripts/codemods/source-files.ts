// What the codemods share: the project's source files, every module specifier in one, and writing
// a file back formatted by the project's prettier.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '../..');

const SOURCE = /\.(ts|tsx|js|mjs|jsx|mts)$/;
/** Generated or copied code, never rewritten. */
const SKIPPED = [
  /^node_modules\//,
  /^build\//,
  /^\.react-router\//,
  /^db\/migrations\//,
  /\/node_modules\//,
];

/** Every source file git tracks or would track (untracked but not ignored), absolute, sorted. */
export function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n'))]
    .filter((rel) => SOURCE.test(rel) && !SKIPPED.some((skip) => skip.test(rel)))
    .map((rel) => path.join(root, rel))
    .filter((file) => fs.existsSync(file))
    .sort();
}

export function parse(file: string, text = fs.readFileSync(file, 'utf8')): ts.SourceFile {
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.(m?js|jsx)$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** Calls whose first argument is a module specifier, besides import(). */
const SPECIFIER_CALLS = new Set([
  'require',
  'vi.mock',
  'vi.doMock',
  'vi.importActual',
  'vi.unmock',
]);

/**
 * Every module specifier written in a file: static imports and re-exports, import(), `import('x').T`
 * types, require() and vitest's module mocks. Only string literals: a computed specifier is left alone.
 */
export function specifierLiterals(source: ts.SourceFile): ts.StringLiteral[] {
  const found: ts.StringLiteral[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier);
    } else if (
      ts.isCallExpression(node) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const callee = node.expression;
      if (
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        SPECIFIER_CALLS.has(callee.getText(source))
      ) {
        found.push(node.arguments[0]);
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The text with the edits applied (they must not overlap). */
export function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** A specifier literal replaced, its quote kept. */
export function replaceLiteral(literal: ts.StringLiteral, spec: string): Edit {
  const quote = literal.getText().charAt(0);
  return { start: literal.getStart(), end: literal.getEnd(), text: `${quote}${spec}${quote}` };
}

/** Writes the file formatted as `prettier --write` would; true when its content changed. */
export async function writeFormatted(file: string, text: string): Promise<boolean> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  const formatted = await prettier.format(text, { ...options, filepath: file });
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (formatted === before) return false;
  fs.writeFileSync(file, formatted);
  return true;
}

export function rel(file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}
