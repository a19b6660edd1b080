/**
 * Czech text normalisation for search. PostgreSQL has no Czech stemmer, so documents are indexed
 * through the SQL functions `search_fold` + `search_stem` (migration 20261122020000_search) and
 * query terms go through this module. Both MUST stay in step: czech.test.ts runs the same words
 * through both.
 */
import { SUFFIXES, stem } from '@dp/core';

export { fold, nameKey, queryTerms, queryWords, stem, SUFFIXES, words, type QueryWord } from '@dp/core';

/**
 * Czech alternates a stem's last consonant before some endings (Praha / v Praze, banka / bance,
 * kniha / knize): the suffix stripper leaves two stems for one word. Both sides of the index were
 * stemmed without undoing it, so the query side asks for the other form too (lexical.ts), exactly,
 * not as a prefix: `praz:*` would also match "prazdny". Folded letters: h and z, k and c ("ch"
 * alternates with "s", which would join too many unrelated stems).
 */
const ALTERNATIONS: Record<string, string> = { h: 'z', z: 'h', k: 'c', c: 'k' };

/** The stem with its last consonant alternated, or null when it has no such consonant. */
export function alternateStem(s: string): string | null {
  if (s.length < 3 || !/^[a-z]+$/.test(s) || s.endsWith('ch')) return null;
  const to = ALTERNATIONS[s[s.length - 1]];
  return to ? s.slice(0, -1) + to : null;
}

/**
 * Stems that other forms of a query word get and its own stem does not begin, to be matched
 * exactly beside it: the alternated stem, and the shorter stems the suffix stripper leaves when
 * the longest ending reaches into the root ("minimum" -> `minim`, but "minimu" -> `min`, since
 * "imu" is an ending). Found by stemming the stem with each ending, as a document's word would be.
 */
export function variantStems(s: string): string[] {
  if (!/^[a-z]+$/.test(s)) return [];
  const out = new Set<string>();
  const alt = alternateStem(s);
  if (alt) out.add(alt);
  // stem() strips at least the ending added, so each form's stem is s or a shorter prefix of it.
  for (const ending of SUFFIXES) {
    const v = stem(s + ending);
    if (v !== s) out.add(v);
  }
  return [...out];
}

/**
 * A query term in a tsquery: the stem (as a prefix, `zakonik:*`, unless `prefix` is false) or
 * one of its variant stems, exactly.
 */
export function termQuery(t: string, prefix = true): string {
  const variants = variantStems(t);
  const own = prefix ? `${t}:*` : t;
  return variants.length ? `(${[own, ...variants].join(' | ')})` : own;
}

/**
 * Folded text written as the stems of its words, a stem that is a variant of a query word's stem
 * (variantStems) written as that stem: the trigram signal compares the query and titles in this
 * form, so "v Praze", "bance", "minimu" compare as the query's "Praha", "banka", "minimum" do,
 * and differing endings of one word cost no trigrams.
 */
export function stemForms(query: string): (folded: string) => string {
  const asQuery = new Map<string, string>();
  for (const w of query.split(NON_WORD)) {
    const s = stem(w);
    for (const v of variantStems(s)) if (!asQuery.has(v)) asQuery.set(v, s);
  }
  // Titles repeat their words ("zakon", "vlady", ...): each distinct word is stemmed once per search.
  const formOf = new Map<string, string>();
  return (folded) =>
    folded
      .split(NON_WORD)
      .filter(Boolean)
      .map((w) => {
        let form = formOf.get(w);
        if (form === undefined) {
          const s = stem(w);
          form = asQuery.get(s) ?? s;
          formOf.set(w, form);
        }
        return form;
      })
      .join(' ');
}
const NON_WORD = /[^a-z0-9]+/;

export interface Citation {
  number: number;
  year: number;
  /** The natural key the citation names (`sb/2012/89`). */
  naturalKey: string;
  /** The matched text, so the rest of the query can be searched without it. */
  text: string;
}

/**
 * A citation of the Collection of Laws: `89/2012`, `89/2012 Sb.`, `zákon č. 89/2012 Sb.`.
 * Years are 4 digits from 1900 on, so dates such as `1/2/2012` are not taken for citations.
 */
export function parseCitation(q: string): Citation | null {
  const m =
    /(?:\b(?:z[aá]kon[a-zá-ž]*|vyhl[aá][sš]k[a-zá-ž]*|na[rř][ií]zen[ií][a-zá-ž]*(?:\s+vl[aá]dy)?)\s+)?(?:[cč]\.\s*)?(?<!\/)\b(\d{1,4})\s*\/\s*((?:19|20)\d{2})\b(?!\/)(?:\s*Sb\.?)?/iu.exec(
      q,
    );
  if (!m) return null;
  const number = Number(m[1]);
  const year = Number(m[2]);
  if (number < 1) return null;
  return { number, year, naturalKey: `sb/${year}/${number}`, text: m[0] };
}

/** Common abbreviations of Czech legal writing, expanded before terms are taken. */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bob[cč]\.\s*z[aá]k\.?/giu, 'občanský zákoník'],
  [/\bz[aá]k\.\s*pr[aá]ce\b/giu, 'zákoník práce'],
  [/\bo\.\s*s\.\s*[rř]\.?/giu, 'občanský soudní řád'],
  [/\btr\.\s*z[aá]k\.?/giu, 'trestní zákoník'],
];

export function expandAbbreviations(q: string): string {
  return ABBREVIATIONS.reduce((s, [re, full]) => s.replace(re, full), q);
}
