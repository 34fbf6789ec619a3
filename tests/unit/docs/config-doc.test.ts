// The README's configuration table and the one schema the settings are read by name the same
// variables: a setting added to the schema without its row, or a row for a variable nothing reads,
// fails here.
import { CONFIG_VARIABLES } from '#site/server/settings/environment.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every `NAME` in the first column of the README's "Configuration" table. */
function documentedVariables(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return [...new Set(names)].sort();
}

describe('the README configuration table', () => {
  it('documents every variable of the schema and nothing else', () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(20);
    expect(documented).toEqual([...CONFIG_VARIABLES].sort());
  });
});
