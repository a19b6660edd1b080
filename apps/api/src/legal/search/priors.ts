import { AMENDING_TITLE } from '@dp/czech-law';
import { inForceOn, packedEffectivity } from './generations';
import { WEIGHTS } from './weights';

/**
 * What a document brings to its score whatever the query, in the lexical ranking's units (the
 * trigram ranking scales it by WEIGHTS.trigramPriorScale; the weights are in weights.ts). Each is smaller than the title signals'
 * difference between a title that is the query and one that merely contains it, so they order
 * near-equal matches and do not overrule a better one (docs/search.md, "Document priors").
 * - The law in force on the search's day (`at`, else today) first: most questions are about the
 *   law that applies, and the whole collection holds every repealed regulation that once used the
 *   same words.
 * - An amending act after the act it amends: "Zákon, kterým se mění zákon o dani silniční" names
 *   the query's words because its subject is another act, which is what the query is after.
 * - An act (or constitutional act) above decrees and regulations: they implement it, and their
 *   titles repeat its words ("vyhláška, kterou se provádí zákon o …").
 * - The acts others amend and cite most are the ones people look for (in-degree, table
 *   search_in_degree): WEIGHTS.degree × log10(1 + amending and citing documents).
 */

const ACT_TYPES = new Set(['act', 'constitutional_act']);

/**
 * An amending act for the prior: flagged by the source AND titled as one (czech-law's
 * AMENDING_TITLE, on the folded title). The source's flag alone also marks acts that amend others
 * on the side, "Zákon o spotřebitelském úvěru" among them: their subject is their own, and the
 * penalty put them below their own implementing decrees. Tested here on the title the ranking has
 * already read (in SQL it cost every candidate a regex).
 */

/** SQL of the columns `documentPrior` reads, on a table alias (a ranking selects them with its rows). */
export const priorColumns = (alias: string) =>
  `${packedEffectivity(alias)} AS eff, ${alias}.is_amending_act AS amending, ${alias}.doc_type AS doc_type,
   coalesce((SELECT g.amended_by + g.cited_by FROM "search_in_degree" g WHERE g.target_key = ${alias}.natural_key), 0) AS degree`;

export interface PriorColumns {
  eff: string;
  amending: boolean;
  doc_type: string;
  degree: number;
}

/** The prior of a document from priorColumns and its folded title (`search_title`). */
export function documentPrior(doc: PriorColumns, title: string, day: Date): number {
  const amending = doc.amending && AMENDING_TITLE.test(title);
  return (
    (inForceOn(doc.eff, day) ? WEIGHTS.currentLaw : 0) -
    (amending ? WEIGHTS.amendingPenalty : 0) +
    (ACT_TYPES.has(doc.doc_type) ? WEIGHTS.act : 0) +
    WEIGHTS.degree * Math.log10(1 + Number(doc.degree))
  );
}
