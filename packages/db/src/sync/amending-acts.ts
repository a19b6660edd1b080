import { collectionCitation } from '@dp/czech-law';

// "n15/1993 Sb." is a notice (opatření) numbered in its own series, not act 15/1993.
const IN_TEXT_CITATION = /(?<![\p{L}\p{N}/])(\d{1,5})\/(\d{4}) Sb\./gu;

/**
 * The amending acts a file's front matter names: the acts cited in `full_citation_with_amendments`
 * BEYOND `full_citation` (the "ve znění zákona č. X/Y Sb., …" the source appends). Acts the
 * citation itself names (an amending act's "kterým se mění zákon č. …, ve znění …") are not
 * amendments of this document. When the longer citation does not start with the shorter one (the
 * title was reworded since), nothing is read from it, as in the corpus sample: which part is the
 * list is then a guess, and the commit history still gives those edges.
 *
 * Also every act of the `amendments` field ("220/2025 Sb.; 267/2025 Sb."), which names amendments
 * the citation may not list yet (the Labour Code's citation has none; its field has four).
 */
export function amendingActs(
  fullCitation: string | undefined,
  withAmendments: string | undefined,
  selfKey: string,
  amendmentsField?: string,
): string[] {
  const keys = new Set<string>();
  const add = (number: string, year: string) => {
    const c = collectionCitation(`${number}/${year} Sb.`);
    if (c && c.naturalKey !== selfKey) keys.add(c.naturalKey);
  };
  if (withAmendments && fullCitation && withAmendments.startsWith(fullCitation)) {
    for (const m of withAmendments.slice(fullCitation.length).matchAll(IN_TEXT_CITATION)) add(m[1], m[2]);
  }
  for (const m of (amendmentsField ?? '').matchAll(IN_TEXT_CITATION)) add(m[1], m[2]);
  return [...keys];
}
