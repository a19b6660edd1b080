// Prints which backends this run uses, so CI logs show both passes clearly. Without DATABASE_URL
// it starts the embedded PostgreSQL (the product's embedded default) for the whole run. On either
// server it then migrates one template database for the run (dropping those of crashed earlier
// runs first); every test file gets a clone of it (packages/testing/src/template-database.ts).
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  let db;
  if (process.env.DATABASE_URL) {
    db = `PostgreSQL (${new URL(process.env.DATABASE_URL).host})`;
  } else {
    const { startEmbeddedServer } = require('@dp/db');
    const dataDir = mkdtempSync(join(tmpdir(), 'dp-test-pg-'));
    const server = await startEmbeddedServer({ dataDir });
    globalThis.__DP_EMBEDDED_TEST_SERVER__ = server;
    process.env.DATABASE_URL = server.url; // inherited by the workers jest starts next
    process.env.DP_EMBEDDED_DEFAULT = '1';
    db = `embedded PostgreSQL (${new URL(server.url).host}, data in ${dataDir})`;
  }
  const { prepareTemplateDatabase, TEMPLATE_DATABASE_ENV } = require('./dist/template-database');
  const startedAt = Date.now();
  const run = await prepareTemplateDatabase(process.env.DATABASE_URL);
  globalThis.__DP_TEST_TEMPLATE_RUN__ = run;
  process.env[TEMPLATE_DATABASE_ENV] = run.template; // the workers clone it per test file
  const dropped = run.droppedAbandoned.length ? `; dropped ${run.droppedAbandoned.length} database(s) of crashed earlier runs` : '';
  const redis = process.env.REDIS_URL ? `Redis (${new URL(process.env.REDIS_URL).host})` : 'in-process state';
  process.stdout.write(
    `\n[test backends] database: ${db}, template ${run.template} migrated in ${Date.now() - startedAt} ms${dropped}; shared state: ${redis}\n`,
  );
};
