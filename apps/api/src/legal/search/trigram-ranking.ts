import { todayUtc } from '@dp/core';
import type { SqlSession } from '@dp/db';
import { filterSql, type DocumentFilters } from './filters';
import { inForceFirst, type TitledRanked } from './generations';
import { documentPrior, priorColumns, TRIGRAM_PRIOR_SCALE } from './priors';
import { expandWords, fuzzyTitleQuery, fuzzyWords } from './fuzzy-terms';
import type { PreparedQuery, Ranked } from './query';
import { TrigramQuery } from './trigram';

/** Candidates each hybrid signal contributes; hybrid pages end there. */
export const HYBRID_DEPTH = 100;
/**
 * Titles the trigram signal compares with the query. Above every count on the shared corpus, so
 * it only bounds the work on a large one, where the titles taken are the first the index yields.
 */
export const MAX_TRIGRAM_CANDIDATES = 2_000;
/** pg_trgm's word_similarity_threshold (the `<%` operator's default). */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

/**
 * Trigram ranking, independent of the stemmer's exact forms: word similarity of the folded query
 * to the folded title. A title qualifies when its word similarity reaches 0.6 (what pg_trgm's `<%`
 * tests): it catches typos and forms the stemmer misses. Ranked by word similarity (the query is
 * in the title) plus whole-string similarity (and the title is not much more than the query).
 *
 * The titles compared are those with forms of enough of the query's words (fuzzy-terms.ts), found
 * through the title vector's GIN index: first the query's own stems; only when those leave the
 * signal short of HYBRID_DEPTH, their near and longer forms from the title-term dictionary too.
 * The similarities are computed here (trigram.ts, equal to pg_trgm's), ~6x cheaper than in SQL.
 * Run it in a search session (search.ts SEARCH_SETTINGS): the dictionary lookup relies on its
 * pg_trgm.similarity_threshold.
 */
export async function trigramRanking(
  db: SqlSession,
  p: PreparedQuery,
  filters: DocumentFilters,
  day: Date = todayUtc(),
): Promise<Ranked[]> {
  if (p.folded.length < 3) return [];
  const words = fuzzyWords(p.folded);
  if (!words.length) return [];
  const query = new TrigramQuery(p.folded);
  const exact = fuzzyTitleQuery(
    words,
    words.map((w) => [w.stem]),
  );
  let ranked = exact ? await rankTitles(db, query, exact, filters, day) : [];
  if (ranked.length < HYBRID_DEPTH) {
    const fuzzy = fuzzyTitleQuery(words, await expandWords(db, words));
    if (fuzzy && fuzzy !== exact) ranked = await rankTitles(db, query, fuzzy, filters, day);
  }
  return ranked;
}

async function rankTitles(db: SqlSession, query: TrigramQuery, titleQuery: string, filters: DocumentFilters, day: Date): Promise<Ranked[]> {
  const params: unknown[] = [titleQuery];
  // The tsquery through a MATERIALIZED CTE, not as a constant: planning `@@` with a constant runs
  // it over the column statistics; the plan is the same.
  const titles = await db.query<{ id: string; title: string; eff: string; amending: boolean }>(
    `WITH t AS MATERIALIZED (SELECT $1::tsquery AS tq)
     SELECT d.id, d.search_title AS title, ${priorColumns('d')} FROM t, "document" d
     WHERE d.search_head @@ t.tq AND ${filterSql(filters, 'd', params)}
     LIMIT ${MAX_TRIGRAM_CANDIDATES}`,
    params,
  );
  const ranked: TitledRanked[] = [];
  for (const { id, title, ...doc } of titles) {
    const word = query.wordSimilarity(title);
    // float4 + float4, as SQL's word_similarity() + similarity() added them.
    if (word >= WORD_SIMILARITY_THRESHOLD) {
      const signal = Math.fround(word + query.similarity(title));
      const score = signal + TRIGRAM_PRIOR_SCALE * documentPrior(doc, day);
      ranked.push({ id, score, cited: false, searchTitle: title, titleSignal: signal });
    }
  }
  ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Generations of one title score (nearly) alike: the one in force on `day` first (generations.ts).
  return (await inForceFirst(db, ranked, day)).slice(0, HYBRID_DEPTH).map(({ id, score, cited }) => ({ id, score, cited }));
}
