// Rewrites every import that leaves its unit into the target's `#` name (`../../db/money` →
// `#db/money.ts`), and a `#` name used inside its own unit back into a relative path
// (docs/decisions/126; the rule is eslint-rules/import-names.js, which the lint rule shares).
// Idempotent: a tree that already follows the rule is left as it is.
//   npx tsx scripts/codemods/import-names.ts [--check]
import fs from 'node:fs';
import { renamedSpecifier } from '#eslint-rules/import-names.js';
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

const check = process.argv.includes('--check');
let changedFiles = 0;
let changedImports = 0;

for (const file of sourceFiles()) {
  const text = fs.readFileSync(file, 'utf8');
  const edits: Edit[] = [];
  for (const literal of specifierLiterals(parse(file, text))) {
    const preferred = renamedSpecifier(root, file, literal.text);
    if (preferred) edits.push(replaceLiteral(literal, preferred));
  }
  if (edits.length === 0) continue;
  changedFiles += 1;
  changedImports += edits.length;
  if (check) console.log(`${rel(file)}: ${edits.length} import(s) to rename`);
  else await writeFormatted(file, applyEdits(text, edits));
}

console.log(
  `${check ? 'would rename' : 'renamed'} ${changedImports} import(s) in ${changedFiles} file(s)`,
);
if (check && changedFiles > 0) process.exitCode = 1;
