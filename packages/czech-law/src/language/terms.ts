/**
 * The terms Czech text is indexed and searched under (#37): one lemma key per word, so the
 * inflected forms of a word meet ("mzdy", "mzdu", "mzdě" are all "mzda"), and a query's related
 * terms, so people's words meet the law's ("výplata" reaches "mzda"). Plain strings: PostgreSQL
 * indexes them with the 'simple' configuration, the same in the embedded server and a plain one.
 */
import { analysisKey, czechLemmatizer, pickAnalysis } from './lemma';
import { LEXICON, LEXICON_WEIGHT } from './lexicon';
import { STOPWORDS, stem, words } from './text';

/**
 * Bumped whenever the terms `indexTerms` returns for some text change (dictionary, lemma choice,
 * stopwords, folding), so an index stored with an older version is known to be stale and rebuilt.
 */
export const LANGUAGE_VERSION = 3;

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

/**
 * Words too common in the law to tell one provision from another, on top of the query stop words:
 * forms of "být", pronouns and particles. Dropped by their folded form, on both sides.
 */
const TERM_STOPWORDS: ReadonlySet<string> = new Set([
  'byl',
  'byla',
  'bylo',
  'byli',
  'byly',
  'bude',
  'budou',
  'jsem',
  'jsi',
  'jsme',
  'jste',
  'bych',
  'bys',
  'bychom',
  'byste',
  'ten',
  'ta',
  'to',
  'tento',
  'tato',
  'toto',
  'tyto',
  'tohoto',
  'teto',
  'tomto',
  'jeho',
  'jeji',
  'jejich',
  'jej',
  'jim',
  'ji',
  'jiz',
  'take',
  'tak',
  'jen',
  'vsak',
  'ale',
  'aby',
  'kdyz',
  'pokud',
  'jestlize',
  'kde',
  'mi',
  'me',
  'mne',
  'muj',
  'moje',
  'si',
  'sve',
  'svuj',
  'svych',
  // Prepositions and conjunctions the query list leaves in (folded, "před" would be "příst").
  'pred',
  'mezi',
  'nad',
  'pod',
  'bez',
  'podle',
  'kvuli',
  'proti',
  'krome',
  'vcetne',
  'pokud',
  'nez',
  'az',
  'uz',
  'jiz',
  'tedy',
  // Modal forms: folded, "může" would be keyed as "muž".
  'muze',
  'mohou',
  'muzou',
  'nemuze',
  'nemohou',
  'lze',
  'nelze',
  'musi',
  'nemusi',
  'smi',
  'nesmi',
]);

function isIndexed(word: string): boolean {
  return !STOPWORDS.has(word) && !TERM_STOPWORDS.has(word) && (word.length >= 2 || /^\d+$/.test(word));
}

/** Keys of the words met so far; a text's words repeat, and a lookup tries every suffix rule. */
const keys = new Map<string, string>();
const MAX_CACHED_KEYS = 400_000;

/** The key a folded word is indexed under: its lemma's, or the stemmer's for a word the dictionary does not know. */
function keyOf(word: string): string {
  let key = keys.get(word);
  if (key !== undefined) return key;
  if (/\d/.test(word)) key = word;
  else {
    const best = pickAnalysis(czechLemmatizer().analyse(word));
    key = best ? analysisKey(best) : stem(word);
  }
  if (keys.size >= MAX_CACHED_KEYS) keys.clear();
  keys.set(word, key);
  return key;
}

/** Whether the dictionary knows the (folded) word: its key is a lemma's, not the stemmer's. */
function isKnown(word: string): boolean {
  return !/\d/.test(word) && czechLemmatizer().analyse(word).length > 0;
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

interface Relation {
  /** Keys that must all be among the query's own. */
  when: string[];
  add: string[];
  weight: number;
}

let relations: Relation[] | undefined;

/** The lexicon keyed like everything else, built on first use. */
function lexiconRelations(): Relation[] {
  relations ??= LEXICON.map((e) => ({
    when: [...new Set(indexTerms(e.when))],
    add: [...new Set(indexTerms(e.add))],
    weight: e.weight ?? LEXICON_WEIGHT,
  })).filter((r) => r.when.length > 0);
  return relations;
}

/**
 * A query's terms: its words' lemma keys (weight 1, `from` 'lemma' or 'word'), each once, in
 * query order, followed by related terms from the meaning signal (weight < 1, `from` 'related'),
 * never repeating a term already there; a related term several entries give takes the highest
 * weight.
 */
export function queryTerms(q: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const w of words(q)) {
    if (!isIndexed(w)) continue;
    const term = keyOf(w);
    if (seen.has(term)) continue;
    seen.add(term);
    out.push({ term, weight: 1, from: isKnown(w) ? 'lemma' : 'word' });
  }
  const related = new Map<string, number>();
  for (const r of lexiconRelations()) {
    if (!r.when.every((k) => seen.has(k))) continue;
    for (const term of r.add) {
      if (!seen.has(term)) related.set(term, Math.max(related.get(term) ?? 0, r.weight));
    }
  }
  for (const [term, weight] of related) out.push({ term, weight, from: 'related' });
  return out;
}
