#!/usr/bin/env node
// A test file's database (#39 item 6): what one costs to make and drop, both ways the test kit can
// make it (test-run.ts): a clone of the run's migrated template, or a schema of its own with every
// migration replayed, in alternating rounds on the same server. Measures, asserts nothing.
//
//   node packages/testing/bench/test-database.bench.mjs                 (after pnpm build; embedded PostgreSQL)
//   DATABASE_URL=postgresql://…/test node packages/testing/bench/…      (that server)
//   BENCH_ROUNDS=10                                                     rounds of each (default 8)
//   BENCH_DURABLE=1     the embedded server with fsync (default: as jest's set-up starts it, without)
//   TEST_DATABASE_PREFIX=…                                              names of the databases it makes
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { createScratchDatabase, startEmbeddedServer } = require('@dp/db');
const {
  cloneTemplateDatabase,
  dropTestDatabase,
  nextTestDatabaseName,
  startTestRun,
  TEST_SERVER_SETTINGS,
} = require('../dist/test-run.js');
const { createDatabase } = require('@dp/db');

const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
let url = process.env.DATABASE_URL;
let server;
let dataDir;
if (!url) {
  dataDir = mkdtempSync(join(tmpdir(), 'dp-bench-pg-'));
  server = await startEmbeddedServer({ dataDir, settings: process.env.BENCH_DURABLE === '1' ? {} : TEST_SERVER_SETTINGS });
  url = server.url;
}

const timed = async (fn) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (v) => `${Math.round(v)} ms`;
  return `median ${f(s[Math.floor(s.length / 2)])}, min ${f(s[0])}, max ${f(s[s.length - 1])}`;
};

let run;
const templateMs = await timed(async () => (run = await startTestRun(url, 'clone')));
const clone = [];
const schema = [];
try {
  for (let i = 0; i < rounds; i++) {
    // Each as a test file does it: made, one connection's query, dropped.
    clone.push(
      await timed(async () => {
        const c = await cloneTemplateDatabase(url, run.template, nextTestDatabaseName(run.stem));
        const db = await createDatabase({ url: c.url, poolSize: 1 });
        await db.query('SELECT count(*) FROM document');
        await db.close();
        await dropTestDatabase(url, c.name);
      }),
    );
    schema.push(
      await timed(async () => {
        const db = await createScratchDatabase({ url, schema: nextTestDatabaseName(run.stem) });
        await db.query('SELECT count(*) FROM document');
        await db.destroy();
      }),
    );
  }
} finally {
  await run.finish();
  if (server) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const where = server
  ? `embedded PostgreSQL${process.env.BENCH_DURABLE === '1' ? '' : ', fsync off'}`
  : `PostgreSQL at ${new URL(url).host}`;
process.stdout.write(
  `\ntest database per file (${where}, ${rounds} rounds alternating; load ${(await import('node:os')).loadavg()[0].toFixed(1)})\n` +
    `  template, once per run:            ${Math.round(templateMs)} ms\n` +
    `  clone of the template:             ${stats(clone)}\n` +
    `  schema + every migration replayed: ${stats(schema)}\n`,
);
