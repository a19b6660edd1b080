/**
 * The terms Czech text is indexed and searched under (#37): one lemma key per word, so the
 * inflected forms of a word meet ("mzdy", "mzdu", "mzdě" are all "mzda"), and a query's related
 * terms, so people's words meet the law's ("výplata" reaches "mzda"). Plain strings: PostgreSQL
 * indexes them with the 'simple' configuration, the same in the embedded server and a plain one.
 */
import { STOPWORDS, stem, words } from './text';

/**
 * Bumped whenever the terms `indexTerms` returns for some text change (dictionary, lemma choice,
 * stopwords, folding), so an index stored with an older version is known to be stale and rebuilt.
 */
export const LANGUAGE_VERSION = 1;

/** One term of a query, with how much a match on it counts (1 for the query's own words). */
export interface QueryTerm {
  term: string;
  /** 1 for the query's own words; below 1 (and above 0) for related terms. */
  weight: number;
  /**
   * 'lemma': the lemma key of a query word the dictionary knows; 'word': the key of a word it does
   * not know (the suffix stemmer's); 'related': a term the meaning signal adds.
   */
  from: 'word' | 'lemma' | 'related';
}

function isIndexed(word: string): boolean {
  return !STOPWORDS.has(word) && (word.length >= 2 || /^\d+$/.test(word));
}

/** The key a folded word is indexed under. */
function keyOf(word: string): string {
  return stem(word);
}

/**
 * The terms a text is indexed under, in text order, one per word (repeats kept, so positions and
 * counts hold): each word's lemma key — lower case, diacritics folded ("Výpovědi" -> "vypoved"),
 * never the lemma's spelling — with stop words dropped. Digits are kept as written.
 */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (isIndexed(w)) out.push(keyOf(w));
  return out;
}

/**
 * A query's terms: its words' lemma keys (weight 1, `from` 'lemma' or 'word'), each once, in
 * query order, followed by related terms from the meaning signal (weight < 1, `from` 'related'),
 * never repeating a term already there.
 */
export function queryTerms(q: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const w of words(q)) {
    if (!isIndexed(w)) continue;
    const term = keyOf(w);
    if (seen.has(term)) continue;
    seen.add(term);
    out.push({ term, weight: 1, from: 'word' });
  }
  return out;
}
