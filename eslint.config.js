import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/migrations/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The browser bundle holds only browser-safe code: values from the contract, engine, projections and ui;
    // from the server, types alone.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fm/api',
              allowTypeImports: true,
              message: 'The web app imports only types from @fm/api; shared values live in @fm/contract.',
            },
            { name: '@fm/db', message: 'The database package is server-only.' },
          ],
          patterns: [
            {
              group: ['@fm/api/*', '**/api/src/**', '**/api/test/**'],
              message: 'Server modules stay out of the browser bundle; shared values live in @fm/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser suite borrows from the apps and packages through their package names (@fm/api/testing…),
    // never by a path into another folder of the repository.
    files: ['e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../apps/**', '../packages/**', '../../apps/**', '../../packages/**'],
              message: 'Import through the package name (@fm/api/testing, @fm/db, @fm/engine, @fm/web/…).',
            },
          ],
        },
      ],
    },
  },
  {
    // The environment is read where the process starts (config and entry files, scripts, tests), then passed in.
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'apps/api/src/config.ts',
      '**/src/main.ts',
      '**/src/index.ts',
      '**/cli/**',
      '**/bench/**',
      '**/*.bench.*',
      '**/*.test.{ts,tsx}',
      '**/test/**',
      // test support: a run's database templates reach its test files (child processes) through the environment
      'packages/db/src/test-database.ts',
      '**/vite.config.*',
      '**/vitest.config.*',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Only config and entry files read process.env: take the value from Config (apps/api/src/config.ts).',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '**/bench/**', '**/*.bench.*', '**/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read loosely typed JSON bodies; `any` there is the honest type.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
