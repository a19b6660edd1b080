import { todayUtc, type DocumentFilters } from '@dp/core';
import type { SqlSession } from '@dp/db';
import { filterSql } from './filters';
import { inForceFirst, type TitledRanked } from './generations';
import { documentPrior, priorColumns, type PriorColumns } from './priors';
import { expandWords, fuzzyTitleQuery, fuzzyWords } from './fuzzy-terms';
import type { PreparedQuery, Ranked } from './query';
import { stemForms, termQuery } from './czech';
import { TrigramQuery } from './trigram';
import { WEIGHTS } from './weights';

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
 * Trigram ranking, independent of the stemmer's exact matches: word similarity of the query to
 * the title as folded letters (typos: "vemsirnych" shares "nych" with "vesmirnych"), plus whole-
 * string similarity (the title is not much more than the query). A title qualifies when its
 * word similarity reaches 0.6 (what pg_trgm's `<%` tests) or when it has every query term as a
 * stem or a variant of it; those titles are compared as stems too (czech.ts stemForms: endings do
 * not weigh, a title's "bance" or "minimu" reads as the query's "banka" or "minimum"), and score
 * by the mean of the two comparisons.
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
  named: Map<string, number> = new Map(),
): Promise<Ranked[]> {
  const words = p.folded.length < 3 ? [] : fuzzyWords(p.folded);
  if (!words.length) {
    // Nothing to compare by letters ("TZ"): the named documents, by how they are named.
    return [...named.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([id, boost]) => ({ id, score: WEIGHTS.trigramNameScale * boost, cited: false }));
  }
  const forms = stemForms(p.folded);
  const query: TitleQuery = {
    letters: new TrigramQuery(p.folded),
    stems: new TrigramQuery(forms(p.folded)),
    forms,
    everyTerm: p.terms.length ? p.terms.map((t) => termQuery(t, false)).join(' & ') : null,
    named,
  };
  const exact = fuzzyTitleQuery(
    words,
    words.map((w) => [w.stem]),
  );
  // Titles with the query's own stems first; only when they qualify fewer than a hybrid's depth,
  // those with near and longer forms too. The near forms include the stems, so the second read
  // skips the titles the first compared (whose signals stand) when the first read them all.
  const first = exact ? await titleSignals(db, query, exact, null, filters, MAX_TRIGRAM_CANDIDATES) : null;
  let signals = first?.signals ?? [];
  if (signals.length < HYBRID_DEPTH) {
    const fuzzy = fuzzyTitleQuery(words, await expandWords(db, words));
    if (fuzzy && fuzzy !== exact) {
      const complete = first !== null && first.read < MAX_TRIGRAM_CANDIDATES;
      const more = await titleSignals(
        db,
        query,
        fuzzy,
        complete ? exact : null,
        filters,
        MAX_TRIGRAM_CANDIDATES - (complete ? first.read : 0),
      );
      signals = complete ? [...signals, ...more.signals] : more.signals;
    }
  }
  return rankTitles(db, query, signals, day);
}

/** The query as letters (typos) and as stems (czech.ts stemForms), and how a title is written as stems. */
interface TitleQuery {
  letters: TrigramQuery;
  stems: TrigramQuery;
  forms: (folded: string) => string;
  /** A title vector with every query term as a stem or a variant of it matches this (exact stems). */
  everyTerm: string | null;
  /** Documents the query names (names.ts), with their boost: compared whatever their title holds. */
  named: Map<string, number>;
}

interface TitleSignal {
  id: string;
  title: string;
  signal: number;
}

/**
 * The titles matching `titleQuery` (and the named documents) that qualify, with their signals;
 * `read`, how many titles were compared. `skip`: titles matching it, and the named documents, were
 * compared by an earlier call and are not read again.
 */
async function titleSignals(
  db: SqlSession,
  query: TitleQuery,
  titleQuery: string,
  skip: string | null,
  filters: DocumentFilters,
  limit: number,
): Promise<{ signals: TitleSignal[]; read: number }> {
  const params: unknown[] = [titleQuery, query.everyTerm, [...query.named.keys()], skip];
  // The tsqueries through a MATERIALIZED CTE, not as constants: planning `@@` with a constant runs
  // it over the column statistics; the plan is the same. The named documents come first, read by
  // id; the matches after them in the index's order, so the scan stops at the cap (ordering them
  // would read every match of a common word: "zákon" is in most titles). The priors' columns are
  // read for the titles that qualify only (the in-degree is a lookup a row), once for both reads.
  const columns = `d.id, d.search_title AS title, coalesce(d.search_head @@ t.every, FALSE) AS every_term`;
  const matches = `SELECT ${columns} FROM t, "document" d
     WHERE d.search_head @@ t.tq AND d.id <> ALL($3::text[])${skip === null ? '' : ' AND NOT (d.search_head @@ t.skip)'}
       AND ${filterSql(filters, 'd', params)}
     LIMIT ${limit}`;
  // Only when the named documents are read here: their filter adds parameters of its own.
  const named = () => `SELECT ${columns} FROM t, "document" d WHERE d.id = ANY($3::text[]) AND ${filterSql(filters, 'd', params)}`;
  const titles = await db.query<{ id: string; title: string; every_term: boolean }>(
    `WITH t AS MATERIALIZED (SELECT $1::tsquery AS tq, $2::tsquery AS every, $4::tsquery AS skip)
     ${skip === null ? `SELECT * FROM ((${named()}) UNION ALL (${matches})) m LIMIT ${limit}` : matches}`,
    params,
  );
  const signals: TitleSignal[] = [];
  for (const { id, title, every_term: everyTerm } of titles) {
    // Only the threshold matters for a title that nothing else qualifies (the bound in trigram.ts).
    const byLetters = query.letters.wordSimilarity(title, everyTerm || query.named.has(id) ? 0 : WORD_SIMILARITY_THRESHOLD);
    // A title qualifies by its letters (typos), or when it has every query term in some form. Such
    // a title scores by the mean of the comparisons by letters and by stems: stems alone would give
    // up what an exactly typed ending tells, letters alone miss the other forms ("bance"). Only
    // these few titles are written as stems (the costly part, on titles of a few hundred letters).
    // float4 + float4, as SQL's word_similarity() + similarity() added them.
    if (byLetters >= WORD_SIMILARITY_THRESHOLD || everyTerm || query.named.has(id)) {
      let signal = Math.fround(byLetters + query.letters.similarity(title));
      if (everyTerm) {
        const stems = query.forms(title);
        signal = (signal + Math.fround(query.stems.wordSimilarity(stems) + query.stems.similarity(stems))) / 2;
      }
      signals.push({ id, title, signal });
    }
  }
  return { signals, read: titles.length };
}

/** The qualifying titles ranked: signal, the document's prior, its naming; generations in force first. */
async function rankTitles(db: SqlSession, query: TitleQuery, signals: TitleSignal[], day: Date): Promise<Ranked[]> {
  const priors = signals.length
    ? await db.query<{ id: string } & PriorColumns>(`SELECT d.id, ${priorColumns('d')} FROM "document" d WHERE d.id = ANY($1::text[])`, [
        signals.map((t) => t.id),
      ])
    : [];
  const priorOf = new Map(priors.map((r) => [r.id, r]));
  const ranked: TitledRanked[] = signals.map(({ id, title, signal }) => {
    const doc = priorOf.get(id);
    const prior = doc ? WEIGHTS.trigramPriorScale * documentPrior(doc, title, day) : 0;
    const score = signal + prior + WEIGHTS.trigramNameScale * (query.named.get(id) ?? 0);
    return { id, score, cited: false, searchTitle: title, titleSignal: signal };
  });
  ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Generations of one title score (nearly) alike: the one in force on `day` first (generations.ts).
  return (await inForceFirst(db, ranked, day, new Map(priors.map((r) => [r.id, r.eff]))))
    .slice(0, HYBRID_DEPTH)
    .map(({ id, score, cited }) => ({ id, score, cited }));
}
