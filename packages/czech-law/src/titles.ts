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
