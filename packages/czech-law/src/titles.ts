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

/**
 * The words before a folded title's subject: its kind and issuer ("zakon slovenskej narodnej rady",
 * "vyhlaska ministerstva skolstva, mladeze a telovychovy slovenskej republiky"), cut at the subject
 * (" o …", ", kterým/ktorým …", " ze dne …", " k …", " pro/pre …"). A title that names an organ only
 * as its subject ("Ústavní zákon o volbách do Slovenské národní rady") has its kind alone.
 */
const SUBJECT_START =
  /(^| )(o|ze dne|zo dna|k|ke|ku|na|pro|pre|ve veci|vo veci|kterym|ktorym|kterou|ktorou|kterymi|ktorymi|jimz|jiz|jimiz)( |$)|, (kter|ktor|jiz|jimz|jimiz|ze dne|zo dna)/;

/**
 * Whether a title (as written) is of an act issued by an organ of the Slovak republic alone (the
 * Slovak National Council, its presidium, the Slovak government, a Slovak ministry or office, a
 * Slovak region's national committee), so that it is law of that republic only: the issuer before
 * the subject names something Slovak and nothing Czech or federal ("Zákon České národní rady a
 * Slovenské národní rady", "Nařízení vlády České a Slovenské Federativní Republiky", joint
 * ministries' vyhlášky are common law; "československ…" is the federation's).
 */
export function issuedBySlovakOrgan(title: string): boolean {
  const folded = foldTitle(title);
  const cut = folded.search(SUBJECT_START);
  const issuer = cut < 0 ? folded : folded.slice(0, cut);
  return /slovensk/.test(issuer.replace(/ceskoslovensk/g, '')) && !/cesk|federa/.test(issuer);
}
