/**
 * Search latency benchmark: `node dist-bench/bench/search.bench.js` (after build).
 *
 * Imports the shared corpus into a throwaway embedded PostgreSQL, or into DATABASE_URL (schema BENCH_SCHEMA,
 * kept between runs, else a fresh one dropped at the end), then runs the judged queries of the
 * eval set in both modes and prints p50/p95 per mode, plus EXPLAIN of the lexical and trigram
 * candidate queries (index use). BENCH_SKIP_IMPORT=1 measures BENCH_SCHEMA as it is (the whole
 * collection after a sync). BENCH_SCALE=1 first replicates the corpus
 * under new keys up to 100,000 documents and measures again. BENCH_DERIVED=n adds the first n
 * queries of the derived set's tuning half (names, § headings: what the #25 signals look up).
 * BENCH_CLIENTS=8 also measures throughput: that many clients each running the queries one after
 * another (hybrid), requests per second; BENCH_CLIENT_ROUNDS=n has each client run them n times (a
 * longer sample). Hits point at provisions as over HTTP (BENCH_POINTERS=0: not).
 */
import { readFileSync } from 'node:fs';
import { applyMigrations, createDatabase, createScratchDatabase, importCorpusFile, sharedCorpusPath, type Database } from '@dp/db';
import { loadDerivedQueries, loadQueries } from '../src/eval/run-search-eval';
import { DocumentCache } from '../src/legal/documents/document-cache';
import { searchDocuments, type SearchRequest } from '../src/legal/search/search';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/**
 * The search as the route runs it: hits pointed at their provisions through the document cache
 * (BENCH_POINTERS=0 measures the ranking alone; BENCH_RANKED_POINTERS=0 points hits as before #37,
 * without asking the provision ranking for each page's pointers, to measure what that costs).
 */
let trees: DocumentCache | undefined;
const rankedPointers = process.env.BENCH_RANKED_POINTERS !== '0';
const search = (db: Database, req: SearchRequest) => searchDocuments(db, { ...req, rankedPointers }, undefined, trees);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function benchQueries(): string[] {
  const derived = Number(process.env.BENCH_DERIVED ?? 0);
  return [
    ...loadQueries().map((j) => j.q),
    ...loadDerivedQueries()
      .filter((d) => d.half === 'tune')
      .slice(0, derived)
      .map((d) => d.q),
  ];
}

/** The bench's connections name themselves, so their server processes can be found (cpuOfBackends). */
const APPLICATION_NAME = 'dp_search_bench';

/**
 * CPU time (ms) the bench's PostgreSQL backends have used so far, from Linux's
 * /proc/<pid>/schedstat (nanoseconds on a CPU), or null where that cannot be read (another OS, a
 * server on another machine). Unlike wall time it does not grow with the machine's load, so with
 * the bench process's own CPU it says how many searches two cores can serve at most.
 */
async function cpuOfBackends(db: Database): Promise<number | null> {
  const rows = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APPLICATION_NAME]);
  let ms = 0;
  for (const { pid } of rows) {
    try {
      ms += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return null;
    }
  }
  return rows.length ? ms : null;
}

/** `clients` clients, each running every query in its own order, at once: requests per second. */
async function throughput(db: Database, label: string, clients: number): Promise<void> {
  const rounds = Number(process.env.BENCH_CLIENT_ROUNDS ?? 1);
  const queries = Array.from({ length: rounds }, () => benchQueries()).flat();
  const [nodeBefore, pgBefore] = [process.cpuUsage(), await cpuOfBackends(db)];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < queries.length; i++) {
        const q = queries[(i + c * 7) % queries.length];
        await search(db, { q, mode: 'hybrid', filters: {}, limit: 20, after: null });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const nodeUsed = process.cpuUsage(nodeBefore);
  const pgAfter = await cpuOfBackends(db);
  // Cores busy on average: the bench process (one thread of JavaScript: 1.0 is its limit) and
  // the PostgreSQL backends.
  const nodeCores = (nodeUsed.user + nodeUsed.system) / 1e6 / seconds;
  const pgCores = pgBefore !== null && pgAfter !== null ? (pgAfter - pgBefore) / 1000 / seconds : null;
  console.log(
    `${label} hybrid, ${clients} clients: ${((clients * queries.length) / seconds).toFixed(0)} req/s (${clients * queries.length} searches)` +
      ` | cores busy: node ${nodeCores.toFixed(2)}, PostgreSQL ${pgCores === null ? 'n/a' : pgCores.toFixed(2)}`,
  );
}

async function measure(db: Database, label: string): Promise<void> {
  const queries = benchQueries();
  for (const mode of ['fulltext', 'hybrid'] as const) {
    await search(db, { q: queries[0], mode, filters: {}, limit: 20, after: null }); // warm-up
    const times: number[] = [];
    const [nodeBefore, pgBefore] = [process.cpuUsage(), await cpuOfBackends(db)];
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of queries) {
        const t = performance.now();
        await search(db, { q, mode, filters: {}, limit: 20, after: null });
        times.push(performance.now() - t);
      }
    }
    const nodeUsed = process.cpuUsage(nodeBefore);
    const pgAfter = await cpuOfBackends(db);
    times.sort((a, b) => a - b);
    const nodeMs = (nodeUsed.user + nodeUsed.system) / 1000 / times.length;
    const pgMs = pgBefore !== null && pgAfter !== null ? (pgAfter - pgBefore) / times.length : null;
    // Two cores serve at most 2000 / (CPU ms per search) searches a second, and the single-threaded
    // bench process at most 1000 / (its ms per search): the lower of the two bounds throughput.
    const bound = pgMs === null ? '' : ` ceiling ${Math.min(2000 / (nodeMs + pgMs), 1000 / nodeMs).toFixed(0)} req/s`;
    console.log(
      `${label} ${mode.padEnd(8)} n=${times.length} p50=${percentile(times, 50).toFixed(1)} ms p95=${percentile(times, 95).toFixed(1)} ms max=${times[times.length - 1].toFixed(1)} ms` +
        ` | CPU per search: node ${nodeMs.toFixed(1)} ms, PostgreSQL ${pgMs === null ? 'n/a' : `${pgMs.toFixed(1)} ms`}${bound}`,
    );
  }
}

async function explain(db: Database): Promise<void> {
  const plans = {
    'lexical (title matches)': [`EXPLAIN SELECT id FROM "document" WHERE search_head @@ to_tsquery('simple', 'obcansk:* & zakonik:*')`],
    'lexical (body-only matches)': [
      `EXPLAIN SELECT id FROM "document" WHERE search_vector @@ to_tsquery('simple', 'obcansk:* & zakonik:*') AND NOT (search_head @@ to_tsquery('simple', 'obcansk:* & zakonik:*')) LIMIT 2000`,
    ],
    'trigram (title-term dictionary)': [`EXPLAIN SELECT term FROM "search_title_term" WHERE term OPERATOR(public.%) $1::text`, 'obcnask'],
    'trigram (titles to compare)': [
      `EXPLAIN SELECT id, search_title FROM "document" WHERE search_head @@ $1::tsquery LIMIT 2000`,
      '(obcansk) & (zakonik)',
    ],
  };
  for (const [name, [sql, ...params]] of Object.entries(plans)) {
    // As searchDocuments runs them: sequential scans discouraged (see search.ts).
    const rows = await db.withSession(async (s) => {
      await s.exec('BEGIN');
      await s.exec('SET LOCAL enable_seqscan = off');
      const r = await s.query<{ 'QUERY PLAN': string }>(sql, params);
      await s.exec('COMMIT');
      return r;
    });
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    const index = /Bitmap Index Scan on (\S+)|Index Scan using (\S+)/.exec(text);
    console.log(
      `\nEXPLAIN ${name}: ${index ? `uses index ${index[1] ?? index[2]}` : 'NO index (sequential scan: fine on a small table)'}\n${text}`,
    );
  }
}

/**
 * Copies the corpus under new natural keys (`<key>-x<n>`) until `target` documents. The copies take
 * the originals' search columns as they are (same text, same vectors), so the triggers are off and
 * the search indexes are rebuilt once at the end: a minute or two instead of hours of re-stemming.
 */
async function scaleUp(db: Database, target: number): Promise<void> {
  const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "document"'))[0].n;
  const base = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "document" WHERE natural_key NOT LIKE '%-x%'`))[0].n;
  const copies = Math.ceil(target / base) - 1;
  if ((await count()) >= base * (copies + 1)) return;
  const indexes = await db.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'document' AND indexname LIKE 'document_search_%'`,
  );
  const columns = (
    await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'document' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    )
  ).map((c) => c.name);
  const copied = columns.map((c) => (c === 'id' ? `d.id || '-X' || n` : c === 'natural_key' ? `d.natural_key || '-x' || n` : `d."${c}"`));
  await db.exec('ALTER TABLE "document" DISABLE TRIGGER document_search_refresh');
  try {
    for (const { name } of indexes) await db.exec(`DROP INDEX "${name}"`);
    const started = Date.now();
    for (let from = 1; from <= copies; from += 10) {
      const to = Math.min(copies, from + 9);
      await db.exec(`
        INSERT INTO "document" (${columns.map((c) => `"${c}"`).join(', ')})
        SELECT ${copied.join(', ')} FROM "document" d CROSS JOIN generate_series(${from}, ${to}) n
        WHERE d.natural_key NOT LIKE '%-x%'
        ON CONFLICT DO NOTHING`);
      console.log(`scale-up: ${base * (to + 1)} documents (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await db.withSession(async (s) => {
      await s.exec(`SET maintenance_work_mem = '1GB'`);
      for (const { name, def } of indexes) {
        const t = Date.now();
        await s.exec(def);
        console.log(`scale-up: rebuilt ${name} (${((Date.now() - t) / 1000).toFixed(0)} s)`);
      }
    });
  } finally {
    await db.exec('ALTER TABLE "document" ENABLE TRIGGER USER');
  }
  await db.exec('VACUUM ANALYZE "document"');
}

async function main(): Promise<void> {
  const corpus = sharedCorpusPath();
  if (!corpus) throw new Error('shared corpus not found: set CORPUS_PATH');
  const url = process.env.DATABASE_URL;
  const keep = process.env.BENCH_SCHEMA;
  const schema = keep ?? `bench_${Date.now().toString(36)}`;
  const scratch = url ? undefined : await createScratchDatabase({ queryTimeoutMs: 0 });
  // Two connections per hybrid search: a pool that serves the clients of the throughput run.
  const poolSize = Math.max(10, 2 * Number(process.env.BENCH_CLIENTS ?? 0));
  const named = url ? new URL(url) : undefined;
  named?.searchParams.set('application_name', APPLICATION_NAME);
  const db = scratch ?? (await createDatabase({ url: named?.toString(), schema, queryTimeoutMs: 0, poolSize }));
  if (process.env.BENCH_POINTERS !== '0') trees = new DocumentCache(db);
  try {
    await applyMigrations(db);
    if (process.env.BENCH_SKIP_IMPORT === '1') {
      // BENCH_SCHEMA already holds a corpus (e.g. the whole collection, synced from git).
      const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "document"');
      console.log(`corpus: import skipped, ${n} documents in ${schema}`);
    } else {
      const report = await importCorpusFile(db, corpus);
      console.log(`corpus: ${report.created} imported, ${report.unchanged} already there`);
    }
    await db.exec('ANALYZE "document"');
    await measure(db, 'corpus ');
    if (process.env.BENCH_CLIENTS) await throughput(db, 'corpus ', Number(process.env.BENCH_CLIENTS));
    await explain(db);
    if (process.env.BENCH_SCALE === '1') {
      await scaleUp(db, 100_000);
      await measure(db, '100k   ');
      await explain(db);
    }
  } finally {
    if (scratch) await scratch.destroy();
    else {
      if (!keep) await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
