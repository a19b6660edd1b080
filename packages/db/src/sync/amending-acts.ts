import { collectionCitation } from './collection-citation';

const IN_TEXT_CITATION = /(\d{1,5})\/(\d{4}) Sb\./g;

/**
 * The amending acts a file's front matter names: the acts cited in `full_citation_with_amendments`
 * BEYOND `full_citation` (the "ve znění zákona č. X/Y Sb., …" the source appends). Acts the
 * citation itself names (an amending act's "kterým se mění zákon č. …, ve znění …") are not
 * amendments of this document. When the longer citation does not extend the shorter one, only the
 * text after its last "ve znění " that is not "ve znění pozdějších předpisů" counts.
 */
export function amendingActs(fullCitation: string | undefined, withAmendments: string | undefined, selfKey: string): string[] {
  if (!withAmendments) return [];
  let suffix: string;
  if (fullCitation && withAmendments.startsWith(fullCitation)) {
    suffix = withAmendments.slice(fullCitation.length);
  } else {
    const starts = [...withAmendments.matchAll(/ve znění (?!pozdějších)/g)].map((m) => m.index ?? 0);
    if (!starts.length) return [];
    suffix = withAmendments.slice(starts[starts.length - 1]);
  }
  const keys = new Set<string>();
  for (const m of suffix.matchAll(IN_TEXT_CITATION)) {
    const c = collectionCitation(`${m[1]}/${m[2]} Sb.`);
    if (c && c.naturalKey !== selfKey) keys.add(c.naturalKey);
  }
  return [...keys];
}
