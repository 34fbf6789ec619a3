import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'build', 'build.*', 'tests/browser/**'],
    setupFiles: [
      'tests/support/console-errors.setup.ts',
      'tests/support/fresh-connections.setup.ts',
    ],
    pool: 'forks',
    // Most files wait on the servers they start (room servers, the site), not on this process's
    // core: two files at a time on a 2-core machine, where the default would run one.
    maxWorkers: 2,
    // Ceilings for a test that hangs, never checks of speed (decision 133): beside a second suite
    // on a 2-core machine a test takes up to three times as long as alone. The seat race (41
    // sign-ups through argon2, 8 s alone) ran past the old 20 s there; a dozen more were at 15-18 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    server: { deps: { inline: ['@pixi/react'] } },
  },
});
