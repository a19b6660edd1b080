/**
 * The shapes shared by the amending-act reader (which finds, in an amending act, the part that
 * amends each act, its instruction points and their effective dates) and the consolidation engine
 * (which reads one instruction point and applies it to the amended act's text).
 */

/** One instruction point of an amending act for one amended act ("75. V § 75 … nahrazuje …"). */
export interface AmendmentPoint {
  /** The point's number as written ("75", "12a"); null for an article with one unnumbered instruction. */
  number: string | null;
  /**
   * The point's Markdown without its list marker ("- 75. "): the instruction sentence(s) and any
   * quoted new text that follows it, up to the next point (the act's own headings excluded).
   */
  text: string;
  /** UTF-16 offsets of the point (marker included) in the amending act's text. */
  start: number;
  end: number;
}

/** The part of an amending act that amends one act ("Čl. I – Zákon č. 262/2006 Sb., …, se mění takto:"). */
export interface AmendmentBlock {
  /** The amended act: natural key (`sb/2006/262`) and citation as the act writes it (`262/2006 Sb.`). */
  targetKey: string;
  targetCitation: string;
  /** The část that holds the block, as written ("ČÁST PRVNÍ"), or null. */
  part: string | null;
  /** The article that holds the block ("Čl. I"), or null (an act of one article, or §-numbered). */
  article: string | null;
  points: AmendmentPoint[];
  /** UTF-16 offsets of the block in the amending act's text. */
  start: number;
  end: number;
}
