/**
 * Search quality evaluation: `pnpm eval:search`.
 *
 * Imports the shared corpus (CORPUS_PATH or ../shared/corpus/cz-sample.jsonl) into a throwaway
 * embedded PostgreSQL, or into a fresh schema of DATABASE_URL, runs the judged queries of search-queries.json
 * and the derived pairs of derived-queries.json (derive-search-queries.ts; those whose act the
 * corpus holds) and prints MRR@10, recall@10 and first-hit rate per set (judged; derived `tune`;
 * derived `heldout`, also per rule) for fulltext, hybrid and, on the judged set, a baseline: plain
 * PostgreSQL full text with the `simple` configuration (no unaccent, no stemming), title weighted
 * above body. `--json` or EVAL_JSON=1: the figures as JSON on stdout (the log on stderr);
 * EVAL_JSON_OUT=<file> also writes them there.
 * EVAL_SCHEMA=<schema> EVAL_SKIP_IMPORT=1 evaluates a schema that already holds a corpus (the whole
 * collection after `pnpm cli sync`) and only reads it (read-only connections, no migrations, no
 * baseline); `relevant_full` judgments count only where their documents exist.
 * For a sweep on the tuning half: EVAL_SETS=judged,tune runs only those sets, EVAL_MODES=hybrid
 * only that mode, EVAL_WEIGHTS='{"name":2}' overrides ranking weights (legal/search/weights.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyMigrations, createDatabase, createScratchDatabase, importCorpusFile, sharedCorpusPath, type Database } from '@dp/db';
import { searchDocuments } from '../legal/search/search';
import { WEIGHTS, type Weights } from '../legal/search/weights';

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

/**
 * With EVAL_SKIP_IMPORT=1 the eval only reads: every connection is read only, no migrations, no
 * baseline table (the baseline is reported for imported corpora only).
 */
async function openDatabase(readOnly: boolean): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (readOnly) throw new Error('EVAL_SKIP_IMPORT=1 evaluates an existing schema: set DATABASE_URL and EVAL_SCHEMA');
    const db = await createScratchDatabase({ queryTimeoutMs: 0 });
    return { db, cleanup: () => db.destroy() };
  }
  // EVAL_SCHEMA keeps the imported corpus between runs (re-import skips unchanged records).
  const keep = process.env.EVAL_SCHEMA;
  if (readOnly && !keep) throw new Error('EVAL_SKIP_IMPORT=1 evaluates an existing schema: set EVAL_SCHEMA');
  const schema = keep ?? `eval_${Date.now().toString(36)}`;
  const db = await createDatabase({ url, schema, queryTimeoutMs: 0, readOnly, poolSize: 16 });
  return {
    db,
    cleanup: async () => {
      if (!keep) await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    },
  };
}

export interface DerivedPair {
  q: string;
  relevant: string[];
  rule: string;
  half: 'tune' | 'heldout';
}

/** The derived pairs (derive-search-queries.ts); [] when the file is absent. */
export function loadDerivedQueries(): DerivedPair[] {
  const candidates = [
    join(__dirname, 'derived-queries.json'),
    join(__dirname, '..', '..', 'src', 'eval', 'derived-queries.json'),
    join(__dirname, '..', '..', '..', 'src', 'eval', 'derived-queries.json'),
  ];
  const file = candidates.find((f) => existsSync(f));
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as { queries: DerivedPair[] }).queries : [];
}

export interface SetScore {
  n: number;
  mrr: number;
  recall: number;
  /** Share of queries whose first result is relevant. */
  first_hit: number;
}

/** Means of per-query scores; a query's first hit is rr === 1. */
export function summarize(scores: { rr: number; recall: number }[]): SetScore {
  const n = scores.length;
  const mean = (f: (s: { rr: number; recall: number }) => number) => (n ? scores.reduce((a, s) => a + f(s), 0) / n : 0);
  return { n, mrr: mean((s) => s.rr), recall: mean((s) => s.recall), first_hit: mean((s) => (s.rr === 1 ? 1 : 0)) };
}

/** Runs `fn` over `items`, `limit` at a time, results in input order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

interface EvalQuery {
  q: string;
  relevant: string[];
  set: string;
  kind: string;
}

export async function main(): Promise<void> {
  const json = process.argv.includes('--json') || process.env.EVAL_JSON === '1';
  // With --json stdout carries the JSON only; the log goes to stderr.
  const log = json ? (s: string) => console.error(s) : (s: string) => console.log(s);
  const readOnly = process.env.EVAL_SKIP_IMPORT === '1';
  const { db, cleanup } = await openDatabase(readOnly);
  try {
    if (readOnly) {
      // EVAL_SCHEMA already holds a corpus (e.g. the whole collection, synced from git).
      log('import skipped (EVAL_SKIP_IMPORT=1): read only, no migrations, no baseline');
    } else {
      const corpus = sharedCorpusPath();
      if (!corpus) throw new Error('shared corpus not found: set CORPUS_PATH');
      await applyMigrations(db);
      const started = Date.now();
      const report = await importCorpusFile(db, corpus);
      log(`imported ${report.created} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // A table of the eval's schema, not a TEMP one: the pool may serve later queries (and hybrid
      // search uses two connections at once) from connections that cannot see another's temp table.
      await db.exec(`DROP TABLE IF EXISTS eval_baseline; CREATE UNLOGGED TABLE eval_baseline AS
        SELECT natural_key, setweight(to_tsvector('simple', title), 'A') || strip(to_tsvector('simple', text)) AS v FROM "document"`);
    }
    const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "document"');
    log(`${stored[0].n} documents in the corpus`);

    const judged = loadQueries();
    const derived = loadDerivedQueries();
    const allKeys = [
      ...new Set([...judged.flatMap((j) => [...j.relevant, ...(j.relevant_full ?? [])]), ...derived.flatMap((d) => d.relevant)]),
    ];
    const present = new Set(
      (await db.query<{ natural_key: string }>('SELECT natural_key FROM "document" WHERE natural_key = ANY($1::text[])', [allKeys])).map(
        (r) => r.natural_key,
      ),
    );
    // A derived pair counts only where its act is in the corpus (the sample holds few of them).
    const usable = derived.filter((d) => d.relevant.some((k) => present.has(k)));
    if (derived.length) log(`${derived.length} derived pairs, ${usable.length} with their act in the corpus`);
    const sets = process.env.EVAL_SETS ? new Set(process.env.EVAL_SETS.split(',')) : null;
    const queries: EvalQuery[] = [
      ...judged.map((j) => ({ q: j.q, relevant: [...j.relevant, ...(j.relevant_full ?? [])], set: 'judged', kind: j.kind })),
      ...usable.map((d) => ({ q: d.q, relevant: d.relevant, set: d.half, kind: d.rule })),
    ].filter((x) => !sets || sets.has(x.set));
    if (process.env.EVAL_WEIGHTS) {
      const overrides = JSON.parse(process.env.EVAL_WEIGHTS) as Partial<Weights>;
      for (const [k, v] of Object.entries(overrides)) {
        if (!(k in WEIGHTS) || typeof v !== 'number') throw new Error(`EVAL_WEIGHTS: unknown weight or not a number: ${k}`);
        WEIGHTS[k as keyof Weights] = v;
      }
      log(`weights: ${JSON.stringify(WEIGHTS)}`);
    }

    const modes = process.env.EVAL_MODES ? process.env.EVAL_MODES.split(',') : ['fulltext', 'hybrid'];
    const systems: Record<string, (q: string) => Promise<string[]>> = {
      ...(readOnly ? {} : { baseline: (q: string) => baseline(db, q) }),
      ...Object.fromEntries(modes.map((m) => [m, (q: string) => mode(db, q, m as 'fulltext' | 'hybrid')])),
    };
    const concurrency = Number(process.env.EVAL_CONCURRENCY ?? 4);
    const results: Record<string, { rr: number; recall: number; top: string[] }[]> = {};
    for (const [name, run] of Object.entries(systems)) {
      const started = Date.now();
      // The baseline only for the judged set: its plain FTS over the whole text is slow.
      const subset = name === 'baseline' ? queries.filter((x) => x.set === 'judged') : queries;
      results[name] = await mapLimit(subset, concurrency, async (x) => {
        const top = await run(x.q);
        return { ...scoreRanking(top, x.relevant, present), top };
      });
      log(`${name}: ${subset.length} queries in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }

    const groups: { set: string; rule?: string; pick: (x: EvalQuery) => boolean }[] = [
      { set: 'judged', pick: (x) => x.set === 'judged' },
      { set: 'tune', pick: (x) => x.set === 'tune' },
      { set: 'heldout', pick: (x) => x.set === 'heldout' },
      ...[...new Set(usable.map((d) => d.rule))]
        .sort()
        .flatMap((rule) => [{ set: 'heldout', rule, pick: (x: EvalQuery) => x.set === 'heldout' && x.kind === rule }]),
      ...[...new Set(usable.map((d) => d.rule))]
        .sort()
        .flatMap((rule) => [{ set: 'tune', rule, pick: (x: EvalQuery) => x.set === 'tune' && x.kind === rule }]),
    ];
    const report = groups.map((g) => ({
      set: g.set,
      ...(g.rule ? { rule: g.rule } : {}),
      ...Object.fromEntries(
        Object.entries(results).map(([name, rs]) => {
          const subset = name === 'baseline' ? queries.filter((x) => x.set === 'judged') : queries;
          return [name, summarize(rs.filter((_, i) => g.pick(subset[i])))];
        }),
      ),
    })) as ({ set: string; rule?: string } & Record<string, SetScore>)[];

    const byKind: Record<string, Record<string, { rr: number; n: number }>> = {};
    const names0 = modes.includes('hybrid') ? 'hybrid' : modes[0];
    const misses: string[] = [];
    queries.forEach((x, i) => {
      if (x.set !== 'judged') return;
      for (const name of Object.keys(results)) {
        const s = results[name][i];
        byKind[x.kind] ??= {};
        byKind[x.kind][name] ??= { rr: 0, n: 0 };
        byKind[x.kind][name].rr += s.rr;
        byKind[x.kind][name].n += 1;
        if (name === names0 && s.rr < 1) misses.push(`  hybrid rr=${s.rr.toFixed(2)}  ${x.q}`);
      }
    });

    const figures = JSON.stringify({ k: K, documents: stored[0].n, read_only: readOnly, sets: report }, null, 2);
    if (process.env.EVAL_JSON_OUT) writeFileSync(process.env.EVAL_JSON_OUT, `${figures}\n`);
    if (json) {
      console.log(figures);
      return;
    }
    const names = Object.keys(results);
    console.log(`\nK=${K}; MRR@10 / recall@10 / first-hit rate per set and system`);
    console.log(`${'set'.padEnd(30)} ${'n'.padStart(5)}  ${names.map((n) => n.padEnd(20)).join(' ')}`);
    for (const row of report) {
      const label = row.rule ? `  ${row.set} ${row.rule}` : row.set;
      const cells = names.map((name) => {
        const s = row[name];
        return (s && s.n ? `${s.mrr.toFixed(3)} ${s.recall.toFixed(3)} ${s.first_hit.toFixed(3)}` : '-').padEnd(20);
      });
      const n = row.fulltext?.n ?? 0;
      console.log(`${label.padEnd(30)} ${String(n).padStart(5)}  ${cells.join(' ')}`);
    }
    console.log(`\nMRR@10 of the judged set by query kind (${names.join(' / ')}):`);
    for (const [kind, s] of Object.entries(byKind)) {
      const f = (name: string) => (s[name].rr / s[name].n).toFixed(2);
      console.log(`  ${kind.padEnd(14)} n=${String(s[names0].n).padEnd(3)} ${names.map(f).join(' / ')}`);
    }
    if (misses.length) console.log(`\nhybrid below rank 1 (judged set):\n${misses.join('\n')}`);
    // Misses of `tune` only: `heldout` is reported, never read to pick a change (docs/search.md).
    const showMisses = Number(process.env.EVAL_MISSES ?? 0);
    if (showMisses > 0) {
      console.log(`\ntune hybrid misses (first ${showMisses} per rule; rr, query, expected, first result):`);
      for (const rule of [...new Set(usable.map((d) => d.rule))].sort()) {
        let shown = 0;
        queries.forEach((x, i) => {
          const s = results[names0][i];
          if (x.set !== 'tune' || x.kind !== rule || s.rr === 1 || shown >= showMisses) return;
          shown++;
          console.log(`  [${rule}] rr=${s.rr.toFixed(2)}  ${x.q}  -> ${x.relevant.join(',')}  first: ${s.top[0] ?? '(none)'}`);
        });
      }
    }
  } finally {
    if (!readOnly) await db.exec('DROP TABLE IF EXISTS eval_baseline').catch(() => undefined);
    await cleanup();
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
