import { todayUtc, type DocumentFilters, type SearchMode, type SearchSignal, type V1Schemas } from '@dp/core';
import type { Database, ProvisionNode, SqlSession } from '@dp/db';
import type { ProvisionIndex } from '../documents/provision-index';
import { fold } from './czech';
import { DICTIONARY_SIMILARITY } from './fuzzy-terms';
import { BODY_ONLY_BELOW, lexicalRanking, lexicalTail, MAX_CANDIDATES, type LexicalRanking, type TailKey } from './lexical';
import { namedDocuments } from './names';
import { prepareQuery, type PreparedQuery, type Ranked } from './query';
import { pointAt, pointerOf, provisionsCitedIn, type ProvisionPointer, type ProvisionTrees } from './provision-pointers';
import { dayStatus, pageDocuments, type DayStatus, type SearchDocuments } from './text-status';
import { needsCites } from '../documents/amendments';
import { rankProvisions, termsFor } from './provision-search';
import { highlight } from './snippet';
import { HYBRID_DEPTH, trigramRanking } from './trigram-ranking';

/**
 * Where a page starts in a search's one order of results (opaque to clients; the cursor holds it
 * as it is, request.ts): `offset`, an index into the ranked part (the scored lexical matches; in
 * hybrid, the fused ones and then the remaining scored lexical ones); or `tail`, past the ranked
 * part, after a tail key (null: at the start of the tail). `count` counts the results before the page.
 */
export type SearchPosition = { count: number; offset: number } | { count: number; tail: TailKey | null };

export interface SearchRequest {
  q: string;
  mode: SearchMode;
  filters: DocumentFilters;
  limit: number;
  /** Null: the first page. */
  after: SearchPosition | null;
  /** The day whose effectivity ranks generations of one title (default today). */
  at?: Date;
  /** False: hits point as before #37 (no provision search), for the questions eval's "before". */
  rankedPointers?: boolean;
}

/** One result as the OpenAPI document defines it (generated types): the contract, not a copy of it. */
export type SearchHit = V1Schemas['SearchResult'];

export interface SearchPage {
  results: SearchHit[];
  /** Where the next page starts, or null on the last one (the route wraps it in a cursor). */
  next: SearchPosition | null;
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
export const SEARCH_SETTINGS = {
  enable_seqscan: 'off',
  'pg_trgm.similarity_threshold': DICTIONARY_SIMILARITY,
  // Search statements are prepared per connection (withReadOnlySettings); a generic plan would
  // estimate a tsquery's matches without its value, so every call is planned for its own.
  plan_cache_mode: 'force_custom_plan',
  // With sequential scans priced out, a plan over many matches can cost past jit_above_cost, and
  // compiling it takes longer than running it: the whole collection's act-name queries paid for
  // JIT on every call (docs/BENCHMARKS.md, "#37 latency: h-fast").
  jit: 'off',
} as const;
const inSearchSession = <T>(db: Database, fn: (s: SqlSession) => Promise<T>) => db.withReadOnlySettings(SEARCH_SETTINGS, fn);

/**
 * One page of a search. Every search has ONE order of all its matches, whatever the page size,
 * so following the cursor returns each match exactly once:
 * 1. the ranked part, the same for every page of the search: fulltext, the LEXICAL_DEPTH best
 *    lexical matches (fully scored); hybrid, the fused rankings, then the rest of those lexical
 *    matches in lexical order;
 * 2. the tail: every other lexical match, in the tail order (lexical.ts TailKey), read with a
 *    keyset condition, so it is exact however deep the page.
 * Each page recomputes the ranked part (the cost of a first page), then slices it or reads the tail.
 * With `trees` (the API's document cache), each hit points at its provision (provision-pointers.ts).
 * Every hit carries its document's text status on the day (#35 item 3), through that cache when
 * given.
 */
export async function searchDocuments(
  db: Database,
  req: SearchRequest,
  vector?: VectorRanker,
  trees?: SearchDocuments,
): Promise<SearchPage> {
  const p = prepareQuery(req.q);
  const signals: SearchSignal[] = p.citation ? ['citation'] : [];
  const day = req.at ?? todayUtc();

  if (req.mode === 'fulltext') {
    signals.push('lexical');
    return inSearchSession(db, async (s) => {
      const named = await namedDocuments(s, p, req.filters, day);
      const lexical = await lexicalRanking(s, p, req.filters, LEXICAL_DEPTH, MAX_CANDIDATES, day, BODY_ONLY_BELOW, named);
      const { page, next } = await pageOf(s, req, lexical, lexical.ranked, (r) => r.score);
      return { results: await hydrate(db, s, page, req, p, trees, named.byHeading, day), next, signals };
    });
  }

  // The two rankings are independent: they run at the same time on two connections (the
  // search's latency is the slower one, not the sum). Both take the documents the query names
  // (names.ts) as candidates, looked up once before them: each ranking would look them up first
  // anyway, so the latency is the same, and under concurrent load every statement counts
  // (docs/search.md, "Throughput").
  const named = await inSearchSession(db, (s) => namedDocuments(s, p, req.filters, day));
  const [lexical, trigram] = await Promise.all([
    inSearchSession(db, (s) => lexicalRanking(s, p, req.filters, LEXICAL_DEPTH, MAX_CANDIDATES, day, BODY_ONLY_BELOW, named)),
    inSearchSession(db, (s) => trigramRanking(s, p, req.filters, day, named)),
  ]);
  signals.push('lexical', 'trigram');
  const fused = await fuse(db, p, lexical.ranked.slice(0, HYBRID_DEPTH), trigram, vector, signals);
  // Past the fused candidates, the other scored lexical matches, then the tail, all scored as
  // their place in this order would be in a fusion: 1 / (k + position).
  const inFused = new Set(fused.map((r) => r.id));
  const ranked = [...fused, ...lexical.ranked.filter((r) => !inFused.has(r.id)).map((r) => ({ ...r, cited: false }))];
  return inSearchSession(db, async (s) => {
    const { page, next } = await pageOf(s, req, lexical, ranked, (r, position) =>
      position < fused.length ? r.score : 1 / (RRF_K + position + 1),
    );
    return { results: await hydrate(db, s, page, req, p, trees, named.byHeading, day), next, signals };
  });
}

/**
 * The page of `req` in the order `ranked` ++ tail (the lexical matches not in `ranked`), and where
 * the next page starts. `score` gives each result its score from its position in that order.
 */
async function pageOf(
  db: SqlSession,
  req: SearchRequest,
  lexical: LexicalRanking,
  ranked: Ranked[],
  score: (r: Ranked, position: number) => number,
): Promise<{ page: Ranked[]; next: SearchPosition | null }> {
  const at = req.after ?? { count: 0, offset: 0 };
  const page: Ranked[] = [];
  let tailAfter: TailKey | null = null;
  if ('offset' in at) {
    // Past the ranked part: no cursor this search issued points there (the last page of the
    // ranked part hands over to the tail with `tail`), only a forged one or one from before the
    // corpus changed. The order it was a position in has ended: an empty last page.
    if (at.offset > 0 && at.offset >= ranked.length) return { page, next: null };
    const slice = ranked.slice(at.offset, at.offset + req.limit);
    slice.forEach((r, i) => page.push({ ...r, score: score(r, at.count + i) }));
    if (at.offset + slice.length < ranked.length)
      return { page, next: { count: at.count + page.length, offset: at.offset + slice.length } };
    // The ranked part ends on this page: the tail follows, if it has anything.
    const inRanked = new Set(ranked.map((r) => r.id));
    const tailIsEmpty = !lexical.tsquery || (lexical.others !== null && lexical.others.every((id) => inRanked.has(id)));
    if (tailIsEmpty) return { page, next: null };
    if (page.length === req.limit) return { page, next: { count: at.count + page.length, tail: null } };
  } else {
    tailAfter = at.tail;
  }
  if (!lexical.tsquery) return { page, next: null };
  const wanted = req.limit - page.length;
  const tail = await lexicalTail(
    db,
    lexical.tsquery,
    req.filters,
    ranked.map((r) => r.id),
    tailAfter,
    wanted + 1,
  );
  const first = at.count + page.length;
  tail.slice(0, wanted).forEach((r, i) => page.push({ id: r.id, cited: false, score: score(r, first + i) }));
  return { page, next: tail.length > wanted ? { count: at.count + page.length, tail: tail[wanted - 1].key } : null };
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

/**
 * Loads the page's documents and cuts each snippet where the query matches in the text; with
 * `trees`, points each hit at its provision (provision-pointers.ts) and cuts the snippet from it.
 */
async function hydrate(
  database: Database,
  db: SqlSession,
  page: Ranked[],
  req: SearchRequest,
  p: PreparedQuery,
  trees: SearchDocuments | undefined,
  byHeading: ReadonlySet<string>,
  day: Date,
): Promise<SearchHit[]> {
  if (!page.length) return [];
  const q = req.q;
  const terms = p.terms;
  // The most specific (longest) term decides where the snippet is; its first occurrence after the
  // heading is preferred, so the snippet shows the body, not the title again.
  const key = [...terms].filter((t) => t.length >= 3).sort((a, b) => b.length - a.length)[0] ?? null;
  const rows = await db.query<{
    id: string;
    natural_key: string;
    doc_number: string;
    title: string;
    // Stored from core's vocabularies by the importer and the sync.
    doc_type: SearchHit['doc_type'];
    status: SearchHit['status'];
    pos: number;
    win: string;
    win_start: number;
    current_version: number | null;
  }>(
    // search_scan / search_lead (the search trigger) are the regions searched, cut at
    // import: strpos on them directly, not on substr(<folded text>, ...), which read 4 bytes per
    // character from TOAST and walked them. The window is cut from the text, which decompresses
    // only up to it. No length(d.text): on a compressed code it decompresses the whole text; the
    // window is read one character longer instead, which tells whether the text goes on after it,
    // all the snippet needs to know. The version whose text d.text is (text_is_current) has the
    // tree whose offsets are in it; a document without one gets no pointers.
    `SELECT d.id, d.natural_key, d.doc_number, d.title, d.doc_type, d.status, m.pos,
            greatest(1, m.pos - ${SLACK}) AS win_start,
            substr(d.text, greatest(1, m.pos - ${SLACK}), ${WINDOW + 1}) AS win,
            ${trees ? `(SELECT v.version FROM document_version v WHERE v.document_id = d.id AND v.text_is_current LIMIT 1)` : 'NULL::int'} AS current_version
     FROM "document" d
     CROSS JOIN LATERAL (SELECT CASE WHEN $2::text IS NULL THEN 1 ELSE coalesce(
         nullif(strpos(d.search_scan, ' ' || $2::text), 0) + length(d.title) + ${HEADING},
         nullif(strpos(d.search_lead, $2::text), 0),
         1) END::int AS pos) m
     WHERE d.id = ANY($1::text[])`,
    [page.map((r) => r.id), key],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = page.flatMap((r) => {
    const d = byId.get(r.id);
    return d ? [{ r, d }] : [];
  });
  // #35 item 3: each hit's text status as the document read gives it on the day asked, the page's
  // documents read at once (from the cache: none per hit).
  const loaded = await pageDocuments(
    database,
    trees,
    found.map(({ d }) => d.id),
  );
  const statuses = new Map([...loaded].map(([id, l]) => [id, dayStatus(l, day, req.at !== undefined)]));
  const pointed = trees
    ? await pointHits(
        db,
        found.map(({ d }) => d),
        q,
        p,
        key,
        trees,
        byHeading,
        await bestProvisions(
          database,
          db,
          req,
          found.map(({ d }) => d.id),
          day,
        ),
        statuses,
      )
    : new Map<string, PointedHit>();
  return found.map(({ r, d }) => {
    const at = pointed.get(d.id);
    const status = statuses.get(d.id);
    return {
      id: d.id,
      natural_key: d.natural_key,
      doc_number: d.doc_number,
      title: d.title,
      doc_type: d.doc_type,
      status: d.status,
      score: Math.round(Number(r.score) * 10_000) / 10_000,
      snippet: at?.snippet ?? snippetOf(d.win, Number(d.win_start), Number(d.pos), key, terms),
      provision: at?.pointer ?? null,
      text_current: status?.textCurrent ?? true,
      outstanding_amendments: status?.outstandingActs ?? 0,
    };
  });
}

/** Provisions ranked per page document at most (the best of each is what its hit points at). */
const POINTER_DEPTH = 200;

/** Each page document's best provision in the provision search's ranking of the query (#37). */
async function bestProvisions(
  database: Database,
  db: SqlSession,
  req: SearchRequest,
  ids: string[],
  day: Date,
): Promise<Map<string, string>> {
  const best = new Map<string, string>();
  if (!ids.length || req.rankedPointers === false) return best;
  for (const r of await rankProvisions(database, db, termsFor(req.q, req.mode), {}, day, POINTER_DEPTH, ids)) {
    if (!best.has(r.documentId)) best.set(r.documentId, r.provisionId);
  }
  return best;
}

interface PointedHit {
  pointer: ProvisionPointer;
  snippet: string;
}

/**
 * Each hit's provision (provision-pointers.ts) and the snippet cut from it: at the match, inside
 * the § that holds it; or, for a provision the query cites or whose heading it is, from the
 * provision's start (read in one more query for the page, only when there is such a hit).
 */
async function pointHits(
  db: SqlSession,
  rows: readonly { id: string; natural_key: string; win: string; win_start: number; pos: number; current_version: number | null }[],
  q: string,
  p: PreparedQuery,
  key: string | null,
  trees: ProvisionTrees,
  byHeading: ReadonlySet<string>,
  /** Each document's best provision in the provision search's ranking of the same query. */
  best: ReadonlyMap<string, string>,
  /** Each document's status on the day: the pointer says its provision's (statusOf, as the provision read). */
  statuses: ReadonlyMap<string, DayStatus>,
): Promise<Map<string, PointedHit>> {
  const withVersion = rows.filter((d) => d.current_version !== null);
  const indexes = await trees.treesOf(withVersion.map((d) => ({ documentId: d.id, version: Number(d.current_version) })));
  const cited = provisionsCitedIn(q);
  const out = new Map<string, PointedHit>();
  const atStart: { id: string; tree: ProvisionIndex; node: ProvisionNode }[] = [];
  const pointed = new Map<string, { tree: ProvisionIndex; node: ProvisionNode }>();
  withVersion.forEach((d, i) => {
    const tree = indexes[i];
    if (!tree) return;
    const winStart = Number(d.win_start);
    const match = key ? matchIndex(d.win.slice(0, WINDOW), winStart, Number(d.pos), key) : null;
    // Only a document the ranking found named by a § heading looks for it (building a tree's
    // heading names costs the first lookup a stemming of every heading).
    let point = pointAt(tree, d.natural_key, cited, byHeading.has(d.id) ? p.name : '', match === null ? null : winStart - 1 + match);
    // Past a cited provision or a heading the query is, the provision search's choice (#37),
    // unless the match lies inside it: then the finer unit that holds the match (its odstavec).
    const ranked = best.get(d.id);
    const node = ranked === undefined ? undefined : tree.get(ranked);
    const inside = point?.by === 'match' && node !== undefined && point.node.id.startsWith(`${node.id}/`);
    if (node && (!point || point.by === 'match') && !inside) point = { node, by: 'ranked' };
    if (!point) return;
    if (point.by !== 'match') {
      atStart.push({ id: d.id, tree, node: point.node });
      return;
    }
    // The snippet stays inside the § (or čl., příloha) that holds the match.
    let unit: ProvisionNode | undefined = point.node;
    while (unit && !tree.isUnit(unit)) unit = unit.parent === null ? undefined : tree.get(unit.parent);
    const bounds = unit ?? point.node;
    pointed.set(d.id, { tree, node: point.node });
    out.set(d.id, {
      pointer: pointerOf(tree, point.node, statuses.get(d.id)?.effects),
      snippet: snippetOf(d.win, winStart, Number(d.pos), key, p.terms, { start: bounds.start, end: bounds.end }, match),
    });
  });
  if (atStart.length) {
    const windows = await db.query<{ id: string; win: string }>(
      `SELECT w.id, substr(d.text, w.start + 1, ${SNIPPET_CHARS + 1}) AS win
       FROM unnest($1::text[], $2::int[]) AS w (id, start) JOIN "document" d ON d.id = w.id`,
      [atStart.map((a) => a.id), atStart.map((a) => a.node.start)],
    );
    const winOf = new Map(windows.map((w) => [w.id, w.win]));
    for (const { id, tree, node } of atStart) {
      const win = winOf.get(id);
      if (win === undefined) continue;
      const length = Math.min(SNIPPET_CHARS, node.end - node.start);
      pointed.set(id, { tree, node });
      out.set(id, {
        pointer: pointerOf(tree, node, statuses.get(id)?.effects),
        snippet: highlight(win.slice(0, length), p.terms, false, length < node.end - node.start),
      });
    }
  }
  // A footnote's marks (`^fn_N`) reach the provisions whose own words cite it: only then are those words read.
  const cites = [...pointed].filter(([id]) => needsCites(statuses.get(id)?.effects ?? []));
  if (cites.length) {
    const words = await db.query<{ id: string; own: string }>(
      `SELECT w.id, substr(d.text, w.start + 1, w.length) AS own
       FROM unnest($1::text[], $2::int[], $3::int[]) AS w (id, start, length) JOIN "document" d ON d.id = w.id`,
      [cites.map(([id]) => id), cites.map(([, p]) => p.node.start), cites.map(([, p]) => p.node.end - p.node.start)],
    );
    for (const w of words) {
      const { tree, node } = pointed.get(w.id)!;
      out.get(w.id)!.pointer = pointerOf(tree, node, statuses.get(w.id)?.effects, w.own);
    }
  }
  return out;
}

/**
 * The window as read (up to WINDOW + 1 characters): its extra last character, if present, only
 * says the text continues; the length passed on is then one past the window's end, exactly what
 * cutSnippet needs to add the trailing "…". `within`: the snippet stays inside these offsets of
 * the text (0-based, end exclusive).
 */
function snippetOf(
  read: string,
  winStart: number,
  pos: number,
  key: string | null,
  terms: string[],
  within?: { start: number; end: number },
  match?: number | null,
): string {
  const win = read.slice(0, WINDOW);
  const len = read.length > WINDOW ? winStart + WINDOW : winStart + read.length - 1;
  return cutSnippet(win, winStart, pos, len, key, terms, within, match);
}

/**
 * Where the key term matches in the window (an index into it), or null when it does not occur.
 * Folding can lengthen text ("…" -> "..."), so a position in the folded text is at or after the
 * same place in the text, by at most a few hundred characters. The window read from the text
 * starts SLACK characters earlier; the last occurrence of the key term up to the folded position
 * is the match (or an earlier occurrence of the same term, which serves a snippet as well).
 */
export function matchIndex(win: string, winStart: number, pos: number, key: string): number | null {
  const at = Math.min(win.length, pos - winStart);
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
  return best >= 0 ? best : null;
}

/**
 * The snippet around the match in `win` (which starts at 1-based position `winStart` of the text;
 * `len` is one past the text's last position known). `within` keeps it inside a provision's
 * offsets (0-based, end exclusive): no words of the next § in a snippet that points at this one.
 */
export function cutSnippet(
  win: string,
  winStart: number,
  pos: number,
  len: number,
  key: string | null,
  terms: string[],
  within?: { start: number; end: number },
  /** matchIndex of these arguments, when the caller has it already (it folds the window). */
  match?: number | null,
): string {
  const found = match !== undefined ? match : key ? matchIndex(win, winStart, pos, key) : null;
  const at = found ?? Math.min(win.length, pos - winStart);
  // Offsets in the window of the provision's start and end (the window starts at winStart - 1).
  const lo = within ? Math.max(0, within.start - (winStart - 1)) : 0;
  const hi = within ? Math.min(win.length, within.end - (winStart - 1)) : win.length;
  const from = Math.max(lo, at - SNIPPET_BEFORE);
  const to = Math.min(hi, from + SNIPPET_CHARS, Math.max(at, from) + SNIPPET_CHARS - SNIPPET_BEFORE);
  const cutBefore = from > lo || (!within && winStart + from > 1);
  const cutAfter = within ? to < hi || (hi === win.length && winStart + to - 1 < len) : winStart + to - 1 < len;
  return highlight(win.slice(from, to), terms, cutBefore, cutAfter);
}

const SNIPPET_BEFORE = 80;
const SNIPPET_CHARS = 280;
/**
 * The snippet is looked for in the first 20,000 characters only (after the heading, else from the
 * start), so a search reads a few kB per hit even of the largest codes (1.2 M characters).
 * The regions are precomputed by the search trigger (migration 20261123040000): search_scan =
 * substr(folded text, length(title) + HEADING, 20000), search_lead = left(folded text, 20000);
 * change them there, in a new migration, if these change.
 */
/** Characters after the title taken as the heading (citation, promulgation line). */
const HEADING = 100;
/** Most that folding lengthens a document in the corpus is 367 characters. */
const SLACK = 500;
/** Characters of text read around the match: SLACK before it, the snippet after. */
const WINDOW = SLACK + SNIPPET_CHARS;
