import { fold, stem } from '@dp/core';

/**
 * The language functions of the provision index and the provision search, in one place: @dp/czech-law's
 * `indexTerms`, `queryTerms` and `LANGUAGE_VERSION` (#37 items 2–3, helper-meaning) once merged;
 * until then the same interface over core's suffix stemmer, so the index and the search meet.
 */

export const LANGUAGE_VERSION = 0;

export interface QueryTerm {
  term: string;
  weight: number;
  from: 'word' | 'lemma' | 'related';
}

const STOP = new Set(['a', 'i', 'o', 'u', 'v', 've', 'z', 'ze', 'k', 'ke', 's', 'se', 'na', 'do', 'od', 'po', 'pro', 'za', 'pri', 'by', 'je', 'jsou']);
const isIndexed = (w: string) => !STOP.has(w) && (w.length >= 2 || /^\d+$/.test(w));
const wordsOf = (text: string) => fold(text).split(/[^a-z0-9]+/).filter(Boolean);

export function indexTerms(text: string): string[] {
  return wordsOf(text).filter(isIndexed).map(stem);
}

export function queryTerms(q: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const w of wordsOf(q)) {
    if (!isIndexed(w)) continue;
    const term = stem(w);
    if (seen.has(term)) continue;
    seen.add(term);
    out.push({ term, weight: 1, from: 'word' });
  }
  return out;
}
