/**
 * The amending-act reader (#35 item 2): from an amending act's Markdown (as legalize-cz writes it,
 * front matter removed), every block that amends another act of the Collection, with its
 * instruction points and their effective dates. Pure: text and metadata in, blocks out.
 *
 * What it reads (docs/amendments.md has the forms with examples):
 * - a block starts with a sentence naming the amended act: "Zákon č. 262/2006 Sb., …, se mění
 *   takto:" (also "se mění a doplňuje", "se doplňuje", Slovak "sa mení a dopĺňa", decrees,
 *   government regulations, constitutional acts, "Příloha k zákonu č. … se mění takto:"), then
 *   numbered points ("- 1.", "- 12a."); or one unnumbered instruction that names the act itself
 *   ("V § 36a odst. 3 zákona č. 235/2004 Sb., …, se písmeno d) zrušuje.", "V zákoně č. …, se za
 *   § 10 vkládá nový § 10a, který zní:");
 * - quoted new text („…“) belongs to its point, with its own headings, lists and numbered items;
 *   a quotation left open is ended by the act's own next point, article, § or part (the number
 *   after its last one), so one missing mark does not swallow the rest of the act;
 * - a block ends at the next point's block end: the act's own next article, §, part, a heading
 *   such as "Přechodná ustanovení" or "Účinnost", its účinnost sentence, the signatures, or the
 *   next sentence naming an act (several acts amended inside one article);
 * - an item of a list names its act too ("- 2. Ústavní zákon č. … se doplňuje takto:");
 * - repeals of another act's provisions, in a list after "Zrušují se:" or in one sentence
 *   ("Zrušuje se § 453a občanského zákoníku č. 40/1964 Sb."), are a block of one instruction each,
 *   written as a point writes it ("§ 453a se zrušuje.").
 * What it skips, and counts in `skipped`: sentences naming several acts at once, whole-act repeals
 * ("Vyhláška č. … se zrušuje." is a repeal, read by the sync's text relations), an act naming
 * itself.
 */

import { actNumberCitations, collectionCitation, type ActNumberCitation } from '../citations/collection-citation';
import { HEADING_LINE, OPEN_QUOTE, classifyHeading, cleanHeading, isSuccessor, quoteDepthAfter } from '../provisions/parse-provisions';
import { footnoteBlockStart } from '../provisions/footnotes';
import { assignEffectiveDates, readEffectiveDates, type EffectivenessReading } from './effective-dates';
import type { AmendmentBlock, AmendmentPoint } from './types';
import { annexKey, wholeActRepealInstruction } from './instruction';
import { PROVISION_KINDS, idSegment } from '../provisions/provision-id';

export interface AmendingActMeta {
  /** The amending act's own natural key (`sb/2011/365`): a sentence naming it is no block. */
  naturalKey: string;
  /** Its publication date (front matter `publication_date`, ISO), for dates counted from it. */
  publicationDate: string | null;
  /** The front matter's `effectiveness_date` (ISO): the fallback when the text states none. */
  effectivenessDate: string | null;
}

export type SkipReason =
  /** "Zákon č. A a zákon č. B se mění takto:": which act each point amends is not said. */
  | 'several_acts'
  /** "Vyhláška č. … se zrušuje.": a repeal of the whole act, no amendment block. */
  | 'repeal'
  /** The sentence names the amending act itself. */
  | 'self';

export interface SkippedForm {
  reason: SkipReason;
  /** UTF-16 offset of the sentence in the text. */
  offset: number;
  excerpt: string;
}

export interface AmendingActReading {
  blocks: AmendmentBlock[];
  skipped: SkippedForm[];
  /** The účinnost provisions read (effective-dates.ts). */
  effectiveness: EffectivenessReading;
  stats: {
    /** Quotations left open that the act's own next point / article / § / part ended. */
    runawayQuotes: number;
    /** Points accepted after a gap in the numbering ("- 4." after "- 2."). */
    pointGaps: number;
  };
}

interface Own {
  kind: 'part' | 'article' | 'section';
  key: string;
  written: string;
  roman: boolean;
}

interface OpenBlock {
  block: AmendmentBlock;
  /** The open point (its text is cut when it closes). */
  point: AmendmentPoint | null;
  /** End offset of the last line that belongs to the block. */
  lastEnd: number;
  /** A block read on after the act's účinnost sentence: it is in `blocks` already. */
  reopened?: boolean;
}

const POINT_MARKER = /^- (\d{1,3}[a-z]{0,2})\.(?=[ \t\u00a0]|$)[ \t\u00a0]*/;
const INSTRUCTION_VERB =
  /(?:\bzní|\bznějí|\bznie|\bznejú|zrušuj|\bruší|vypouští|vypouštěj|vkládá|vkládaj|nahrazuj|doplňuj|označuj|\bmění|připojuj|přečíslov|zařazuj|vypúšťa|nahrádza|dopĺňa|vkladá|\bmení|upravuj)/u;
/** "se mění takto:" and its kin, ending the sentence. */
const TAKTO =
  /\bs[ea]\s+(?:s\s+(?:působností|účinností|platností)\s+pro\s+(?:Českou|Slovenskou)\s+(?:socialistickou\s+)?republiku\s+)?(?:mění|mení|doplňuj\p{L}*|dopĺň\p{L}*|upravuj\p{L}*|opravuj\p{L}*)(?:(?:\s*,\s*|\s+a\s+)(?:mění|mení|doplňuj\p{L}*|dopĺň\p{L}*|upravuj\p{L}*)){0,2}\s+takto\s*:?\s*(?:\^\S*\s*)?$/u;
/** "Zákon č. … se mění tak, že …": one instruction that names the whole act. */
const TAK_ZE = /\bs[ea]\s+(?:mění|mení|doplňuj\p{L}*|dopĺň\p{L}*)(?:\s+a\s+\S+)?\s+tak,\s+že\b/u;
const WHOLE_REPEAL = /^[,\s]*(?:[^.;]*?,\s*)?s[ea]\s+(?:zrušuj\p{L}*|ruší|zrušují)\s*\.?\s*$/u;
/** Words that may start the predicate of a one-instruction sentence, after the act's citation. */
const PREDICATE_WORD = /(?<=^|[\s,])(?:se|sa|zní|znějí|znie|znejú)(?![\p{L}])/gu;
const PREDICATE_VERB =
  /^(?:s[ea]\s+(?:[^\s;]+\s+){0,30}?(?:zrušuj|ruší|vypouští|vypouštěj|vkládá|vkládaj|nahrazuj|doplňuj|označuj|mění|připojuj|přečíslov|zařazuj|vypúšťa|nahrádza|dopĺňa|vkladá|mení|upravuj)|(?:zní|znějí|znie|znejú)(?![\p{L}]))/u;
/** "kterým se mění …" is the act's name, not the instruction. */
const RELATIVE_BEFORE = /(?:kter\p{L}*|ktor\p{L}*|jímž|jíž|jenž|nichž|němž)\s*$/u;

/**
 * The verb before the act it amends, the act's name and "takto:" after it: "S platností pro Českou
 * socialistickou republiku se mění a doplňuje vyhláška č. 197/1964 Sb., kterou se stanoví …,
 * takto:" (vyhláška č. 65/1970 Sb., čl. I).
 */
const VERB_FIRST =
  /(?:^|\s)s[ea]\s+(?:mění|doplňuje)(?:\s+a\s+(?:mění|doplňuje))?\s+(?:ústavní\s+)?(?:zákon|vyhláška|nařízení(?:\s+vlády)?|zákonné\s+opatření|výnos)(?:\s+[\p{L}.]+){0,10}$/u;

/** Where the instruction's own clause starts in `rest` (after the act's citation), or -1. */
function singlePredicate(rest: string): number {
  // Quoted words ("se částka „1,20“ nahrazuje") are masked, offsets kept: their commas are no clause's.
  const masked = rest.replace(/\u201e[^\u201e\u201c]*\u201c/gu, (q) => `\u201e${'x'.repeat(q.length - 2)}\u201c`);
  for (const m of masked.matchAll(PREDICATE_WORD)) {
    const at = m.index ?? 0;
    if (RELATIVE_BEFORE.test(masked.slice(Math.max(0, at - 20), at))) continue;
    if (PREDICATE_VERB.test(masked.slice(at))) return at;
  }
  return -1;
}
/** Words of the act's own clauses around its name: the citation they precede is not the object. */
const RELATIVE = /(?:\bkter\p{L}*|\bktor\p{L}*|\bjímž|\bjíž|\bjenž|\bpodle\b|\bve znění|\bv znení|\bvydan\p{L}*|\buveden\p{L}*|\bpodľa\b)/u;
/** The whole act as the sentence's subject: "Zákon", "Ústavní zákon", "Trestní zákon", "Vyhláška Ministerstva …", "Nařízení vlády". */
const WHOLE_ACT =
  /^(?:\p{Lu}\p{Ll}+\s+){0,3}?(?:ústavní\s+)?(?:zákon(?:né\s+opatření)?|zákoník|řád|vyhláška|nařízení|nariadenie|dekret|výnos|opatření|usnesení|sdělení|sazebník|zásady|pravidla)(?=\s|$)/iu;
/** "Ústava Československé socialistické republiky (ústavní zákon č. 100/1960 Sb.) se mění …": the constitution named by its title. */
const CONSTITUTION = /^Ústava(?:\s+[\p{L}-]+){0,6}\s+\((?:ústavní\s+)?zákon$/u;
/**
 * "Listina základních práv a svobod, vyhlášená usnesením Předsednictva České národní rady č. 2/1993
 * Sb. jako součást ústavního pořádku České republiky, se mění takto:" (ústavní zákon č. 162/1998 Sb.,
 * čl. I): the Charter named by its title, its number that of the resolution promulgating it.
 */
const CHARTER = /^Listina\s+základních\s+práv\s+a\s+svobod,\s+vyhlášená\s+usnesením(?:\s+\p{L}+){0,5}$/u;
/** Part of an act as the subject or place: "V § 5 zákona", "V zákoně", "Příloha č. 1 k vyhlášce", "§ 12 zákona". */
const PART_OF =
  /^(?:V|Ve|Za|Před|Na|U|Z|Příloha|Přílohy|Přílohu|Oddíl|Díl|§|Čl\.|Článek|Poznámk\p{L}*|Nadpis|Část|Hlava|Položk\p{L}*|Sazebník|Text|Název|Úvodní|Ustanovení|Tabulk\p{L}*|Bod|Odstav\p{L}*|Písmeno|Věta|Slova|Slovo|Obsah)(?=[\s.])/u;
const ACT_NOUN =
  /(?:zákon\p{L}*|ústav\p{L}*|vyhlášk\p{L}*|vyhlášce|vyhláške|nařízení|nariaden\p{L}*|dekret\p{L}*|opatření|výnos\p{L}*|usnesení|řád\p{L}*|sazebník\p{L}*|sdělení|zásad\p{L}*|pravid\p{L}*)/iu;
/** A second act named as a co-subject ("… a zákon č. …"): nominative, unlike the genitive "ve znění zákona č. …". */
const SECOND_SUBJECT = /\sa\s+(?:zákon|vyhláška|nařízení\s+vlády|zákonné\s+opatření)\s+č\./u;
/** Headings of the act's own parts that end a block at depth 0. */
const OWN_TITLE =
  /^(?:Změn[aěy]|Přechodn|Účinnost|ÚČINNOST|Závěrečn|ZÁVĚREČN|Zrušovací|ZRUŠOVACÍ|Společn|SPOLEČN|Zmocnění|ZMOCNĚNÍ|Oznámení|Vztah\s|Zrušení|ZRUŠENÍ|PŘECHODN|ZMĚNA|Prechodn|Účinnosť|ÚČINNOSŤ)/u;
const OWN_EFFECT =
  /^(?:\(\d+\)\s*)?(?:Tento|Tato|Toto|Táto)\s+(?:ústavní\s+)?(?:zákon|vyhláška|nařízení|nariadenie|zákonné\s+opatření|dekret|výnos)\s+(?:nabývá|nabude|nadobúda)/u;
const SIGNATURE = /^\*\*[^*]*(?:v\.\s?r\.|Předseda|Místopředseda|Ministr|Prezident|Predseda|Minister)[^*]*\*\*\s*$/u;

/** A list item's marker ("- 2. ", "- b) ", "- (3) "): an item of a list may name the act it amends. */
const ITEM_MARKER = /^- (?:\d{1,3}[a-z]{0,2}\.|[a-z]{1,2}\)|\(\d{1,3}[a-z]?\))[ \t\u00a0]+/u;
/**
 * An item of a repeal list marked by a bare dash ("- ustanovení § 3 až 6 … vyhlášky … č. 162/1970 Sb.",
 * vyhláška č. 163/1973 Sb., § 75; "– ustanovení § 8, 49 … vyhlášky … č. 98/1976 Sb.", vyhláška
 * č. 105/1981 Sb., § 75): read as an item only inside a list led by "Zrušují se:".
 */
const BARE_ITEM_MARKER = /^[-\u2013][ \t\u00a0]+/u;
/** A paragraph number before a sentence ("(1) Zrušuje se …"). */
const PARAGRAPH_NUMBER = /^\((?:\d{1,3}[a-z]?)\)\s*/u;
const REPEAL_VERB = '(?:Zrušuj(?:e|í)\\s+se|Ruší\\s+se|Zrušuj(?:e|ú)\\s+sa)';
/** "s působností pro Českou republiku": the territory a repeal of a federal act's provisions holds for. */
const SCOPE =
  '(?:s\\s+(?:působností|účinností|platností)\\s+pro\\s+(?:území\\s+)?(?:Českou|Slovenskou|České|Slovenské)\\s+(?:socialistickou\\s+)?republik\\p{L}*)';
/**
 * "Zrušují se:" (or "Zrušují se tato ustanovení:") leading a list of what it repeals, one item each;
 * also with the verb after its circumstances ("Ke dni účinnosti tohoto zákona se zrušuje:", zákon
 * č. 455/1991 Sb., § 80; "S platností pro území České republiky se zrušují:", zákon č. 165/1992
 * Sb., čl. II) and without the colon after a scope ("Zrušují se s působností pro Českou
 * republiku", zákon č. 550/1991 Sb., § 21).
 */
const REPEAL_LEAD = new RegExp(
  `^(?:${REPEAL_VERB}(?:\\s*:|\\s+[^.:\u201e]{0,120}:|\\s+${SCOPE}\\s*:?)?|[^.:;\u201e]{3,120}\\sse\\s+(?:zrušuj\\p{L}*|ruší)\\s*:)\\s*$`,
  'u',
);
/** "Zrušuje se § 453a občanského zákoníku č. 40/1964 Sb., …": one repeal in one sentence. */
const REPEAL_SENTENCE = new RegExp(`^${REPEAL_VERB}\\s+(?!:)(.+)$`, 'u');
/** The repealed provision's own words at the start of the object ("§ 6", "Část čtvrtá", "čl. VIII a čl. IX", "položky 57-59"). */
const PROVISION_START =
  /^(?:§§?|čl\.|článk\p{L}*|článek|část\p{L}*|hlav\p{L}*|díl\p{L}*|oddíl\p{L}*|položk\p{L}*|příloh\p{L}*|prílo\p{L}*|odst\.|odstav\p{L}*|odsek\p{L}*|bod\p{L}*|pozn\p{L}*)(?=[\s.]|$)/iu;
/**
 * Where the repealed provisions' words end and the act's name begins ("§ 453a | občanského zákoníku",
 * "§ 9 odst. 2 | vládního nařízení"; "Čl. II a III a příloha | k zákonu č. 47/1994 Sb.", zákon
 * č. 250/2021 Sb., § 104: an annex of an amending act belongs "to" it).
 */
const ACT_NAME_START =
  /\s+(?:k\s+(?:zákonu|vyhlášce|nařízení)(?=[\s(,]|$)|(?:\p{Ll}+(?:ého|ího|ské)\s+)?(?:ústavního\s+|zákonného\s+)?(?:zákona|zákonů|zákoníku|vyhlášky|vyhlášek|nařízení|opatření|dekretu|výnosu|řádu|sdělení|nariadenia|Ústavy)(?=[\s(,]|$))/u;

/** "ve vyhlášce", "v zákoně": the act named as the place of the provisions that follow its name. */
const IN_ACT = /^(?:v|ve)\s+(?:\p{L}+\s+){0,2}?(?:zákoně|zákoníku|vyhlášce|nařízení|opatření|výnosu|řádu)(?=\s|$)/iu;

export type Repeal = { kind: 'repeal'; citation: ActNumberCitation; instruction: string } | { kind: 'skip'; reason: SkipReason };

/**
 * Reads what a repeal names, in a repeal list's item or after "Zrušuje se": provisions of another
 * act ("§ 5 a 6 vyhlášky … č. 182/1968 Sb., …", "Část čtvrtá zákona č. 477/2001 Sb., …") are an
 * amendment of that act, returned as the instruction a numbered point would write ("§ 5 a 6 se
 * zrušují."); a whole act ("Zákon č. 267/2006 Sb., …", also "… s výjimkou § 4") is a repeal the
 * sync's text relations read, skipped. Null when the object names no act of the collection or no
 * provision it can state.
 */
export function readRepeal(object: string, selfKey: string): Repeal | null {
  // "s účinností pro Českou republiku ustanovení § 29, 30 a 31 zákona č. 87/1987 Sb." (zákon
  // č. 437/1991 Sb., čl. II): the scope is no part of what is repealed.
  const text = object
    .trim()
    .replace(SCOPE_START, '')
    // "šestá část (Stavební a montážní práce) vyhlášky … č. 48/1982 Sb." (vyhláška č. 324/1990 Sb.,
    // § 104): the ordinal before its unit, and the part's name, as a point writes it ("Část šestá").
    .replace(ORDINAL_FIRST, (_m, ordinal: string, unit: string) => `${UNIT_CAPITAL[unit.toLowerCase()]} ${ordinal.toLowerCase()}`)
    .replace(/^((?:Část|Hlava|Díl|Oddíl)\s+\p{L}+)\s+\([^()]{1,120}\)/u, '$1');
  const cites = introCitations(text);
  if (cites.length === 0) return null;
  const first = cites[0];
  const prefix = text.slice(0, first.start).trim();
  if (prefix.length > 400 || RELATIVE.test(prefix)) return null;
  if (first.naturalKey === selfKey) return { kind: 'skip', reason: 'self' };
  // "ve vyhlášce … č. 137/1964 Sb., …, ustanovení § 4 až 15 a § 18;": the provisions after the act's name.
  const after = IN_ACT.test(prefix) ? /,\s*ustanovení\s+([^;]+?)\s*[;,.]?\s*$/u.exec(text.slice(first.end)) : null;
  if (after) {
    const what = after[1];
    if (!PROVISION_START.test(what) || actNumberCitations(what).length) return null;
    return { kind: 'repeal', citation: first, instruction: repealInstruction(what) };
  }
  // "2. ustanovení zákona č. 103/1964 Sb., …, pokud upravují důchodové zabezpečení …, a to § 1 až 3,
  // § 4 odst. 2, § 38 až 87, … a odst. 2. V důsledku toho …" (zákon č. 121/1975 Sb., § 173): the
  // provisions named after the act's name and what they regulate.
  const named = /^(?:ustanovení|ustanovenia)(?:\s+\p{Ll}+)?$/u.test(prefix) ? PROVISIONS_NAMED_AFTER.exec(text.slice(first.end)) : null;
  if (named) return { kind: 'repeal', citation: first, instruction: repealInstruction(named[1].replace(/[\s,]+$/u, '')) };
  const words = prefix.replace(/^(?:ustanovení|ustanovenia)\s+/iu, '');
  // WHOLE_ACT would also take "Část první nařízení vlády" (its leading words are any words).
  // A whole act ("4. vyhláška … č. 128/1975 Sb., …, s výjimkou § 132 až 134, § 139, části páté a
  // přílohy č. 2;", vyhláška č. 149/1988 Sb.; "1. zákon č. 105/1990 Sb., …, kromě § 12a až 12e,",
  // zákon č. 455/1991 Sb.): an effect on the whole act less the units it keeps (instruction.ts).
  if (!PROVISION_START.test(words))
    return WHOLE_ACT.test(prefix)
      ? { kind: 'repeal', citation: first, instruction: wholeActRepealInstruction(KEPT.exec(text.slice(first.end))?.[1] ?? null) }
      : null;
  const cut = words.search(ACT_NAME_START);
  if (cut <= 0) return null;
  const what = words.slice(0, cut).replace(/[\s,;]+$/u, '');
  if (!PROVISION_START.test(what)) return null;
  // "§ 1 písm. d) zákona č. 172/1988 Sb., o zemědělské dani, část čtvrtá tohoto zákona a …" (zákon
  // č. 389/1990 Sb., § 32 písm. b)): more units of the act just named, after its name.
  const more = SAME_ACT_UNITS.exec(text.slice(first.end));
  return { kind: 'repeal', citation: first, instruction: repealInstruction(more ? `${what} a ${more[1]}` : what) };
}

/** ", část čtvrtá tohoto zákona" after the act's name: a unit of that act. */
const SAME_ACT_UNITS = /^[^;„]*?,\s*((?:část|hlava|díl|oddíl|§)\s[^,;„]{1,60}?)\s+tohoto\s+(?:zákona|vyhlášky|nařízení)(?=[\s,;.]|$)/u;

/** ", a to § 1 až 3, § 4 odst. 2, …" after the act's name, to the sentence's end. */
const PROVISIONS_NAMED_AFTER = /,\s*a\s+to\s+((?:§|čl\.|článk|část|hlav|díl|oddíl|příloh)[^;]*?)\s*(?:\.\s+\p{Lu}|;|[.,]?\s*$)/u;

/** What a whole act's repeal keeps: "…, s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2;", "…, kromě § 12a až 12e,". */
const KEPT = /(?:,\s*|\s+)(?:s\s+výjimkou|kromě)\s+(?:ustanovení\s+)?((?:§|čl\.|článk|část|hlav|díl|oddíl|příloh)[^;]*?)\s*[,;.]?\s*$/u;

const SCOPE_START = new RegExp(`^${SCOPE}\\s+`, 'u');
/** "šestá část", "druhá hlava": an ordinal written before its unit. */
const ORDINAL_FIRST = /^(\p{L}+(?:á|í))\s+(část|hlava|díl)(?=[\s(])/iu;
const UNIT_CAPITAL: Record<string, string> = { část: 'Část', hlava: 'Hlava', díl: 'Díl' };

/** "§ 5 a 6" → "§ 5 a 6 se zrušují.", as a numbered point writes a repeal. */
function repealInstruction(what: string): string {
  const plural = /\s(?:a|až)\s|,|\d\s*[-–]\s*\d|^(?:§§|články|části|položky|přílohy|body|odstavce)(?=\s)/u.test(what);
  return `${what[0].toUpperCase()}${what.slice(1)} se ${plural ? 'zrušují' : 'zrušuje'}.`;
}

type Intro = { kind: 'points' | 'single'; citation: ActNumberCitation; instruction?: string } | { kind: 'skip'; reason: SkipReason };

/** Reads a sentence that may name the act a block amends. */
export function readIntro(sentence: string, selfKey: string): Intro | null {
  const line = sentence.trim();
  const cites = introCitations(line);
  if (cites.length === 0) return null;
  const first = cites[0];
  const prefix = line.slice(0, first.start).trim();
  if (CHARTER.test(prefix) && TAKTO.test(line.slice(first.end)))
    return first.naturalKey === selfKey ? { kind: 'skip', reason: 'self' } : { kind: 'points', citation: first };
  if (prefix.length > 300 || RELATIVE.test(prefix) || !ACT_NOUN.test(prefix)) return null;
  if (VERB_FIRST.test(prefix) && /\btakto\s*:\s*$/u.test(line.slice(first.end))) {
    if (first.naturalKey === selfKey) return { kind: 'skip', reason: 'self' };
    return { kind: 'points', citation: first };
  }
  const whole = WHOLE_ACT.test(prefix) || CONSTITUTION.test(prefix);
  const partOf = !whole && PART_OF.test(prefix);
  if (!whole && !partOf) return null;
  const rest = line.slice(first.end);
  const takto = TAKTO.test(rest);
  let kind: 'points' | 'single' | null = null;
  let predicate = -1;
  let repealsWhole = false;
  if (takto) kind = 'points';
  else if (whole && TAK_ZE.test(rest)) {
    kind = 'single';
    predicate = rest.search(TAK_ZE);
  } else if (whole && WHOLE_REPEAL.test(rest)) {
    // "Vyhláška č. 12/1990 Sb. se zrušuje.": an effect on the whole act (instruction.ts).
    kind = 'single';
    predicate = rest.search(/s[ea]\s+(?:zrušuj|ruší)/u);
    repealsWhole = true;
  } else if (partOf) {
    predicate = singlePredicate(rest);
    if (predicate >= 0) kind = 'single';
  }
  if (kind === null) return null;
  const upTo = kind === 'points' ? rest.search(TAKTO) : predicate;
  // A co-subject comes before the amended act's own amendments ("…, ve znění nařízení vlády č. A a nařízení vlády č. B, se mění").
  const subject = rest.slice(0, Math.max(0, upTo));
  // So does the amended act's own title clause ("Zákon č. 229/1991 Sb., …, kterým se mění zákon č. A a
  // zákon č. B, se mění takto:"): the acts it names are no subjects.
  const cut = [subject.search(/\b(?:ve|v)\s+(?:znění|znení)/u), subject.search(/,\s*(?:kterým|kterou|kterými|jímž|jíž|jimiž)\s/u)].filter(
    (i) => i >= 0,
  );
  if (SECOND_SUBJECT.test(cut.length ? subject.slice(0, Math.min(...cut)) : subject)) return { kind: 'skip', reason: 'several_acts' };
  if (first.naturalKey === selfKey) return { kind: 'skip', reason: 'self' };
  if (repealsWhole) return { kind: 'single', citation: first, instruction: wholeActRepealInstruction(null) };
  if (kind === 'single') {
    const opening = line.slice(0, first.start).trimEnd();
    // "V zákoně č. 97/1963 Sb., …, ve znění …, § 11c až 11e včetně nadpisů … znějí:" (zákon č.
    // 296/2007 Sb.): the place comes after the act's name, as the sentence's subject.
    const place = IN_ACT.test(opening) ? TRAILING_PLACE.exec(rest.slice(0, predicate)) : null;
    // "V § 17 zákona č. 526/1990 Sb., …, ve znění …, odstavec 4 zní:" (zákon č. 183/2008 Sb.): the
    // unit inside the opening's § comes after the act's name; it stays with the place.
    const inner = place ? null : TRAILING_INNER_PLACE.exec(rest.slice(0, predicate));
    const instruction = place
      ? `${place[1].trim()} ${rest.slice(predicate).trimStart()}`
      : `${withoutActName(opening)}${inner && withoutActName(opening) !== opening ? ` ${inner[1].trim()}` : ''} ${rest.slice(predicate).trimStart()}`;
    return { kind, citation: first, instruction };
  }
  return { kind, citation: first };
}

/** A unit inside the opening's place, named after the act's name and its "ve znění" list: ", odstavec 4 " of "…, odstavec 4 zní:". */
const TRAILING_INNER_PLACE = /,\s*((?:odst(?:\.|av\p{L}*)|písm(?:\.|en\p{L}*)|bod\p{L}*|vět\p{L}*)\s[^,]*)\s*,?\s*$/u;

/**
 * The provisions named after an act's name and its "ve znění" list, before the predicate: ", § 2 " of
 * "…, § 2 zní:"; a list of numbers goes on after a comma ("…, § 6 včetně poznámek pod čarou č. 7, 10 a
 * 11 zní:", zákon č. 278/2009 Sb., čl. II, on zákon č. 593/1992 Sb.).
 */
const TRAILING_PLACE =
  /,\s*((?:§|[čČ]l\.|[čČ]lán\p{L}*|[pP]říloh\p{L}*|[pP]oznámk\p{L}*|[nN]adpis\p{L}*|[čČ]ást\p{L}*|[hH]lav[ayu]|[dD]íl|[oO]ddíl)\s[^,]*(?:,\s*(?:§|odst\.|písm\.|\d+[a-z]*(?=[\s)]))[^,]*)*)\s*,?\s*$/u;

/**
 * What an act's kind written before its number leaves before it: the offsets where the two
 * expressions below may start. Sticky, so it is tried at one offset only (`firstAfterKind`).
 */
const AFTER_ACT_KIND = /(?<=(?:^|\s)(?:[Zz]ákon\p{L}*|[Vv]yhlášk\p{L}*|[Nn]ařízení(?:\s+vlády)?)\s)/uy;

/** An act's number written without "č." after its kind ("Zákon 198/2009 Sb., …"), as some intros write it. */
const BARE_NUMBER_CITATION = /(\d{1,5})\/(\d{4})\s?Sb\.(?!\s?m\.)/gu;

/**
 * An act's number with "č." and no collection mark before a comma ("28. Část první zákona č.
 * 288/2011, kterým se mění zákon č. 86/2002 Sb., …", zákon č. 201/2012 Sb., § 48).
 */
const UNMARKED_CITATION = /č\.\s?(\d{1,5})\/(\d{4})(?=,)/gu;

/**
 * The first match of `body` (global) at an offset an act's kind precedes: what `body` led by the
 * lookbehind would match. Not one expression: one led by a lookbehind tries it at every offset of
 * the line, and the reader runs this on every sentence of every amending act's every version.
 */
function firstAfterKind(line: string, body: RegExp): RegExpExecArray | null {
  body.lastIndex = 0;
  for (let m = body.exec(line); m; m = body.exec(line)) {
    AFTER_ACT_KIND.lastIndex = m.index;
    if (AFTER_ACT_KIND.test(line)) return m;
    body.lastIndex = m.index + 1;
  }
  return null;
}

/** The act numbers a sentence cites; without any written with "č.", the first written without it. */
export function introCitations(line: string): ActNumberCitation[] {
  const cites = actNumberCitations(line);
  const m = firstAfterKind(line, BARE_NUMBER_CITATION) ?? firstAfterKind(line, UNMARKED_CITATION);
  const c = m ? collectionCitation(`${m[1]}/${m[2]} Sb.`) : null;
  if (!m || !c) return cites;
  const start = m.index;
  // Also before acts its "ve znění" list cites with "č." ("Zákon 16/1993 Sb., o dani silniční, ve
  // znění zákona č. 302/1993 Sb., …", zákon č. 63/2017 Sb., čl. III).
  if (cites.length && cites[0].start < start) return cites;
  return [{ ...c, written: m[0], start, end: start + m[0].length }, ...cites];
}

/**
 * The one act the amending act's title says it amends ("Zákon, kterým se mění a doplňuje trestní
 * zákon č. 140/1961 Sb"), or null when the title names none, several, or itself.
 */
export function titleAmendedAct(title: string, selfKey: string): ActNumberCitation | null {
  // Not `\b`: it knows ASCII letters only, so "mění" never ended at one. "o doplnění vyhlášky č. …"
  // (vyhláška č. 64/1964 Sb.) and "o změnách a doplňcích vyhlášky č. …" (vyhláška č. 65/1970 Sb.) too.
  if (!/(?<!\p{L})(?:mění|doplňuje|doplňují|změně|změny|změnách|doplnění|doplňcích)(?!\p{L})/u.test(title)) return null;
  // The amended act's own "ve znění vyhlášky č. 64/1964 Sb." (vyhláška č. 52/1965 Sb.) names no
  // second amended act.
  const amendedBy = inAmendedByList(title);
  const cites = actNumberCitations(title).filter((c) => c.naturalKey !== selfKey && !amendedBy(c.start));
  if (!cites.length || cites.some((c) => c.naturalKey !== cites[0].naturalKey)) return null;
  return cites[0];
}

/** The acts a "ve znění zákona č. A, vyhlášky č. B a …" list names: whether a citation at an offset is one of them. */
const AMENDED_BY_ITEM =
  /^\s*(?:,\s*|\s+a\s+)?(?:(?:ústavního\s+|zákonného\s+)?(?:zákona|zákonů|vyhlášky|vyhlášek|nařízení(?:\s+vlády)?|opatření|opatřen[íi]|dekretu)\s+)?(?:(?:České\s+národní\s+rady|ČNR|Slovenské\s+národní\s+rady)\s+)?č\.\s*\d{1,5}\/\d{4}\s*Sb\.?/u;
function inAmendedByList(text: string): (offset: number) => boolean {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(/(?<!\p{L})(?:ve|v)\s+(?:znění|znení)\s+/gu)) {
    const start = (m.index ?? 0) + m[0].length;
    let end = start;
    for (let item = AMENDED_BY_ITEM.exec(text.slice(end)); item; item = AMENDED_BY_ITEM.exec(text.slice(end))) end += item[0].length;
    if (end > start) spans.push([start, end]);
  }
  return (offset) => spans.some(([a, b]) => offset >= a && offset < b);
}

/**
 * The act a text that holds nothing but its title says it amends ("Zákon, jímž se mění § 203
 * trestního zákona č. 140/1961 Sb", zákon č. 53/1963 Sb., whose every text in the source is that
 * line), with the title; null when the text has more than its title or the title names no one act.
 * Such an act's points cannot be read, but that it amends the act, and when, is known.
 */
export function titleOnlyAmendedAct(text: string, selfKey: string): { citation: ActNumberCitation; title: string } | null {
  let title: string | null = null;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const h = /^#\s+(.+)$/.exec(line.trim());
    if (!h || title !== null) return null;
    title = h[1].trim();
  }
  const citation = title === null ? null : titleAmendedAct(title, selfKey);
  return citation && title ? { citation, title } : null;
}

/**
 * The act's name at the end of a one-instruction sentence's opening ("V § 1 zákona", "V § 5
 * zákona České národní rady"), cut so that the instruction reads as a numbered point does ("V § 1
 * se …"). "Příloha k vyhlášce" stays (the grammar reads it), and so does an opening that would be
 * left without its place ("V zákoně").
 */
const TRAILING_ACT_NAME =
  /(?<!\ske?)\s+(?:ústavního\s+|zákonného\s+)?(?:zákona|zákonu|zákoně|zákoníku|vyhlášky|vyhlášce|nařízení|opatření|dekretu|výnosu|řádu|sdělení|nariadenia)(?:\s+[\p{L}.]+){0,6}\s*$/u;

function withoutActName(opening: string): string {
  const cut = opening.replace(TRAILING_ACT_NAME, '');
  return /^(?:V|Ve)?$/.test(cut.trim()) ? opening : cut;
}

function ownStructure(heading: string): Own | null {
  const cls = classifyHeading(heading);
  if (!cls) return null;
  if (cls.type === 'article') {
    const written = /^(\S+\s*\S+)/u.exec(heading.replace(/\^[0-9a-z*]+\)?/g, '').trim())?.[1] ?? heading;
    return { kind: 'article', key: cls.key, written: written.replace(/\.$/, ''), roman: /\s*[IVXLC]+[a-z]*\.?$/.test(written) };
  }
  if (cls.type === 'section') return { kind: 'section', key: cls.key, written: cls.label, roman: false };
  if (cls.type === 'container' && cls.kind === 'part') {
    const written = cls.inlineHeading ? heading.slice(0, heading.indexOf(cls.inlineHeading)).replace(/[\s.:–-]+$/, '') : heading;
    return { kind: 'part', key: cls.key, written: written.trim(), roman: false };
  }
  return null;
}

/** Reads an amending act: its blocks, what it skipped, and its effective dates. */
export function readAmendingAct(text: string, meta: AmendingActMeta): AmendingActReading {
  const blocks: AmendmentBlock[] = [];
  const skipped: SkippedForm[] = [];
  const stats = { runawayQuotes: 0, pointGaps: 0 };

  let part: Own | null = null;
  let article: Own | null = null;
  let section: Own | null = null;
  let lastPart: Own | null = null;
  let lastArticle: Own | null = null;
  let lastSection: Own | null = null;
  let open: OpenBlock | null = null;
  let depth = 0;
  /** Inside the items of a repeal list ("Zrušují se:"). */
  let repealList = false;
  /** The one act the title names as amended: the subject of an intro that cites no act. */
  let titleAct: ActNumberCitation | null = null;
  /** After a lettered heading inside the open block ("- B. Změny zvláštní části:"): its points start at 1 again. */
  let restartPoints = false;
  /** The number of blocks when the act's účinnost sentence was read outside quotations, or null. */
  let afterEffect: number | null = null;

  const closePoint = (o: OpenBlock) => {
    const p = o.point;
    if (!p) return;
    p.end = Math.max(p.start, trimEnd(text, p.start, o.lastEnd));
    const markerEnd = p.number === null ? p.start : p.start + (POINT_MARKER.exec(text.slice(p.start, p.end))?.[0].length ?? 0);
    p.text = text.slice(markerEnd, p.end).trim();
    if (p.instruction !== undefined) {
      const tail = text.slice(p.start, p.end);
      const firstBreak = tail.indexOf('\n');
      p.instruction = (firstBreak < 0 ? p.instruction : p.instruction + tail.slice(firstBreak)).trim();
    }
    o.point = null;
  };
  const closeBlock = () => {
    restartPoints = false;
    if (!open) return;
    const b = open.block;
    if (b.form === 'points' && b.points.length === 0) {
      // "se mění takto:" and one instruction without a number: one point numbered null.
      const introEnd = b.start + text.slice(b.start).indexOf('\n');
      const from = introEnd > b.start ? skipBlank(text, introEnd) : open.lastEnd;
      if (from < open.lastEnd) {
        const point: AmendmentPoint = { number: null, text: '', start: from, end: open.lastEnd };
        b.points.push(point);
        open.point = point;
      }
    }
    closePoint(open);
    // A block read on after the účinnost sentence keeps its end before it: the act's own lines
    // between are read for its dates.
    if (!open.reopened) {
      b.end = b.points.length ? b.points[b.points.length - 1].end : trimEnd(text, b.start, open.lastEnd);
      blocks.push(b);
    }
    open = null;
  };

  /** Whether a heading of the act's own structure is the act's next one (after its last). */
  const isNext = (own: Own): boolean => {
    const last = own.kind === 'part' ? lastPart : own.kind === 'article' ? lastArticle : lastSection;
    if (!last || last.roman !== own.roman) return false;
    return isSuccessor(last.key, own.key);
  };
  /** A part numbered after the act's last one (a gap allowed). */
  const isLater = (own: Own): boolean => {
    if (!lastPart || lastPart.roman !== own.roman) return false;
    const a = /^\d+$/.test(lastPart.key) ? Number(lastPart.key) : NaN;
    const b = /^\d+$/.test(own.key) ? Number(own.key) : NaN;
    return b > a;
  };
  const enter = (own: Own) => {
    if (own.kind === 'part') {
      part = own;
      lastPart = own;
      article = null;
      section = null;
    } else if (own.kind === 'article') {
      article = own;
      lastArticle = own;
      section = null;
    } else {
      section = own;
      lastSection = own;
    }
  };

  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const lineStart = pos;
    const raw = text.slice(pos, nl).replace(/\r$/, '');
    pos = nl + 1;
    if (raw.trim() === '') continue;
    const h = HEADING_LINE.exec(raw);
    const heading = h ? cleanHeading(h[2]) : null;
    const lead = (heading ?? raw).replace(/^[-*\s]+/, '');
    const opensAtLead = lead.startsWith(OPEN_QUOTE) || (depth === 0 && lead.startsWith('"'));
    let quoted = depth > 0 || opensAtLead;
    const marker = heading === null ? POINT_MARKER.exec(raw) : null;

    if (heading !== null && h && h[1].length === 1 && !quoted) {
      // The act's own title.
      titleAct = titleAmendedAct(heading, meta.naturalKey);
      depth = countQuotes(raw, depth, opensAtLead);
      continue;
    }

    if (heading !== null && !opensAtLead) {
      const own = ownStructure(heading);
      // The act's own next part / article / §, even inside an open quotation (its closing mark missing).
      let boundary = false;
      if (own) {
        if (!quoted && !open) boundary = true;
        else if (!quoted && own.kind === 'part' && isLater(own)) {
          // A later část of the act's own outside any quotation: the source's later texts leave out
          // the parts that amended acts since repealed (ČÁST PRVNÍ, then ČÁST PÁTÁ).
          boundary = true;
        } else if (isNext(own) && (own.kind !== 'section' || !open || open.block.section != null || !quoted)) {
          // A § inside a block of an article-numbered act is the amended act's text, not the act's own.
          boundary = own.kind !== 'section' || !open || open.block.section != null;
        }
        if (boundary && quoted) {
          stats.runawayQuotes++;
          depth = 0;
          quoted = false;
        }
      } else if (!quoted && open && OWN_TITLE.test(heading) && !pointsGoOn(open, text, pos)) {
        closeBlock();
      }
      if (boundary && own) {
        closeBlock();
        enter(own);
        continue;
      }
    }

    if (!quoted && open && heading === null && (OWN_EFFECT.test(raw) || SIGNATURE.test(raw.trim()))) closeBlock();
    if (!quoted && heading === null && OWN_EFFECT.test(raw)) afterEffect = blocks.length;
    // Only right after it: not past the signatures or a heading (an annex's own numbered changes).
    else if (!quoted && (heading !== null || SIGNATURE.test(raw.trim()))) afterEffect = null;

    // The last block's end set after the act's účinnost sentence (zákon č. 60/2005 Sb., čl. IV, on
    // zákon č. 40/2004 Sb.: "Dosavadní části čtvrtá až osmá se označují jako části pátá až devátá."
    // and "- 5. V § 110 …" after "Tento zákon nabývá účinnosti dnem jeho vyhlášení."; zákon
    // č. 299/2020 Sb., čl. XI, on zákon č. 159/2020 Sb.): the last block's next point, or the
    // renumbering that its last point's new unit starts, is that block's.
    if (!open && !quoted && heading === null && afterEffect !== null && afterEffect === blocks.length && blocks.length) {
      const b = blocks[blocks.length - 1];
      const p = b.points[b.points.length - 1];
      if (b.form === 'points' && p && p.number !== null) {
        if (marker && isSuccessor(p.number, marker[1]) && INSTRUCTION_FORM.test(raw.slice(marker[0].length))) {
          const point: AmendmentPoint = { number: marker[1], text: '', start: lineStart, end: nl };
          b.points.push(point);
          open = { block: b, point, lastEnd: nl, reopened: true };
          depth = countQuotes(raw, 0, false);
          continue;
        }
        if (renumbersNewUnit(p.text, raw)) {
          p.text = `${p.text}\n\n${raw.trim()}`;
          continue;
        }
      }
    }

    // "##### Čl. I" followed at once by "- 1. V § 3 se doplňuje …", no sentence naming the act
    // (nařízení vlády č. 397/2002 Sb., whose title names the one act it amends): the source left the
    // intro out; the points are the title's act's. Only the act's first článek, before any block.
    if (!open && !quoted && marker && marker[1] === '1' && titleAct && !blocks.length && article !== null) {
      const first = (article as Own).key;
      if ((first === '1' || first === 'I') && INSTRUCTION_VERB.test(raw.slice(marker[0].length))) {
        const a = article as Own;
        open = {
          block: {
            targetKey: titleAct.naturalKey,
            targetCitation: titleAct.docNumber,
            part: part ? (part as Own).written : null,
            article: a.written,
            section: section ? (section as Own).written : null,
            intro: '',
            form: 'points',
            points: [],
            start: lineStart,
            end: nl,
          },
          point: null,
          lastEnd: nl,
        };
      }
    }

    // "- A. Změny obecné části:" … "- B. Změny zvláštní části:" (zákon č. 175/1990 Sb., čl. I, on zákon
    // č. 140/1961 Sb.): a lettered heading inside the block, after which the points are numbered from 1.
    if (open && open.block.form === 'points' && !quoted && heading === null && LETTERED_HEADING.test(raw)) {
      closePoint(open);
      restartPoints = true;
      continue;
    }

    // A numbered point of the open block.
    if (open && open.block.form === 'points' && marker) {
      const number = marker[1];
      const rest = raw.slice(marker[0].length);
      const o: OpenBlock = open;
      const last = o.block.points.length ? o.block.points[o.block.points.length - 1].number : null;
      const next = restartPoints
        ? number === '1'
        : last === null
          ? number === '1' || (!quoted && INSTRUCTION_VERB.test(rest))
          : isSuccessor(last, number);
      const startsQuote = rest.startsWith(OPEN_QUOTE) || rest.startsWith('"');
      // "- 2. Ústavní zákon č. … se doplňuje takto:": a list of amended acts, each with its own points.
      const another = quoted ? null : readIntro(rest, meta.naturalKey);
      // A one-instruction item only when the act is named before its verb and outside quotes ("- 3. V § 46 zákona č. …, se …").
      const otherAct =
        another !== null &&
        another.kind !== 'skip' &&
        another.citation.naturalKey !== o.block.targetKey &&
        (another.kind === 'points' || !/(?:^|\s)s[ea]\s|\u201e/u.test(rest.slice(0, another.citation.start)));
      // The source leaves points out ("- 237. V § 101 odstavec 4 zní: „(4) …" and then "- 244. V § 101b
      // …", zákon č. 80/2019 Sb. on zákon č. 235/2004 Sb.), often with the closing mark of the quotation
      // before the gap (zákon č. 184/2004 Sb., bod 20 and then bod 22): a later number whose line is
      // an instruction in its own form is the act's next point, whatever the gap.
      const later = last !== null && numberAfter(last, number, Infinity) && INSTRUCTION_FORM.test(rest);
      let accept = false;
      if (!startsQuote && !otherAct) {
        if (!quoted) {
          if (next) accept = true;
          else if (last !== null && ((numberAfter(last, number) && INSTRUCTION_VERB.test(rest)) || later)) {
            accept = true;
            stats.pointGaps++;
          }
        } else if ((next && INSTRUCTION_VERB.test(withoutParticiples(rest))) || later) {
          // Not an item of the quoted text that only holds a participle ("- 2. spáchaných porušením
          // daňových předpisů upravujících daň …", zákon č. 218/2025 Sb., bod 1, on zákon č. 141/1961 Sb.).
          accept = true;
          stats.runawayQuotes++;
          depth = 0;
          quoted = false;
        }
      }
      if (accept) {
        closePoint(o);
        restartPoints = false;
        const point: AmendmentPoint = { number, text: '', start: lineStart, end: nl };
        o.block.points.push(point);
        o.point = point;
        o.lastEnd = nl;
        depth = countQuotes(raw, 0, false);
        continue;
      }
    }

    // Repeals of another act's provisions: "Zrušují se:" and its items, or "Zrušuje se § 4 zákona č. …".
    if (heading !== null) repealList = false;
    else if (!quoted) {
      const sentence = raw.replace(PARAGRAPH_NUMBER, '').trim();
      const item = ITEM_MARKER.exec(raw) ?? (repealList ? BARE_ITEM_MARKER.exec(raw) : null);
      if (REPEAL_LEAD.test(sentence)) {
        closeBlock();
        repealList = true;
        continue;
      }
      // A list's item without a mark ("Zrušují se:" and on the next line "čl. 4 odst. 2, … vyhlášky
      // … č. 106/1974 Sb., …", zákon č. 113/1979 Sb., čl. III): only one that starts with the
      // provisions it repeals (a whole act named so could be the next sentence's subject).
      const unmarked = repealList && !item && PROVISION_START.test(sentence.replace(/^(?:ustanovení|ustanovenia)\s+/iu, ''));
      const object = repealList && item ? raw.slice(item[0].length) : (REPEAL_SENTENCE.exec(sentence)?.[1] ?? (unmarked ? sentence : null));
      const repeal = object === null ? null : readRepeal(object, meta.naturalKey);
      if (repeal && repeal.kind === 'skip') {
        skipped.push({ reason: repeal.reason, offset: lineStart, excerpt: raw.slice(0, 200) });
        continue;
      }
      if (repeal) {
        closeBlock();
        const end = trimEnd(text, lineStart, nl);
        blocks.push({
          targetKey: repeal.citation.naturalKey,
          targetCitation: repeal.citation.docNumber,
          part: part ? (part as Own).written : null,
          article: article ? (article as Own).written : null,
          section: section ? (section as Own).written : null,
          intro: raw.trim(),
          form: 'single',
          points: [
            { number: null, text: raw.slice(item ? item[0].length : 0).trim(), start: lineStart, end, instruction: repeal.instruction },
          ],
          start: lineStart,
          end,
        });
        depth = countQuotes(raw, depth, opensAtLead);
        continue;
      }
      if (repealList && !item) repealList = false;
    }

    // A sentence naming the amended act opens a block; so does a list's item ("- 2. Ústavní zákon č. … se doplňuje takto:").
    if (!quoted && heading === null) {
      // "(4) Zákon č. 60/1965 Sb., …, se mění a doplňuje takto:" (zákon č. 175/1968 Sb., § 19): a
      // paragraph of the act's own § may name the act it amends, as a list's item may.
      let intro = readIntro(raw.replace(ITEM_MARKER, '').replace(PARAGRAPH_NUMBER, ''), meta.naturalKey);
      // "Obecná část trestního zákona se mění a doplňuje takto:" (zákon č. 148/1969 Sb., whose title
      // names the one act it amends): the act is the title's.
      if (!intro && !open && titleAct && !ITEM_MARKER.test(raw) && TAKTO.test(raw) && !actNumberCitations(raw).length)
        intro = { kind: 'points', citation: titleAct };
      if (intro && intro.kind === 'skip') {
        skipped.push({ reason: intro.reason, offset: lineStart, excerpt: raw.slice(0, 200) });
      } else if (intro) {
        closeBlock();
        const block: AmendmentBlock = {
          targetKey: intro.citation.naturalKey,
          targetCitation: intro.citation.docNumber,
          part: part ? (part as Own).written : null,
          article: article ? (article as Own).written : null,
          section: section ? (section as Own).written : null,
          intro: raw.trim(),
          form: intro.kind,
          points: [],
          start: lineStart,
          end: nl,
        };
        open = { block, point: null, lastEnd: nl };
        if (intro.kind === 'single') {
          const point: AmendmentPoint = { number: null, text: '', start: lineStart, end: nl, instruction: intro.instruction };
          block.points.push(point);
          open.point = point;
        }
        depth = countQuotes(raw, depth, opensAtLead);
        continue;
      }
    }

    if (open) open.lastEnd = nl;
    depth = countQuotes(raw, depth, opensAtLead);
  }
  closeBlock();

  const effectiveness = readEffectiveDates(text, meta, blocks);
  assignEffectiveDates(blocks, effectiveness);
  assignGivenFootnotes(text, blocks);
  assignAnnexPlace(blocks);
  assignPreviousSection(blocks);
  return { blocks, skipped, effectiveness, stats };
}

const MARK = /\^(\d+[a-z]*)\)/g;

const NEW_UNIT = /\svklád\p{L}*\s+(?:se\s+)?nov\p{L}*\s+(§|\p{L}+)\s+([^\s,]+)/u;
const RENUMBERING_LINE = /^Dosavadní\s+(§|\p{L}+)\s+([^\s,]+)[^\n]*\soznačuj\p{L}*\s+jako\s/u;

/**
 * "Dosavadní části čtvrtá až osmá se označují jako …" renumbers from the number the point's new
 * unit takes ("Za část třetí se vkládá nová část čtvrtá"), of its kind, and the point has no
 * renumbering of its own.
 */
function renumbersNewUnit(point: string, line: string): boolean {
  const r = RENUMBERING_LINE.exec(line.trim());
  const n = NEW_UNIT.exec(point.split('\n', 1)[0]);
  if (!r || !n || /^Dosavadní\s/mu.test(point)) return false;
  const stem = (w: string) => w.toLowerCase().slice(0, 3);
  const num = (w: string) => w.replace(/[).]+$/, '').toLowerCase();
  return stem(r[1]) === stem(n[1]) && num(r[2]) === num(n[2]);
}

/** A text split into its own words and its quotations („…“, nested ones inside the outer): the new text of the amended act. */
function quotedAndOwn(text: string): { own: string; quoted: string } {
  let own = '';
  let quoted = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '„') depth++;
    if (depth > 0) quoted += ch;
    else own += ch;
    if (ch === '“' && depth > 0) {
      depth--;
      if (depth === 0) quoted += '\n';
    }
  }
  return { own, quoted };
}

/**
 * Older amending acts give the footnotes of their points' new text in one block at the act's end
 * ("- 3. … se slova … nahrazují slovy „prémie, odměny^59) a …“" and, after the signatures, "^59) § 26
 * vyhlášky č. 157/1975 Sb.": vyhláška č. 164/1979 Sb. on vyhláška č. 128/1975 Sb.), numbered in the
 * amended act's series. A footnote of that block whose mark only points' text cites is the amended
 * act's, made or reworded by the points that cite it; one the act's own words outside its points
 * cite is the act's own note. A number the block gives twice (an omnibus act's parts, each numbered
 * in its own amended act's series: zákon č. 261/2007 Sb.; a part's note beside the act's own:
 * zákon č. 31/1984 Sb.) tells no act's; the others do, each for every point citing it (one note for
 * two amended acts: vyhláška č. 109/1984 Sb.).
 * A point's marks are read in all its text: a quotation the source leaves unbalanced (vyhláška
 * č. 24/2012 Sb., přílohy č. 1 až 4 given anew as pictures and lists) leaves new text outside it.
 */
function assignGivenFootnotes(text: string, blocks: AmendmentBlock[]): void {
  const at = footnoteBlockStart(text);
  if (at < 0 || !blocks.length) return;
  const times = new Map<string, number>();
  for (const m of text.slice(at).matchAll(/^\^(\d+[a-z]*)\)/gm)) times.set(m[1], (times.get(m[1]) ?? 0) + 1);
  const given = new Set([...times].filter(([, n]) => n === 1).map(([k]) => k));
  if (!given.size) return;
  const pointText = (p: AmendmentPoint) => p.text || p.instruction || '';
  // The act's own words: its text less its points' texts.
  const head = text.slice(0, at);
  let rest = '';
  let from = 0;
  for (const b of blocks)
    for (const p of b.points) {
      const t = pointText(p);
      const i = t ? head.indexOf(t, from) : -1;
      if (i < 0) continue;
      rest += `${head.slice(from, i)}\n`;
      from = i + t.length;
    }
  const split = quotedAndOwn(rest + head.slice(from));
  // A footnote a quotation gives itself belongs to that quotation's point ("Poznámka pod čarou č. 7
  // zní: „^7) …“", vyhláška č. 73/1978 Sb., which gives the rest at its end).
  for (const m of quotedAndOwn(text.slice(0, at)).quoted.matchAll(/(?:^|\n)[ \t]*„?\^(\d+[a-z]*)\)\s/g)) given.delete(m[1]);
  const own = new Set([...split.own.matchAll(MARK)].map((m) => m[1]));
  const cited = (p: AmendmentPoint) =>
    [...new Set([...pointText(p).matchAll(MARK)].map((m) => m[1]))].filter((n) => given.has(n) && !own.has(n));
  for (const b of blocks)
    for (const p of b.points) {
      const ids = cited(p);
      if (ids.length) p.givenFootnotes = ids.map((n) => `fn_${n}`);
    }
}

/** The quotation depth after a line, as the provisions parser counts it (a leading straight quote opens at depth 0). */
function countQuotes(raw: string, before: number, opensAtLead: boolean): number {
  const straightOpen = before === 0 && opensAtLead && raw.replace(/^[#\-*\s]+/, '').startsWith('"');
  return quoteDepthAfter(raw, before, opensAtLead, straightOpen);
}

/**
 * Whether the open block's next point follows a heading (`from`: the line after it): the source
 * misplaces an own title inside the points ("#### Přechodná a závěrečná ustanovení" before
 * "- 143. V hlavě třinácté se díl první … zrušuje.", zákon č. 187/2004 Sb., čl. I, whose points
 * run to 225), so the heading ends nothing when the next line is the block's next point.
 */
function pointsGoOn(open: OpenBlock, text: string, from: number): boolean {
  const points = open.block.points;
  const last = points.length ? points[points.length - 1].number : null;
  if (open.block.form !== 'points' || last === null) return false;
  const at = skipBlank(text, from);
  const nl = text.indexOf('\n', at);
  const line = text.slice(at, nl < 0 ? text.length : nl);
  const marker = POINT_MARKER.exec(line);
  return marker !== null && isSuccessor(last, marker[1]) && INSTRUCTION_VERB.test(line.slice(marker[0].length));
}

/** A lettered heading of a block's points ("- B. Změny zvláštní části:"). */
const LETTERED_HEADING = /^- [A-Z]\.[ \t]+\p{Lu}[^\n„]{0,80}:[ \t]*$/u;

/** `b` is numbered after `a` (`3` → `7`, `3` → `3b`) by at most `gap`, for points after a gap. */
function numberAfter(a: string, b: string, gap = 5): boolean {
  const pa = /^(\d+)([a-z]*)$/.exec(a);
  const pb = /^(\d+)([a-z]*)$/.exec(b);
  if (!pa || !pb) return false;
  const na = Number(pa[1]);
  const nb = Number(pb[1]);
  return nb > na ? nb - na <= gap : nb === na && pb[2] > pa[2];
}

/**
 * A point's line in an instruction's own form: the unit (or words) it changes named first, and
 * "zní:" at the line's end or "se" and an instruction verb ("V § 53 se doplňují odstavce 6 a 7, které
 * znějí:", "§ 12 a 13 včetně nadpisu znějí:"). Stricter than INSTRUCTION_VERB, which an item of
 * quoted text may hold too.
 */
const INSTRUCTION_FORM =
  /^(?:(?:V|Ve|Za|Před|Na\s+konci|Na\s+začátku|Nad|Pod)\s+)?(?:§|[Čč]l\.|[Čč]lán\p{L}*|[Pp]řílo\p{L}*|[Čč]ást\p{L}*|[Hh]lav\p{L}*|[Dd]íl\p{L}*|[Oo]ddíl\p{L}*|[Pp]oznám\p{L}*|[Nn]adpis\p{L}*|[Oo]dst\p{L}*|[Pp]ísm\p{L}*|[Bb]od\p{L}*|[Vv]ět\p{L}*|Slov\p{L}*|Dosavadní|Úvodní|Závěrečn\p{L}*|Název|Text)[\s.][^\n]{0,400}?(?:(?:zní|znějí):\s*$|\ss[ea]\s[^\n]{0,300}?(?<![\p{L}])(?:zrušuj|vypouští|vypouštěj|nahrazuj|doplňuj|vkládá|vkládaj|označuj|připojuj|přečíslov)(?!íc)\p{L}*)/u;

/** The text less its participles ("upravujících", "doplňující"): adjectives of quoted text, no instruction's verb. */
const withoutParticiples = (s: string) => s.replace(/\p{L}*jíc\p{L}*/gu, ' ');

/** The offset of the first non-blank character at or after `from`. */
function skipBlank(text: string, from: number): number {
  let s = from;
  while (s < text.length && /\s/.test(text[s])) s++;
  return s;
}

/** The end of the last non-blank character of text[start, end). */
function trimEnd(text: string, start: number, end: number): number {
  let e = Math.min(end, text.length);
  while (e > start && /\s/.test(text[e - 1])) e--;
  return e;
}

/**
 * A block whose intro names one annex of the amended act as what it amends ("Příloha č. 3 k nařízení
 * vlády č. 79/2007 Sb., …, se mění takto:", "Příloha k vyhlášce č. 298/2014 Sb., …, se mění
 * takto:"): its points speak of the annex's rows, items and parts without naming it ("Za položku 9
 * se vkládá …"), so the annex is each point's place (`priloha_3`, `priloha` for the act's only one).
 */
const ANNEX_INTRO = /^Příloha(?:\s+(?:č\.|číslo)\s*(\d+[a-z]?|[IVXLC]+|[A-Z]))?\s+(?:k|ke)\s/u;

function assignAnnexPlace(blocks: AmendmentBlock[]): void {
  for (const b of blocks) {
    if (b.form !== 'points') continue;
    const m = ANNEX_INTRO.exec(b.intro ?? '');
    if (!m) continue;
    const place = idSegment(PROVISION_KINDS.annex.segment, m[1] ? annexKey(m[1]) : null);
    for (const p of b.points) p.place = place;
  }
}

/** The § a point's instruction names first ("V § 2 se …", "§ 5 zní:", "Za § 9 se vkládá …"), before any quotation. */
const LEADING_SECTION = /^(?:(?:V|Ve|Za|Před|Pod|Nad|Na\s+konci|Na\s+začátku)\s+)?§\s*(\d+[a-z]*)(?![\da-z])/u;
/** A point that names a place of its own other than a §: an article, an annex, a part, a footnote, the title. */
const OTHER_PLACE =
  /^(?:(?:V|Ve|Za|Před|Pod|Nad|Na\s+konci|Na\s+začátku)\s+)?(?:[Čč]l\.|[Čč]lán\p{L}*|[Pp]řílo\p{L}*|[Čč]ást\p{L}*|[Hh]lav\p{L}*|[Dd]íl\p{L}*|[Oo]ddíl\p{L}*|[Pp]oznám\p{L}*|[Nn]ázv\p{L}*|[Nn]ázev|[Úú]vodní|[Pp]reambul\p{L}*|[Tt]ext\p{L}*|[Ss]azebník\p{L}*|[Pp]olož\p{L}*)(?=[\s.])/u;

/** `AmendmentPoint.previousSection`: the § the block's points before each one last named. */
function assignPreviousSection(blocks: AmendmentBlock[]): void {
  for (const b of blocks) {
    if (b.form !== 'points') continue;
    let section: string | undefined;
    for (const p of b.points) {
      if (section) p.previousSection = section;
      const line = (p.instruction ?? p.text).trimStart();
      const m = LEADING_SECTION.exec(line);
      if (m) section = `par_${m[1]}`;
      else if (OTHER_PLACE.test(line)) section = undefined;
    }
  }
}
