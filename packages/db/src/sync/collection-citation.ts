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
