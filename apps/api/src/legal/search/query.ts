import { knownActNames } from './act-names';
import { expandAbbreviations, fold, nameKey, parseCitation, queryTerms } from './czech';

export interface PreparedQuery {
  /** Natural key of a cited document (`89/2012 Sb.` → sb/2012/89), else null. */
  citation: string | null;
  /** Stemmed terms of the rest of the query. */
  terms: string[];
  /** Folded query without the citation, for trigram similarity. */
  folded: string;
  /** The rest of the query as a name (czech-text nameKey), looked up in the search aliases; '' for none. */
  name: string;
  /**
   * Acts the query names by an abbreviation or short name of core's ACT_NAMES, one list per
   * entry, newest first (the search picks the one in force on its day).
   */
  known: string[][];
}

/** One document of a ranking; `cited` ones sort first whatever their score. */
export interface Ranked {
  id: string;
  score: number;
  cited: boolean;
}

/**
 * A provision reference: "§ 52", "§§ 2079 až 2081", "odst. 2", "písm. a)", "čl. IV", "bod 3". Its
 * numbers are the provision's, not a document's, so they are no terms ("§ 52 zákoníku práce"
 * read "52" as a term, which matched act 52/1987 by its number).
 */
const PROVISION_REFERENCE =
  /§§?\s*\d+[a-z]?(?:\s*(?:(?:až|-|–|,|a)\s*)?\d+[a-z]?)*|(?<![\p{L}\p{N}])(?:odst|písm|pism|čl|cl|bod|věta|veta)\.?\s*(?:\d+[a-z]?|[a-z]\)|[IVXLC]+(?![\p{L}\p{N}]))/giu;

export function prepareQuery(q: string): PreparedQuery {
  const citation = parseCitation(q);
  const withoutCitation = citation ? q.replace(citation.text, ' ') : q;
  const known = knownActNames(withoutCitation.replace(PROVISION_REFERENCE, ' '));
  const rest = expandAbbreviations(known.text);
  return {
    citation: citation?.naturalKey ?? null,
    terms: queryTerms(rest),
    folded: fold(rest)
      .replace(/[^a-z0-9]+/g, ' ')
      .trim(),
    name: nameKey(rest),
    known: known.acts,
  };
}
