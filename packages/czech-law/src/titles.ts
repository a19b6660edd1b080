import { foldText } from './citations/recognise-citations';

/**
 * A title whose act mainly amends others ("Zákon, kterým se mění …", "Vyhláška …, kterou se ruší
 * …", "Nařízení vlády o změně …", "… o další změně …"), on a folded title (lower case, no
 * diacritics, single spaces: `foldTitle`, or SQL's `search_title`). Not the source's flag
 * is_amending_act: that also marks principal acts that amend in passing ("Zákon o … a o změně
 * některých zákonů (energetický zákon)"), which this does not match.
 */
export const AMENDING_TITLE =
  /^[^,(]*, (kter|ktor|jiz)[a-z]* s[ea] (meni|men|doplnuj|dopln|rusi|zrusuj)|^[a-z]+( [a-np-z][a-z]*| o[a-z]+){0,6} o (dalsi )?(zmene|zmenach|doplneni|zruseni)\b/;

/** A title as AMENDING_TITLE reads it: lower case, without diacritics, spaces single. */
export function foldTitle(title: string): string {
  return foldText(title).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether a title (as written) is an amending act's: AMENDING_TITLE on the folded title. */
export function isAmendingTitle(title: string): boolean {
  return AMENDING_TITLE.test(foldTitle(title));
}

/**
 * A unit's context (its ancestors' headings, " › " between them) names a part that changes another
 * act: "ČÁST DRUHÁ › Změna zákona o daních z příjmů", "Změna občanského soudního řádu", "ZMĚNA A
 * DOPLNĚNÍ SOUVISEJÍCÍCH ZÁKONŮ". Such a unit holds amendment points, or another act's new wording
 * in quotation marks ("„§ 16 Sazba daně"), so it repeats the words of the act it amends; an omnibus
 * act ("o stabilizaci veřejných rozpočtů") is titled as no amending act is, and its parts outranked
 * the acts they amend. A heading "Změna" not followed within four words by an act's name ("Změny
 * v obsahu závazků") is the act's own subject. Case-sensitive, both cases spelled out, and written so
 * that PostgreSQL's regular expressions read it alike (the provision index's migration
 * 20261129190000 filled the stored rows with it; the index writer sets `in_amendment` with it).
 */
export const AMENDING_PART =
  /(^|› )(Změn[ay]|ZMĚN[AY]) ([^ ›]+ ){0,3}(zákona|zákonů|zákoníku|vyhlášky|nařízení|řádu|ústavy|ústavního|ZÁKONA|ZÁKONŮ|ZÁKONÍKU|VYHLÁŠKY|NAŘÍZENÍ|ŘÁDU|ÚSTAVY|ÚSTAVNÍHO)([ ,]|$)/u;

/** Whether a unit's context (its ancestors' headings, " › " between them) is a part amending another act. */
export function isAmendingPart(context: string): boolean {
  return AMENDING_PART.test(context);
}
