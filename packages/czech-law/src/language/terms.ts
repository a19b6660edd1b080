/**
 * The terms Czech text is indexed and searched under (#37): one lemma key per word, so the
 * inflected forms of a word meet ("mzdy", "mzdu", "mzdě" are all "mzda"), and a query's related
 * terms, so people's words meet the law's ("výplata" reaches "mzda"). Plain strings: PostgreSQL
 * indexes them with the 'simple' configuration, the same in the embedded server and a plain one.
 */
import { analysisKey, czechLemmatizer, IRREGULAR, pickAnalysis } from './lemma';
import type { RelatedTerm } from './learn';
import { LEXICON, LEXICON_WEIGHT } from './lexicon';
import { STOPWORDS, stem, words } from './text';

/**
 * Bumped whenever the terms `indexTerms` returns for some text change (dictionary, lemma choice,
 * stopwords, folding), so an index stored with an older version is known to be stale and rebuilt.
 */
export const LANGUAGE_VERSION = 4;

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
  // Question words, pronouns and the forms of "mít", "chtít" questions are full of.
  'kolik',
  'jaky',
  'jaka',
  'jake',
  'jakou',
  'kdo',
  'koho',
  'komu',
  'kdy',
  'kam',
  'proc',
  'nejaky',
  'nejaka',
  'nejake',
  'nejakou',
  'ja',
  'ty',
  'my',
  'vy',
  'oni',
  'ona',
  'ono',
  'ho',
  'mu',
  'nam',
  'vam',
  'nas',
  'vas',
  'ni',
  'nim',
  'nich',
  'mam',
  'mas',
  'ma',
  'mame',
  'mate',
  'maji',
  'mit',
  'chci',
  'chces',
  'chce',
  'chceme',
  'chcete',
  'chteji',
  // Modal forms: folded, "může" would be keyed as "muž".
  'muzu',
  'muzes',
  'muzeme',
  'muzete',
  'musim',
  'musis',
  'musime',
  'musite',
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
  else if (IRREGULAR.has(word)) key = IRREGULAR.get(word)!;
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
  return !/\d/.test(word) && (IRREGULAR.has(word) || czechLemmatizer().analyse(word).length > 0);
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

/** The weight of a word of the same family (derivation) as a query word; chosen by the recall proxy (docs/BENCHMARKS.md). */
export const FAMILY_WEIGHT = 0.2;
const FAMILY_MIN_PREFIX = 5;
const FAMILY_MAX = 6;

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Words of the same family as a lemma key, from the dictionary: entries sharing its beginning but
 * for a short derivational ending ("výpověď", "výpovědní", "vypovědět"; "nájem", "nájemce",
 * "nájemník", "nájemné"). Derivations are not inflections (they change the word's meaning a
 * little), so they are related terms, not the same key; the longest shared beginning first.
 */
export function familyOf(key: string): string[] {
  if (key.length < FAMILY_MIN_PREFIX || /\d/.test(key)) return [];
  let family = families.get(key);
  if (!family) {
    family = findFamily(key);
    if (families.size >= MAX_CACHED_KEYS) families.clear();
    families.set(key, family);
  }
  return [...family];
}

const families = new Map<string, readonly string[]>();

function findFamily(key: string): string[] {
  const prefix = key.slice(0, Math.max(FAMILY_MIN_PREFIX, key.length - 2));
  return czechLemmatizer()
    .entriesStartingWith(prefix)
    .filter((e) => e !== key && e.length <= key.length + 4)
    .filter((e) => sharedPrefix(e, key) >= Math.max(FAMILY_MIN_PREFIX, Math.min(e.length, key.length) - 2))
    .sort((a, b) => sharedPrefix(b, key) - sharedPrefix(a, key) || a.length - b.length || (a < b ? -1 : 1))
    .slice(0, FAMILY_MAX);
}

/**
 * The weight of the adjective a colloquial one-word name stands for (`univerbationOf`); measured
 * on the tuning half's proxies (docs/BENCHMARKS.md). 0 turns it off.
 */
export const UNIVERBATION_WEIGHT = { weight: 0.5 };

/**
 * Colloquial Czech names a thing by one word made of an adjective's stem and -ák, -ka, -ko
 * ("řidičák" for "řidičský průkaz", "minimálka" for "minimální mzda", "zdravotko" for "zdravotní
 * pojištění"): the law writes the adjective. For a key of that shape, the dictionary's adjectives
 * on its stem (-ní, -ný, -ský, -ový, -cí, -ečný), the shortest first.
 */
export function univerbationOf(key: string): string[] {
  const m = /^([a-z]{4,}?)(?:ack|ak|k|ka|ko|ovka|ovk)$/.exec(key);
  if (!m) return [];
  const base = m[1].replace(/ov$/, '');
  if (base.length < 4) return [];
  return czechLemmatizer()
    .entriesStartingWith(base)
    .filter((e) => /^(?:ni|ny|sky|ovy|ci|ecny|cky)$/.test(e.slice(base.length)) && e !== key)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    .slice(0, 2);
}

/** The learned thesaurus (learn.ts) by term; empty until the application loads one. */
let learned = new Map<string, { related: string; weight: number }[]>();

/**
 * Makes `queryTerms` add these related terms (a thesaurus learned from the collection, as stored);
 * replaces what an earlier call set. Weights must be in (0, 1); others are refused.
 */
export function useRelatedTerms(rows: readonly RelatedTerm[]): void {
  const next = new Map<string, { related: string; weight: number }[]>();
  for (const r of rows) {
    if (!(r.weight > 0 && r.weight < 1)) throw new RangeError(`related term weight out of (0, 1): ${r.term} -> ${r.related} ${r.weight}`);
    const list = next.get(r.term);
    if (list) list.push({ related: r.related, weight: r.weight });
    else next.set(r.term, [{ related: r.related, weight: r.weight }]);
  }
  learned = next;
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
  const colloquial: string[] = [];
  for (const w of words(q)) {
    if (!isIndexed(w)) continue;
    const term = keyOf(w);
    if (seen.has(term)) continue;
    seen.add(term);
    const known = isKnown(w);
    out.push({ term, weight: 1, from: known ? 'lemma' : 'word' });
    // Only words the dictionary does not know: a known "částka" or "podmínka" is no univerbation.
    if (!known) colloquial.push(...univerbationOf(term));
  }
  const related = new Map<string, number>();
  if (UNIVERBATION_WEIGHT.weight > 0) {
    for (const term of colloquial) if (!seen.has(term)) related.set(term, UNIVERBATION_WEIGHT.weight);
  }
  for (const r of lexiconRelations()) {
    if (!r.when.every((k) => seen.has(k))) continue;
    for (const term of r.add) {
      if (!seen.has(term)) related.set(term, Math.max(related.get(term) ?? 0, r.weight));
    }
  }
  for (const own of out) {
    if (own.from !== 'lemma') continue;
    for (const f of familyOf(own.term)) if (!seen.has(f)) related.set(f, Math.max(related.get(f) ?? 0, FAMILY_WEIGHT));
  }
  for (const own of out) {
    for (const r of learned.get(own.term) ?? []) {
      if (!seen.has(r.related)) related.set(r.related, Math.max(related.get(r.related) ?? 0, r.weight));
    }
  }
  for (const [term, weight] of related) out.push({ term, weight, from: 'related' });
  return out;
}
