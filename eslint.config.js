import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const NO_MUTABLE_EXPORTS = {
  selector: "ExportNamedDeclaration > VariableDeclaration[kind!='const']",
  message: 'Export no mutable module state: hold it in an object created in server.ts and passed in AppDeps.',
};

/** `no-restricted-imports` for one layer's source files (their tests may reach across to set things up). */
function importFloor(files, patterns) {
  return [
    { files, ignores: ['**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns }] } },
  ];
}

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
  // The house's floors (see the README's layout): each folder imports only from the floors below it, so a lower
  // layer never learns about a higher one and the structure holds without anyone watching.
  ...importFloor(
    ['packages/engine/src/**'],
    [
      {
        group: ['@fm/*'],
        message: 'The engine is the floor: pure maths, it imports no other package of ours.',
      },
    ],
  ),
  // A later block replaces the rule for its files, so the engine's floor is repeated here.
  ...importFloor(
    ['packages/engine/src/lineup/**'],
    [
      {
        group: ['@fm/*'],
        message: 'The engine is the floor: pure maths, it imports no other package of ours.',
      },
      {
        group: ['../trades/*', '../season/*'],
        message:
          'The line-up sits below its users: trades, free agents, season odds and the start/sit lab import it, not the reverse.',
      },
    ],
  ),
  ...importFloor(
    ['packages/projections/src/**'],
    [
      {
        group: ['@fm/*', '!@fm/engine', '!@fm/engine/*'],
        message: 'Projections build on the engine alone: no apps, database, contract or ui.',
      },
    ],
  ),
  ...importFloor(
    ['packages/contract/src/**'],
    [
      {
        group: [
          '@fm/api',
          '@fm/api/*',
          '@fm/db',
          '@fm/db/*',
          '@fm/web',
          '@fm/web/*',
          '@fm/ui',
          '@fm/ui/*',
          'node:*',
        ],
        message:
          'The contract is browser-safe: zod schemas and the engine/projections facts both sides check.',
      },
    ],
  ),
  ...importFloor(
    ['packages/db/src/**'],
    [
      {
        group: ['@fm/*', '!@fm/contract', '!@fm/contract/*'],
        message: 'The database package knows the contract alone: no apps, engine, projections or ui.',
      },
    ],
  ),
  ...importFloor(
    ['packages/ui/src/**'],
    [
      {
        group: ['@fm/api', '@fm/api/*', '@fm/db', '@fm/db/*', '@fm/web', '@fm/web/*'],
        message: 'Design-system components import no app and no server package.',
      },
    ],
  ),
  ...importFloor(
    [
      'apps/api/src/services/**',
      'apps/api/src/integrations/**',
      'apps/api/src/monitoring/**',
      'apps/api/src/process/**',
      'apps/api/src/workers/**',
    ],
    [
      {
        group: ['**/router/*', '**/http/*', '**/server.js'],
        message:
          'No import back up: services, integrations and monitoring never import routers, http/ or server.ts.',
      },
    ],
  ),
  ...importFloor(
    ['apps/api/src/router/**'],
    [
      {
        group: ['@fm/db', '@fm/db/*', 'drizzle-orm', 'drizzle-orm/*', '**/integrations/*'],
        message:
          'Routers stay thin: they validate and call a service; the database and upstreams are reached there.',
      },
    ],
  ),
  ...importFloor(
    ['apps/api/src/http/**'],
    [
      {
        group: ['../router/*', '!../router/root.js'],
        message:
          'http/ sits beside the routers, not inside them: it takes the app router (root.ts) and services only.',
      },
    ],
  ),
  // What lives for the whole process is created in server.ts and passed in AppDeps: a module exports no variable
  // anyone may change (process-wide counters shared by every server of a process, for one).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', NO_MUTABLE_EXPORTS] },
  },
  // A bye is decided by the engine's rule (isByeOpponent, hasNoGameInWeek) and tagged with its BYE_TAG; a later
  // block replaces the rule for its files, so the one above is repeated here.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['packages/ui/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_MUTABLE_EXPORTS,
        {
          selector: "BinaryExpression > Literal[value='BYE']",
          message:
            "Decide a bye with the engine's isByeOpponent / hasNoGameInWeek, or compare with its BYE_TAG.",
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
