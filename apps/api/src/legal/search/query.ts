import { expandAbbreviations, fold, parseCitation, queryTerms } from './czech';

export interface PreparedQuery {
  /** Natural key of a cited document (`89/2012 Sb.` → sb/2012/89), else null. */
  citation: string | null;
  /** Stemmed terms of the rest of the query. */
  terms: string[];
  /** Folded query without the citation, for trigram similarity. */
  folded: string;
}

/** One document of a ranking; `cited` ones sort first whatever their score. */
export interface Ranked {
  id: string;
  score: number;
  cited: boolean;
}

export function prepareQuery(q: string): PreparedQuery {
  const citation = parseCitation(q);
  const rest = expandAbbreviations(citation ? q.replace(citation.text, ' ') : q);
  return {
    citation: citation?.naturalKey ?? null,
    terms: queryTerms(rest),
    folded: fold(rest)
      .replace(/[^a-z0-9]+/g, ' ')
      .trim(),
  };
}
