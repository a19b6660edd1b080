export interface CollectionCitation {
  /** `sb/2012/89` */
  naturalKey: string;
  /** `89/2012 Sb.` */
  docNumber: string;
}

const CITATION = /^\s*(\d{1,5})\s*\/\s*(\d{4})\s+Sb\.?\s*$/;

/** `89/2012 Sb.` → sb/2012/89; null for anything else (a daily batch id, `original`, a treaty `Sb. m. s.`). */
export function collectionCitation(text: string | null | undefined): CollectionCitation | null {
  const m = CITATION.exec(text ?? '');
  if (!m) return null;
  const number = String(Number(m[1]));
  return { naturalKey: `sb/${m[2]}/${number}`, docNumber: `${number}/${m[2]} Sb.` };
}

/** One "č. N/YYYY Sb." in a text: the act of the Collection it names and where it is written. */
export interface ActNumberCitation extends CollectionCitation {
  /** As written, from "č." to the collection's mark (`č. 262/2006 Sb.`). */
  written: string;
  start: number;
  end: number;
}

/**
 * "č. 262/2006 Sb." and the Czechoslovak era's "č. 330/1991 Zb." (the same Collection, in Slovak)
 * as written in a text. Not the treaty series ("Sb. m. s."), not the Slovak National Council's own
 * gazette ("Zb. SNR"), not a notice numbered in its own series ("n15/1993 Sb."): each numbers
 * other documents than this collection.
 */
const NUMBER_CITATION =
  /(?<![\p{L}\p{N}/])č\.[\s\u00a0]?(\d{1,5})[\s\u00a0]?\/[\s\u00a0]?(\d{4})[\s\u00a0]?(?:Sb|Zb)(?:\.(?![\s\u00a0]?(?:m\.|SNR))|(?![.\p{L}])(?![\s\u00a0]?SNR))/gu;

export function actNumberCitations(text: string): ActNumberCitation[] {
  const out: ActNumberCitation[] = [];
  for (const m of text.matchAll(NUMBER_CITATION)) {
    const c = collectionCitation(`${m[1]}/${m[2]} Sb.`);
    if (!c) continue;
    const start = m.index ?? 0;
    out.push({ ...c, written: m[0], start, end: start + m[0].length });
  }
  return out;
}
