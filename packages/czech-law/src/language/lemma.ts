/**
 * Lemma keys from the Czech hunspell dictionary (npm dictionary-cs, GPL-2.0 data used unmodified;
 * see docs/DECISIONS.md), read from the package on first use and kept in memory.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Analysis, HunspellLemmatizer, type LemmatizerOptions } from './hunspell';
import { fold } from './text';

/**
 * Irregular paradigms the dictionary spells out as separate fixed entries ("psa" is an entry of its
 * own, not a form of "pes"), folded form -> folded lemma; only nouns the law and people's questions
 * both use often.
 */
const IRREGULAR_FORMS: Record<string, string> = {
  pes: 'psa psovi psem psi psu psy psum psech',
  den: 'dne dnu dni dnem dny dnech dnum',
  dite: 'ditete diteti ditetem deti detem detmi detech',
  clovek: 'cloveka cloveku clovekem lide lidi lidem lidmi lidech',
  tyden: 'tydne tydnu tydnem tydny tydnech tydnum',
  rok: 'let letech letum',
  // The dictionary lists these as fixed words only ("práce", "domu", "písmene"), without the
  // paradigm that would reach them by their spelling.
  prace: 'praci pracemi pracim pracich',
  dum: 'domu domem domy domech domum',
  pismeno: 'pismene pismenu pismenem pismena pismen pismenum pismenech pismeny',
  bremeno: 'bremene bremenu bremenem bremena bremen bremenum bremenech bremeny',
};
export const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries(IRREGULAR_FORMS).flatMap(([lemma, forms]) => [lemma, ...forms.split(' ')].map((f) => [f, lemma])),
);

let lemmatizer: HunspellLemmatizer | undefined;
let spellingLemmatizer: HunspellLemmatizer | undefined;

function readCzech(options: LemmatizerOptions): HunspellLemmatizer {
  // The package exports only its ESM entry; its data files sit beside it.
  const dir = dirname(require.resolve('dictionary-cs'));
  return new HunspellLemmatizer(readFileSync(join(dir, 'index.aff'), 'utf8'), readFileSync(join(dir, 'index.dic'), 'utf8'), options);
}

/** The Czech dictionary's lemmatizer, read on first use (synchronously: it is a startup cost). */
export function czechLemmatizer(): HunspellLemmatizer {
  lemmatizer ??= readCzech({});
  return lemmatizer;
}

/** The same dictionary compared as spelled (diacritics kept), read on first use. */
function czechSpellingLemmatizer(): HunspellLemmatizer {
  spellingLemmatizer ??= readCzech({ spelled: true });
  return spellingLemmatizer;
}

/**
 * The keys (`analysisKey`, folded) of the analyses that write `spelling` letter for letter, by the
 * dictionary compared with its diacritics. Folding merges rules and entries that differ only in
 * them: "platí" folds to a form of "plát" (the infinitive "pláti"), "mění" and "pracovní" to forms
 * of "měna" and "pracovna" through the soft-stem rule "ňa" -> "ni", "může" to "muže" (of "muž").
 */
export function spelledKeys(spelling: string, lz: HunspellLemmatizer = czechSpellingLemmatizer()): Set<string> {
  return new Set(lz.analyse(spelling.normalize('NFC').toLowerCase()).map((a) => analysisKey({ ...a, lemma: fold(a.lemma) })));
}

/**
 * The one analysis a word is keyed by when the dictionary gives several, so the choice never
 * depends on the dictionary's order: first an analysis whose key is in `spelled` (one that writes
 * the word as it is spelled, diacritics and all: `spelledKeys`), when any is; then not negated before negated; a common word before a name
 * ("dítě" is not "Dita"); a lemma with forms before a fixed word ("důvod" before the entry
 * "důvodu"); then the shortest, then the first alphabetically. The shortest is mostly the noun
 * ("výpovědi" is "výpověď", not "vypovědět"; "soutěži" is "soutěž", not "soutěžit"; "dani" is
 * "daň", not "daný"), which is what questions and provisions share; measured against keeping the
 * word itself or the longest shared beginning in docs/BENCHMARKS.md.
 */
export function pickAnalysis(analyses: readonly Analysis[], spelled?: ReadonlySet<string>): Analysis | undefined {
  const rank = (a: Analysis): number[] => [
    spelled && !spelled.has(analysisKey(a)) ? 1 : 0,
    a.negated ? 1 : 0,
    a.proper ? 1 : 0,
    a.paradigm ? 0 : 1,
    a.lemma.length,
  ];
  const compare = (a: Analysis, b: Analysis): number => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return a.lemma < b.lemma ? -1 : a.lemma > b.lemma ? 1 : 0;
  };
  return [...analyses].sort(compare)[0];
}

/** The key of an analysis: the folded lemma, "ne" before it for a negated form. */
export function analysisKey(a: Analysis): string {
  return a.negated ? `ne${a.lemma}` : a.lemma;
}
