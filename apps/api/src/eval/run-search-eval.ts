/**
 * Search quality evaluation: `pnpm eval:search`.
 *
 * Imports the shared corpus (CORPUS_PATH or ../shared/corpus/cz-sample.jsonl) into a throwaway
 * embedded PostgreSQL, or into a fresh schema of DATABASE_URL, runs the judged queries of search-queries.json
 * and prints MRR@10 and recall@10 for fulltext, hybrid and a baseline: plain PostgreSQL full text
 * with the `simple` configuration (no unaccent, no stemming), title weighted above body.
 * EVAL_SCHEMA=<schema> EVAL_SKIP_IMPORT=1 evaluates a schema that already holds a corpus (the whole
 * collection after `pnpm cli sync`); `relevant_full` judgments count only where their documents exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyMigrations, createDatabase, createScratchDatabase, importCorpusFile, sharedCorpusPath, type Database } from '@dp/db';
import { searchDocuments } from '../legal/search/search';

interface Judged {
  q: string;
  kind: string;
  relevant: string[];
  /** Further answers a user would accept that only the whole collection holds (not the sample). */
  relevant_full?: string[];
}

const K = 10;

/**
 * The query set lives next to the source; tsc does not copy JSON into dist/ (or dist-bench/src/,
 * where the benchmarks' copy runs), so look there too.
 */
export function loadQueries(): Judged[] {
  const candidates = [
    join(__dirname, 'search-queries.json'),
    join(__dirname, '..', '..', 'src', 'eval', 'search-queries.json'),
    join(__dirname, '..', '..', '..', 'src', 'eval', 'search-queries.json'),
  ];
  const file = candidates.find((f) => existsSync(f)) ?? candidates[0];
  return (JSON.parse(readFileSync(file, 'utf8')) as { queries: Judged[] }).queries;
}

/**
 * Reciprocal rank of the first relevant key within the top K, and the share of relevant keys found
 * among those the corpus holds (`present`; all of them when not given): one judgment serves the
 * sample and the whole collection.
 */
export function scoreRanking(ranked: string[], relevant: string[], present?: Set<string>): { rr: number; recall: number } {
  const top = ranked.slice(0, K);
  const first = top.findIndex((k) => relevant.includes(k));
  const findable = present ? relevant.filter((k) => present.has(k)) : relevant;
  return {
    rr: first < 0 ? 0 : 1 / (first + 1),
    recall: findable.length ? findable.filter((k) => top.includes(k)).length / findable.length : 1,
  };
}

async function baseline(db: Database, q: string): Promise<string[]> {
  const rows = await db.query<{ natural_key: string }>(
    `SELECT natural_key FROM eval_baseline, plainto_tsquery('simple', $1) AS q
     WHERE v @@ q ORDER BY ts_rank(v, q) DESC, natural_key LIMIT ${K}`,
    [q],
  );
  return rows.map((r) => r.natural_key);
}

async function mode(db: Database, q: string, m: 'fulltext' | 'hybrid'): Promise<string[]> {
  const page = await searchDocuments(db, { q, mode: m, filters: {}, limit: K, after: null });
  return page.results.map((r) => r.natural_key);
}

async function openDatabase(): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await createScratchDatabase({ queryTimeoutMs: 0 });
    return { db, cleanup: () => db.destroy() };
  }
  // EVAL_SCHEMA keeps the imported corpus between runs (re-import skips unchanged records).
  const keep = process.env.EVAL_SCHEMA;
  const schema = keep ?? `eval_${Date.now().toString(36)}`;
  const db = await createDatabase({ url, schema, queryTimeoutMs: 0 });
  return {
    db,
    cleanup: async () => {
      if (!keep) await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    },
  };
}

export async function main(): Promise<void> {
  const corpus = sharedCorpusPath();
  if (!corpus) throw new Error('shared corpus not found: set CORPUS_PATH');
  const { db, cleanup } = await openDatabase();
  try {
    await applyMigrations(db);
    if (process.env.EVAL_SKIP_IMPORT === '1') {
      // EVAL_SCHEMA already holds a corpus (e.g. the whole collection, synced from git).
      console.log('import skipped (EVAL_SKIP_IMPORT=1)');
    } else {
      const started = Date.now();
      const report = await importCorpusFile(db, corpus);
      console.log(`imported ${report.created} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "document"');
    console.log(`${stored[0].n} documents in the corpus`);
    // A table of the eval's schema, not a TEMP one: the pool may serve later queries (and hybrid
    // search uses two connections at once) from connections that cannot see another's temp table.
    await db.exec(`DROP TABLE IF EXISTS eval_baseline; CREATE UNLOGGED TABLE eval_baseline AS
      SELECT natural_key, setweight(to_tsvector('simple', title), 'A') || strip(to_tsvector('simple', text)) AS v FROM "document"`);

    const queries = loadQueries();
    const judgedKeys = [...new Set(queries.flatMap((j) => [...j.relevant, ...(j.relevant_full ?? [])]))];
    const present = new Set(
      (await db.query<{ natural_key: string }>('SELECT natural_key FROM "document" WHERE natural_key = ANY($1::text[])', [judgedKeys])).map(
        (r) => r.natural_key,
      ),
    );
    const systems = {
      baseline: (q: string) => baseline(db, q),
      fulltext: (q: string) => mode(db, q, 'fulltext'),
      hybrid: (q: string) => mode(db, q, 'hybrid'),
    };
    const totals: Record<string, { rr: number; recall: number }> = {};
    const byKind: Record<string, Record<string, { rr: number; n: number }>> = {};
    const misses: string[] = [];
    for (const j of queries) {
      for (const [name, run] of Object.entries(systems)) {
        const s = scoreRanking(await run(j.q), [...j.relevant, ...(j.relevant_full ?? [])], present);
        totals[name] ??= { rr: 0, recall: 0 };
        totals[name].rr += s.rr;
        totals[name].recall += s.recall;
        byKind[j.kind] ??= {};
        byKind[j.kind][name] ??= { rr: 0, n: 0 };
        byKind[j.kind][name].rr += s.rr;
        byKind[j.kind][name].n += 1;
        if (name === 'hybrid' && s.rr < 1) misses.push(`  hybrid rr=${s.rr.toFixed(2)}  ${j.q}`);
      }
    }
    const n = queries.length;
    console.log(`\n${n} queries, K=${K}`);
    console.log('system     MRR@10  recall@10');
    for (const [name, t] of Object.entries(totals)) {
      console.log(`${name.padEnd(10)} ${(t.rr / n).toFixed(3)}   ${(t.recall / n).toFixed(3)}`);
    }
    console.log('\nMRR@10 by query kind (baseline / fulltext / hybrid):');
    for (const [kind, s] of Object.entries(byKind)) {
      const f = (name: string) => (s[name].rr / s[name].n).toFixed(2);
      console.log(`  ${kind.padEnd(14)} n=${String(s.hybrid.n).padEnd(3)} ${f('baseline')} / ${f('fulltext')} / ${f('hybrid')}`);
    }
    if (misses.length) console.log(`\nhybrid below rank 1:\n${misses.join('\n')}`);
    await db.exec('DROP TABLE IF EXISTS eval_baseline');
  } finally {
    await cleanup();
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
