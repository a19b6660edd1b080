import type { SqlSession } from '@dp/db';
import { filterSql, type DocumentFilters } from './filters';
import type { PreparedQuery, Ranked } from './query';
import { TrigramQuery } from './trigram';

interface Candidate {
  id: string;
  cited: boolean;
  title: string;
  in_head: boolean;
  head_rank: number;
  all_terms: boolean;
}

/**
 * Matches that get the title similarity: the cited one, then title matches first. Above every
 * corpus-wide count on the shared corpus (1,048 documents), so it only bounds the work on a large
 * corpus, where a common term matches tens of thousands of documents.
 */
export const MAX_CANDIDATES = 2_000;

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
 * best first.
 */
export async function lexicalRanking(db: SqlSession, p: PreparedQuery, filters: DocumentFilters, depth: number): Promise<Ranked[]> {
  const params: unknown[] = [];
  const cit = `$${params.push(p.citation)}::text`;
  if (!p.terms.length) {
    const where = filterSql(filters, 'd', params);
    return db.query<Ranked>(`SELECT d.id, 1.0::float8 AS score, TRUE AS cited FROM "document" d WHERE d.natural_key = ${cit} AND ${where}`, params);
  }
  const all = p.terms.map((t) => `${t}:*`).join(' & ');
  const any = p.terms.map((t) => `${t}:*`).join(' | ');
  const a = `$${params.push(all)}`;
  const o = `$${params.push(any)}`;
  const where = filterSql(filters, 'd', params);
  const whereX = filterSql(filters, 'x', params);
  // The query values enter through MATERIALIZED CTEs, never as constants in a condition: with a
  // constant, the planner estimates `@@` by running it over the column's statistics (4-8 ms of
  // planning for a 1 ms query); through a CTE it takes a default and the plan is the same (GIN).
  const candidates = await db.query<Candidate>(
    `WITH v AS MATERIALIZED (SELECT to_tsquery('simple', ${a}) AS a, to_tsquery('simple', ${o}) AS o),
     e AS MATERIALIZED (SELECT EXISTS (SELECT 1 FROM v, "document" x WHERE x.search_vector @@ v.a AND ${whereX}) AS all_terms),
     q AS MATERIALIZED (SELECT e.all_terms, CASE WHEN e.all_terms THEN v.a ELSE v.o END AS aq FROM v, e)
     SELECT d.id, (d.natural_key IS NOT DISTINCT FROM ${cit}) AS cited, d.search_title AS title,
            (d.search_head @@ q.aq) AS in_head, ts_rank(d.search_head, q.aq, 1)::float8 AS head_rank, q.all_terms
     FROM q, "document" d
     WHERE (d.search_vector @@ q.aq OR d.natural_key = ${cit}) AND ${where}
     ORDER BY cited DESC, in_head DESC, head_rank DESC, d.id
     LIMIT ${MAX_CANDIDATES}`,
    params,
  );
  if (!candidates.length) return [];

  // The arithmetic (and its order) is what the SQL of this ranking computed in float8 before it
  // moved here, so rankings are unchanged.
  const query = new TrigramQuery(p.folded);
  const top = candidates
    .map((c) => ({
      id: c.id,
      cited: c.cited,
      score: 0,
      head: (c.in_head ? 3 : 0) + 3 * query.similarity(c.title) + Number(c.head_rank),
    }))
    .sort(byRank('head'))
    .slice(0, depth);

  const bodyRank = await db.query<{ id: string; rank: number }>(
    `WITH q AS MATERIALIZED (SELECT to_tsquery('simple', $1) AS aq)
     SELECT b.id, ts_rank(b.search_vector, q.aq)::float8 AS rank FROM q, "document" b WHERE b.id = ANY($2::text[])`,
    [candidates[0].all_terms ? all : any, top.map((r) => r.id)],
  );
  const rankOf = new Map(bodyRank.map((r) => [r.id, Number(r.rank)]));
  for (const r of top) r.score = r.head + 0.5 * (rankOf.get(r.id) ?? 0);
  return top.sort(byRank('score')).map(({ id, score, cited }) => ({ id, score, cited }));
}
