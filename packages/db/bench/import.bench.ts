// Import throughput: the shared corpus into a throwaway embedded PostgreSQL and, when DATABASE_URL
// is set, into a fresh schema on that PostgreSQL (dropped afterwards). Budget: ≤ 30 s for the whole sample.
// Run: node packages/db/dist-bench/bench/import.bench.js   (CORPUS_PATH overrides the corpus location)
import type { Database } from '../src/client';
import { importCorpusFile, type ImportReport } from '../src/corpus/import-corpus';
import { sharedCorpusPath } from '../src/corpus/paths';
import { createScratchDatabase } from '../src/scratch-database';

export interface BenchResult {
  backend: 'embedded' | 'postgres';
  documents: number;
  seconds: number;
  documentsPerSecond: number;
  report: ImportReport;
}

async function timeImport(backend: BenchResult['backend'], db: Database, path: string): Promise<BenchResult> {
  const report = await importCorpusFile(db, path);
  const documents = report.created + report.updated + report.unchanged;
  const seconds = report.durationMs / 1000;
  return { backend, documents, seconds, documentsPerSecond: documents / seconds, report };
}

/** Into a fresh schema on url, or into a throwaway embedded PostgreSQL without one. */
export async function benchImport(path: string, url?: string): Promise<BenchResult> {
  const db = await createScratchDatabase({ url, queryTimeoutMs: 0 });
  try {
    return await timeImport(url ? 'postgres' : 'embedded', db, path);
  } finally {
    await db.destroy();
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
  const embedded = await benchImport(path);
  print(embedded);
  failures += embedded.report.failed.length;
  const url = process.env.DATABASE_URL;
  if (url) {
    const postgres = await benchImport(path, url);
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
