// ESLint flat config: typescript-eslint's type-aware recommended set over every package's sources,
// tests and benches (each file is checked with its package's tsconfig.json through projectService).
// Plain JavaScript (build scripts, jest set-up, the portal's browser scripts) gets the untyped
// recommended set. Formatting is Prettier's job (.prettierrc.json), so no stylistic rules here.
import eslint from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-bench/',
    '**/coverage/',
    '**/.turbo/',
    '.data/',
    '.tools/',
    'packages/db/src/generated/',
    'packages/core/src/generated/',
  ]),

  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  {
    files: ['**/*.ts'],
    rules: {
      // `declare global { namespace Express { interface Request … } }` is how @types/express lets
      // an app add fields to the request; real (runtime) namespaces stay forbidden.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // `_`-prefixed names mark parameters kept for a signature (Express error handlers need four).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `async` on implementations of Promise-returning interfaces (PubSub, SharedState, mailers)
      // keeps the contract: a throw becomes a rejection. Dropping it would change that.
      '@typescript-eslint/require-await': 'off',
      // Node's URL and URLSearchParams print as their text; the default allow list only knows the DOM lib's.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            { from: 'package', package: 'url', name: ['URL', 'URLSearchParams'] },
          ],
        },
      ],
    },
  },

  // Tests read untyped JSON (supertest's `res.body` is `any`, JSON.parse, log lines, corpus records)
  // and check its shape with expect() at run time; typing every body would add casts, not safety.
  {
    files: ['**/test/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // @dp/testing depends on @dp/db, so @dp/db's tests load it with a typed require (no cycle).
    files: ['packages/db/test/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': ['error', { allow: ['^@dp/testing$'] }] },
  },

  // JavaScript: node scripts and CommonJS configs, then the portal's browser scripts.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off', // CommonJS files (jest config and set-up) load with require
    },
  },
  {
    files: ['apps/portal/static/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    // Written for old browsers too (ES5): `catch (e)` keeps its binding, used or not.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
);
