import { Cache, formatIsoDate, todayUtc, type DocumentFilters, type SearchMode, type SearchSignal, type V1Schemas } from '@dp/core';
import {
  ACT_TERM_MIN_UNITS,
  indexTerms,
  meaningQueryTerms as queryTerms,
  type Database,
  type PlannerSettings,
  type QueryTerm,
  type SqlSession,
} from '@dp/db';
import { citesOfText, provisionStatus } from '../documents/amendments';
import type { DocumentCache } from '../documents/document-cache';
import { filterSql } from './filters';
import { AMENDING_TITLE, FAMILY_WEIGHT } from '@dp/czech-law';
import { priorColumns, type PriorColumns } from './priors';
import { inForceOn } from './generations';
import { MARK_CLOSE, MARK_OPEN } from './snippet';
import { pageDayEffects } from './text-status';

/**
 * #37: the provision search. Ranks the units of `search_provision` (packages/db
 * search/provision-index.ts) for a query: each query term (its lemma key; in hybrid also the
 * meaning signal's related terms, at their weight) counts by its rank in the unit's weighted vector
 * (its heading A, the act's title and short names B, its ancestors' headings C, text D) times its rarity, plus the cover density
 * of its words two by two (ts_rank_cd: their nearness); then the act's priors multiply it (in force on the day asked
 * first, an amending act, a part amending another act and a repealed provision last), and the act stage: the share of the
 * query's weight the unit holds and the share its act holds across its ranked units. One unit per §
 * of an act. See docs/search.md, "Provision search".
 */

export type ProvisionHit = V1Schemas['ProvisionSearchResult'];

/** Ranking weights ({D, C, B, A} for ts_rank) and factors; tuned on the tuning half (docs/BENCHMARKS.md). */
export const PROVISION_WEIGHTS = {
  /**
   * ts_rank's weights over a unit's vector: D its text, C its ancestors' headings (the containers'
   * and the group heading above its §), B the act's title and short names, A its own heading.
   */
  vector: '{0.1, 0.4, 0.4, 0.5}',
  /**
   * The cover density of the query's words near each other (coverPairs), added to the per-term sum:
   * two of a question's words in one sentence tell its subject better than each anywhere in a long §.
   */
  cover: 4,
  /**
   * 1: the cover density of any two of the query's words together, so it counts their nearness, for
   * the units ranked term by term only (the second stage's bound goes without it: the pairs' cover
   * search on every candidate cost more than the rank per term). 0: of each word alone in both
   * stages, as before (with cover 1), which only counted their occurrences (of an OR every
   * occurrence is a cover), and a long § repeating the common words outranked the short one that
   * answers.
   */
  coverPairs: 1,
  /** Factor of an act not in force on the day asked. */
  notInForce: 0.15,
  /**
   * Factor of an amending act (flag and title): its text is another act's changes, and its článek
   * quotes the amended act's new wording, every point repeating its words; the question is about
   * the act as it stands.
   */
  amending: 0.03,
  /** Factor of a provision the text marks repealed. */
  repealed: 0.2,
  /**
   * Factor of a unit inside a part that amends another act (@dp/czech-law AMENDING_PART: "Změna
   * zákona o …"; stored by the index writer as `in_amendment`).
   */
  inAmendment: 0.1,
  /** Factor of a decree or regulation against an act. */
  notAct: 0.9,
  /** Factor of a document that is neither an act nor a decree or regulation (communications, measures, …). */
  otherType: 0.5,
  /** × log10(1 + documents amending or citing the act), added to the factor 1. */
  degree: 0.6,
  /**
   * Exponent of the share of the query's weight a unit holds (its terms' rarity-weighted share): above
   * 1, a § holding more of the question's words wins over one holding a few of them often (a code's
   * § repeating the common ones).
   */
  unitShare: 1.5,
  /** Exponent of the share of the query's weight an act holds across its ranked units. */
  actShare: 1,
  /** A term in more than this share of the units is ranked but does not select candidates. */
  commonShare: 0.03,
  /**
   * The act as a document (`search_act`: title A, headings B): each ranked act's score, the query's
   * weighted ts_rank over it, makes a factor (actFloor + score / best) ** actDoc of its units
   * (0: no act document).
   */
  actDoc: 0.3,
  actFloor: 0.2,
  /** ts_rank's weights {D, C, B, A} over the act's vector: headings B, title and short names A. */
  actVector: '{0, 0, 0.33, 1}',
  /**
   * ts_rank's normalisation of the act's rank (1: divided by 1 + log of its length): a code's
   * thousands of headings hold some of any question's words.
   */
  actNorm: 1,
  /**
   * Related terms at most this heavy are left out (0 keeps them): the dictionary's word families
   * (@dp/czech-law FAMILY_WEIGHT), derivations sharing a question word's beginning ("reklamace" →
   * "reklama", "postavit" → "postavička"), name other things more often than the law's word for the
   * question's. Read when a query's terms are first expanded (termsFor caches them).
   */
  relatedFloor: FAMILY_WEIGHT,
};

/** Units ranked per query at most (those of the matching acts with the best priors: candidatePrior). */
export const PROVISION_CANDIDATES = 4000;

/**
 * The first stage (#37 latency): each candidate costs a rank per term, so which units are ranked
 * decides a search's time. Where the GIN index alone finds at least `pairsFloor` units holding two
 * of the query's rarer terms (`pairTerms` of them, any two), only those are ranked, at most
 * `candidates` (of the acts with the best priors): a unit with one of its words ranks below them
 * anyway. Else the units holding any selecting term, as before. Then only the `ranked` best of them
 * by one rank of all their terms times their act's prior are ranked term by term. Settable by the
 * questions eval (EVAL_PROVISION_LIMITS).
 */
export const PROVISION_LIMITS = {
  candidates: PROVISION_CANDIDATES,
  pairsFloor: 200,
  pairTerms: 6,
  /** Candidates given the rank per term (the best by a bound of it: see rankProvisions). */
  ranked: 1000,
  /** Matches read (ids only) to choose the candidates among: a bound for the commonest pairs. */
  matches: 50_000,
  /**
   * The matching acts whose units become candidates are those with the best prior × (their matching
   * units) ** matchesExp (0: by the prior, then the matching units). By the prior alone, the most
   * cited acts' units were ranked however few of them held the query's words.
   */
  matchesExp: 1,
  /** The cover density's pairs are of this many of the query's rarest own words at most (coverPairs). */
  coverTerms: 8,
  /**
   * Ranked units given the cover density (coverPairs): the best by the rest of their score, read
   * again for it in a second statement. Its cover search is the costliest call per unit, and a
   * unit far down by its terms' ranks and its act's factors does not reach the results by its
   * words' nearness. At `ranked` or more, every ranked unit gets it in the ranking's statement.
   */
  covered: 300,
  /**
   * The pairs of two common terms (each in at least `boundedShare` of the units) are matched only in
   * the acts whose bound of such units (`search_act_term`: commonActs) times their prior is the
   * highest, as many as bound `commonMargin` × `candidates` units, when all the acts' bounds sum to
   * more: the acts below them would not bring their units among the candidates. 0: every act's.
   * The bound overstates a large act's units (its common words are each in many units, seldom
   * together), so a small act about the question comes after many large ones: a smaller margin
   * lost such acts' questions on the tuning half (docs/BENCHMARKS.md, "h-speed7").
   */
  commonMargin: 4,
  /**
   * A pair term in at least this share of the units counts as common for commonMargin's pairs.
   * Far below `commonShare`: a question's words of middling frequency ("poplatek", "platit") pair
   * with each other and with the common ones into as many matches as two common words (h-speed10);
   * 0.03, `commonShare`'s value, bounds only the pairs of two common words, as before.
   */
  boundedShare: 0.004,
};
/** Results a provision search ranks (its pages are cut from them). */
export const PROVISION_DEPTH = 100;

const SAFE_TERM = /^[a-z0-9]+$/;

/**
 * Bytes past which a stored vector may be out of line or compressed: an act's (`search_act`) past
 * ~2 kB, as a row is toasted; a unit's (`search_provision`, storage MAIN: migration
 * 20261201050000) only when it does not fit in its row, about a page.
 */
const TOASTED_ABOVE = { act: 2000, unit: 7000 };

/**
 * SQL of a stored vector made plain once when it may be out of line or compressed (concatenating
 * the empty vector gives the same lexemes and positions), so that several ranks of it do not each
 * read and decompress it again; an inline one is passed as it is (a copy would cost more than it
 * saves).
 */
const plainOf = (column: string, above: number) =>
  `CASE WHEN pg_column_size(${column}) > ${above} THEN ${column} || ''::tsvector ELSE ${column} END`;

export interface RankedProvision {
  documentId: string;
  provisionId: string;
  sectionId: string;
  score: number;
}

interface TermStats {
  at: number;
  share: Map<string, number>;
  /** The share of the least common term PostgreSQL's statistics list (below it: unlisted, rarer). */
  floor: number;
  /** Units in the index (pg_class.reltuples; 0 before the first ANALYZE). */
  rows: number;
}
const STATS_MS = 10 * 60_000;
const stats = new WeakMap<object, TermStats>();

/**
 * How common each term is, from PostgreSQL's own statistics of the tsvector column (ANALYZE's most
 * common elements): read once per ten minutes per database handle, no table of counts to keep.
 */
async function termStats(db: Database, s: SqlSession): Promise<TermStats> {
  const hit = stats.get(db);
  if (hit && Date.now() - hit.at < STATS_MS) return hit;
  const [row] = await s.query<{ elems: string[] | null; freqs: number[] | null; rows: number }>(
    `SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs,
            (SELECT greatest(c.reltuples, 0)::float8 FROM pg_class c WHERE c.oid = 'search_provision'::regclass) AS rows
     FROM (SELECT 1) one LEFT JOIN pg_stats s
       ON s.schemaname = current_schema() AND s.tablename = 'search_provision' AND s.attname = 'vector'`,
  );
  const share = new Map<string, number>();
  let floor = 0.001;
  if (row?.elems && row.freqs) {
    row.elems.forEach((e, i) => share.set(e, Number(row.freqs![i])));
    // pg_stats appends the minimum and maximum frequency (and the null share) after the elements' own.
    floor = Math.min(...row.freqs.slice(0, row.elems.length).map(Number)) / 2 || floor;
  }
  const found = { at: Date.now(), share, floor, rows: Number(row?.rows ?? 0) };
  stats.set(db, found);
  return found;
}

/** The query's terms with their weights: rarity (−ln share) × the term's own weight. */
function weighted(terms: readonly QueryTerm[], st: TermStats) {
  return terms
    .filter((t) => SAFE_TERM.test(t.term))
    .map((t) => {
      const share = st.share.get(t.term) ?? st.floor;
      return { ...t, share, w: t.weight * Math.max(0.1, -Math.log(share)) };
    });
}

/** A related term at least this heavy selects candidates like the query's own words. */
export const STRONG_RELATED = 0.5;

/** Related terms a query ranks with at most (the heaviest): each costs a rank per candidate. */
export const MAX_RELATED = 8;

/**
 * Each query's terms once per process: the expansion (lemmas, related terms) is pure and costs
 * more than a short statement, and a query is asked again (the next page, the document search's
 * pointers, several clients). Callers only read the arrays.
 */
const termsOfQuery = new Cache<readonly QueryTerm[]>({ name: 'query_terms', freshMs: 24 * 60 * 60 * 1000, maxEntries: 5_000 });

/** The query's terms the mode uses: fulltext its words' lemma keys, hybrid those and the heaviest related terms. */
export function termsFor(q: string, mode: SearchMode): readonly QueryTerm[] {
  const key = `${mode}\u0000${q}`;
  const hit = termsOfQuery.get(key);
  if (hit) return hit;
  const terms = expandTerms(q, mode);
  termsOfQuery.set(key, terms);
  return terms;
}

function expandTerms(q: string, mode: SearchMode): QueryTerm[] {
  const all = queryTerms(q);
  const own = all.filter((t) => t.from !== 'related');
  if (mode !== 'hybrid') return own;
  const related = all
    .filter((t) => t.from === 'related' && t.weight > PROVISION_WEIGHTS.relatedFloor)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_RELATED);
  return [...own, ...related];
}

/**
 * The tsquery "any two of these terms", as `(a & (b | c | …)) | (b & (c | …)) | …`: the same
 * matches and the same covers (ts_rank_cd's covers depend only on which of the query's lexemes a
 * stretch holds) as the pairs `(a & b) | (a & c) | …`, with n − 1 + n(n − 1)/2 operands instead of
 * n(n − 1): each match's and each cover step's evaluation of the query costs that many fewer
 * lookups. Terms are distinct and safe (SAFE_TERM).
 */
export function anyTwo(terms: readonly string[]): string {
  return anyTwoOf(terms, []);
}

/**
 * A unit's cover query (its "held cover"): any two of the cover density's words (`near`) that it
 * holds (`holds`: by index in `near`), '' when it holds fewer than two. ts_rank_cd's covers are
 * stretches of the unit's own lexemes that satisfy the query, and a pair with a word the unit lacks
 * is never satisfied there: the same covers as of anyTwo(near), so the same cover density, with
 * fewer operands evaluated at each step; with fewer than two words no stretch holds a pair: 0.
 */
export function heldCover(near: readonly string[], holds: (at: number) => boolean): string {
  const held = near.filter((_, at) => holds(at));
  return held.length > 1 ? anyTwo(held) : '';
}

/**
 * The tsquery "any two of these terms, one of them of `first`" (anyTwo of `first` then `rest`
 * without the pairs of two of `rest`). Terms are distinct and safe (SAFE_TERM).
 */
export function anyTwoOf(first: readonly string[], rest: readonly string[]): string {
  return anchoredPairs(first, rest)
    .map((part) => `(${part})`)
    .join(' | ');
}

/**
 * The parts of anyTwoOf(first, rest), each anchored on one term of `first` and OR'd by it:
 * `a & (b | c | …)`, `b & (c | …)`, … (an anchor with no term after it has no pair: none). A unit
 * holds two of the terms exactly when it satisfies one part. Asked of the GIN index one by one,
 * each part's scan is driven by its anchor, a term every unit it matches holds (the others'
 * postings looked up at the anchor's units only); the one tsquery has no such term (a unit may
 * hold any two), so its scan walks the postings of all but one of them together.
 */
export function anchoredPairs(first: readonly string[], rest: readonly string[]): string[] {
  const all = [...first, ...rest];
  return first.flatMap((a, i) => (i + 1 < all.length ? [`${a} & (${all.slice(i + 1).join(' | ')})`] : []));
}

/**
 * The acts whose units holding two of the query's common terms (`terms`, at least two) may be
 * among the candidates, or null for every act's. Each act's bound of such units is the sum of its
 * units holding each term but the largest (a unit holding two holds one besides the term held
 * most), a term without a row of `search_act_term` counted at its floor; only acts with rows of
 * two terms are bounded. By their prior times that bound, the acts whose bounds ahead of them stay
 * under `commonMargin` × `candidates`; null when all the bounds sum to no more (the pairs then
 * match few enough units to read them all).
 */
async function commonActs(s: SqlSession, terms: readonly string[]): Promise<string[] | null> {
  const limits = PROVISION_LIMITS;
  const cap = limits.commonMargin * limits.candidates;
  if (!(cap > 0)) return null;
  const floor = ACT_TERM_MIN_UNITS - 1;
  const params: unknown[] = [terms, terms.length, floor, cap];
  const rows = await s.query<{ id: string }>(
    `WITH t AS MATERIALIZED (
       SELECT t.document_id AS id,
              (sum(t.units) + ($2 - count(*)) * $3 - greatest(max(t.units), CASE WHEN count(*) < $2 THEN $3 ELSE 0 END))::float8 AS bound
       FROM "search_act_term" t WHERE t.term = ANY($1::text[]) GROUP BY t.document_id HAVING count(*) > 1),
     total AS MATERIALIZED (SELECT coalesce(sum(t.bound), 0) AS total FROM t),
     b AS MATERIALIZED (
       SELECT x.*, x.prior * x.bound AS key
       FROM (SELECT t.id, t.bound, ${candidatePrior('d')} AS prior
             FROM t JOIN "search_prior" d ON d.document_id = t.id WHERE (SELECT total.total FROM total) > $4 OFFSET 0) x),
     w AS (SELECT b.id, sum(b.bound) OVER (ORDER BY b.key DESC, b.id) - b.bound AS ahead FROM b)
     SELECT w.id FROM w WHERE w.ahead < $4`,
    params,
  );
  // The priors are looked up only when the bounds sum to more than the margin (else no rows).
  if (!rows.length) return null;
  return rows.map((r) => r.id);
}

/**
 * The ranked provisions of a query: at most `depth`, one per § of an act, best first. `only`
 * restricts the ranking to some documents (the document search's page).
 */
export async function rankProvisions(
  db: Database,
  s: SqlSession,
  terms: readonly QueryTerm[],
  filters: DocumentFilters,
  day: Date,
  depth = PROVISION_DEPTH,
  only?: readonly string[],
): Promise<RankedProvision[]> {
  const st = await termStats(db, s);
  const ts = weighted(terms, st);
  if (!ts.length) return [];
  // The rarer terms select the candidates, as many as keep their expected matches within the cap
  // (the rarest always; with every term common, the rarest two): a unit matching only the common
  // ones would rank low anyway, and ranking tens of thousands of them is what costs.
  // The query's own terms and the strong related terms (people's words to the law's: "výplata" →
  // mzda) select; the weak ones (word families) only rank what those selected.
  const ownTerms = ts.filter((t) => t.from !== 'related');
  const selectable = ts.filter((t) => t.from !== 'related' || t.weight >= STRONG_RELATED);
  const byRarity = [...selectable].sort((a, b) => a.share - b.share);
  const selecting = [byRarity[0]];
  let expected = byRarity[0].share * st.rows;
  for (const t of byRarity.slice(1)) {
    if (t.share >= PROVISION_WEIGHTS.commonShare || expected + t.share * st.rows > 2 * PROVISION_CANDIDATES) break;
    selecting.push(t);
    expected += t.share * st.rows;
  }
  if (byRarity[0].share >= PROVISION_WEIGHTS.commonShare && byRarity[1]) selecting.push(byRarity[1]);
  const own = ownTerms;
  // The cover density's query: with coverPairs, any two of the query's rarest own words together
  // (a cover is then the nearest stretch holding both); each pair costs each unit's cover search a
  // step, so only the `coverTerms` rarest are paired. Without, the words OR'd (as before).
  const coverTerms = [...new Set([...(own.length ? own : ts)].sort((a, b) => a.share - b.share).map((t) => t.term))];
  const nearOnly = PROVISION_WEIGHTS.coverPairs === 1;
  const near = coverTerms.slice(0, PROVISION_LIMITS.coverTerms);
  const cover = nearOnly && near.length > 1 ? anyTwo(near) : coverTerms.join(' | ');
  const params: unknown[] = [selecting.map((t) => t.term).join(' | ')];
  const restrict = only ? `AND p.document_id = ANY($${params.push(only)}::text[])` : '';
  const limits = PROVISION_LIMITS;
  // Any two of the rarer selectable terms, as tsqueries the index answers (no per-row call).
  const paired = [...new Set(byRarity.slice(0, limits.pairTerms).map((t) => t.term))];
  const pairs = paired.length > 1;
  // The pairs of two common terms (boundedShare) match tens of thousands of units, each read for its act: where
  // their acts' bounds say most of those acts cannot bring units among the candidates, they are
  // matched in the others only (commonActs); the pairs holding a rarer term everywhere.
  const shareOf = new Map(byRarity.map((t) => [t.term, t.share]));
  const commonPaired = paired.filter((t) => shareOf.get(t)! >= limits.boundedShare);
  // Units holding two of them are at most the units holding one besides the commonest: no more
  // than the margin, every act's are read (no bounds asked); so are those of the few documents
  // of a document search's page (`only`).
  const commonShares = commonPaired.map((t) => shareOf.get(t)!);
  const commonUnits = (commonShares.reduce((a, b) => a + b, 0) - Math.max(0, ...commonShares)) * st.rows;
  const within =
    pairs && !only && commonPaired.length > 1 && commonUnits > limits.commonMargin * limits.candidates
      ? await commonActs(s, commonPaired)
      : null;
  // The rank per term calls ts_rank once per term on each of the best units: a vector stored out
  // of line (a large unit's) would be read from TOAST again by every call, so the final step
  // makes it plain once (plainOf).
  const plainVector = plainOf('p.vector', TOASTED_ABOVE.unit);
  // Which matches become candidates when there are more than the cap: those of the acts with the
  // best priors (candidatePrior) times their matching units (matchesExp: more of the act is about
  // the query's words), not the first ones in the table (the sync writes the oldest acts first).
  // The matches are found by the index alone (their ids, no vector read); only the candidates'
  // vectors are read.
  // The tsquery is a subquery's value (an InitPlan's parameter), not a constant: the planner
  // estimates a constant's matches from the column's most common elements, and at the statistics
  // target termStats needs (migration 20261130020000) planning the statement cost more than most
  // of its execution. The index answers the parameter as it did the constant, and no plan decides
  // which units are ranked (the matches' order is the heap's, the rest is ordered in full).
  const matching = (query: string) => `p.vector @@ (SELECT ${query}::tsquery)`;
  // Any two of some terms as their anchored parts (anchoredPairs), one array parameter: the
  // bitmap index scan asks the index each part on its own, each scan driven by its anchor (the
  // terms rarest first: each part's rarest), and ORs their units into one bitmap, the heap read
  // in the same order as for one tsquery (so the same matches under `matches`).
  const matchingPairs = (first: readonly string[], rest: readonly string[]) =>
    `p.vector @@ ANY((SELECT $${params.push(anchoredPairs(first, rest))}::tsquery[])::tsquery[])`;
  const matches = (where: string) =>
    `SELECT p.ctid AS tid, p.document_id FROM "search_provision" p WHERE ${where} ${restrict} LIMIT ${limits.matches}`;
  const rarePaired = paired.filter((t) => !commonPaired.includes(t));
  const pairMatch = !pairs
    ? ''
    : within
      ? [
          ...(rarePaired.length ? [matchingPairs(rarePaired, commonPaired)] : []),
          // The kept acts' units come from search_provision_document_idx (each act's row ids as one
          // list), a fraction of the primary key's tuples, ANDed with the parts' bitmap.
          `(p.document_id = ANY($${params.push(within)}::text[]) AND ${matchingPairs(commonPaired, [])})`,
        ].join(' OR ')
      : matchingPairs(paired, []);
  const matched = pairs
    ? `mp AS MATERIALIZED (${matches(`(${pairMatch})`)}),
       m AS MATERIALIZED (SELECT * FROM mp WHERE (SELECT count(*) FROM mp) >= ${limits.pairsFloor}
                          UNION ALL
                          (${matches(`(SELECT count(*) FROM mp) < ${limits.pairsFloor} AND ${matching('$1')}`)}))`
    : `m AS MATERIALIZED (${matches(matching('$1'))})`;
  const candidates = `${matched},
     dp AS MATERIALIZED (SELECT x.*, x.prior * power(x.n, ${Number(limits.matchesExp)}::float8) AS key
                         FROM (SELECT d.document_id AS id, ${candidatePrior('d')} AS prior, mc.n
                               FROM (SELECT m.document_id, count(*) AS n FROM m GROUP BY m.document_id) mc JOIN "search_prior" d ON d.document_id = mc.document_id
                               OFFSET 0) x),
     kd AS MATERIALIZED (SELECT w.id FROM (SELECT dp.id, sum(dp.n) OVER (ORDER BY dp.key DESC, dp.n DESC) - sum(dp.n) OVER (PARTITION BY dp.key, dp.n) AS ahead
                                           FROM dp) w
                         WHERE w.ahead < ${limits.candidates}),
     k AS MATERIALIZED (SELECT m.tid FROM m JOIN dp ON dp.id = m.document_id WHERE m.document_id IN (SELECT kd.id FROM kd)
                        ORDER BY dp.key DESC, dp.n DESC, m.tid LIMIT ${limits.candidates})`;
  // The second stage: one rank of all the terms together (ts_rank of their OR is the mean of their
  // single ranks; with coverPairs 0 also the cover density) gives each candidate a bound of its score (the heaviest
  // term's weight for every term), times its act's prior as the first stage has it (the final score
  // is the lexical one times the act's factor); only the best `ranked` by it get the rank per term.
  const vector = `'${PROVISION_WEIGHTS.vector}'`;
  const heaviest = Math.max(...ts.map((t) => t.w));
  const unique = new Set(ts.map((t) => t.term)).size;
  const anyTerm = `$${params.push(ts.map((t) => t.term).join(' | '))}::tsquery`;
  const bound = `$${params.push(heaviest * unique)}::float8`;
  // The rank per term: one call per distinct term, written out as an array (no subquery, no
  // aggregate and sort per unit); the statement's text is the same for every query with as many
  // distinct terms, so its prepared form serves them all.
  const distinct = [...new Set(ts.map((t) => t.term))];
  const termParams = distinct.map((term) => params.push(term));
  const termRanks = termParams.map((at) => `ts_rank(${vector}, v.vector, $${at}::tsquery, 0)::float8`).join(', ');
  // The act as a document: the same terms' ranks over each ranked act's row of `search_act`.
  const actDoc = PROVISION_WEIGHTS.actDoc > 0;
  const actVector = `'${PROVISION_WEIGHTS.actVector}'`;
  const actNorm = Math.trunc(PROVISION_WEIGHTS.actNorm);
  const actRanks = actDoc
    ? `ARRAY[${termParams.map((at) => `coalesce(ts_rank(${actVector}, a.vector, $${at}::tsquery, ${actNorm}), 0)::float8`).join(', ')}]`
    : 'NULL::float8[]';
  const rankAt = ts.map((t) => distinct.indexOf(t.term));
  // The cover density of the query's words two by two goes to the best `covered` ranked units by
  // the rest of their score, in a second statement (coverDensities). A one-word query's (its
  // occurrences: each is a cover) costs little and ranks acts by how often they use the word, so
  // every ranked unit gets it here, as without coverPairs.
  const coverLater = nearOnly && near.length > 1 && limits.covered < limits.ranked;
  const coverAt = coverLater ? 0 : params.push(cover);
  // The ranked units' acts with their prior columns and the filters, in the same statement (rows
  // with no provision, after the units): the act stage reads them without a second round trip.
  const where = filterSql(filters, 'd', params);
  // The candidates' rows are read once by ctid and ranked where they are read: only their keys and
  // ranks go on to the join with their acts and the bound's sort, and only the `ranked` best are
  // read again by ctid for the rank per term. Carried along, their vectors (in the row since
  // storage MAIN) were copied into the join's hash table, then spilled the sort to disk past
  // work_mem.
  const rows = await s.query<
    {
      document_id: string;
      provision_id: string | null;
      section_id: string;
      repealed: boolean;
      in_amendment: boolean;
      cd: number | null;
      ranks: number[] | null;
      search_title: string | null;
      passes: boolean | null;
    } & PriorColumns
  >(
    `WITH ${candidates},
     r AS MATERIALIZED (SELECT b.tid, b.document_id, b.provision_id, b.section_id, b.repealed, b.in_amendment, b.cd
                        FROM (SELECT c.*, dp.prior
                              FROM (SELECT p.ctid AS tid, p.document_id, p.provision_id, p.section_id, p.repealed, p.in_amendment,
                                           ${nearOnly ? 'NULL::float4' : `ts_rank_cd(${vector}, p.vector, $${coverAt}::tsquery, 0)`} AS cd,
                                           ts_rank(${vector}, p.vector, ${anyTerm}, 0) AS anyrank
                                    FROM "search_provision" p WHERE p.ctid = ANY(ARRAY(SELECT k.tid FROM k)) OFFSET 0) c
                              JOIN dp ON dp.id = c.document_id) b
                        ORDER BY (${bound} * b.anyrank${nearOnly ? '' : ` + ${PROVISION_WEIGHTS.cover} * b.cd`}) * b.prior DESC, b.document_id, b.provision_id
                        LIMIT ${limits.ranked})
     SELECT r.document_id, r.provision_id, r.section_id, r.repealed, r.in_amendment,
            ${nearOnly && !coverLater ? `ts_rank_cd(${vector}, v.vector, $${coverAt}::tsquery, 0)` : 'r.cd'} AS cd, ARRAY[${termRanks}] AS ranks,
            NULL::text AS search_title, NULL::text AS eff, NULL::boolean AS amending, NULL::text AS doc_type, NULL::int AS degree,
            NULL::boolean AS passes
     FROM r CROSS JOIN LATERAL (SELECT ${plainVector} AS vector FROM "search_provision" p WHERE p.ctid = r.tid OFFSET 0) v
     UNION ALL
     SELECT d.id, NULL, NULL, NULL, NULL, NULL, ${actRanks}, d.search_title, ${priorColumns('d')}, (${where})
     FROM "document" d ${actDoc ? `LEFT JOIN LATERAL (SELECT ${plainOf('a.vector', TOASTED_ABOVE.act)} AS vector FROM "search_act" a WHERE a.document_id = d.id OFFSET 0) a ON TRUE` : ''}
     WHERE d.id IN (SELECT r.document_id FROM r) ${actDoc ? '' : `AND ${where}`}`,
    params,
  );
  const docs = rows.filter((r) => r.provision_id === null);
  const ranked = rows.filter((r): r is (typeof rows)[number] & { provision_id: string } => r.provision_id !== null);
  if (!ranked.length) return [];
  // The filters drop acts, they do not re-rank: the act document's best score is of every ranked
  // act, and only the acts that pass get a factor (their units are ranked).
  const factor = new Map(docs.filter((d) => d.passes).map((d) => [d.document_id, documentFactor(d, d.search_title ?? '', day)]));
  if (actDoc) {
    // Each act's score as a document (its title and headings hold the query's words), relative to
    // the best act's: an act whose own headings name the question's subject, not only one of its
    // provisions' texts, is the act the question is about.
    const actScore = new Map(
      docs.map((d) => [d.document_id, rankAt.reduce((sum, at, i) => sum + ts[i].w * Number(d.ranks?.[at] ?? 0), 0)]),
    );
    const best = Math.max(0, ...actScore.values());
    if (best > 0) {
      for (const [id, f] of factor)
        factor.set(id, f * (PROVISION_WEIGHTS.actFloor + (actScore.get(id) ?? 0) / best) ** PROVISION_WEIGHTS.actDoc);
    }
  }
  // The act stage: how much of the query's weight each unit holds, and each act across its ranked
  // units (an act about the question holds its words in several places; an old short document
  // whose one article holds the common ones does not hold the rest). One pass over the rows, no
  // array or copy per unit (the API process's garbage): each act's share is summed as its units
  // first hold each term, the order a set of them gave, so the sums are the same to the last bit.
  const total = ts.reduce((sum, t) => sum + t.w, 0);
  const weights = ts.map((t) => t.w);
  const acts = new Map<string, ActHeld>();
  const scored: ActUnit[] = [];
  for (const r of ranked) {
    let act = acts.get(r.document_id);
    if (!act) {
      act = { terms: new Uint8Array(weights.length), held: 0 };
      acts.set(r.document_id, act);
    }
    let lex = PROVISION_WEIGHTS.cover * Number(r.cd ?? 0);
    let held = 0;
    for (let i = 0; i < weights.length; i++) {
      const rank = Number(r.ranks?.[rankAt[i]] ?? 0);
      lex += weights[i] * rank;
      if (rank > 0) {
        held += weights[i];
        if (!act.terms[i]) {
          act.terms[i] = 1;
          act.held += weights[i];
        }
      }
    }
    const f = factor.get(r.document_id);
    if (f !== undefined) scored.push({ r, act, lex, held: held / total, f, score: 0 });
  }
  // Each unit's score is its lexical sum times these factors; the cover density, where it comes
  // second, goes to the best by the rest.
  const scoreOf = (u: ActUnit) =>
    u.lex *
    u.f *
    (u.r.repealed ? PROVISION_WEIGHTS.repealed : 1) *
    (u.r.in_amendment ? PROVISION_WEIGHTS.inAmendment : 1) *
    u.held ** PROVISION_WEIGHTS.unitShare *
    (u.act.held / total) ** PROVISION_WEIGHTS.actShare;
  if (coverLater && scored.length) {
    for (const u of scored) u.score = scoreOf(u);
    const first = [...scored]
      .sort((a, b) => b.score - a.score || unitOrder(a.r, b.r))
      .slice(0, Math.max(0, limits.covered))
      .filter((u) => u.score > 0);
    // Each unit's held cover (its per-term ranks say which of the words it holds): the units
    // holding fewer than two of them have none (0) and are not read again.
    const nearAt = near.map((t) => distinct.indexOf(t));
    const cds = await coverDensities(
      s,
      first.map((u) => ({ ...u.r, cover: heldCover(near, (at) => Number(u.r.ranks?.[nearAt[at]] ?? 0) > 0) })),
    );
    for (const u of first) u.lex += PROVISION_WEIGHTS.cover * (cds.get(unitKey(u.r.document_id, u.r.provision_id)) ?? 0);
  }
  const best = new Map<string, RankedProvision>();
  for (const u of scored) {
    const { r } = u;
    const score = scoreOf(u);
    const key = `${r.document_id}\u0000${r.section_id}`;
    const kept = best.get(key);
    if (!kept || score > kept.score || (score === kept.score && r.provision_id < kept.provisionId)) {
      best.set(key, { documentId: r.document_id, provisionId: r.provision_id, sectionId: r.section_id, score });
    }
  }
  return [...best.values()]
    .sort(
      (a, b) =>
        b.score - a.score || (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : a.provisionId < b.provisionId ? -1 : 1),
    )
    .slice(0, depth);
}

/** An act of the act stage: which of the query's terms its ranked units hold (1 each) and their weight. */
interface ActHeld {
  terms: Uint8Array;
  held: number;
}

/** A ranked unit of the act stage: its row, its act, its lexical sum, its share of the query's weight, its act's factor, its score before the cover density. */
interface ActUnit {
  r: { document_id: string; provision_id: string; section_id: string; repealed: boolean; in_amendment: boolean; ranks: number[] | null };
  act: ActHeld;
  lex: number;
  held: number;
  f: number;
  score: number;
}

/** A ranked unit's key in the maps of its cover density and its row: document, provision. */
const unitKey = (documentId: string, provisionId: string): string => `${documentId}\u0000${provisionId}`;

const unitOrder = (a: { document_id: string; provision_id: string }, b: { document_id: string; provision_id: string }) =>
  a.document_id < b.document_id ? -1 : a.document_id > b.document_id ? 1 : a.provision_id < b.provision_id ? -1 : 1;

/**
 * The cover density of some ranked units (by their keys: one index lookup each), each of its own
 * cover query (heldCover; '' : none, not read), keyed document, provision. The units holding the
 * same words share one query: each distinct one is parsed once, as an element of an array.
 */
async function coverDensities(
  s: SqlSession,
  units: readonly { document_id: string; provision_id: string; cover: string }[],
): Promise<Map<string, number>> {
  const asked = units.filter((u) => u.cover);
  if (!asked.length) return new Map();
  const queries = new Map<string, number>();
  const at = asked.map((u) => {
    const known = queries.get(u.cover);
    if (known !== undefined) return known;
    queries.set(u.cover, queries.size + 1);
    return queries.size;
  });
  const rows = await s.query<{ document_id: string; provision_id: string; cd: number }>(
    `SELECT p.document_id, p.provision_id, ts_rank_cd('${PROVISION_WEIGHTS.vector}', p.vector, ($4::tsquery[])[k.at], 0) AS cd
     FROM unnest($1::text[], $2::text[], $3::int[]) AS k(document_id, provision_id, at)
     JOIN "search_provision" p ON p.document_id = k.document_id AND p.provision_id = k.provision_id`,
    [asked.map((u) => u.document_id), asked.map((u) => u.provision_id), at, [...queries.keys()]],
  );
  return new Map(rows.map((r) => [unitKey(r.document_id, r.provision_id), Number(r.cd)]));
}

/**
 * SQL of the act's prior as the first stage orders the matches by it: documentFactor from the
 * columns at hand (today's status for the day asked, the source's amending flag without the title
 * test), so that when a query's words match more units than are ranked, the acts in force, cited
 * and amended most, are the ones ranked. On an alias of `search_prior` (the act's status, type and
 * in-degree in one narrow row, read from its primary key alone), not of `document` and
 * `search_in_degree`: a probe per matching act, and there are hundreds.
 */
export function candidatePrior(alias: string): string {
  const w = PROVISION_WEIGHTS;
  return `(CASE WHEN ${alias}.status IN ('in_force', 'partially_in_force') THEN 1 ELSE ${w.notInForce} END
    * CASE WHEN ${alias}.doc_type IN ('act', 'constitutional_act') THEN 1
           WHEN ${alias}.doc_type IN ('decree', 'government_regulation') THEN ${w.notAct} ELSE ${w.otherType} END
    * (1 + ${w.degree} * log(1 + ${alias}.degree)))`;
}

/** What an act brings to each of its provisions' scores, as a factor (priors.ts says why each). */
export function documentFactor(doc: PriorColumns, title: string, day: Date): number {
  const w = PROVISION_WEIGHTS;
  return (
    (inForceOn(doc.eff, day) ? 1 : w.notInForce) *
    (doc.amending && AMENDING_TITLE.test(title) ? w.amending : 1) *
    (doc.doc_type === 'act' || doc.doc_type === 'constitutional_act'
      ? 1
      : doc.doc_type === 'decree' || doc.doc_type === 'government_regulation'
        ? w.notAct
        : w.otherType) *
    (1 + w.degree * Math.log10(1 + Number(doc.degree)))
  );
}

export interface ProvisionSearchRequest {
  q: string;
  mode: SearchMode;
  filters: DocumentFilters;
  limit: number;
  offset: number;
  at?: Date;
}

export interface ProvisionSearchPage {
  results: ProvisionHit[];
  /** Where the next page starts in the ranked list, or null on the last page. */
  next: number | null;
  signals: SearchSignal[];
}

/** GET /v1/legal/search?granularity=provision: one page of the ranked provisions. */
export async function searchProvisions(
  db: Database,
  documents: DocumentCache,
  req: ProvisionSearchRequest,
  settings: PlannerSettings,
): Promise<ProvisionSearchPage> {
  const day = req.at ?? todayUtc();
  const terms = termsFor(req.q, req.mode);
  const signals: SearchSignal[] = ['lexical'];
  if (terms.some((t) => t.from === 'related')) signals.push('related');
  return db.withReadOnlySettings(settings, async (s) => {
    const ranked = await rankProvisions(db, s, terms, req.filters, day);
    const page = ranked.slice(req.offset, req.offset + req.limit);
    const next = req.offset + page.length < ranked.length ? req.offset + page.length : null;
    return { results: await hydrate(db, s, documents, page, terms, day, req.at !== undefined), next, signals };
  });
}

async function hydrate(
  db: Database,
  s: SqlSession,
  documents: DocumentCache,
  page: RankedProvision[],
  terms: readonly QueryTerm[],
  day: Date,
  dayAsked: boolean,
): Promise<ProvisionHit[]> {
  if (!page.length) return [];
  // What the page's documents' statuses need (#35 item 3: no round trip per hit) is read while its
  // units are: the ranking gave their ids, so neither waits for the other.
  const documentsOfPage = pageDayEffects(
    db,
    documents,
    page.map((r) => r.documentId),
    day,
    dayAsked,
  );
  // Awaited below; a failing statement first must not leave its rejection unhandled.
  void documentsOfPage.catch(() => undefined);
  const rows = await s.query<{
    document_id: string;
    provision_id: string;
    label: string;
    heading: string | null;
    context: string;
    containers: string[];
    text: string;
    natural_key: string;
    doc_number: string;
    title: string;
    doc_type: ProvisionHit['act']['doc_type'];
    status: ProvisionHit['act']['status'];
    version: number | null;
  }>(
    `SELECT p.document_id, p.provision_id, p.label, p.heading, p.context, p.containers, left(p.text, ${SNIPPET_SCAN}) AS text,
            d.natural_key, d.doc_number, d.title, d.doc_type, d.status, st.version
     FROM unnest($1::text[], $2::text[]) AS k(document_id, provision_id)
     JOIN "search_provision" p ON p.document_id = k.document_id AND p.provision_id = k.provision_id
     JOIN "document" d ON d.id = p.document_id
     LEFT JOIN "search_provision_state" st ON st.document_id = p.document_id`,
    [page.map((r) => r.documentId), page.map((r) => r.provisionId)],
  );
  const byKey = new Map(rows.map((r) => [unitKey(r.document_id, r.provision_id), r]));
  const keys = new Set(terms.map((t) => t.term));
  const loadedOf = await documentsOfPage;
  const out: ProvisionHit[] = [];
  for (const r of page) {
    const row = byKey.get(unitKey(r.documentId, r.provisionId));
    const loaded = row && loadedOf.get(row.document_id);
    if (!row || !loaded) continue;
    const outstanding = loaded.effects;
    // The version the unit was indexed from (its state's), else the newest: the text's own day.
    const indexed = loaded.versions.find((v) => v.version === Number(row.version)) ?? loaded.versions.at(-1);
    if (!indexed) continue;
    const status = provisionStatus(
      row.provision_id,
      row.containers,
      true,
      outstanding,
      citesOfText(row.text),
      { text: row.text },
      true,
    ).status;
    const wording = row.text.length > HIT_TEXT_CHARS ? row.text.slice(0, HIT_TEXT_CHARS) : row.text;
    out.push({
      act: {
        id: row.document_id,
        natural_key: row.natural_key,
        doc_number: row.doc_number,
        title: row.title,
        doc_type: row.doc_type,
        status: row.status,
      },
      provision: { id: row.provision_id, label: row.label, heading: row.heading, context: row.context },
      score: Math.round(r.score * 10_000) / 10_000,
      snippet: provisionSnippet(row.text, keys),
      // As the provision read: an older wording is never the day's `text`, only `source_text`, dated.
      text: status === 'current' ? wording : null,
      source_text: status === 'current' ? null : { as_of: formatIsoDate(indexed.textAsOf), text: wording },
      text_truncated: row.text.length > HIT_TEXT_CHARS,
      text_status: status,
      text_source: indexed.textSource === 'rebuilt' ? 'rebuilt' : 'source',
    });
  }
  return out;
}

/** Characters of a unit read for its snippet (the first match past them is not looked for). */
const SNIPPET_SCAN = 6000;
const SNIPPET_CHARS = 300;
/** A hit's text is cut here: an answer needs the provision, a page of 20 must stay small. */
const HIT_TEXT_CHARS = 1500;

/** Each word's lemma key as the snippet marks it (null: none), per word as written. */
const snippetKeys = new Map<string, string | null>();
const MAX_SNIPPET_KEYS = 100_000;

/**
 * The key of one word of a hit's text: `indexTerms`' first, kept per spelling (a page's texts
 * repeat their words, and folding each word again cost more than the rest of the answer's
 * assembly).
 */
function snippetKey(word: string): string | null {
  let key = snippetKeys.get(word);
  if (key !== undefined) return key;
  key = indexTerms(word)[0] ?? null;
  if (snippetKeys.size >= MAX_SNIPPET_KEYS) snippetKeys.clear();
  snippetKeys.set(word, key);
  return key;
}

/**
 * About SNIPPET_CHARS of a unit's text from shortly before its first word whose lemma key is one of
 * the query's, each such word in the window marked « ».
 */
export function provisionSnippet(text: string, keys: ReadonlySet<string>): string {
  const wordRe = /[\p{L}\p{N}]+/gu;
  const isKey = (w: string) => {
    const k = snippetKey(w);
    return k !== null && keys.has(k);
  };
  let first = -1;
  for (const m of text.matchAll(wordRe)) {
    if (isKey(m[0])) {
      first = m.index;
      break;
    }
  }
  let start = first < 0 ? 0 : Math.max(0, first - 60);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const marked = text.slice(start, end).replace(wordRe, (w) => (isKey(w) ? `${MARK_OPEN}${w}${MARK_CLOSE}` : w));
  return `${start > 0 ? '…' : ''}${marked}${end < text.length ? '…' : ''}`;
}
