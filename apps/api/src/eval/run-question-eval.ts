/**
 * The questions evaluation (#37 item 5): `pnpm eval:questions`, against a database that holds the
 * whole collection (DATABASE_URL; read only, with the provision index built).
 *
 * For each half of the question set (question-set.{tune,heldout}.json) it prints, per ranking:
 * provision recall@10 (one of the question's accepted provisions, or a unit inside one, among the
 * top 10), provision MRR@10, and act MRR@10 (the act's rank among the distinct acts of the ranking):
 * - `provision/fulltext`, `provision/hybrid`: the provision search (granularity=provision);
 * - `document/fulltext`, `document/hybrid`: the document search with each hit's provision pointer
 *   (one provision per act), the pointer from the provision search's ranking;
 * - `before/fulltext`, `before/hybrid`: the same with the pointers as before #37 (the code before);
 * - `baseline`: PostgreSQL's own full-text search as a user would set it up, to_tsvector('simple',
 *   text) over the provisions' texts (a temporary table with its GIN index), plainto_tsquery,
 *   ts_rank.
 * The held-out half is reported as aggregates ONLY: its questions and misses are never printed.
 * `--misses` prints the tuning half's misses (provision search, hybrid). `--json`: figures as JSON.
 * EVAL_PER_QUESTION=FILE appends each tuning question's reciprocal ranks to FILE (JSON lines), to compare two runs.
 * EVAL_RANKINGS=provision/hybrid,baseline runs only those.
 * `--latency`: instead, the provision search's latency (the whole answer, statuses included, 10
 * results), sequential, per mode over three query mixes (the questions of both halves, timed only;
 * the judged act-name queries; up to 400 derived queries): p50, p95, max in ms. Each mix and mode
 * is timed with a documents' cache of its own, as a process that has not answered those queries.
 * `--throughput`: instead, EVAL_CLIENTS (8) clients at once, each running the questions of both
 * halves (hybrid provision search, the whole answer) in its own order, for EVAL_SECONDS (20):
 * searches per second and the clients' p50 / p95 latency.
 */
import { appendFileSync } from 'node:fs';
import { todayUtc, type SearchMode } from '@dp/core';
import { UNIVERBATION_WEIGHT } from '@dp/czech-law';
import { createDatabase, type Database, type SqlSession } from '@dp/db';
import { DocumentCache } from '../legal/documents/document-cache';
import { PROVISION_LIMITS, PROVISION_WEIGHTS, rankProvisions, searchProvisions, termsFor } from '../legal/search/provision-search';
import { searchDocuments, SEARCH_SETTINGS } from '../legal/search/search';
import { loadQuestionSet, type Question } from './question-set';
import { loadDerivedQueries, loadQueries } from './run-search-eval';

const K = 10;
const HALVES = ['tune', 'heldout'] as const;
// A sweep on the tuning half: EVAL_HALVES=tune, EVAL_PROVISION_WEIGHTS='{"notInForce":0.2}'.
const halves = (process.env.EVAL_HALVES?.split(',') ?? HALVES) as (typeof HALVES)[number][];
if (process.env.EVAL_PROVISION_WEIGHTS) Object.assign(PROVISION_WEIGHTS, JSON.parse(process.env.EVAL_PROVISION_WEIGHTS));
// The first stage's limits likewise (`{"pairsFloor":1e9}` ranks every unit with a selecting term, as before #37's latency work).
if (process.env.EVAL_PROVISION_LIMITS) Object.assign(PROVISION_LIMITS, JSON.parse(process.env.EVAL_PROVISION_LIMITS));
// The meaning signal's univerbation weight (terms.ts; EVAL_UNIVERBATION=0: the code before it).
if (process.env.EVAL_UNIVERBATION) UNIVERBATION_WEIGHT.weight = Number(process.env.EVAL_UNIVERBATION);
const RANKINGS = [
  'provision/fulltext',
  'provision/hybrid',
  'document/fulltext',
  'document/hybrid',
  'before/fulltext',
  'before/hybrid',
  'baseline',
] as const;
type RankingName = (typeof RANKINGS)[number];

/** A ranking's top K: each entry an act's natural key and a provision id (null: none pointed at). */
type Top = { act: string; provision: string | null }[];

export interface QuestionScores {
  provisionRecall: number;
  provisionMrr: number;
  actMrr: number;
  n: number;
  /** The same over the questions whose act the database holds (a partial collection), and their number. */
  present: { provisionRecall: number; provisionMrr: number; actMrr: number; n: number };
}

/** Whether a hit's provision answers: an accepted id, or a unit inside one. */
export function answers(provision: string | null, accepted: readonly string[]): boolean {
  return provision !== null && accepted.some((a) => provision === a || provision.startsWith(`${a}/`));
}

/** The scores of one question's ranking. */
export function scoreQuestion(top: Top, question: Pick<Question, 'act' | 'provisions'>): { hit: boolean; rr: number; actRr: number } {
  const k = top.slice(0, K);
  const at = k.findIndex((h) => h.act === question.act && answers(h.provision, question.provisions));
  const acts = [...new Set(k.map((h) => h.act))];
  const actAt = acts.indexOf(question.act);
  return { hit: at >= 0, rr: at < 0 ? 0 : 1 / (at + 1), actRr: actAt < 0 ? 0 : 1 / (actAt + 1) };
}

async function provisionTop(db: Database, q: string, mode: SearchMode): Promise<Top> {
  const day = todayUtc();
  const ranked = await db.withReadOnlySettings(SEARCH_SETTINGS, (s) => rankProvisions(db, s, termsFor(q, mode), {}, day, K));
  const keys = await naturalKeys(
    db,
    ranked.map((r) => r.documentId),
  );
  return ranked.map((r) => ({ act: keys.get(r.documentId) ?? r.documentId, provision: r.provisionId }));
}

async function documentTop(db: Database, documents: DocumentCache, q: string, mode: SearchMode, rankedPointers: boolean): Promise<Top> {
  const page = await searchDocuments(db, { q, mode, filters: {}, limit: K, after: null, rankedPointers }, undefined, documents);
  return page.results.map((r) => ({ act: r.natural_key, provision: r.provision?.id ?? null }));
}

async function baselineTop(db: SqlSession, q: string): Promise<Top> {
  return db.query<{ act: string; provision: string }>(
    `SELECT d.natural_key AS act, b.provision_id AS provision
     FROM eval_baseline b JOIN "document" d ON d.id = b.document_id, plainto_tsquery('simple', $1) AS pq
     WHERE b.v @@ pq ORDER BY ts_rank(b.v, pq) DESC, b.document_id, b.provision_id LIMIT ${K}`,
    [q],
  );
}

async function naturalKeys(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: string; natural_key: string }>('SELECT id, natural_key FROM "document" WHERE id = ANY($1::text[])', [
    ids,
  ]);
  return new Map(rows.map((r) => [r.id, r.natural_key]));
}

const round = (x: number) => Math.round(x * 1000) / 1000;

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** Sequential latency of the provision search over each mix, per mode (ms). */
async function latency(db: Database): Promise<void> {
  const mixes: Record<string, string[]> = {
    questions: HALVES.flatMap((h) => loadQuestionSet(h).questions.map((q) => q.q)),
    judged: loadQueries().map((q) => q.q),
    derived: loadDerivedQueries()
      .map((q) => q.q)
      .slice(0, 400),
  };
  // EVAL_LATENCY_N: at most this many queries of each mix (every n-th, so the mix keeps its spread).
  const cap = Number(process.env.EVAL_LATENCY_N ?? 0);
  if (cap > 0) for (const [k, v] of Object.entries(mixes)) mixes[k] = v.filter((_, i) => i % Math.ceil(v.length / cap) === 0);
  // Warm the caches and the prepared statements first, as a running api is.
  const warm = new DocumentCache(db);
  for (const q of mixes.judged.slice(0, 20))
    await searchProvisions(db, warm, { q, mode: 'hybrid', filters: {}, limit: K, offset: 0 }, SEARCH_SETTINGS);
  process.stdout.write('| mix | mode | queries | p50 ms | p95 ms | max ms |\n|---|---|---:|---:|---:|---:|\n');
  for (const [mix, queries] of Object.entries(mixes)) {
    for (const mode of ['fulltext', 'hybrid'] as const) {
      // Each mode's pass its own documents' cache: with one, the second mode's pass found
      // the documents of the same questions' hits loaded by the first and timed less.
      const documents = new DocumentCache(db);
      const times: number[] = [];
      for (const q of queries) {
        const t = process.hrtime.bigint();
        await searchProvisions(db, documents, { q, mode, filters: {}, limit: K, offset: 0 }, SEARCH_SETTINGS);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      times.sort((a, b) => a - b);
      const f = (x: number) => x.toFixed(1);
      process.stdout.write(
        `| ${mix} | ${mode} | ${times.length} | ${f(quantile(times, 0.5))} | ${f(quantile(times, 0.95))} | ${f(times[times.length - 1])} |\n`,
      );
    }
  }
}

/** Concurrent hybrid provision searches: each client runs the questions in turn from its own offset. */
async function throughput(db: Database, clients: number, seconds: number): Promise<void> {
  const documents = new DocumentCache(db);
  const queries = HALVES.flatMap((h) => loadQuestionSet(h).questions.map((q) => q.q));
  const search = (q: string) => searchProvisions(db, documents, { q, mode: 'hybrid', filters: {}, limit: K, offset: 0 }, SEARCH_SETTINGS);
  // Warm the caches and every connection's prepared statements, as a running api is.
  await Promise.all(Array.from({ length: clients }, (_, c) => search(queries[c % queries.length])));
  const times: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = Math.floor((c * queries.length) / clients); performance.now() < until; i++) {
        const t = performance.now();
        await search(queries[i % queries.length]);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  process.stdout.write(
    `hybrid provision search, ${clients} clients, ${elapsed.toFixed(1)} s: ${(times.length / elapsed).toFixed(1)} searches/s ` +
      `(${times.length}), p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms\n`,
  );
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name a database holding the whole collection with its provision index');
  if (process.argv.includes('--throughput')) {
    const clients = Number(process.env.EVAL_CLIENTS ?? 8);
    const db = await createDatabase({ url, poolSize: clients, readOnly: true });
    try {
      await throughput(db, clients, Number(process.env.EVAL_SECONDS ?? 20));
    } finally {
      await db.close();
    }
    return;
  }
  if (process.argv.includes('--latency')) {
    const db = await createDatabase({ url, poolSize: 2, readOnly: true });
    try {
      await latency(db);
    } finally {
      await db.close();
    }
    return;
  }
  const json = process.argv.includes('--json');
  const showMisses = process.argv.includes('--misses');
  const wanted = (process.env.EVAL_RANKINGS?.split(',') ?? RANKINGS) as RankingName[];
  // One connection more than the hybrid document search's two rankings; the baseline's temporary
  // table lives on one pinned session, so it gets a database handle of its own with one connection.
  const db = await createDatabase({ url, poolSize: 3, queryTimeoutMs: 0, readOnly: true });
  const documents = new DocumentCache(db);
  // Its temporary table is a write (of the session's own): not read only.
  const baselineDb = wanted.includes('baseline') ? await createDatabase({ url, poolSize: 1, queryTimeoutMs: 0 }) : null;
  const log = (s: string) => process.stderr.write(`${s}\n`);
  // The baseline's temporary table lives on one session, held for the whole run.
  const run = async (baseline: SqlSession | null) => {
    if (baseline) {
      const started = Date.now();
      await baseline.query(
        `CREATE TEMP TABLE eval_baseline AS SELECT document_id, provision_id, to_tsvector('simple', text) AS v FROM "search_provision"`,
      );
      await baseline.query('CREATE INDEX ON eval_baseline USING gin (v)');
      await baseline.query('ANALYZE eval_baseline');
      log(`baseline index built in ${Math.round((Date.now() - started) / 1000)} s`);
    }
    const held = new Set((await db.query<{ natural_key: string }>('SELECT natural_key FROM "document"')).map((r) => r.natural_key));
    const figures: Record<string, Record<string, QuestionScores>> = {};
    for (const half of halves) {
      const questions = loadQuestionSet(half).questions;
      figures[half] = {};
      for (const name of wanted) {
        let hits = 0;
        let rr = 0;
        let actRr = 0;
        const p = { hits: 0, rr: 0, actRr: 0, n: 0 };
        const misses: string[] = [];
        for (const question of questions) {
          const top =
            name === 'baseline'
              ? await baselineTop(baseline!, question.q)
              : name.startsWith('provision/')
                ? await provisionTop(db, question.q, name.slice('provision/'.length) as SearchMode)
                : await documentTop(db, documents, question.q, name.split('/')[1] as SearchMode, name.startsWith('document/'));
          const s = scoreQuestion(top, question);
          hits += s.hit ? 1 : 0;
          rr += s.rr;
          actRr += s.actRr;
          if (held.has(question.act)) {
            p.n++;
            p.hits += s.hit ? 1 : 0;
            p.rr += s.rr;
            p.actRr += s.actRr;
          }
          if (half === 'tune' && process.env.EVAL_PER_QUESTION) {
            appendFileSync(
              process.env.EVAL_PER_QUESTION,
              `${JSON.stringify({ ranking: name, q: question.q, rr: s.rr, actRr: s.actRr })}\n`,
            );
          }
          // Held-out misses are never looked at (docs/search.md, "Questions evaluation set").
          if (half === 'tune' && showMisses && name === 'provision/hybrid' && !s.hit) {
            misses.push(
              `${question.q} → ${question.act} ${question.provisions[0]} | got ${top
                .slice(0, 3)
                .map((t) => `${t.act} ${t.provision}`)
                .join(', ')}`,
            );
          }
        }
        const n = questions.length;
        const per = (x: number, of: number) => (of ? round(x / of) : 0);
        figures[half][name] = {
          provisionRecall: per(hits, n),
          provisionMrr: per(rr, n),
          actMrr: per(actRr, n),
          n,
          present: { provisionRecall: per(p.hits, p.n), provisionMrr: per(p.rr, p.n), actMrr: per(p.actRr, p.n), n: p.n },
        };
        log(`${half} ${name}: ${JSON.stringify(figures[half][name])}`);
        for (const m of misses) log(`  miss: ${m}`);
      }
    }
    if (json) {
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
      return;
    }
    process.stdout.write(
      '| ranking | half | provision recall@10 | provision MRR@10 | act MRR@10 | questions |\n|---|---|---:|---:|---:|---:|\n',
    );
    for (const name of wanted) {
      for (const half of halves) {
        const f = figures[half][name];
        const pr = f.present;
        process.stdout.write(
          `| ${name} | ${half} | ${f.provisionRecall} | ${f.provisionMrr} | ${f.actMrr} | ${f.n} | ${pr.provisionRecall} / ${pr.provisionMrr} / ${pr.actMrr} (${pr.n}) |\n`,
        );
      }
    }
  };
  try {
    await (baselineDb ? baselineDb.withSession(run) : run(null));
  } finally {
    await db.close();
    await baselineDb?.close();
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
