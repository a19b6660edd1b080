/**
 * Czech text normalisation shared by search's query side (apps/api legal/search/czech.ts) and the
 * search signals written with documents (packages/db search/search-signals.ts). PostgreSQL has no
 * Czech stemmer, so documents are indexed through the SQL functions `search_fold` + `search_stem`
 * (migration 20261122020000_search) and everything in TypeScript goes through this module. Both
 * MUST stay in step: apps/api czech.test.ts runs the same words through both.
 */

/** Case endings and adjective endings, longest first (the regex picks the longest that fits). */
export const SUFFIXES = [
  'atech',
  'etem',
  'atum',
  'ech',
  'ich',
  'eho',
  'emi',
  'emu',
  'ete',
  'eti',
  'iho',
  'imi',
  'imu',
  'ach',
  'ata',
  'aty',
  'ych',
  'ama',
  'ami',
  'ove',
  'ovi',
  'ymi',
  'em',
  'es',
  'im',
  'um',
  'at',
  'am',
  'os',
  'us',
  'ym',
  'mi',
  'ou',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
] as const;

// Non-greedy stem of >= 3 letters: the shortest stem, i.e. the longest suffix, as in SQL.
const STEM_RE = new RegExp(`^([a-z]{3,}?)(${SUFFIXES.join('|')})$`);

/** Lower case without diacritics ("Občanský" -> "obcansky"), like SQL search_fold for Czech. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Stems one folded word; words with digits or under 4 letters stay as they are. */
export function stem(word: string): string {
  const m = STEM_RE.exec(word);
  return m ? m[1] : word;
}

/**
 * Words that carry no topic in a Czech legal query. "zakon"/"vyhlaska" are NOT here: they tell
 * the document type and appear in titles, so they rank rather than filter.
 */
const STOPWORDS = new Set([
  'a',
  'i',
  'o',
  'u',
  'v',
  've',
  'z',
  'ze',
  'k',
  'ke',
  's',
  'se',
  'na',
  'do',
  'od',
  'po',
  'pro',
  'za',
  'pri',
  'by',
  'je',
  'jsou',
  'ktery',
  'kterym',
  'ktera',
  'ktere',
  'kterou',
  'nebo',
  'ani',
  'jak',
  'co',
  'c',
  'sb',
  'cl',
  'odst',
  'pism',
  'the',
  'of',
  'and',
]);

/** Folded words of a text (letters and digits), in order. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

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
