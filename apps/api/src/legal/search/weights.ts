/**
 * The ranking's weights in one place (docs/search.md says what each is and the measurement that
 * chose it). Lexical units: a title with every query term counts 3, the title similarity up to 3.
 * The eval can override them for a sweep on the tuning half (`EVAL_WEIGHTS`, run-search-eval.ts);
 * nothing else writes them.
 */
export const WEIGHTS = {
  /** Prior: in force on the search's day. */
  currentLaw: 0.5,
  /** Prior: an amending act (flag and title), subtracted. */
  amendingPenalty: 1,
  /** Prior: an act or constitutional act (above decrees and regulations). */
  act: 0.2,
  /** Prior: × log10(1 + documents amending or citing it). */
  degree: 0.3,
  /** The trigram ranking's scores are similarities (0-2): priors enter it scaled by this. */
  trigramPriorScale: 0.3,
  /** The query is the document's short name, a name other acts give it, or an ACT_NAMES name. */
  name: 3,
  /** The query is one of the document's § headings (shared among the documents with it). */
  heading: 4,
  /** Names enter the trigram ranking scaled by this. */
  trigramNameScale: 0.3,
  /** Every term in the title, but some only as a longer word (`bank:*` in "bankovek"): subtracted. */
  prefixOnly: 0.5,
};

export type Weights = typeof WEIGHTS;
