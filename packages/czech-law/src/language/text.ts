/**
 * The folded-word primitives every Czech text path shares: search's query side (apps/api
 * legal/search, through @dp/core czech-text), the search signals written with documents
 * (packages/db) and the language module beside this file (lemma keys). PostgreSQL has no Czech
 * stemmer, so documents are indexed through the SQL functions `search_fold` + `search_stem`
 * (migration 20261122020000_search); `fold` and `stem` here MUST stay in step with them (apps/api
 * czech.test.ts runs the same words through both).
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
export const STOPWORDS: ReadonlySet<string> = new Set([
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
