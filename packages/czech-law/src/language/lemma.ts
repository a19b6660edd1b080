/**
 * Lemma keys from the Czech hunspell dictionary (npm dictionary-cs, GPL-2.0 data used unmodified;
 * see docs/DECISIONS.md), read from the package on first use and kept in memory.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Analysis, HunspellLemmatizer } from './hunspell';

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
};
export const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries(IRREGULAR_FORMS).flatMap(([lemma, forms]) => [lemma, ...forms.split(' ')].map((f) => [f, lemma])),
);

let lemmatizer: HunspellLemmatizer | undefined;

/** The Czech dictionary's lemmatizer, read on first use (synchronously: it is a startup cost). */
export function czechLemmatizer(): HunspellLemmatizer {
  if (!lemmatizer) {
    // The package exports only its ESM entry; its data files sit beside it.
    const dir = dirname(require.resolve('dictionary-cs'));
    lemmatizer = new HunspellLemmatizer(readFileSync(join(dir, 'index.aff'), 'utf8'), readFileSync(join(dir, 'index.dic'), 'utf8'));
  }
  return lemmatizer;
}

/**
 * The one analysis a word is keyed by when the dictionary gives several, so the choice never
 * depends on the dictionary's order: not negated before negated; a common word before a name
 * ("dítě" is not "Dita"); a lemma with forms before a fixed word ("důvod" before the entry
 * "důvodu"); then the shortest, then the first alphabetically. The shortest is mostly the noun
 * ("výpovědi" is "výpověď", not "vypovědět"; "soutěži" is "soutěž", not "soutěžit"; "dani" is
 * "daň", not "daný"), which is what questions and provisions share; measured against keeping the
 * word itself or the longest shared beginning in docs/BENCHMARKS.md.
 */
export function pickAnalysis(analyses: readonly Analysis[]): Analysis | undefined {
  const rank = (a: Analysis): number[] => [a.negated ? 1 : 0, a.proper ? 1 : 0, a.paradigm ? 0 : 1, a.lemma.length];
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
