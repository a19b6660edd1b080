// Prints which backends this run uses, so CI logs show both passes clearly. Without DATABASE_URL
// it starts the embedded PostgreSQL (the product's embedded default) for the whole run; every test
// file then gets a schema of its own on it, exactly as on the PostgreSQL pass.
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
  const redis = process.env.REDIS_URL ? `Redis (${new URL(process.env.REDIS_URL).host})` : 'in-process state';
  process.stdout.write(`\n[test backends] database: ${db}; shared state: ${redis}\n`);
};
