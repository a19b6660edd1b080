// One jest run over every package: a shared worker pool fits a 2-core machine better than one
// jest process per package.
const { readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const dirs = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(__dirname, group))
    .map((name) => join(group, name))
    .filter((dir) => existsSync(join(__dirname, dir, 'package.json'))),
);

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60_000,
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  globalSetup: '<rootDir>/packages/testing/jest.global-setup.js',
  globalTeardown: '<rootDir>/packages/testing/jest.global-teardown.js',
  projects: dirs.map((dir) => ({
    displayName: dir,
    rootDir: join(__dirname, dir),
    // JEST_CPU_LOG=<file>: the same environment, logging each file's CPU seconds (packages/testing/jest.cpu-env.js).
    testEnvironment: process.env.JEST_CPU_LOG ? join(__dirname, 'packages/testing/jest.cpu-env.js') : 'node',
    // Tests live in each package's test/ (never in src/, which ships).
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    // Transpile only, with esbuild (packages/testing/jest-transform.js): `pnpm typecheck` checks types.
    transform: { '^.+\\.ts$': join(__dirname, 'packages/testing/jest-transform.js') },
    moduleNameMapper: {
      // Prisma's generated TypeScript imports its siblings as `./x.js`.
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '^@dp/(core|czech-law|db|testing|mcp|sdk)$': join(__dirname, 'packages/$1/src'),
      '^@dp/(core|czech-law|db|testing|mcp|sdk)/(.*)$': join(__dirname, 'packages/$1/src/$2'),
      '^@dp/(api|x402-gateway|portal|mcp-stdio|mcp-http|cli|webhook-worker)$': join(__dirname, 'apps/$1/src'),
      '^@dp/(api|x402-gateway|portal|mcp-stdio|mcp-http|cli|webhook-worker)/(.*)$': join(__dirname, 'apps/$1/src/$2'),
    },
    setupFiles: [join(__dirname, 'packages/testing/jest.setup.js')],
  })),
};
