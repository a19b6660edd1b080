// Prints which backends this run uses, so CI logs show both passes clearly. Without DATABASE_URL
// it starts the embedded PostgreSQL (the product's embedded default, without what only makes a
// crash survivable) for the whole run. On either server it then starts the run's test databases
// (packages/testing/src/test-run.ts): it drops what crashed earlier runs left, and every test
// file gets a database named for this run, which the teardown drops should a file leave it.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  const { startTestRun, TEST_SERVER_SETTINGS } = require('./dist/test-run');
  let db;
  if (process.env.DATABASE_URL) {
    db = `PostgreSQL (${new URL(process.env.DATABASE_URL).host})`;
  } else {
    const { startEmbeddedServer } = require('@dp/db');
    const dataDir = mkdtempSync(join(tmpdir(), 'dp-test-pg-'));
    const server = await startEmbeddedServer({ dataDir, settings: TEST_SERVER_SETTINGS });
    globalThis.__DP_EMBEDDED_TEST_SERVER__ = server;
    process.env.DATABASE_URL = server.url; // inherited by the workers jest starts next
    process.env.DP_EMBEDDED_DEFAULT = '1';
    db = `embedded PostgreSQL (${new URL(server.url).host}, data in ${dataDir})`;
  }
  const startedAt = Date.now();
  const run = await startTestRun(process.env.DATABASE_URL);
  globalThis.__DP_TEST_RUN__ = run;
  Object.assign(process.env, run.env); // inherited by the workers
  const how = run.template ? `clones of ${run.template} (migrated in ${Date.now() - startedAt} ms)` : `schemas ${run.stem}_*`;
  const dropped = run.droppedAbandoned.length ? `; dropped ${run.droppedAbandoned.length} left by crashed earlier runs` : '';
  const redis = process.env.REDIS_URL ? `Redis (${new URL(process.env.REDIS_URL).host})` : 'in-process state';
  process.stdout.write(`\n[test backends] database: ${db}, a test file's: ${how}${dropped}; shared state: ${redis}\n`);
};
