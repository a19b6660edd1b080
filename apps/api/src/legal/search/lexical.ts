import { todayUtc, type DocumentFilters } from '@dp/core';
import type { SqlSession, TableRow } from '@dp/db';
import { termQuery } from './czech';
import { filterSql } from './filters';
import { inForceFirst } from './generations';
import { documentPrior, priorColumns, type PriorColumns } from './priors';
import type { PreparedQuery, Ranked } from './query';
import { TrigramQuery } from './trigram';
import { WEIGHTS } from './weights';

type DocumentRow = TableRow<'document'>;

/** A match with its title signals: the columns typed from the schema, the rest computed by the statement. */
type Candidate = Pick<DocumentRow, 'id'> & {
  cited: boolean;
  /** `search_title`: written by the search trigger on every insert and update, never null. */
  title: NonNullable<DocumentRow['search_title']>;
  in_head: boolean;
  /** Every term in the title as its own stem (or a variant), not only as the start of a longer word. */
  exact_head: boolean;
  head_rank: number;
  /** Matched the tsquery (a named document is a candidate whether or not it does). */
  hit: boolean;
};

async function hasAllTerms(db: SqlSession, all: string, filters: DocumentFilters): Promise<boolean> {
  const params: unknown[] = [all];
  const rows = await db.query<{ found: boolean }>(
    `WITH q AS MATERIALIZED (SELECT to_tsquery('simple', $1) AS aq)
     SELECT EXISTS (SELECT 1 FROM q, "document" d WHERE d.search_vector @@ q.aq AND ${filterSql(filters, 'd', params)}) AS found`,
    params,
  );
  return rows[0]?.found === true;
}

/**
 * Matches that get the title similarity: the cited one, then title matches by title rank, then
 * body-only matches. On the whole collection a query of common words matches thousands of
 * documents in their bodies; the body-only matches taken are the first the index yields, not the
 * best, so taking more costs time (reading and comparing their titles) without finding better
 * answers (the eval set's MRR on the whole collection is the same with twice as many).
 */
export const MAX_CANDIDATES = 1_000;

/** Matches in the body alone are candidates only while the title matches are fewer than this: a page. */
export const BODY_ONLY_BELOW = 20;

/**
 * A lexical ranking: the best `depth` matches, fully scored, and what a cursor needs to walk on
 * past them (lexicalTail): the tsquery that decided the matches, and the other candidates, when
 * they were all of the matches (null when they may not be: the cap cut them, or the matches in
 * the body alone were left to the tail).
 */
export interface LexicalRanking {
  ranked: Ranked[];
  tsquery: string | null;
  others: string[] | null;
}

/**
 * Where a walk through the matches past the scored ones stands: the title signals and id of the
 * last match returned. The order is (in title DESC, title rank DESC, id), a total order computed
 * from each document alone, so it does not depend on where a page starts or how long it is.
 */
export type TailKey = [inHead: boolean, headRank: number, id: string];

const byRank = (key: 'head' | 'score') => (a: Ranked & { head: number }, b: Ranked & { head: number }) =>
  Number(b.cited) - Number(a.cited) || b[key] - a[key] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Lexical ranking. Terms are prefix-matched stems (`zakonik:*`), ANDed; when no document has all
 * of them (a typo, an extra word) the OR of them is used instead, so a query never comes back empty
 * for one bad word. Score: all terms in the title/citation counts most, then the trigram similarity
 * of the whole query to the whole title (a short title that IS the query -- "Zákon o X" -- beats
 * "Zákon, kterým se mění zákon o X"), then ts_rank on the title and, for the best `depth`, on
 * title + body. The cited document, if any, sorts first whatever its score.
 *
 * Three steps: the database finds the matches with their cheap title signals; the title
 * similarity is computed here (see trigram.ts); the body rank, which reads each document's whole
 * vector (up to 100 kB), is computed for the best `depth` only. Returns up to `depth` documents,
 * best first, generations of one title in force on `day` first (generations.ts).
 */
export async function lexicalRanking(
  db: SqlSession,
  p: PreparedQuery,
  filters: DocumentFilters,
  depth: number,
  maxCandidates = MAX_CANDIDATES,
  day: Date = todayUtc(),
  bodyOnlyBelow = BODY_ONLY_BELOW,
  named: Map<string, number> = new Map(),
): Promise<LexicalRanking> {
  const params: unknown[] = [];
  const cit = `$${params.push(p.citation)}::text`;
  if (!p.terms.length) {
    // A citation alone, or an abbreviation of no words ("TZ"): the cited, then the named documents.
    const where = filterSql(filters, 'd', params);
    const cited = await db.query<Ranked>(
      `SELECT d.id, 1.0::float8 AS score, TRUE AS cited FROM "document" d WHERE d.natural_key = ${cit} AND ${where}`,
      params,
    );
    const others = [...named.entries()]
      .filter(([id]) => !cited.some((c) => c.id === id))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([id, score]) => ({ id, score, cited: false }));
    return { ranked: [...cited, ...others], tsquery: null, others: [] };
  }
  const all = p.terms.map((t) => termQuery(t)).join(' & ');
  const any = p.terms.map((t) => termQuery(t)).join(' | ');
  const exact = p.terms.map((t) => termQuery(t, false)).join(' & ');
  const namedIds = `$${params.push([...named.keys()])}::text[]`;
  // The query values enter through MATERIALIZED CTEs, never as constants in a condition: with a
  // constant, the planner estimates `@@` by running it over the column's statistics (4-8 ms of
  // planning for a 1 ms query); through a CTE it takes a default and the plan is the same (GIN).
  //
  // Two parts, so a common term does not cost a visit to each of its matches: title matches (and
  // the cited document) through the title vector's index, best title rank first; then matches in
  // the body alone, in index order, only when the title matches are fewer than BODY_ONLY_BELOW.
  // A body-only match scores below every title match (3 for all terms in the title), so with a
  // page of title matches it could only rank after them: it is left to the tail, which reads every
  // match, and the GIN scan of the body vectors (the costly part for common words) is not run.
  const matches = async (tsquery: string): Promise<{ rows: Candidate[]; complete: boolean }> => {
    const ps = [...params, tsquery];
    const aq = `$${ps.length}`;
    const where = filterSql(filters, 'd', ps);
    // Named documents (names.ts) are candidates whatever they match, ahead of the cap.
    const titled = await db.query<Candidate>(
      `WITH q AS MATERIALIZED (SELECT to_tsquery('simple', ${aq}) AS aq, to_tsquery('simple', $${ps.length + 1}) AS eq)
       SELECT d.id, (d.natural_key IS NOT DISTINCT FROM ${cit}) AS cited, d.search_title AS title,
              (d.search_head @@ q.aq) AS in_head, (d.search_head @@ q.eq) AS exact_head,
              ts_rank(d.search_head, q.aq, 1)::float8 AS head_rank, (d.search_head @@ q.aq) AS hit
       FROM q, "document" d
       WHERE (d.search_head @@ q.aq OR d.natural_key = ${cit} OR d.id = ANY(${namedIds})) AND ${where}
       ORDER BY cited DESC, (d.id = ANY(${namedIds})) DESC, in_head DESC, head_rank DESC, d.id COLLATE "C"
       LIMIT ${maxCandidates}`,
      [...ps, exact],
    );
    const titleHits = titled.filter((c) => c.hit).length;
    if (titleHits >= Math.min(bodyOnlyBelow, maxCandidates)) return { rows: titled, complete: false };
    const bodyOnly = await db.query<Candidate>(
      `WITH q AS MATERIALIZED (SELECT to_tsquery('simple', ${aq}) AS aq)
       SELECT d.id, FALSE AS cited, d.search_title AS title, FALSE AS in_head, FALSE AS exact_head,
              ts_rank(d.search_head, q.aq, 1)::float8 AS head_rank, TRUE AS hit
       FROM q, "document" d
       WHERE d.search_vector @@ q.aq AND NOT (d.search_head @@ q.aq) AND d.natural_key IS DISTINCT FROM ${cit}
         AND d.id <> ALL(${namedIds}) AND ${where}
       LIMIT ${maxCandidates - titled.length}`,
      ps,
    );
    const rows = [...titled, ...bodyOnly];
    return { rows, complete: rows.length < maxCandidates };
  };
  // All terms; when no document has them all, any of them. A cited document is listed whatever it
  // matches, so when it is the only row, whether it has all terms is asked separately (rarely).
  let tsquery = all;
  let found = await matches(all);
  const allMatched = found.rows.some((c) => c.hit) || (found.rows.length > 0 && (await hasAllTerms(db, all, filters)));
  if (!allMatched) {
    tsquery = any;
    found = await matches(any);
  }
  const candidates = found.rows;
  if (!candidates.length) return { ranked: [], tsquery, others: [] };

  // The arithmetic (and its order) is what the SQL of this ranking computed in float8 before it
  // moved here, so rankings are unchanged.
  const query = new TrigramQuery(p.folded);
  const scored = candidates
    .map((c) => {
      const titleSignal =
        (c.in_head ? 3 - (c.exact_head ? 0 : WEIGHTS.prefixOnly) : 0) + 3 * query.similarity(c.title) + Number(c.head_rank);
      const head = titleSignal + (named.get(c.id) ?? 0);
      return { id: c.id, cited: c.cited, score: 0, head, searchTitle: c.title, titleSignal };
    })
    .sort(byRank('head'));
  const others = found.complete ? scored.slice(depth).map((r) => r.id) : null;
  const top = scored.slice(0, depth);

  // With the body rank, the effectivity (packed, a few bytes) for generations.ts: same rows.
  const bodyRank = await db.query<Pick<DocumentRow, 'id'> & { rank: number } & PriorColumns>(
    `WITH q AS MATERIALIZED (SELECT to_tsquery('simple', $1) AS aq)
     SELECT b.id, ts_rank(b.search_vector, q.aq)::float8 AS rank, ${priorColumns('b')}
     FROM q, "document" b WHERE b.id = ANY($2::text[])`,
    [tsquery, top.map((r) => r.id)],
  );
  const rowOf = new Map(bodyRank.map((r) => [r.id, r]));
  for (const r of top) {
    const row = rowOf.get(r.id);
    r.score = r.head + (row ? 0.5 * Number(row.rank) + documentPrior(row, r.searchTitle, day) : 0);
  }
  const generations = await inForceFirst(db, top.sort(byRank('score')), day, new Map(bodyRank.map((r) => [r.id, r.eff])));
  const ranked = generations.map(({ id, score, cited }) => ({ id, score, cited }));
  return { ranked, tsquery, others };
}

/**
 * The matches of `tsquery` other than `exclude` (the scored ones), after `after`, in the tail
 * order (TailKey), at most `limit`. Scored by their title signals, 3 × all terms in the title +
 * title rank: what the scored ones start from, without the title similarity and body rank that
 * cost too much to compute for every match. Every match is read and sorted, so a walk this deep
 * costs in proportion to the matches (a query with thousands of them is rarely paged this far).
 */
export async function lexicalTail(
  db: SqlSession,
  tsquery: string,
  filters: DocumentFilters,
  exclude: string[],
  after: TailKey | null,
  limit: number,
): Promise<(Ranked & { key: TailKey })[]> {
  const params: unknown[] = [tsquery, exclude];
  const where = filterSql(filters, 'd', params);
  let past = 'TRUE';
  if (after) {
    const [ih, hr, id] = [`$${params.push(after[0])}::boolean`, `$${params.push(after[1])}::float8`, `$${params.push(after[2])}::text`];
    past = `(${ih} AND NOT m.in_head) OR (m.in_head = ${ih} AND (m.head_rank < ${hr} OR (m.head_rank = ${hr} AND m.id COLLATE "C" > ${id} COLLATE "C")))`;
  }
  const rows = await db.query<Pick<DocumentRow, 'id'> & { in_head: boolean; head_rank: number }>(
    `WITH q AS MATERIALIZED (SELECT to_tsquery('simple', $1) AS aq)
     SELECT m.id, m.in_head, m.head_rank FROM (
       SELECT d.id, (d.search_head @@ q.aq) AS in_head, ts_rank(d.search_head, q.aq, 1)::float8 AS head_rank
       FROM q, "document" d
       WHERE d.search_vector @@ q.aq AND d.id <> ALL($2::text[]) AND ${where}) m
     WHERE ${past}
     ORDER BY m.in_head DESC, m.head_rank DESC, m.id COLLATE "C"
     LIMIT ${Math.floor(limit)}`,
    params,
  );
  return rows.map((r) => {
    const headRank = Number(r.head_rank);
    return { id: r.id, score: (r.in_head ? 3 : 0) + headRank, cited: false, key: [r.in_head, headRank, r.id] };
  });
}
