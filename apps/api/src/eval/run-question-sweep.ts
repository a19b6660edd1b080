/**
 * A sweep of the provision ranking's weights over the questions set's tuning half (#37): `node
 * dist/eval/run-question-sweep.js variants.json` (DATABASE_URL of a whole-collection database, read
 * only), where variants.json is `[{ "name": "main" }, { "name": "cover 3", "weights": { "cover": 3 } },
 * { "name": "…", "limits": { … } }]` (PROVISION_WEIGHTS / PROVISION_LIMITS over their defaults).
 * It prints each variant's recall@10 / MRR@10 / act MRR@10 per mode, and how many questions' act
 * rank went up or down against the first variant. EVAL_MODES=hybrid sweeps one mode.
 *
 * Each question is ranked by every variant in turn over one memo of its statements (memoQueries):
 * a statement already run with the same text and parameters returns its rows again, so variants
 * that change only the arithmetic after the ranking statement (the act stage's exponents and
 * factors, the cover density's weight) cost the database one question's work, not one per variant.
 * The tuning half only: the held-out half is counted once, by run-question-eval, never swept.
 */
import { todayUtc, type SearchMode } from '@dp/core';
import { createDatabase, type SqlSession } from '@dp/db';
import { readFileSync } from 'node:fs';
import { PROVISION_LIMITS, PROVISION_WEIGHTS, rankProvisions, termsFor } from '../legal/search/provision-search';
import { SEARCH_SETTINGS } from '../legal/search/search';
import { loadQuestionSet } from './question-set';
import { scoreQuestion } from './run-question-eval';

export interface Variant {
  name: string;
  weights?: Partial<typeof PROVISION_WEIGHTS>;
  limits?: Partial<typeof PROVISION_LIMITS>;
}

/**
 * A session whose queries are answered from `memo` when the same text and parameters were asked
 * before (through any session wrapping the same memo), else by `s` and remembered. For read-only
 * sweeps over an unchanging database: the rows are shared, so callers must not change them.
 */
export function memoQueries(s: SqlSession, memo: Map<string, Promise<unknown[]>>): SqlSession {
  return {
    exec: (sql) => s.exec(sql),
    query: <T>(sql: string, params?: unknown[]) => {
      const key = `${sql}\u0000${JSON.stringify(params ?? [])}`;
      let rows = memo.get(key);
      if (!rows) {
        rows = s.query<T>(sql, params);
        memo.set(key, rows);
      }
      return rows as Promise<T[]>;
    },
  };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const file = process.argv[2];
  if (!url || !file) throw new Error('usage: DATABASE_URL=… node dist/eval/run-question-sweep.js variants.json');
  const variants = JSON.parse(readFileSync(file, 'utf8')) as Variant[];
  if (!variants.length) throw new Error('no variants');
  const modes = (process.env.EVAL_MODES?.split(',') ?? ['fulltext', 'hybrid']) as SearchMode[];
  const weights = { ...PROVISION_WEIGHTS };
  const limits = { ...PROVISION_LIMITS };
  const db = await createDatabase({ url, poolSize: 1, queryTimeoutMs: 0, readOnly: true });
  const day = todayUtc();
  const questions = loadQuestionSet('tune').questions;
  const keys = new Map<string, string>();
  // Per variant and mode: hits, reciprocal ranks, act reciprocal ranks, and the act ranks per question.
  const figures = new Map<string, { hits: number; rr: number; actRr: number; acts: number[] }>();
  try {
    for (const [i, question] of questions.entries()) {
      for (const mode of modes) {
        const memo = new Map<string, Promise<unknown[]>>();
        for (const v of variants) {
          Object.assign(PROVISION_WEIGHTS, weights, v.weights);
          Object.assign(PROVISION_LIMITS, limits, v.limits);
          const ranked = await db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
            rankProvisions(db, memoQueries(s, memo), termsFor(question.q, mode), {}, day, 10),
          );
          const missing = [...new Set(ranked.map((r) => r.documentId))].filter((id) => !keys.has(id));
          if (missing.length) {
            const rows = await db.query<{ id: string; natural_key: string }>(
              'SELECT id, natural_key FROM "document" WHERE id = ANY($1::text[])',
              [missing],
            );
            for (const r of rows) keys.set(r.id, r.natural_key);
          }
          const top = ranked.map((r) => ({ act: keys.get(r.documentId) ?? r.documentId, provision: r.provisionId }));
          const score = scoreQuestion(top, question);
          const key = `${v.name}\u0000${mode}`;
          const f = figures.get(key) ?? { hits: 0, rr: 0, actRr: 0, acts: [] };
          f.hits += score.hit ? 1 : 0;
          f.rr += score.rr;
          f.actRr += score.actRr;
          f.acts.push(score.actRr);
          figures.set(key, f);
        }
      }
      if ((i + 1) % 50 === 0) process.stderr.write(`${i + 1} of ${questions.length} questions\n`);
    }
  } finally {
    Object.assign(PROVISION_WEIGHTS, weights);
    Object.assign(PROVISION_LIMITS, limits);
    await db.close();
  }
  const n = questions.length;
  const r3 = (x: number) => Math.round((x / n) * 1000) / 1000;
  process.stdout.write('| variant | mode | recall@10 / MRR@10 / act MRR@10 | act rank up / down |\n|---|---|---|---|\n');
  for (const mode of modes) {
    const first = figures.get(`${variants[0].name}\u0000${mode}`)!;
    for (const v of variants) {
      const f = figures.get(`${v.name}\u0000${mode}`)!;
      const up = f.acts.filter((a, i) => a > first.acts[i]).length;
      const down = f.acts.filter((a, i) => a < first.acts[i]).length;
      process.stdout.write(`| ${v.name} | ${mode} | ${r3(f.hits)} / ${r3(f.rr)} / ${r3(f.actRr)} | ${up} / ${down} |\n`);
    }
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
