// Import throughput: the shared corpus into a fresh in-memory PGlite and, when DATABASE_URL is set,
// into a fresh schema on PostgreSQL (dropped afterwards). Budget: ≤ 30 s for the whole sample.
// Run: node packages/db/dist/bench/import.bench.js   (CORPUS_PATH overrides the corpus location)
import { randomBytes } from 'node:crypto';
import { createDatabase, type Database } from '../client';
import { importCorpusFile, type ImportReport } from '../corpus/import-corpus';
import { sharedCorpusPath } from '../corpus/paths';
import { applyMigrations } from '../migrate';

export interface BenchResult {
  backend: 'pglite' | 'postgres';
  documents: number;
  seconds: number;
  documentsPerSecond: number;
  report: ImportReport;
}

async function timeImport(db: Database, path: string): Promise<BenchResult> {
  const report = await importCorpusFile(db, path);
  const documents = report.created + report.updated + report.unchanged;
  const seconds = report.durationMs / 1000;
  return { backend: db.kind, documents, seconds, documentsPerSecond: documents / seconds, report };
}

export async function benchPglite(path: string): Promise<BenchResult> {
  const db = await createDatabase();
  try {
    await applyMigrations(db);
    return await timeImport(db, path);
  } finally {
    await db.close();
  }
}

export async function benchPostgres(url: string, path: string): Promise<BenchResult> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const db = await createDatabase({ url, schema });
  try {
    await applyMigrations(db);
    return await timeImport(db, path);
  } finally {
    await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await db.close();
  }
}

function print(r: BenchResult): void {
  const failed = r.report.failed.length ? `, ${r.report.failed.length} failed lines` : '';
  process.stdout.write(
    `${r.backend.padEnd(8)} ${r.documents} documents in ${r.seconds.toFixed(2)} s` +
      ` = ${r.documentsPerSecond.toFixed(1)} documents/s (${r.report.changes} changes${failed})\n`,
  );
}

export async function main(): Promise<number> {
  const path = sharedCorpusPath();
  if (!path) {
    process.stderr.write('shared corpus not found: set CORPUS_PATH or place it at ../shared/corpus/cz-sample.jsonl\n');
    return 2;
  }
  let failures = 0;
  const pglite = await benchPglite(path);
  print(pglite);
  failures += pglite.report.failed.length;
  const url = process.env.DATABASE_URL;
  if (url) {
    const postgres = await benchPostgres(url, path);
    print(postgres);
    failures += postgres.report.failed.length;
  } else {
    process.stdout.write('postgres (skipped: DATABASE_URL not set)\n');
  }
  return failures ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
