import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'build', 'tests/browser/**'],
    setupFiles: ['tests/support/console-errors.setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    server: { deps: { inline: ['@pixi/react'] } },
  },
});
