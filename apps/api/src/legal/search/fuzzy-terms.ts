import type { SqlSession } from '@dp/db';
import { queryWords } from './czech';

/**
 * Typo-tolerant title matching for the trigram signal, the way search engines do fuzzy queries:
 * each query word is expanded to the title terms within a few edits of it (a dictionary lookup,
 * like Elasticsearch's `fuzziness: AUTO`), and a title must contain expansions of enough of the
 * query's words (`minimum_should_match`). The result is a tsquery over the documents' title
 * vectors (`search_head`, GIN-indexed), so the titles worth a trigram comparison are found through
 * the index instead of by comparing the query with every title that shares a few trigrams with it
 * (at 100k documents, "zákon o cenách" shared enough with ~60,000 titles).
 */

/** Query words considered (the longest): bounds the covers below (at most 2^6 subsets). */
export const MAX_FUZZY_WORDS = 6;
/**
 * Share of the query's weight that the words a title matches must cover. A title passes the
 * trigram signal's test (`<%`, word similarity ≥ 0.6) only when it shares ≥ 60% of the query's
 * trigrams; a word it has no form of contributes almost none, so covering half the weight is a
 * necessary condition with some slack for partly matched words.
 */
export const COVER_SHARE = 0.5;
/**
 * Trigram similarity a dictionary term needs to be looked at (pg_trgm `%`, through the term
 * index). Low, because one swapped pair of letters breaks most trigrams of a short word
 * ("prca"/"prac": 0.25); the edit distance then decides.
 */
export const DICTIONARY_SIMILARITY = '0.2';

export interface FuzzyWord {
  stem: string;
  /** Trigrams pg_trgm counts for the word as typed (length + 1): its share of the similarity. */
  weight: number;
}

/**
 * Edits allowed for a stem of this length: Elasticsearch's AUTO (0 / 1 / 2 edits), shifted by two
 * letters because these are stems, shorter than the words typed: two edits on "zakonik" would
 * reach "zakon", in nearly every title.
 */
export function allowedEdits(term: string): number {
  return term.length < 4 ? 0 : term.length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distance (Levenshtein plus the swap of two adjacent letters, the most
 * common typo), or max + 1 as soon as it must exceed max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      cur[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length];
}

/** The words a fuzzy title match is built from: stemmed, 3 letters and more, the longest first. */
export function fuzzyWords(folded: string): FuzzyWord[] {
  return queryWords(folded)
    .filter((w) => w.stem.length >= 3 && /^[a-z0-9]+$/.test(w.stem))
    .sort((a, b) => b.word.length - a.word.length)
    .slice(0, MAX_FUZZY_WORDS)
    .map((w) => ({ stem: w.stem, weight: w.word.length + 1 }));
}

/**
 * The smallest sets of words (as index lists) whose weight reaches `share` of the total: a title
 * must match every word of at least one of them. Words that cannot be matched (`usable` false)
 * still count in the total.
 */
export function minimalCovers(weights: number[], usable: boolean[], share = COVER_SHARE): number[][] {
  const total = weights.reduce((s, w) => s + w, 0);
  const weightOf = (mask: number) => weights.reduce((s, w, i) => (mask & (1 << i) ? s + w : s), 0);
  const covers: number[][] = [];
  for (let mask = 1; mask < 1 << weights.length; mask++) {
    if (weights.some((_, i) => mask & (1 << i) && !usable[i])) continue;
    const weight = weightOf(mask);
    if (weight < share * total) continue;
    // Minimal: no word can be left out.
    if (weights.some((w, i) => mask & (1 << i) && weight - w >= share * total)) continue;
    covers.push(weights.flatMap((_, i) => (mask & (1 << i) ? [i] : [])));
  }
  return covers;
}

/**
 * Title terms for each word, from the term dictionary: its stem, the terms within the allowed
 * edits of it and the terms it begins (as the lexical ranking's prefix match does).
 */
export async function expandWords(db: SqlSession, words: FuzzyWord[]): Promise<string[][]> {
  const rows = await db.query<{ i: number; term: string }>(
    // The dictionary holds every lexeme of a title vector (migration 20261122100000); `%` uses
    // its trigram index with the session's pg_trgm.similarity_threshold (DICTIONARY_SIMILARITY).
    `SELECT DISTINCT q.i::int AS i, t.term FROM unnest($1::text[]) WITH ORDINALITY AS q(w, i)
     JOIN "search_title_term" t ON t.term OPERATOR(public.%) q.w`,
    [words.map((w) => w.stem)],
  );
  return words.map((w, i) => {
    const near = (term: string) => term.startsWith(w.stem) || editDistance(w.stem, term, allowedEdits(w.stem)) <= allowedEdits(w.stem);
    const terms = rows.filter((r) => r.i === i + 1 && /^[a-z0-9]+$/.test(r.term) && near(r.term)).map((r) => r.term);
    return [...new Set(terms)].sort();
  });
}

/**
 * The tsquery a title vector must match: for one of the minimal covers, a form of each of its
 * words. Null when no cover can be matched. Terms are [a-z0-9]+, so they go into the tsquery text
 * as they are.
 */
export function fuzzyTitleQuery(words: FuzzyWord[], expansions: string[][]): string | null {
  const covers = minimalCovers(
    words.map((w) => w.weight),
    expansions.map((e) => e.length > 0),
  );
  if (!covers.length) return null;
  return covers
    .map((c) => c.map((i) => `(${expansions[i].join(' | ')})`).join(' & '))
    .map((c) => `(${c})`)
    .join(' | ');
}
