import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

// docs/decisions/126: inside a unit a relative path; across units the folder's `#` name
// (package.json "imports"), with the file's extension.
describe('names a file of another unit by its # name, one of the same unit by a relative path', () => {
  async function naming(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'architecture/import-names')
      .map((m) => m.message);
  }

  it.each([
    [
      'party/room/x.ts',
      "import { rollDie } from '../../game/dice';\nexport const a = rollDie;",
      '#game/dice.ts',
    ],
    [
      'site/server/x.ts',
      "import { a } from '../shared/return-to';\nexport const b = a;",
      '#site/shared/return-to.ts',
    ],
    [
      'tests/unit/x.test.ts',
      "import { waitFor } from '../support/wait';\nexport const a = waitFor;",
      '#tests/support/wait.ts',
    ],
    [
      'vite.config.ts',
      "import { a } from './site/shared/island-entries.ts';\nexport const b = a;",
      '#site/shared/island-entries.ts',
    ],
    [
      'site/server/rooms/x.ts',
      "import { a } from '#site/server/logging.ts';\nexport const b = a;",
      '../logging',
    ],
  ])('refuses %s: %s', async (file, code, preferred) => {
    const [message] = await naming(file, code);
    expect(message).toContain(`import it as "${preferred}"`);
  });

  it.each([
    ['party/room/x.ts', "import { rollDie } from '#game/dice.ts';\nexport const a = rollDie;"],
    ['site/server/rooms/x.ts', "import { a } from '../logging';\nexport const b = a;"],
    ['site/server/rooms/quick/x.ts', "import { a } from '../../config';\nexport const b = a;"],
    ['tests/unit/x.test.ts', "import { a } from '#tests/support/wait.ts';\nexport const b = a;"],
    ['party/x.ts', "import { a } from './room/alarm';\nexport const b = a;"],
  ])('allows %s: %s', async (file, code) => {
    expect(await naming(file, code)).toEqual([]);
  });
});
