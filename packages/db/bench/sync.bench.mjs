#!/usr/bin/env node
// Sync (#13) benchmark: the whole legalize-cz repository into a fresh schema on PostgreSQL, as
// an initial sync up to HEAD~10, then the last 10 commits as an incremental sync. Prints time,
// peak RSS of this process (sampled) and the schema's size on disk. Measures, asserts nothing.
//
//   DATABASE_URL=postgresql://… node packages/db/bench/sync.bench.mjs     (after pnpm build)
//   SYNC_REPO=/tmp/legalize-cz.git   an assembled repository (default: assembled into a temp dir
//                                    from <repo root>/../shared/corpus/legalize-cz)
//   BENCH_KEEP=1                     keep the schema (printed) instead of dropping it
//   SYNC_TO=<rev> SYNC_THEN=<rev>    the initial sync up to SYNC_TO (default HEAD~10), the
//                                    incremental one up to SYNC_THEN (default HEAD): a part of the
//                                    history, for a per-document figure on a busy machine
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { applyMigrations, createDatabase, syncRepository } = require('../dist/index.js');

const here = dirname(fileURLToPath(import.meta.url));
const url = process.env.DATABASE_URL;
if (!url) {
  process.stdout.write('sync bench: skipped (needs DATABASE_URL: the target is PostgreSQL)\n');
  process.exit(0);
}

let repo = process.env.SYNC_REPO;
let tmp;
if (!repo) {
  const assemble = resolve(here, '..', '..', '..', '..', 'shared', 'corpus', 'legalize-cz', 'assemble.sh');
  if (!existsSync(assemble)) {
    process.stdout.write(`sync bench: skipped (no SYNC_REPO and no ${assemble})\n`);
    process.exit(0);
  }
  tmp = mkdtempSync(join(tmpdir(), 'dp-sync-bench-'));
  repo = join(tmp, 'legalize-cz.git');
  execFileSync('bash', [assemble, repo], { stdio: 'ignore' });
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 250);
// The documents a run wrote (created or updated), for a per-document figure.
const written = (r) => r.documents.created + r.documents.updated;
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const schema = `bench_sync_${randomBytes(4).toString('hex')}`;
const db = await createDatabase({ url, schema, queryTimeoutMs: 0 });
try {
  await applyMigrations(db);
  const head = execFileSync('git', ['--git-dir', repo, 'rev-parse', process.env.SYNC_TO ?? 'HEAD~10'], { encoding: 'utf8' }).trim();
  let lastLine = 0;
  const initial = await syncRepository(db, repo, {
    to: head,
    onProgress: (p) => {
      if (p.phase === 'documents' && Date.now() - lastLine > 30_000) {
        lastLine = Date.now();
        process.stderr.write(`  documents ${p.done}/${p.total}, rss ${mb(process.memoryUsage().rss)}\n`);
      }
    },
  });
  const initialPeak = peak;
  const incremental = await syncRepository(db, repo, process.env.SYNC_THEN ? { to: process.env.SYNC_THEN } : {});
  const [size] = await db.query(
    `SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'm')`,
    [schema],
  );
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM "document")::int AS documents, (SELECT count(*) FROM "document_version")::int AS versions,
            (SELECT count(*) FROM "document_relation")::int AS relations, (SELECT count(*) FROM "change")::int AS changes`,
  );
  process.stdout.write(
    `${JSON.stringify(
      {
        initial: {
          to: process.env.SYNC_TO ?? 'HEAD~10',
          commits: initial.commits,
          seconds: initial.duration_ms / 1000,
          documents: initial.documents,
          ms_per_document: initial.duration_ms / Math.max(1, written(initial)),
          warnings: initial.warning_counts,
          peak_rss: mb(initialPeak),
        },
        incremental: {
          commits: incremental.commits,
          seconds: incremental.duration_ms / 1000,
          documents: incremental.documents,
          ms_per_document: incremental.duration_ms / Math.max(1, written(incremental)),
          changes: incremental.changes,
        },
        schema_size: mb(Number(size?.bytes ?? 0)),
        rows: counts[0],
        peak_rss: mb(peak),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  clearInterval(sampler);
  if (process.env.BENCH_KEEP) process.stdout.write(`schema kept: ${schema}\n`);
  else await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
  await db.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
