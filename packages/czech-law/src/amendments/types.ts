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
  /**
   * For a point with number null (the article's one instruction, "V § 5 zákona č. 1/2000 Sb., ve
   * znění …, se slova … nahrazují …"): `text` with the amended act's citation cut out ("V § 5 se
   * slova … nahrazují …"), as a numbered point would read. Absent for numbered points.
   */
  instruction?: string;
  /** When this point takes effect, as the amending act's účinnost provision says (readAmendingAct fills it). */
  effective?: EffectiveDate;
  /**
   * Footnotes (`fn_59`) whose text the amending act gives in its own footnote block at its end and
   * whose mark only the quoted new text of this point cites (readAmendingAct fills it): the
   * amended act's footnotes the point makes or rewords (vyhláška č. 164/1979 Sb. on vyhláška
   * č. 128/1975 Sb.).
   */
  givenFootnotes?: string[];
  /**
   * The annex the block's intro names as what its points amend ("Příloha č. 3 k nařízení vlády
   * č. 79/2007 Sb., …, se mění takto:" → `priloha_3`; readAmendingAct fills it): the place of a
   * point that names no annex itself.
   */
  place?: string;
  /**
   * The § the block's points before this one last named first (`par_2`; readAmendingAct fills it):
   * where the units of a point that names no § lie ("- 2. Dosavadní odstavec 2 se označuje jako
   * odstavec 4." after "- 1. V § 2 se za odstavec 1 vkládají nové odstavce 2 a 3, …", zákon č. 519/1990
   * Sb. on zákon č. 228/1988 Sb.).
   */
  previousSection?: string;
}

/** How an effective date was found. */
export type EffectiveHow =
  /** A calendar date written in the act ("dnem 1. ledna 2012"). */
  | 'stated'
  /** Computed from the publication date ("dnem vyhlášení", "patnáctým dnem po dni jeho vyhlášení", "prvním dnem třetího kalendářního měsíce následujícího po dni jeho vyhlášení"). */
  | 'relative_to_publication'
  /** A known event's date ("dnem vstupu smlouvy o přistoupení České republiky k Evropské unii v platnost": 2004-05-01). */
  | 'event'
  /** The act's text states none that applies (no účinnost provision read): the front matter's effectiveness_date. */
  | 'front_matter';

export interface EffectiveDate {
  /** ISO date, or null when none can be given (see `note`). */
  date: string | null;
  how: EffectiveHow | null;
  /** Why the date is null, or a caveat on it (an exception naming part of the point only). */
  note: string | null;
  /** The act's words that gave the date ("dnem 1. ledna 2012", "dnem jeho vyhlášení"), or null. */
  evidence: string | null;
  /** The act of the Collection whose own effectiveness the date is ("dnem nabytí účinnosti zákona č. 187/2006 Sb."). */
  dependsOn?: string;
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
  /**
   * The amending act's § that holds the block ("§ 22"), for acts numbered in §§ rather than
   * articles (article is then null); null otherwise.
   */
  section?: string | null;
  /**
   * The sentence that names the amended act ("Zákon č. 262/2006 Sb., …, se mění takto:"; for a
   * block of one unnumbered instruction, that instruction's first paragraph). It may narrow the
   * points' scope ("Příloha č. 1 k vyhlášce č. … se mění takto:").
   */
  intro?: string;
  /** `points`: numbered points follow the intro ("se mění takto:"); `single`: the intro is the one instruction. */
  form?: 'points' | 'single';
  points: AmendmentPoint[];
  /** The distinct effective dates of its points, ascending (readAmendingAct fills it). */
  effectiveDates?: string[];
  /** UTF-16 offsets of the block in the amending act's text (intro to last point). */
  start: number;
  end: number;
}
