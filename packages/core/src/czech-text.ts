/**
 * Czech text normalisation shared by search's query side (apps/api legal/search/czech.ts) and the
 * search signals written with documents (packages/db search/search-signals.ts). The primitives (fold,
 * stem, words, stopwords) live in @dp/czech-law language/text.ts, shared with the lemma keys; they
 * are re-exported here so search keeps one import.
 */
import { stem, STOPWORDS, words } from '@dp/czech-law';

export { fold, stem, SUFFIXES, words } from '@dp/czech-law';

export interface QueryWord {
  /** The folded word as written in the query. */
  word: string;
  stem: string;
}

/** The query's words without stopwords, one per stem (the first), in order. */
export function queryWords(text: string): QueryWord[] {
  const out: QueryWord[] = [];
  for (const w of words(text)) {
    if (STOPWORDS.has(w) || (w.length < 2 && !/^\d+$/.test(w))) continue;
    const s = stem(w);
    if (!out.some((o) => o.stem === s)) out.push({ word: w, stem: s });
  }
  return out;
}

/** Stemmed, de-duplicated query terms without stopwords; safe to put in a tsquery as is. */
export function queryTerms(text: string): string[] {
  return queryWords(text).map((w) => w.stem);
}

/**
 * The form two names of an act are compared in (search signals, #25): the stems of their words
 * without stopwords and without "zákon", de-duplicated and sorted, so "zákon o bankách", "o
 * bankách" and "banky" are one name, and word order and case endings do not matter. "zákon" is
 * left out because it is what nearly every name says ("insolvenční zákon" is "insolvenční");
 * "zákoník", "řád" stay (they tell the codes from the acts).
 */
export function nameKey(text: string): string {
  return [...new Set(queryTerms(text).filter((t) => t !== 'zakon'))].sort().join(' ');
}
