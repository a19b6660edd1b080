import type { SearchMode } from '@dp/core';
import type { Database, SqlSession } from '@dp/db';
import { fold } from './czech';
import type { DocumentFilters } from './filters';
import { DICTIONARY_SIMILARITY } from './fuzzy-terms';
import { lexicalRanking } from './lexical';
import { prepareQuery, type PreparedQuery, type Ranked } from './query';
import { highlight } from './snippet';
import { HYBRID_DEPTH, trigramRanking } from './trigram-ranking';

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
/** Lexical matches that get the (costly) body rank; the rest keep their title order. */
export const LEXICAL_DEPTH = 200;

/**
 * Search statements run with sequential scans discouraged: on a table of a few thousand rows the
 * planner may prefer scanning, not knowing that each row's tsvector and text are large out-of-line
 * values; the GIN indexes are what keeps latency flat (EXPLAIN in the bench). The trigram
 * threshold is the fuzzy term lookup's (fuzzy-terms.ts).
 */
export const SEARCH_SETTINGS = { enable_seqscan: 'off', 'pg_trgm.similarity_threshold': DICTIONARY_SIMILARITY } as const;
const inSearchSession = <T>(db: Database, fn: (s: SqlSession) => Promise<T>) => db.withReadOnlySettings(SEARCH_SETTINGS, fn);

export async function searchDocuments(db: Database, req: SearchRequest, vector?: VectorRanker): Promise<SearchPage> {
  const p = prepareQuery(req.q);
  const signals: SearchSignal[] = p.citation ? ['citation'] : [];

  if (req.mode === 'fulltext') {
    signals.push('lexical');
    return inSearchSession(db, async (s) => {
      const ranked = await lexicalRanking(s, p, req.filters, Math.max(LEXICAL_DEPTH, req.offset + req.limit + 1));
      const results = await hydrate(s, ranked.slice(req.offset, req.offset + req.limit), p.terms);
      return { results, nextOffset: ranked.length > req.offset + req.limit ? req.offset + req.limit : null, signals };
    });
  }

  // The two rankings are independent: they run at the same time on two connections
  // (the search's latency is the slower one, not the sum).
  const [lexical, trigram] = await Promise.all([
    inSearchSession(db, (s) => lexicalRanking(s, p, req.filters, LEXICAL_DEPTH)),
    inSearchSession(db, (s) => trigramRanking(s, p, req.filters)),
  ]);
  signals.push('lexical', 'trigram');
  const fused = await fuse(db, p, lexical.slice(0, HYBRID_DEPTH), trigram, vector, signals);
  const page = fused.slice(req.offset, req.offset + req.limit);
  const results = await inSearchSession(db, (s) => hydrate(s, page, p.terms));
  return { results, nextOffset: fused.length > req.offset + req.limit ? req.offset + req.limit : null, signals };
}

/** Fuses the rankings by reciprocal rank fusion: score = sum over signals of 1 / (k + rank). */
export function reciprocalRankFusion(rankings: string[][], k = RRF_K): Map<string, number> {
  const fused = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return fused;
}

async function fuse(
  db: Database,
  p: PreparedQuery,
  lexical: Ranked[],
  trigram: Ranked[],
  vector: VectorRanker | undefined,
  signals: SearchSignal[],
): Promise<Ranked[]> {
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
 * length(title) + HEADING, 20000), search_lead = left(search_body, 20000); change them there, in
 * a new migration, if these change.
 */
/** Characters after the title taken as the heading (citation, promulgation line). */
const HEADING = 100;
/** Most that folding lengthens a document in the corpus is 367 characters. */
const SLACK = 500;
/** Characters of text read around the match: SLACK before it, the snippet after. */
const WINDOW = SLACK + SNIPPET_CHARS;
