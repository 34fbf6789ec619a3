// The environment is read in one place (site/server/config.ts, docs/decisions/117): ESLint refuses
// `process.env` in any other module of the product and its scripts.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const READ = 'export const token = process.env.PAWAPAY_API_TOKEN;\n';

async function refusals(file: string): Promise<number> {
  const [result] = await eslint.lintText(READ, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-properties').length;
}

describe('reading the environment', () => {
  it.each([
    'site/server/payments/x.ts',
    'site/server/auth/x.ts',
    'site/app/x.tsx',
    'db/x.ts',
    'party/room/x.ts',
    'wire/x.ts',
    'game/x.ts',
    'scripts/x.ts',
    'drizzle.config.ts',
  ])('is refused in %s', async (file) => {
    expect(await refusals(file)).toBe(1);
  });

  it('is allowed in the config module', async () => {
    expect(await refusals('site/server/config.ts')).toBe(0);
  });
});
