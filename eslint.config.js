import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import architecture from '#eslint-rules/architecture.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'build.*',
      'data',
      '.react-router',
      '.partykit',
      'test-results',
      'bench/results',
      'db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { architecture },
    rules: {
      'architecture/boundaries': 'error',
      'architecture/import-names': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // One import statement per module (a type-only one beside it is fine).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-console': 'off',
    },
  },
  {
    files: ['site/app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A stake is taken only through takeStake, which checks the terms in force, an exclusion and
    // the loss limits inside the stake's own transaction (docs/decisions/032).
    files: ['site/**/*.{ts,tsx}', 'party/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['site/server/responsible-play/stake.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Relative (`../../db/money`) or by name (`#db/money.ts`).
              regex: '(^#|/)db/money(\\.ts)?$',
              importNames: ['stake'],
              message:
                'Take a stake with takeStake (site/server/responsible-play/stake.ts): it checks the terms, an exclusion and the limits in the same transaction.',
            },
          ],
        },
      ],
    },
  },
  {
    // The environment is read once, by the one schema (site/server/config.ts, docs/decisions/117);
    // every other part gets its slice of the settings. `npm start` hands the environment on to the
    // processes it starts, `npm run restore` reads npm's INIT_CWD (where the command was typed), the
    // build takes the folder it writes to (scripts/build-site.ts), and the art measurements take
    // their own knobs.
    files: [
      'site/**/*.{ts,tsx}',
      'db/**/*.ts',
      'party/**/*.ts',
      'game/**/*.ts',
      'wire/**/*.ts',
      'scripts/**/*.ts',
      '*.config.ts',
    ],
    ignores: [
      'site/server/config.ts',
      'scripts/start.ts',
      'scripts/restore.ts',
      'react-router.config.ts',
      'scripts/build-site.ts',
      'scripts/art/**',
      'playwright.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read settings from the SiteConfig slice you are given: the environment is read once, in site/server/config.ts.',
        },
      ],
    },
  },
  {
    // Every page path is said once, in site/shared/paths.ts (PATHS, roomPaths, noticePaths), and the
    // sign-in page's links are built by authPath / signUpPath (components/account/return-to.ts):
    // a path typed into a screen drifts when the page moves. (The JSON API's routers, under /api,
    // name their own routes.)
    files: ['site/**/*.{ts,tsx}'],
    ignores: ['site/shared/paths.ts', 'site/server/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(auth|login|rentalgame)([\\/?#]|$)/]',
          message: 'Name the page from site/shared/paths.ts (or authPath / signUpPath).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(auth|login|rentalgame)([\\/?#]|$)/]',
          message: 'Name the page from site/shared/paths.ts (or authPath / signUpPath).',
        },
      ],
    },
  },
);
