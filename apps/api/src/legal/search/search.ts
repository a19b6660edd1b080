import type { SearchMode } from '@dp/core';
import type { Database, SqlSession } from '@dp/db';
import { expandAbbreviations, fold, parseCitation, queryTerms } from './czech';
import { filterSql, type DocumentFilters } from './filters';
import { highlight } from './snippet';

export interface SearchRequest {
  q: string;
  mode: SearchMode;
  filters: DocumentFilters;
  limit: number;
  offset: number;
}

export interface SearchHit {
  id: string;
  natural_key: string;
  doc_number: string;
  title: string;
  doc_type: string;
  status: string;
  score: number;
  snippet: string;
}

export type SearchSignal = 'citation' | 'lexical' | 'trigram' | 'vector';

export interface SearchPage {
  results: SearchHit[];
  /** Offset of the next page, or null on the last one (the route wraps it in a cursor). */
  nextOffset: number | null;
  signals: SearchSignal[];
}

/** Optional re-ranker for hybrid: vector similarity of the query to each candidate. */
export interface VectorRanker {
  rank(q: string, candidates: { id: string; text: string }[]): Promise<string[]>;
}

/** Reciprocal rank fusion constant (Cormack et al.): damps the weight of the very top ranks. */
export const RRF_K = 60;
/** Candidates each hybrid signal contributes; hybrid pages end there. */
export const HYBRID_DEPTH = 100;
/** Lexical matches that get the (costly) body rank; the rest keep their title order. */
export const LEXICAL_DEPTH = 200;

interface PreparedQuery {
  citation: string | null;
  terms: string[];
  /** Folded query without the citation, for trigram similarity. */
  folded: string;
}

export function prepareQuery(q: string): PreparedQuery {
  const citation = parseCitation(q);
  const rest = expandAbbreviations(citation ? q.replace(citation.text, ' ') : q);
  return {
    citation: citation?.naturalKey ?? null,
    terms: queryTerms(rest),
    folded: fold(rest).replace(/[^a-z0-9]+/g, ' ').trim(),
  };
}

/**
 * Lexical ranking. Terms are prefix-matched stems (`zakonik:*`), ANDed; when no document has all
 * of them (a typo, an extra word) the OR of them is used instead, so a query never comes back
 * empty for one bad word. Score: all terms in the title/citation counts most, then the trigram
 * similarity of the whole query to the whole title (a short title that IS the query -- "Zákon o X"
 * -- beats "Zákon, kterým se mění zákon o X"), then ts_rank on the title and on title + body. The cited document, if any, sorts first whatever its score.
 */
function lexicalSql(p: PreparedQuery, filters: DocumentFilters, params: unknown[], depth: number): string {
  const cit = `$${params.push(p.citation)}::text`;
  const where = filterSql(filters, 'd', params);
  if (!p.terms.length) {
    return `SELECT d.id, 1.0::float8 AS score, TRUE AS cited FROM "document" d WHERE d.natural_key = ${cit} AND ${where}`;
  }
  const aq = `to_tsquery('simple', $${params.push(p.terms.map((t) => `${t}:*`).join(' & '))})`;
  const oq = `to_tsquery('simple', $${params.push(p.terms.map((t) => `${t}:*`).join(' | '))})`;
  const where2 = filterSql(filters, 'x', params);
  const qn = `$${params.push(p.folded)}::text`;
  // The query values enter through MATERIALIZED CTEs, never as constants in a condition:
  // - with a constant, the planner estimates `@@` / `<%` by running them over the column's
  //   statistics (4-8 ms of planning for a 1 ms query); through a CTE it takes a default and the
  //   plan is the same (GIN index);
  // - written inline, the AND-or-OR CASE (and its EXISTS, a GIN scan of every prefix-matching
  //   lexeme) was copied into each place q.aq was used and ran four times per query.
  // Two phases: the cheap title signals order every match; the body rank (which reads the whole
  // document vector, up to 100 kB) is added for the best `depth` only.
  return `
    WITH v AS MATERIALIZED (SELECT ${aq} AS a, ${oq} AS o, ${qn} AS qn),
    q AS MATERIALIZED (
      SELECT CASE WHEN EXISTS (SELECT 1 FROM "document" x WHERE x.search_vector @@ v.a AND ${where2})
                  THEN v.a ELSE v.o END AS aq, v.qn
      FROM v)
    SELECT c.id, c.cited, (c.head + 0.5 * ts_rank(b.search_vector, c.aq))::float8 AS score
    FROM (
      SELECT d.id, (d.natural_key IS NOT DISTINCT FROM ${cit}) AS cited, q.aq,
        3.0 * (d.search_head @@ q.aq)::int + 3.0 * public.similarity(q.qn, d.search_title)
          + ts_rank(d.search_head, q.aq, 1) AS head
      FROM q, "document" d
      WHERE (d.search_vector @@ q.aq OR d.natural_key = ${cit}) AND ${where}
      ORDER BY cited DESC, head DESC, d.id
      LIMIT ${depth}
    ) c JOIN "document" b ON b.id = c.id`;
}

/**
 * Trigram ranking, independent of the stemmer: word similarity of the folded query to the folded
 * title. `<%` (threshold pg_trgm.word_similarity_threshold, 0.6) lets the GIN index pick the
 * candidates; it catches typos and forms the stemmer misses. Ranked by word similarity (the query
 * is in the title) plus whole-string similarity (and the title is not much more than the query).
 */
function trigramSql(p: PreparedQuery, filters: DocumentFilters, params: unknown[]): string | null {
  if (p.folded.length < 3) return null;
  const qn = `$${params.push(p.folded)}::text`;
  // The query through a MATERIALIZED CTE, not as a constant: see lexicalSql (planning `<%` with a
  // constant runs word_similarity over the column statistics, 4-6 ms; the plan is the same).
  return `
    WITH t AS MATERIALIZED (SELECT ${qn} AS qn)
    SELECT d.id, (public.word_similarity(t.qn, d.search_title) + public.similarity(t.qn, d.search_title))::float8 AS score
    FROM t, "document" d
    WHERE t.qn OPERATOR(public.<%) d.search_title AND ${filterSql(filters, 'd', params)}`;
}

interface Ranked {
  id: string;
  score: number;
  cited: boolean;
}

/**
 * Runs the search on one connection with sequential scans discouraged: on a table of a few
 * thousand rows the planner prefers scanning, not knowing that each row's tsvector and text are
 * large out-of-line values; the GIN indexes are what keeps latency flat (EXPLAIN in the bench).
 */
export async function searchDocuments(db: Database, req: SearchRequest, vector?: VectorRanker): Promise<SearchPage> {
  return db.withSession(async (s) => {
    // One round trip for both statements (a simple-protocol multi-statement string).
    await s.exec('BEGIN READ ONLY; SET LOCAL enable_seqscan = off');
    try {
      return await searchOn(s, req, vector);
    } finally {
      await s.exec('COMMIT').catch(() => {});
    }
  });
}

async function searchOn(db: SqlSession, req: SearchRequest, vector?: VectorRanker): Promise<SearchPage> {
  const p = prepareQuery(req.q);
  const signals: SearchSignal[] = [];
  if (p.citation) signals.push('citation');
  let page: Ranked[];
  let more: boolean;

  if (req.mode === 'fulltext') {
    signals.push('lexical');
    const params: unknown[] = [];
    const depth = Math.max(LEXICAL_DEPTH, req.offset + req.limit + 1);
    const sql = `${lexicalSql(p, req.filters, params, depth)} ORDER BY cited DESC, score DESC, id LIMIT ${req.limit + 1} OFFSET ${req.offset}`;
    const rows = await db.query<Ranked>(sql, params);
    more = rows.length > req.limit;
    page = rows.slice(0, req.limit);
  } else {
    const fused = await hybridRanking(db, p, req.filters, vector, signals);
    page = fused.slice(req.offset, req.offset + req.limit);
    more = fused.length > req.offset + req.limit;
  }

  const results = await hydrate(db, page, p.terms);
  return { results, nextOffset: more ? req.offset + req.limit : null, signals };
}

/** Fuses the rankings by reciprocal rank fusion: score = sum over signals of 1 / (k + rank). */
export function reciprocalRankFusion(rankings: string[][], k = RRF_K): Map<string, number> {
  const fused = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return fused;
}

async function hybridRanking(
  db: SqlSession,
  p: PreparedQuery,
  filters: DocumentFilters,
  vector: VectorRanker | undefined,
  signals: SearchSignal[],
): Promise<Ranked[]> {
  const lexParams: unknown[] = [];
  const lexical = await db.query<Ranked>(
    `${lexicalSql(p, filters, lexParams, LEXICAL_DEPTH)} ORDER BY cited DESC, score DESC, id LIMIT ${HYBRID_DEPTH}`,
    lexParams,
  );
  signals.push('lexical');
  const triParams: unknown[] = [];
  const triSql = trigramSql(p, filters, triParams);
  const trigram = triSql ? await db.query<Ranked>(`${triSql} ORDER BY score DESC, id LIMIT ${HYBRID_DEPTH}`, triParams) : [];
  signals.push('trigram');

  const rankings = [lexical.filter((r) => !r.cited).map((r) => r.id), trigram.map((r) => r.id)];
  if (vector) {
    const ids = [...new Set(rankings.flat())];
    if (ids.length) {
      const rows = await db.query<{ id: string; text: string }>(
        `SELECT id, concat_ws(' ', title, citation) AS text FROM "document" WHERE id = ANY($1::text[])`,
        [ids],
      );
      const ranking = await vector.rank(p.folded || p.terms.join(' '), rows);
      // An unavailable provider ranks nothing; meta.signals then tells the client so.
      if (ranking.length) {
        rankings.push(ranking);
        signals.push('vector');
      }
    }
  }
  const fused = reciprocalRankFusion(rankings);
  const cited = lexical.filter((r) => r.cited).map((r) => r.id);
  const ordered = [...fused.entries()]
    .filter(([id]) => !cited.includes(id))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([id, score]) => ({ id, score, cited: false }));
  return [...cited.map((id) => ({ id, score: 1, cited: true })), ...ordered];
}

/** Loads the page's documents and cuts each snippet where the query matches in the text. */
async function hydrate(db: SqlSession, page: Ranked[], terms: string[]): Promise<SearchHit[]> {
  if (!page.length) return [];
  // The most specific (longest) term decides where the snippet is; its first occurrence after the
  // heading is preferred, so the snippet shows the body, not the title again.
  const key = [...terms].filter((t) => t.length >= 3).sort((a, b) => b.length - a.length)[0] ?? null;
  const rows = await db.query<{
    id: string; natural_key: string; doc_number: string; title: string; doc_type: string; status: string;
    pos: number; win: string; win_start: number;
  }>(
    // search_scan / search_lead (migration 20261122080000) are the regions searched, cut at
    // import: strpos on them directly, not on substr(search_body, ...), which read 4 bytes per
    // character from TOAST and walked them (~0.4 ms per hit). The window is cut from the text,
    // which decompresses only up to it. No length(d.text): on a compressed 1.2 M-character code it
    // decompresses the whole text (~12 ms); the window is read one character longer instead, which
    // tells whether the text goes on after it, all the snippet needs to know.
    `SELECT d.id, d.natural_key, d.doc_number, d.title, d.doc_type, d.status, m.pos,
            greatest(1, m.pos - ${SLACK}) AS win_start,
            substr(d.text, greatest(1, m.pos - ${SLACK}), ${WINDOW + 1}) AS win
     FROM "document" d
     CROSS JOIN LATERAL (SELECT CASE WHEN $2::text IS NULL THEN 1 ELSE coalesce(
         nullif(strpos(d.search_scan, ' ' || $2::text), 0) + length(d.title) + ${HEADING},
         nullif(strpos(d.search_lead, $2::text), 0),
         1) END::int AS pos) m
     WHERE d.id = ANY($1::text[])`,
    [page.map((r) => r.id), key],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.flatMap((r) => {
    const d = byId.get(r.id);
    if (!d) return [];
    return [{
      id: d.id,
      natural_key: d.natural_key,
      doc_number: d.doc_number,
      title: d.title,
      doc_type: d.doc_type,
      status: d.status,
      score: Math.round(Number(r.score) * 10_000) / 10_000,
      snippet: snippetOf(d.win, Number(d.win_start), Number(d.pos), key, terms),
    }];
  });
}

/**
 * The window as read (up to WINDOW + 1 characters): its extra last character, if present, only
 * says the text continues; the length passed on is then one past the window's end, exactly what
 * cutSnippet needs to add the trailing "…".
 */
function snippetOf(read: string, winStart: number, pos: number, key: string | null, terms: string[]): string {
  const win = read.slice(0, WINDOW);
  const len = read.length > WINDOW ? winStart + WINDOW : winStart + read.length - 1;
  return cutSnippet(win, winStart, pos, len, key, terms);
}

/**
 * Folding can lengthen text ("…" -> "..."), so a position in search_body is at or after the same
 * place in the text, by at most a few hundred characters. The window read from the text starts
 * SLACK characters earlier; here the last occurrence of the key term up to the folded position is
 * the match (or an earlier occurrence of the same term, which serves a snippet as well).
 */
export function cutSnippet(win: string, winStart: number, pos: number, len: number, key: string | null, terms: string[]): string {
  let at = Math.min(win.length, pos - winStart);
  if (key) {
    const folded = fold(win); // per-character fold of Czech letters keeps offsets
    let best = -1;
    const re = new RegExp(`(^|[^a-z0-9])${key}`, 'g');
    for (let m = re.exec(folded); m; m = re.exec(folded)) {
      const i = m.index + m[1].length;
      if (i <= at) best = i;
      else {
        if (best < 0) best = i;
        break;
      }
    }
    if (best >= 0) at = best;
  }
  const from = Math.max(0, at - SNIPPET_BEFORE);
  const to = Math.min(win.length, at + SNIPPET_CHARS - SNIPPET_BEFORE);
  return highlight(win.slice(from, to), terms, winStart + from > 1, winStart + to - 1 < len);
}

const SNIPPET_BEFORE = 80;
const SNIPPET_CHARS = 280;
/**
 * The snippet is looked for in the first 20,000 characters only (after the heading, else from the
 * start), so a search reads a few kB per hit even of the largest codes (1.2 M characters).
 * The regions are precomputed (migration 20261122080000): search_scan = substr(search_body,
 * length(title) + HEADING, SNIPPET_SCAN), search_lead = left(search_body, SNIPPET_SCAN); change
 * them there, in a new migration, if these change.
 */
const SNIPPET_SCAN = 20_000;
/** Characters after the title taken as the heading (citation, promulgation line). */
const HEADING = 100;
/** Most that folding lengthens a document in the corpus is 367 characters. */
const SLACK = 500;
/** Characters of text read around the match: SLACK before it, the snippet after. */
const WINDOW = SLACK + SNIPPET_CHARS;
