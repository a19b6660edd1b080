/**
 * The instruction grammar: one instruction point of an amending act ("V § 75 a § 76 odst. 1 se
 * číslo „150“ nahrazuje číslem „300“.") → its operations, each with its targets in the provision
 * id scheme of `parseProvisions` (`par_76/odst_1`), its kind, scope and payload, and the point's
 * effects as stored (`{kind, targets, text}`). Pure, no I/O. What it reads and what it refuses is
 * described in docs/amendments.md ("The instruction grammar").
 *
 * The reading goes in three steps: the point is cut into statements (a sentence, and the quoted
 * new text after its "zní:"); a statement's references ("§ 5 odst. 2 a 3", "písmeno c)", "větě
 * první", "poznámky pod čarou č. 22 až 24") and quotations become placeholders; the remaining
 * skeleton ("V ⟦0⟧ slova ⟨0⟩ nahrazují slovy ⟨1⟩") is matched clause by clause. A sentence that
 * is not read completely makes the point `unsupported`: a point applies whole or not at all.
 */

import { containerNumber } from '../provisions/parse-provisions';
import { idSegment, parseProvisionId } from '../provisions/provision-id';
import { romanToInt } from '../roman';
import { citesTarget, exceptTarget, isPlainTarget, rangeTarget, WHOLE_ACT_TARGET } from './targets';
import type { AmendmentPoint } from './types';

export type OperationKind =
  /** Words of the target's text replaced (`new` '' removes them): "slova „A“ se nahrazují slovy „B“", "se zrušují". */
  | 'replace_words'
  /** Words inserted after or before words of the text: "za slova „A“ se vkládají slova „B“". */
  | 'insert_words'
  /** Words or sentences added at the end (or start) of the target's text: "na konci odstavce 4 se doplňuje věta „…“". */
  | 'append_words'
  /** The target's new text: "odstavec 2 zní:", "§ 317 včetně nadpisu zní:", "věta druhá se nahrazuje větou „…“". */
  | 'new_wording'
  /** New units after (or before) an existing one: "za § 52 se vkládá nový § 52a". */
  | 'insert'
  /** New units at the end of the target: "v § 5 se doplňuje odstavec 4". */
  | 'append'
  /** Units (or a sentence, a part) repealed: "§ 72 se zrušuje", "věta druhá se zrušuje". */
  | 'repeal'
  /** Existing units get new numbers: "Dosavadní písmena d) až f) se označují jako písmena c) až e)". */
  | 'renumber';

/** A part of a unit's own text that an instruction names. */
export type TextPart =
  /** The heading (`nadpis`) of a § / čl. / container / annex. */
  | 'heading'
  /** "úvodní část ustanovení": the text before the first odstavec / písmeno / bod. */
  | 'intro'
  /** "závěrečná část ustanovení": the text after the last písmeno / bod. */
  | 'closing'
  /** "část (věty / ustanovení) za středníkem" / "před středníkem". */
  | 'after_semicolon'
  | 'before_semicolon';

export interface TargetRef {
  /** `par_5/odst_2/pism_c`, `cl_1`, `priloha_2`, `cast_1/hlava_2`, footnotes `fn_5`; `*` for the whole act. */
  id: string;
  /** A range ("odst. 2 až 4"): the last unit, inclusive; the engine takes the units from `id` to it in text order. */
  through?: string;
  /** A sentence of the unit's text: 1-based, -1 the last ("věta poslední"). */
  sentence?: number;
  part?: TextPart;
  /**
   * The words lie in the part of an annex that the line starting with these words heads ("V příloze
   * č. 15 v části „Vlastnosti údajů o terénu“ se slova …"): the engine requires them there, once in the annex.
   */
  section?: string;
}

export interface Operation {
  kind: OperationKind;
  targets: TargetRef[];
  /** replace_words: the words as written in the act; insert_words: the words next to which the new ones go. */
  old?: string;
  /** replace_words: the new words ('' = removed); insert_words / append_words: the words added. */
  new?: string;
  /** insert_words / insert: after or before the anchor; append_words: at the end or start. */
  /** insert_words / insert: after or before the anchor (insert: `by_number`, where the new unit's number puts it among the target's children). */
  position?: 'after' | 'before' | 'end' | 'start' | 'by_number';
  /** new_wording / insert / append: the new text (Markdown, the quotation marks removed). */
  text?: string;
  /** insert / append: the new units' ids, in order. */
  newIds?: string[];
  /** renumber: each unit's id and its new id (`''`: its number is dropped, "zrušuje se označení odstavce 1"). */
  renumber?: { from: string; to: string }[];
  /** renumber: the ranges as written ("písmena d) až f)" → "písmena c) až e)"), expanded by the engine in the alphabet the text uses. */
  renumberRanges?: { from: TargetRef; to: TargetRef }[];
  /** repeal / renumber of footnotes: their marks in the text go too, or are renumbered ("včetně odkazu na poznámku pod čarou"). */
  withReferences?: boolean;
  /**
   * Footnotes the instruction names with the unit ("včetně poznámky pod čarou č. 31"): `fn_31`; for a
   * repeal a range by its ends (`fn_8d..fn_8z`: every footnote between them in the text).
   */
  footnotes?: string[];
  /**
   * append_words: the punctuation that ends the text is replaced first ("na konci odstavce 3 se tečka
   * nahrazuje středníkem a připojují se slova …"): the words follow the new punctuation.
   */
  replaceEnd?: { old: string; new: string };
  /** "včetně nadpisu": the unit's heading is part of the new text (or of what is repealed). */
  withHeading?: boolean;
  /** new_wording: the text between the annex named and the one before it ("Text před přílohou č. 8 zní:"), not the annex. */
  beforeAnnex?: true;
  /** insert after a part of an annex named by its heading (`section`): the new part's heading, as the act names it. */
  newHeading?: string;
  /** An item (položka) of an annex's table, which has no provision id (`AnnexItem`); the target is the annex. */
  item?: AnnexItem;
  /**
   * repeal of the whole act (target `*whole`): the units it keeps ("Předpis se zrušuje s výjimkou
   * § 132 až 134, části páté a přílohy č. 2."), as stored ids, a range also by its ends (`par_132..par_134`).
   */
  except?: string[];
  /** The statement of the point this operation comes from (its sentence and quoted text, as written). */
  source: string;
}

/**
 * An item (položka) of a lettered part of an annex set as a table, as vyhláška č. 323/2002 Sb. (o
 * rozpočtové skladbě) numbers them: the table row of the part whose number cell is `key`, its last
 * cell the item's title and then its náplň ("V příloze v části B náplň položky 1339 zní: „…“").
 */
export interface AnnexItem {
  /** The part's letter ("v části B"). */
  part: string;
  /** The item's number. */
  key: string;
  /**
   * What of it the operation edits: `row` the item (its number, title and náplň: "položka 1358 zní:",
   * new items, a repeal), `content` its náplň ("náplň položky 1339 zní:", "na konci náplně položky
   * 1339 se doplňuje věta …"), `added_content` a náplň the item has not had ("se doplňuje náplň
   * položky 3114, která zní:").
   */
  field: 'row' | 'content' | 'added_content';
  /** insert: the new item's number. */
  newKey?: string;
}

/** What an operation does to which provisions, as stored with the amending act (#35 item 2). */
export interface Effect {
  kind: OperationKind | 'unsupported';
  /** Provision ids; a range is given by its ends and the ids the grammar can enumerate between them. */
  targets: string[];
  /** The instruction as written (sentence and quoted new text). */
  text: string;
  /** For `unsupported`: the instruction's form (quotations as „…“, numbers as N). */
  form?: string;
}

export interface ParsedInstruction {
  operations: Operation[];
  /** Sentences the grammar does not read; a point with any is not applied. */
  unsupported: { form: string; text: string; reason: string }[];
  effects: Effect[];
}

// ---------------------------------------------------------------------------------------------
// Step 1: statements.

const OPEN = '\u201e'; // „
const CLOSE = '\u201c'; // “

export interface Statement {
  /** The instruction sentence as written, quotations included. */
  sentence: string;
  /** The quoted new text after "zní:" (quotation marks removed), or null. */
  payload: string | null;
  /** The statement as written (sentence and payload). */
  source: string;
}

/** Words after which a full stop does not end the sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:č|čl|Čl|odst|písm|tzv|např|resp|tj|odd|pol|zn|ods|hl|r|s|Sb\.\s*m|m)$/;

function isQuoteOpen(text: string, i: number, depth: number): boolean {
  const c = text[i];
  return c === OPEN || (c === '"' && depth === 0);
}

function isQuoteClose(text: string, i: number, depth: number): boolean {
  const c = text[i];
  return depth > 0 && (c === CLOSE || c === '"');
}

/** The end (exclusive) of the quotation that opens at `i`, or -1 when it does not close. */
function quoteEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    if (isQuoteClose(text, j, depth)) {
      depth--;
      if (depth === 0) return j + 1;
    } else if (isQuoteOpen(text, j, depth)) depth++;
  }
  return -1;
}

/** A Markdown line prefix that may stand before a payload's opening mark: `##### „§ 5`, `- „a)`. */
const PAYLOAD_PREFIX = /^[ \t]*(?:#{1,6}[ \t]+|-[ \t]+|\*\*)?/;

/**
 * The quoted text that starts at `from` (after "zní:"): one quotation, or several in a row (each
 * paragraph quoted on its own), with the marks and the closing full stop removed. Null when the
 * text there does not open a quotation.
 */
function readPayload(text: string, from: number): { payload: string; end: number } | null {
  const pieces: string[] = [];
  let pos = from;
  for (;;) {
    const ws = /^\s*/.exec(text.slice(pos))![0].length;
    const lineStart = pos + ws;
    const prefix = PAYLOAD_PREFIX.exec(text.slice(lineStart))![0];
    const open = lineStart + prefix.length;
    if (text[open] !== OPEN && text[open] !== '"') break;
    const end = quoteEnd(text, open);
    if (end < 0) return null;
    pieces.push(prefix + text.slice(open + 1, end - 1));
    pos = end;
    // The closing full stop (or the comma / "a" between two quoted blocks).
    const after = /^(?:\.|,|\s+a(?=\s))?/.exec(text.slice(pos))![0];
    pos += after.length;
  }
  if (!pieces.length) return null;
  return { payload: pieces.join('\n\n').trim(), end: pos };
}

/** Cuts a point's text into statements: sentences, each with the quoted new text after its colon. */
/**
 * A paragraph that is an instruction of its own: a unit named first and "zní:" / "znějí:" at its
 * end, or a sentence with an instruction verb ("§ 3 odst. 6 zní:", "V § 8 se odstavec 4 zrušuje.").
 * An unquoted new text ends before it.
 */
const NEXT_UNQUOTED_INSTRUCTION =
  /\n[ \t]*\n(?=[ \t]*(?:(?:V|Ve|Za|Před) )?(?:§|[Čč]l\.|[Pp]říloh\p{L}*|[Čč]ást\p{L}*) [^\n]{0,200}?(?:(?:zní|znějí):[ \t]*$|\sse (?:zrušuj|vypouští|vypouštějí|nahrazuj|doplňuj|vkládá|vkládají|označuj)\p{L}*[^\n]*\.[ \t]*$))/mu;

/**
 * The first closing mark of `rest` that no opening one matches, ending a paragraph that text of
 * the point follows (`at` the mark, `end` after its full stop); null when there is none.
 */
function unopenedClose(rest: string): { at: number; end: number } | null {
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === OPEN) depth++;
    else if (rest[i] === CLOSE && depth > 0) depth--;
    else if (rest[i] === CLOSE) {
      const after = /^\.?[ \t]*\n[ \t]*\n(?=\s*\S)/.exec(rest.slice(i + 1));
      return after ? { at: i, end: i + 1 + (/^\./.test(rest.slice(i + 1)) ? 1 : 0) } : null;
    }
  }
  return null;
}

export function splitStatements(text: string): Statement[] {
  const out: Statement[] = [];
  let depth = 0;
  let start = 0;
  const push = (end: number, payload: string | null, sourceEnd: number) => {
    // A statement may start with a sub-point's marker ("- a) v § 1 …;", "- 3. § 5 zní:").
    const sentence = text
      .slice(start, end)
      .trim()
      .replace(/^-\s+(?:\d+[a-z]?\.|[a-z]{1,2}\))\s+/, '')
      .replace(/;$/, '');
    if (sentence || payload) out.push({ sentence, payload, source: text.slice(start, sourceEnd).trim() });
    start = sourceEnd;
  };
  for (let i = 0; i < text.length; i++) {
    if (isQuoteClose(text, i, depth)) {
      depth--;
      continue;
    }
    if (isQuoteOpen(text, i, depth)) {
      depth++;
      continue;
    }
    if (depth > 0) continue;
    const c = text[i];
    if (c === ':') {
      const rest = text.slice(i + 1);
      const next = /^[ \t]*(\S|\n|$)/.exec(rest);
      const nextChar = next ? next[1] : '';
      if (nextChar === '\n' || nextChar === '' || nextChar === OPEN || nextChar === '"' || /^\s*\n/.test(rest)) {
        const p = readPayload(text, i + 1);
        if (p) {
          push(i + 1, p.payload, p.end);
          i = p.end - 1;
          continue;
        }
        // "zní:" without a quotation: the rest of the point is the new text, unquoted, up to a
        // paragraph that is the next instruction of an act that writes them unnumbered ("§ 3 odst. 2
        // zní: (2) … § 3 odst. 6 zní: (6) …", vyhláška č. 45/1972 Sb., čl. I, on vyhláška č. 164/1971 Sb.).
        if (/(?:zní|znějí|takto)\s*:$/.test(text.slice(start, i + 1))) {
          // The act's closing mark at a paragraph's end, its opening one left out: the new text ends
          // there ("Poznámka pod čarou č. 58 zní: ^58) Vyhláška … kontroly.“. Poznámka pod čarou
          // č. 15l se zrušuje.", zákon č. 180/2016 Sb., bod 54, on zákon č. 110/1997 Sb.).
          const close = unopenedClose(text.slice(i + 1));
          if (close) {
            push(i + 1, text.slice(i + 1, i + 1 + close.at).trim() || null, i + 1 + close.end);
            i += close.end;
            continue;
          }
          const next = NEXT_UNQUOTED_INSTRUCTION.exec(text.slice(i + 1));
          if (next) {
            push(i + 1, text.slice(i + 1, i + 1 + next.index).trim() || null, i + 1 + next.index);
            i += next.index;
            continue;
          }
          push(i + 1, text.slice(i + 1).trim() || null, text.length);
          break;
        }
      }
    } else if (c === '\n' && /^\s*\n\s*-\s+(?:\d+[a-z]?\.|[a-z]{1,2}\))\s/.test(text.slice(i + 1)) && text.slice(start, i).trim()) {
      // The next sub-point ("- b) § 5 zní:") of a point written as a list.
      push(i, null, i);
    } else if (c === '.' || c === '\n') {
      const after = text.slice(i + 1);
      const m = /^\s+(\S)/.exec(after);
      const endOfText = after.trim() === '';
      if (c === '\n' && !/^\s*\n/.test(after) && !endOfText) continue;
      const before = text.slice(start, i);
      if (c === '.' && ABBREVIATION.test(before)) continue;
      // A list marker ("- 53.") is no sentence.
      if (c === '.' && /^\s*-\s+\d+[a-z]?$/.test(before)) continue;
      if (endOfText || (m && (/[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/.test(m[1]) || m[1] === '-'))) {
        push(i + 1, null, i + 1);
      }
    }
  }
  if (start < text.length) push(text.length, null, text.length);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Step 2: references.

type SegType = 'cast' | 'hlava' | 'dil' | 'oddil' | 'pododdil' | 'par' | 'cl' | 'priloha' | 'odst' | 'pism' | 'bod' | 'veta' | 'fn';

/** The unit word a range's end may repeat ("čl. I až čl. IV"), by the unit's type. */
const RANGE_END_UNIT: Partial<Record<SegType, RegExp>> = { par: /^§ */, cl: /^(?:čl\.|Čl\.) */ };

const LEVEL: Record<SegType, number> = {
  cast: 1,
  hlava: 2,
  dil: 3,
  oddil: 4,
  pododdil: 5,
  par: 6,
  cl: 6,
  priloha: 6,
  fn: 6,
  odst: 7,
  pism: 8,
  bod: 9,
  veta: 10,
};

/** Unit words in every case and number the instructions use, longest first where they share a start. */
const UNIT_WORD: [RegExp, SegType | 'nadpis'][] = [
  [/§§?/y, 'par'],
  // Capitalised at the start of a sentence too ("Odstavec 4 se vypouští.", zákon č. 557/1991 Sb.).
  [/(?:[oO]dst\.|[oO]dstav(?:cemi|cích|cům|cem|ců|ce|ci|ec))/y, 'odst'],
  [/(?:[pP]ísm\.|[pP]ísmen(?:ech|ům|em|a|o|e|u|y)?)(?![\p{L}])/uy, 'pism'],
  [/(?:[bB]od(?:ech|ům|em|ů|u|ě|y)?)(?![\p{L}])/uy, 'bod'],
  [/(?:[čČ]l\.|[čČ]lán(?:cích|kem|ků|ku|ky|ek))/y, 'cl'],
  // "a příl. č. 1 se zrušují" (č. 163/1973 Sb. on č. 162/1970 Sb.).
  [/(?:[pP]řílo(?:hách|hou|hy|ze|hu|ha|h)(?![\p{L}])|[pP]říl\.(?= ?č\.))/uy, 'priloha'],
  [/(?:[vV]ět(?:ách|ami|ou|a|y|ě|u)?)(?![\p{L}])/uy, 'veta'],
  [/(?:[čČ]ást(?:i|í)?)(?![\p{L}])/uy, 'cast'],
  // "označení hlav III až IX" (genitive plural, zákon č. 229/2016 Sb., bod 15, on zákon č. 119/2002 Sb.).
  [/(?:[hH]lav(?:ou|a|y|ě|u)?)(?![\p{L}])/uy, 'hlava'],
  [/(?:[pP]ododdíl(?:em|u|e|y)?)(?![\p{L}])/uy, 'pododdil'],
  [/(?:[oO]ddíl(?:em|u|e|y)?)(?![\p{L}])/uy, 'oddil'],
  [/(?:[dD]íl(?:em|u|e|y)?)(?![\p{L}])/uy, 'dil'],
  [/(?:[pP]oznám(?:kách|kám|kou|ka|ky|ce|ku|ek) pod čarou)/y, 'fn'],
  [/(?:[nN]adpis(?:em|u|y|ů|e)?)(?![\p{L}])/uy, 'nadpis'],
];

const SENTENCE_ORDINAL: [RegExp, number][] = [
  [/^první/, 1],
  // "§ 324 věta prvá" (zákon č. 138/1970 Sb.): the older form of "první".
  [/^prv(?:á|é|ou)/, 1],
  [/^druh(?:á|é|ou|ý)/, 2],
  [/^třetí/, 3],
  [/^čtvrt(?:á|é|ou)/, 4],
  [/^pát(?:á|é|ou)/, 5],
  [/^šest(?:á|é|ou)/, 6],
  [/^sedm(?:á|é|ou)/, 7],
  [/^osm(?:á|é|ou)/, 8],
  [/^devát(?:á|é|ou)/, 9],
  [/^desát(?:á|é|ou)/, 10],
  [/^poslední/, -1],
  [/^předposlední/, -2],
];

interface Key {
  key: string;
  /** Range end, inclusive. */
  to?: string;
}

interface Seg {
  type: SegType;
  keys: Key[];
}

/** One reference as written: a chain of segments ("§ 5 odst. 2 a 3 větě první") plus what it names of the text. */
interface Chain {
  segs: Seg[];
  heading: boolean;
  part?: TextPart;
}

export interface RefList {
  chains: Chain[];
  text: string;
}

/** The key of a unit after its word, at `pos`: `5a`, `c)`, `II`, `první`; with its length. */
/** An annex number written without "č." after one written with it: digits only. */
function bareAnnexKey(s: string, pos: number): { key: string; len: number } | null {
  const m = /^(\d+[a-z]?)(?![\p{L}\d.])/u.exec(s.slice(pos));
  return m ? { key: m[1].replace(/^0+(?=\d)/, ''), len: m[0].length } : null;
}

function readKey(s: string, pos: number, type: SegType): { key: string; len: number } | null {
  const rest = s.slice(pos);
  let m: RegExpExecArray | null;
  switch (type) {
    case 'par':
    case 'odst':
      m = /^(\d+)([a-z]{0,3})(?![\p{L}\d])/u.exec(rest);
      if (!m) return null;
      // "§ 24 až 34 e, § 34 f odst. 2, § 34 g až 34 h" (č. 103/1990 Sb., on č. 44/1978
      // Sb.): a §'s letter written apart. Only a letter that is no Czech conjunction or preposition
      // (a, i, k, o, s, u, v, z), and only before what ends a reference.
      if (type === 'par' && !m[2]) {
        const spaced = /^(\d+) ([b-hjlmnpqrtwxy])(?=,| až | a | odst\.| se | zrušuj| vypouš|\.?$)/u.exec(rest);
        if (spaced) return { key: `${Number(spaced[1])}${spaced[2]}`, len: spaced[0].length };
      }
      return { key: `${Number(m[1])}${m[2]}`, len: m[0].length };
    case 'pism':
      m = /^([a-z]{1,2})\)/.exec(rest);
      return m ? { key: m[1], len: m[0].length } : null;
    case 'bod':
      m = /^(\d+[a-z]?(?:\.\d+[a-z]?)*)\.?(?![\p{L}\d])/u.exec(rest);
      return m ? { key: m[1], len: m[0].length } : null;
    case 'cl':
      m = /^(?:([IVXLCDM]+)|(\d+)([a-z]{0,2}))(?![\p{L}\d])\.?/u.exec(rest);
      if (!m) return null;
      if (m[1]) {
        const n = romanToInt(m[1]);
        return n === null ? null : { key: String(n), len: m[0].length };
      }
      return { key: `${Number(m[2])}${m[3]}`, len: m[0].length };
    case 'priloha': {
      m = /^(?:č\.\s*|číslo\s+)(\d+[a-z]?|[IVXLC]+|[A-Z])(?![\p{L}\d])/u.exec(rest);
      if (!m) return null;
      return { key: annexKey(m[1]), len: m[0].length };
    }
    case 'fn':
      // "poznámek pod čarou č. ^2) a ^3)" (zákon č. 100/2001 Sb. on zákon č. 17/1992 Sb.): the mark's caret as the text writes it.
      m = /^(?:(?:č\.|číslo)\s*)?\^?(\d+[a-z]{0,3})\)?(?![\p{L}\d])/u.exec(rest);
      return m ? { key: m[1], len: m[0].length } : null;
    case 'veta':
      for (const [re, n] of SENTENCE_ORDINAL) {
        const o = re.exec(rest);
        if (o && !/^[\p{L}]/u.test(rest.slice(o[0].length))) return { key: String(n), len: o[0].length };
      }
      return null;
    default: {
      // Containers: "části první", "hlavy II", "dílu 3", "části dvacáté první".
      m = /^(\S+)(?:\s+(\S+))?/.exec(rest);
      if (!m) return null;
      // "části sedmá, devátá a jedenáctá" (zákon č. 250/2021 Sb., on vyhláška č. 48/1982 Sb.): a word
      // the list's comma ends is a number of its own, not the first of "dvacáté první".
      const ended = /[,;:]$/.test(m[1]);
      // "nová hlava dvacátá první, která … zní:" (zákon č. 159/1999 Sb., bod 2, on zákon č. 40/1964
      // Sb.): the comma after the second word ends the number, not the list.
      const second = m[2]?.replace(/[,;:]$/, '');
      const words = ended ? m[1].slice(0, -1) : second && /^[\p{Ll}]+$/u.test(second) ? `${m[1]} ${second}` : m[1];
      const n = containerNumber(words.replace(/[,.;:]+$/, ''));
      // One capital is no number ("části A"), unless a Roman one ("hlavy VIII až X", zákon
      // č. 321/2024 Sb., bod 5, on zákon č. 167/1998 Sb.).
      if (!n || (/^[A-Z]$/.test(n.written) && !/^[IVX]$/.test(n.written))) return null;
      const used = words.length - (n.rest ? n.rest.length + 1 : 0);
      return { key: n.key, len: used };
    }
  }
}

/** Reads a unit word at `pos`: its type and length (`nadpis` is a modifier of the reference after it). */
function readUnitWord(s: string, pos: number): { type: SegType | 'nadpis'; len: number } | null {
  for (const [re, type] of UNIT_WORD) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (m) return { type, len: m[0].length };
  }
  return null;
}

/**
 * What may follow the act's only annex named without a number ("Příloha zní:", "V příloze se slova
 * …", "V příloze v položce 1 …", "Na konci přílohy se doplňuje …", "V oddílu I přílohy …"; nařízení
 * vlády č. 154/2005 Sb., vyhláška č. 571/2004 Sb., vyhláška č. 196/2001 Sb.): "k vyhlášce", the
 * verb, a unit of the annex or the sentence's end. A bare "přílohou" followed by other words
 * ("novou přílohou") is no reference.
 */
const BARE_ANNEX_NEXT =
  /^(?:(?:k|ke) (?:tomuto |této )?(?:zákonu|vyhlášce|nařízení)|(?=[,.;:)–-]|$|(?:zní|znějí|se|zrušuj\p{L}*|nahrazuj\p{L}*|vypouš\p{L}*|doplňuj\p{L}*|vklád\p{L}*|označuj\p{L}*|včetně|v|ve|za|před|na|slov\p{L}*|čísl\p{L}*|text\p{L}*|vět\p{L}*|nadpis\p{L}*|(?:vyhlášky|zákona|nařízení)(?! č\.)|prvním|druhém|třetím|čtvrtém|pátém|šestém|sedmém|osmém|devátém|desátém|posledním|polož\p{L}*|bod\p{L}*|část\p{L}*|oddíl\p{L}*|díl\p{L}*|tabul\p{L}*|odst\p{L}*|písm\p{L}*|řád(?:e|k)\p{L}*|sloup\p{L}*)(?![\p{L}])))/u;

const PARTS: [RegExp, TextPart][] = [
  [/úvodní(?:ch)? (?:částech|části|část) (?:ustanovení|odstavce|věty|písmene|bodu|textu)/y, 'intro'],
  // "V § 17 odst. 1 úvodní věta zní:", "v úvodní větě se slova …" (older acts): the text before the
  // list, as "úvodní část ustanovení" (the engine refuses it in a unit without one).
  [/úvodní (?:věta|větě|větu)(?![\p{L}])/uy, 'intro'],
  [/závěrečn(?:á|é) (?:části|část) (?:ustanovení|odstavce|věty|písmene|bodu)/y, 'closing'],
  [/(?:společné? )?(?:části|část) (?:ustanovení|odstavce|věty|textu) za středníkem/y, 'after_semicolon'],
  [/(?:části|část) (?:ustanovení|odstavce|věty|textu) před středníkem/y, 'before_semicolon'],
];

/**
 * A list of references at `pos` ("§ 75 a § 76 odst. 1", "odst. 2 až 4", "písmena d) až f)",
 * "nadpisu § 5", "větě první a druhé"), or null when no unit word starts there.
 */
export function readRefList(s: string, pos: number): { refs: RefList; end: number } | null {
  const chains: Chain[] = [];
  let chain: Chain | null = null;
  let p = pos;
  let heading = false;
  /** The last word read was "nadpisu" inside a list: the unit after it opens a new reference. */
  let headingWord = false;
  let lastEnd = pos;
  /** After a reference or a part: what may join the next one (" a ", ", ", " a v ", ", v "); false at the end of the list. */
  const joinNext = (): boolean => {
    const j = /^(?: a (?:v |ve |také |rovněž )?|, (?:v |ve |a )?| nebo | a zároveň v | ) ?/.exec(s.slice(p));
    if (!j) return false;
    const next = p + j[0].length;
    if (!readUnitWord(s, next) && !PARTS.some(([re]) => ((re.lastIndex = next), re.test(s)))) return false;
    p = next;
    return true;
  };
  for (;;) {
    const part = PARTS.find(([re]) => {
      re.lastIndex = p;
      return re.test(s);
    });
    if (part && chain) {
      part[0].lastIndex = p;
      const m = part[0].exec(s)!;
      chain.part = part[1];
      p += m[0].length;
      lastEnd = p;
      if (!joinNext()) break;
      continue;
    }
    const w = readUnitWord(s, p);
    if (!w) break;
    if (w.type === 'nadpis') {
      heading = true;
      // After a joiner (", ", " a v "), not right after a unit ("V části první nadpis hlavy VII", the
      // heading of a unit inside the one before).
      headingWord = chain !== null && p !== lastEnd + 1;
      p += w.len;
      lastEnd = p;
      // "nadpis nad § 5", "nadpis nad označením § 5", "nadpis pod označením § 5" name the heading of § 5.
      const ws = /^ +(?:(?:nad|pod) (?:označením )?)?/.exec(s.slice(p));
      if (ws) p += ws[0].length;
      // "V části první hlavě V se nadpis nad § 77 zrušuje" (zákon č. 229/2016 Sb., bod 149, on zákon
      // č. 119/2002 Sb.): right after a unit, the § is inside it as in "V části první hlavě V § 77",
      // not a reference of its own beside the hlava (which made the point repeal the hlava).
      if (ws && ws[0].length > 1 && chain && !headingWord) lastEnd = p - 1;
      // "nadpis § 5", "nadpisu hlavy II"; "nadpis" alone names the heading of the unit in context.
      if (!readUnitWord(s, p)) {
        // "včetně nadpisu" is no reference; "V § 5 nadpis zní" names the heading of § 5.
        if (chain) chain.heading = true;
        break;
      }
      continue;
    }
    let q = p + w.len;
    const sp = /^ *(?:č\. *(?=\d))?/.exec(s.slice(q))![0];
    // Footnotes and annexes read their own "č."
    if (w.type !== 'fn' && w.type !== 'priloha') q += sp.length;
    else q += /^ */.exec(s.slice(q))![0].length;
    const first = readKey(s, q, w.type);
    if (!first) {
      // "přílohy k zákonu", "příloha": the act's only annex.
      // "se nahrazuje novou přílohou, která zní:" names no annex of the text.
      if (w.type === 'priloha' && BARE_ANNEX_NEXT.test(s.slice(q)) && !/nov\p{L}* $/u.test(s.slice(Math.max(0, p - 12), p))) {
        const seg: Seg = { type: 'priloha', keys: [{ key: '' }] };
        // "V oddílu I přílohy", "v části A přílohy": the annex holds the units named before it.
        const holds =
          chain !== null && p === lastEnd + 1 && chain.segs.every((x) => x.type !== 'fn' && x.type !== 'veta' && LEVEL[x.type] !== 6);
        if (holds) chain!.segs.unshift(seg);
        else {
          chain = { segs: [seg], heading };
          chains.push(chain);
        }
        heading = false;
        const m = /^(?:k |ke )?(?:tomuto |této )?(?:zákonu|vyhlášce|nařízení)?/.exec(s.slice(q))![0];
        // The spaces after the word belong to what follows unless "k zákonu" is read.
        p = m ? q + m.length : p + w.len;
        lastEnd = p;
        if (!joinNext()) break;
        continue;
      }
      break;
    }
    const keys: Key[] = [{ key: first.key }];
    q += first.len;
    // More keys of the same unit: ", 3", " a 4", " až 6", " nebo 7".
    for (;;) {
      const c = /^(?:,? a |, | až | nebo |,? popřípadě |–|-)/.exec(s.slice(q));
      if (!c) break;
      // "přílohy č. 1a až 1c", "přílohy č. 3 a 4": annex numbers after the first without their own "č.".
      let k = readKey(s, q + c[0].length, w.type) ?? (w.type === 'priloha' ? bareAnnexKey(s, q + c[0].length) : null);
      // "čl. I až čl. IV", "§ 5 až § 8": a range's end with its unit written again (zákon č. 189/2006
      // Sb., čl. IX, on zákon č. 180/1990 Sb.: "se čl. I až čl. IV a čl. VI až čl. X zrušují").
      const again = !k && c[0] === ' až ' ? RANGE_END_UNIT[w.type]?.exec(s.slice(q + c[0].length)) : null;
      if (again) {
        const end = readKey(s, q + c[0].length + again[0].length, w.type);
        if (end) k = { ...end, len: end.len + again[0].length };
      }
      // "oddíl druhý až oddíl sedmý" (zákon č. 187/2004 Sb., bod 135, on zákon č. 13/1993 Sb.): a
      // container's range end with its word written again.
      if (!k && c[0] === ' až ' && LEVEL[w.type] < 6) {
        const word = readUnitWord(s, q + c[0].length);
        const at = word && word.type === w.type ? q + c[0].length + word.len + 1 : -1;
        const end = at > 0 && s[at - 1] === ' ' ? readKey(s, at, w.type) : null;
        if (end) k = { ...end, len: end.len + word!.len + 1 };
      }
      if (!k) break;
      if (c[0] === ' až ' || c[0] === '–' || c[0] === '-') keys[keys.length - 1].to = k.key;
      else keys.push({ key: k.key });
      q += c[0].length + k.len;
    }
    // "přílohy č. 1 a 2 k vyhlášce", "Přílohy č. 1 až 19 k nařízení vlády č. 246/1998 Sb." (in a list
    // or before the verb): the act's own annexes.
    if (w.type === 'priloha') {
      const own = /^ k (?:této |tomuto )?(?:vyhlášce|zákonu|nařízení vlády|nařízení)(?: č\. \d+\/\d{4} Sb\.?)?(?=[ ,]|$)/.exec(s.slice(q));
      if (own) q += own[0].length;
    }
    // "hlava druhá (čl. 19 až 38)", "část prvá (§ 2 až 17)" (č. 23/1991 Sb., on č. 100/1960
    // Sb.): the units in brackets say what the container holds; the container is what is named.
    if (LEVEL[w.type] < 6) {
      const held = /^ \((?:§|čl\.|[Čč]l\.) [^()⟨⟩⟦⟧]{1,60}\)(?=[ ,]|$)/.exec(s.slice(q));
      if (held) q += held[0].length;
    }
    const seg: Seg = { type: w.type, keys };
    const level = LEVEL[w.type];
    if (!chain) {
      chain = { segs: [seg], heading };
      chains.push(chain);
    } else {
      const last = chain.segs[chain.segs.length - 1];
      // "V § 1 odst. 1, nadpisu § 18, § 18 odst. 1 …", "V nadpisu § 24a a v nadpisu § 33a …" (zákon
      // č. 52/2012 Sb. on zákon č. 18/2004 Sb., zákon č. 206/2017 Sb. on zákon č. 251/2005 Sb.): a
      // heading named inside a list is a reference of its own, not a unit inside the one before.
      const plain = p === lastEnd + 1 && !headingWord;
      // A unit inside the one before: deeper, or (in annexes and articles, "bodě 2 písm. k)") another kind of sub-unit.
      const inside =
        last &&
        !chain.segs.some((x) => x.type === w.type) &&
        (LEVEL[last.type] < level ||
          (level > 6 && LEVEL[last.type] > 6) ||
          ((chain.segs[0].type === 'priloha' || chain.segs[0].type === 'cl') && level !== 6));
      if (inside && plain) {
        chain.segs.push(seg);
        if (heading) chain.heading = true;
      } else if (plain && holdsChain(chain, seg)) {
        chain.segs.unshift(seg);
      } else if (plain) {
        break;
      } else {
        // A new reference: it keeps the higher units of the one before ("odst. 1 písm. a) a odst. 2").
        // Not the containers before a § or čl. ("hlava druhá a článek 98 odst. 4"): those are numbered
        // through the whole act.
        const prefix: Seg[] = chain.segs.filter((x: Seg) => LEVEL[x.type] < level && !(level === 6 && LEVEL[x.type] < 6));
        chain = { segs: [...prefix.map((x) => ({ type: x.type, keys: [x.keys[x.keys.length - 1]] })), seg], heading };
        chains.push(chain);
      }
    }
    heading = false;
    headingWord = false;
    p = q;
    lastEnd = q;
    if (!joinNext()) break;
  }
  if (!chains.length) return null;
  return { refs: { chains, text: s.slice(pos, lastEnd) }, end: lastEnd };
}

/**
 * "Nadpis dílu třetího hlavy třinácté", "oddílu prvního hlavy první části druhé" (zákon č. 113/1997
 * Sb. on zákon č. 13/1993 Sb.): a container written after the containers it holds, in the genitive;
 * the chain so far is containers only, each deeper than it.
 */
function holdsChain(chain: Chain, seg: Seg): boolean {
  const level = LEVEL[seg.type];
  return level < 6 && seg.keys.length === 1 && !seg.keys[0].to && chain.segs.every((x) => LEVEL[x.type] > level && LEVEL[x.type] < 6);
}

/** A reference chain made absolute against the context (`base`): the higher units it leaves out come from there. */
function resolveChain(chain: Chain, base: Seg[]): Seg[] {
  if (!chain.segs.length) return base;
  const first = chain.segs[0];
  // Footnotes, §§, articles and annexes are numbered through the whole act.
  if (first.type === 'fn' || LEVEL[first.type] === 6) return chain.segs;
  const level = LEVEL[first.type];
  return [...base.filter((x) => LEVEL[x.type] < level && x.type !== 'fn'), ...chain.segs];
}

/** An annex's number as its id holds it: "03" → `3`, "II" → `2`, "A" → `a`. */
export function annexKey(token: string): string {
  if (/^\d/.test(token)) return token.replace(/^0+(?=\d)/, '');
  const roman = romanToInt(token);
  return roman !== null ? String(roman) : token.toLowerCase();
}

/** A segment of a target id; the segment words of the grammar are the ids' own (an annex named without a number: `priloha`). */
function segId(type: SegType, key: string): string {
  return idSegment(type, type === 'priloha' && key === '' ? null : key);
}

/** Target refs of a resolved chain: the cartesian product of its keys, a range kept as a range. */
function chainTargets(segs: Seg[], chain: Chain | null): TargetRef[] {
  const sentenceSeg = segs.find((x) => x.type === 'veta');
  const units = segs.filter((x) => x.type !== 'veta');
  let prefixes: { id: string; through?: string }[] = [{ id: '' }];
  for (const seg of units) {
    const next: { id: string; through?: string }[] = [];
    for (const p of prefixes) {
      for (const k of seg.keys) {
        const id = `${p.id ? `${p.id}/` : ''}${segId(seg.type, k.key)}`;
        next.push(k.to !== undefined ? { id, through: `${p.id ? `${p.id}/` : ''}${segId(seg.type, k.to)}` } : { id });
      }
    }
    prefixes = next;
  }
  const out: TargetRef[] = [];
  for (const p of prefixes) {
    const base: TargetRef = { id: p.id || '*' };
    if (p.through) base.through = p.through;
    if (chain?.part) base.part = chain.part;
    if (chain?.heading) base.part = 'heading';
    if (sentenceSeg) {
      for (const k of sentenceSeg.keys) {
        if (k.to !== undefined) {
          for (let n = Number(k.key); n <= Number(k.to); n++) out.push({ ...base, sentence: n });
        } else out.push({ ...base, sentence: Number(k.key) });
      }
    } else out.push(base);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Step 3: the clauses.

interface Skeleton {
  /** The sentence with quotations as ⟨n⟩ and references as ⟦n⟧, "se" left out, spaces single. */
  s: string;
  quotes: string[];
  refs: RefList[];
}

/**
 * Footnotes repealed or renumbered "včetně odkazů na (tyto) poznámky pod čarou" / "včetně odkazů
 * na ně" before the verb, as the clauses read them after it (", a to včetně odkazů na poznámky pod
 * čarou"); "Dosavadní poznámky pod čarou č. 5 a 6 se zrušují" are the text's footnotes 5 and 6.
 */
function footnoteReferencesAfterVerb(s: string): string {
  if (!/(?:^|[Dd]osavadní )[Pp]oznámk[ay] pod čarou /.test(s)) return s;
  let out = s;
  if (/^(?:[Dd]osavadní )?[Pp]oznámk[ay] pod čarou /.test(out)) {
    const refs =
      / včetně odkaz(?:u|ů|y) na (?:ně|ni|(?:tuto |tyto )?poznámk[uy] pod čarou)(?= (?:označuj[eí]|zrušuj[eí]|vypouští|vypouštějí)(?: |$))/;
    const m = refs.exec(out);
    if (m) {
      out = out.slice(0, m.index) + out.slice(m.index + m[0].length);
      if (!/včetně odkaz/.test(out)) out += ', a to včetně odkazů na poznámky pod čarou';
    }
  }
  // A clause that repeals "dosavadní" footnotes (not one that renumbers them).
  return out.replace(
    /(^|, a |, | a )[Dd]osavadní (poznámk[ay] pod čarou (?:(?!označuj|⟨)[^;])*? (?:zrušuj[eí]|vypouští|vypouštějí)(?=,|$))/gu,
    '$1$2',
  );
}

/**
 * The instruction words of a Slovak point (the Slovak National Council's acts amending its own,
 * in the federal collection: "V § 5 ods. 1 sa slová „A“ nahrádzajú slovami „B“.", "§ 7 sa dopĺňa
 * odsekom 8, ktorý znie:", "§ 320 sa vypúšťa.") as the Czech ones the clauses read. Only the
 * skeleton outside quotations is translated, and only a sentence with a word no Czech instruction
 * uses: the quoted words stay as written.
 */
const SLOVAK =
  /(?:^|[\s,])(?:sa|znie|znejú|ods\.|slová|slovami|nahrádza(?:jú)?|vypúšťa(?:jú)?|dopĺňa(?:jú)?|vkladá|vkladajú|pripája(?:jú)?|[Dd]oterajš\p{L}+|odsek\p{L}*|čiarou|vrátane)(?=[\s,.:;]|$)/u;
const SLOVAK_WORDS: [RegExp, string][] = [
  [/sa/, 'se'],
  [/znie/, 'zní'],
  [/znejú/, 'znějí'],
  [/nahrádza/, 'nahrazuje'],
  [/nahrádzajú/, 'nahrazují'],
  [/slová/, 'slova'],
  [/slovami/, 'slovy'],
  [/slovom/, 'slovem'],
  [/číslom/, 'číslem'],
  [/číslami/, 'čísly'],
  [/suma/, 'částka'],
  [/sumou/, 'částkou'],
  [/sumy/, 'částky'],
  [/vypúšťa/, 'vypouští'],
  [/vypúšťajú/, 'vypouštějí'],
  [/dopĺňa/, 'doplňuje'],
  [/dopĺňajú/, 'doplňují'],
  [/vkladá/, 'vkládá'],
  [/vkladajú/, 'vkládají'],
  [/pripája/, 'připojuje'],
  [/pripájajú/, 'připojují'],
  [/zrušujú/, 'zrušují'],
  [/označujú/, 'označují'],
  [/ako/, 'jako'],
  [/vrátane/, 'včetně'],
  [/pred/, 'před'],
  [/[Dd]oterajš(?:í|ie|ia|ieho)/, 'Dosavadní'],
  [/ods\./, 'odst.'],
  [/odsek/, 'odstavec'],
  [/odseku/, 'odstavce'],
  [/odseky/, 'odstavce'],
  [/odsekom/, 'odstavcem'],
  [/odsekoch/, 'odstavcích'],
  [/odsekov/, 'odstavců'],
  [/písmenom/, 'písmenem'],
  [/bode/, 'bodě'],
  [/veta/, 'věta'],
  [/vety/, 'věty'],
  [/vete/, 'větě'],
  [/vetu/, 'větu'],
  [/vetou/, 'větou'],
  [/prv(?:á|ej|ú|ý|é)/, 'první'],
  [/druh(?:ej)/, 'druhé'],
  [/tretia|tretej|tretiu/, 'třetí'],
  [/posledn(?:á|ej|ú)/, 'poslední'],
  [/ktorý/, 'který'],
  [/ktorá/, 'která'],
  [/ktoré/, 'které'],
  [/táto/, 'tato'],
  [/tieto/, 'tyto'],
  [/nový/, 'nový'],
  [/koniec/, 'konci'],
  [/začiatok|začiatku/, 'začátku'],
  [/čiarou/, 'čarou'],
  // The case as written: "V prílohe A sa …" is "V příloze A …", "V nadpise časti II" "části II".
  [/príloha/, 'příloha'],
  [/prílohe/, 'příloze'],
  [/prílohy/, 'přílohy'],
  [/prílohu/, 'přílohu'],
  [/prílohou/, 'přílohou'],
  [/príloh/, 'příloh'],
  [/časť/, 'část'],
  [/časti/, 'části'],
  [/nadpisov/, 'nadpisů'],
  [/poznámok/, 'poznámek'],
  [/čiarka/, 'čárka'],
  [/čiarkou/, 'čárkou'],
  [/čiarku/, 'čárku'],
  [/písmená/, 'písmena'],
  [/písmenami/, 'písmeny'],
  [/nahradzuj(?:e|ú)/, 'nahrazují'],
  [/ustanoveni[ea]/, 'ustanovení'],
  [/spojka|spojku/, 'slovo'],
];
const SLOVAK_WORD = new RegExp(`(?<![\\p{L}])(?:${SLOVAK_WORDS.map(([re]) => re.source).join('|')})(?![\\p{L}])`, 'gu');
/** Each Slovak word's whole-word pattern, compiled once. */
const SLOVAK_WORD_EXACT: [RegExp, string][] = SLOVAK_WORDS.map(([re, cz]) => [new RegExp(`^(?:${re.source})$`, 'u'), cz]);

function czechWording(skeletonText: string): string {
  if (!SLOVAK.test(skeletonText)) return skeletonText;
  return (
    skeletonText
      .replace(SLOVAK_WORD, (w) => {
        for (const [re, cz] of SLOVAK_WORD_EXACT) if (re.test(w)) return cz;
        return w;
      })
      // Slovak word orders as the Czech ones (zákony Slovenskej národnej rady of 1990–1992): "§ 3 sa
      // dopĺňa o odsek 4" ("doplňuje odstavec 4"), "sa za slová „A“ dáva čiarka a vkladajú slová „B“"
      // ("vkládá čárka a slova"), "sa za slovom „A“ nahrádza spojka „a“ čiarkou" ("slovo „a“
      // nahrazuje čárkou").
      .replace(/(?<![\p{L}])(doplňuje|doplňují) o (?=odstav|písmen|bod)/gu, '$1 ')
      .replace(/(?<![\p{L}])dáva (čárka|čárku) a vkládají (?=slov)/gu, 'vkládá $1 a ')
      .replace(/(?<![\p{L}])(nahrazuje|nahrazují) slovo (⟨\d+⟩) (čárkou|středníkem|tečkou)/gu, 'slovo $2 $1 $3')
  );
}

/**
 * A unit of an annex the ids cannot name, between the annex's díl or oddíl and the word "přílohy":
 * "V dílu II, části C, písm. d) přílohy k nařízení vlády …" (nařízení vlády č. 48/1985 Sb., bod 3, on
 * nařízení vlády č. 136/1975 Sb.), "V oddílu I položce A přílohy …". A část lettered A to Z and a
 * položka have no id, so the point targets the díl or oddíl that holds them (the skeleton drops
 * them), and is refused (`readStatement`): its words are to change in that unit only, not in the
 * whole díl.
 */
const ANNEX_INNER_UNIT =
  /(?<![\p{L}])((?:dílu|oddílu) [IVXLC\d]+\.?),? (?:(?:v )?(?:části|položce|položkách|řádku|sloupci|tabulce) [A-Z\d]+[a-z]?\.?,? )+(?:(?:písm\.|písmenu|písmenech|bodu|bodech) [a-z\d]{1,2}[.)]?(?:(?:,| a) [a-z\d]{1,2}[.)]?)*,? )?(?=přílo(?:hy|ze)(?![\p{L}]))/u;

/** A container's word in capitals ("ČÁSTI", "DÍL") and the ordinal words after it ("DVACÁTÉ PRVNÍ", not "A"). */
const CAPITAL_CONTAINER =
  /(?<![\p{L}])(?:ČÁST(?:I|Í)?|HLAV(?:OU|A|Y|Ě|U)|(?:PODODDÍL|ODDÍL|DÍL)(?:EM|U|E|Y)?)(?:\s+(?:[IVXLC]+|\p{Lu}{3,}))?(?:\s+\p{Lu}{3,})?(?![\p{L}])/gu;

/** Quotations → ⟨n⟩, references → ⟦n⟧. */
/**
 * What older acts name by its brackets, written as the quoted words it is: "se citace § 80, uvedená
 * v závorce, nahrazuje citací § 565" (zákon č. 509/1991 Sb., bod 46, on zákon č. 40/1964 Sb.) as
 * "se slova „(§ 80)“ nahrazují slovy „(§ 565)“"; "se vypouští slovo „městské“, uvedené v závorce"
 * (zákon č. 142/1982 Sb. on zákon č. 130/1975 Sb.) as "se vypouští slovo „(městské)“". Brackets that
 * hold more than the citation or the word are not found, and the point is refused.
 */
const CITATION_IN_BRACKETS =
  /(?<![\p{L}])citace (§ \d[^,;„“()]*?),? uvedená v závorce,? (?:se )?(?:současně )?(?:nahrazuje|mění na) citací (§ \d[^,;„“()]*?)(?=\.?\s*$|,? a |[,;] )/gu;
const WORD_IN_BRACKETS = /(?<![\p{L}])(slovo|slova|text) „([^„“]+)“,? uveden(?:é|á|ý) v závorce,?(?=[ .]|$)/gu;

function wordsInBrackets(sentence: string): string {
  return sentence
    .replace(CITATION_IN_BRACKETS, (_m, from: string, to: string) => `slova „(${from})“ nahrazují slovy „(${to})“`)
    .replace(WORD_IN_BRACKETS, (_m, noun: string, words: string) => `${noun} „(${words})“`);
}

/**
 * "se částka 100 Kčs nahrazuje částkou 150 Kčs" (zákon č. 109/1984 Sb. on zákon č. 103/1964 Sb.): an
 * amount the act writes without quotation marks, after "částka" or "částkou", as if quoted. Words
 * after the amount ("částka 500 Kčs vlastního hrubého příjmu …") leave the sentence unread.
 */
function quotedAmounts(out: string, quotes: string[]): string {
  return out.replace(
    /(?<![\p{L}])(částka|částkou) (\d{1,3}(?:[ \u00a0]\d{3})+|\d+)(,-|,\d+)? (Kčs|Kč)(?=[ ,;.]|$)/gu,
    (_m, noun: string, n: string, dec: string | undefined, unit: string) => {
      quotes.push(`${n}${dec ?? ''} ${unit}`);
      return `${noun} ⟨${quotes.length - 1}⟩`;
    },
  );
}

function skeleton(text: string): Skeleton {
  const sentence = wordsInBrackets(text);
  const quotes: string[] = [];
  let out = '';
  for (let i = 0; i < sentence.length; i++) {
    if (sentence[i] === OPEN || sentence[i] === '"') {
      const end = quoteEnd(sentence, i);
      if (end > 0) {
        quotes.push(sentence.slice(i + 1, end - 1));
        // "se částka„1 000 000 Kč“ nahrazuje …" (zákon č. 247/2022 Sb. on zákon č. 242/2000 Sb.): the
        // space the act left out before its quotation.
        if (/\p{L}$/u.test(out)) out += ' ';
        out += `⟨${quotes.length - 1}⟩`;
        i = end - 1;
        continue;
      }
    }
    out += sentence[i];
  }
  out = quotedAmounts(out, quotes);
  let s = czechWording(out)
    .replace(/\s+/g, ' ')
    .replace(/\*\*/g, '')
    .trim()
    .replace(/\.$/, '')
    // "V příloze Sazebník poplatků se …" (zákon č. 216/2008 Sb. on zákon č. 549/1991 Sb.): the act's
    // only annex named by its title, read as "V příloze se …".
    .replace(/^([Vv]e? příloze) [A-ZČŘŠŽÚ]\p{Ll}+(?: \p{Ll}+){0,4}(?= se )/u, '$1')
    .replace(/(^| )se(?= |$)/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
  // "§ 5" written "§5"; "odst.2".
  s = s.replace(/§(?=\d)/g, '§ ').replace(/(odst\.|písm\.|čl\.|č\.)(?=[\dA-Za-z])/g, '$1 ');
  // Older wordings as the usual ones: "vsunuje" for "vkládá", "tohoto znění:" for ", který zní:",
  // "spolu s nadpisem" for "včetně nadpisu", "Ustanovení § 5" for "§ 5".
  s = s
    // "DÍL VIII včetně nadpisu zní:" (zákon č. 226/1992 Sb., bod 27, on zákon č. 76/1959 Sb.), "Za ČÁST
    // DRUHOU se doplňují ČÁST TŘETÍ a ČÁST ČTVRTÁ" (zákon č. 96/2005 Sb., bod 43, on zákon č. 238/1992
    // Sb.): a container's word and its ordinal in capitals as in lower case; a Roman number stays.
    .replace(CAPITAL_CONTAINER, (m) =>
      m
        .split(/(\s+)/)
        .map((w) => (/^[IVXLC]+$/.test(w) ? w : w.toLowerCase()))
        .join(''),
    )
    .replace(/(?<![\p{L}])vsunuj(?:e|í)(?![\p{L}])/gu, (m) => (m.endsWith('í') ? 'vkládají' : 'vkládá'))
    // "se zařazuje nový odstavec 6" (zákon č. 175/1990 Sb., on zákon č. 140/1961 Sb.) as "se vkládá";
    // "za dosavadní odstavec 5" is the odstavec 5 the text has.
    .replace(/(?<![\p{L}])zařazuj(?:e|í)(?![\p{L}])/gu, (m) => (m.endsWith('í') ? 'vkládají' : 'vkládá'))
    .replace(/(?<![\p{L}])(za|před) dosavadní (?=odstav|písmen|bod|§)/gu, '$1 ')
    .replace(/,? (?:tohoto|tohoto nového|následujícího) znění:/g, ', který zní:')
    .replace(/(?<![\p{L}])spolu s nadpisem(?![\p{L}])/gu, 'včetně nadpisu')
    // "Za znění § 272 se vkládá oddíl druhý tohoto znění:" (zákon č. 175/1990 Sb. on zákon č. 140/1961
    // Sb.): after the § (its wording is all of it).
    .replace(/^Za znění (?=§ ?\d)/u, 'Za ')
    .replace(/(?<![\p{L}])[Uu]stanovení (?=§|čl\.|odst)/gu, '')
    // "se vypouštějí ustanovení písm. e) a g)" (zákon č. 62/1977 Sb., bod 18), "ustanovení označená
    // písmeny c), d) a e)", "ustanovení pod písmeny a) až c)", "v ustanovení pod písmenem d)", "V
    // ustanoveních pod písmeny c) a f)" (zákon č. 106/1990 Sb., bod 9): the písmena themselves.
    .replace(/(?<![\p{L}])([Vv]e?) ustanovení pod písmenem (?=\p{Ll}\))/gu, '$1 písmenu ')
    .replace(/(?<![\p{L}])([Vv]e?) ustanoveních pod písmeny (?=\p{Ll}\))/gu, '$1 písmenech ')
    .replace(/(?<![\p{L}])ustanovení (?:(?:označená|uvedená) )?(?:pod )?písmeny (?=\p{Ll}\))/gu, 'písmena ')
    .replace(/(?<![\p{L}])ustanovení (?:(?:označená|uvedená) )?(?:pod )?(?=písm\. )/gu, '')
    // "se za ustanovení písmene b) vkládá nové ustanovení písmene c), které zní:", "v ustanovení
    // písmene d) se …", "Dosavadní ustanovení písmene g) se označuje jako ustanovení písmene f)"
    // (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.): the písmena themselves.
    .replace(/(?<![\p{L}])ustanovení (?:pod )?(?=písmen\p{Ll}* \p{Ll}{1,2}\))/gu, '')
    // "Dosavadní ustanovení pod písmeny c) až i) se označují jako b) až ch)" (the same act): the new
    // letters without their noun.
    .replace(/(?<![\p{L}])(písmena \p{Ll}{1,2}\) až \p{Ll}{1,2}\) (?:se )?označují jako )(?=\p{Ll}{1,2}\) až \p{Ll}{1,2}\))/u, '$1písmena ')
    // "se dosavadní odkaz na poznámku pod čarou č. 9b) nahrazuje odkazem na …" (zákon č. 316/2004 Sb.
    // on zákon č. 110/1997 Sb.): the mark the text has, as "se odkaz na …"; "se dosavadní citace „§ 1“
    // nahrazuje citací „§ 1a“" (zákon č. 54/1976 Sb. on zákon č. 104/1964 Sb.) likewise.
    .replace(/(?<![\p{L}])[Dd]osavadní (?=odkaz na poznám|citac)/gu, '')
    // "V § 150 se v nadpise slova …" (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.): the older
    // locative of "nadpis".
    .replace(/(?<![\p{L}])([Vv]) nadpise(?![\p{L}])/gu, '$1 nadpisu')
    // The verbs the act misspells, whose meaning no other word shares ("se za slovo „zákon“ vládají
    // slova …", zákon č. 81/2006 Sb. on zákon č. 358/1992 Sb.; "se číslo „3“ nahazuje číslem „2“",
    // zákon č. 76/2008 Sb., bod 11, on zákon č. 137/2006 Sb.); the quotations are not touched (the
    // skeleton holds their marks only).
    .replace(/(?<![\p{L}])(?:vládá|vkláda)(?![\p{L}])/gu, 'vkládá')
    .replace(/(?<![\p{L}])(?:vládají|vkladají)(?![\p{L}])/gu, 'vkládají')
    .replace(/(?<![\p{L}])(?:nahazuje|nahrazje|nahrazuej)(?![\p{L}])/gu, 'nahrazuje')
    // "V § 56 odst. 2 se vypouští ustanovení písm. b)" (zákon č. 62/1977 Sb., bod 22, on zákon
    // č. 103/1974 Sb.) as "se vypouští písm. b)"; "Dosavadní označení písmena a) se zrušuje" (zákon
    // č. 362/2003 Sb., on zákon č. 154/1994 Sb.) as "Označení písmena a) se zrušuje".
    .replace(/(?<![\p{L}])(vypouští|vypouštějí|zrušuje|zrušují) ustanovení (?=písm|odst|odstav|bod)/gu, '$1 ')
    .replace(/(?<![\p{L}])Dosavadní označení (?=(?:písmen|odstavc|bod)\p{L}* )/gu, 'Označení ')
    // "Název hlavy čtvrté zní:" (zákon č. 210/1999 Sb. on zákon č. 85/1996 Sb.): a container's, annex's
    // or §'s title is its heading. Only at the sentence's start: "V části třetí, hlavě II název dílu
    // XXII zní:" would read the část apart from its hlava, the comma ending its reference.
    .replace(/^Název (?=(?:část|hlav|díl|oddíl|pododdíl|přílo|§)\p{L}*)/u, 'Nadpis ')
    // "Z části první se vypouštějí ustanovení hlavy páté až sedmé …" (zákon č. 509/1991 Sb., bod 43,
    // on zákon č. 40/1964 Sb.): the hlavy of that část go, as "V části první se vypouštějí hlavy …".
    .replace(/^Z (části [\p{L}]+) vypouštějí ustanovení (?=(?:hlav|díl|oddíl)[\p{L}]* )/u, 'V $1 vypouštějí ')
    // "V zákoně se za čtvrtou část vkládá nová pátá část, která …" (zákon č. 260/2001 Sb., on zákon
    // č. 20/1966 Sb.): the ordinal before its noun, as "za část čtvrtou … nová část pátá".
    .replace(
      /(?<![\p{L}])(za|nová) ((?:první|druh|třetí|čtvrt|pát|šest|sedm|osm|devát|desát)\p{Ll}{0,2}) (část|části|hlavu|hlava)(?![\p{L}])/gu,
      '$1 $3 $2',
    )
    // "Na konci poznámky pod čarou č. 1 se na samostatný řádek doplňuje věta „…“" (zákon č. 376/2022
    // Sb., on zákon č. 40/1995 Sb.): the source writes the sentence after the footnote's last,
    // on its line, as any sentence added at its end.
    .replace(
      /(poznámk\p{L}* (?:č\. ?\d+[a-z]*\)? pod čarou|pod čarou č\. ?\d+[a-z]*\)?)(?: se)?) na samostatný řádek (?=(?:se )?doplňuj)/u,
      '$1 ',
    )
    // "včetně poznámky po čarou č. 26a" (zákon č. 245/2011 Sb., bod 2, on zákon č. 40/1995 Sb.; zákon
    // č. 438/2003 Sb. on zákon č. 586/1992 Sb.): the "d" the act's text lost.
    .replace(/(?<![\p{L}])([Pp]oznám\p{L}*) po čarou(?![\p{L}])/gu, '$1 pod čarou')
    // "Poznámka č. 5 pod čarou" as "poznámka pod čarou č. 5"; "§ 6 včetně poznámek č. 7) až 11) zní:"
    // (zákon č. 244/1994 Sb., bod 3, on zákon č. 593/1992 Sb.) as "včetně poznámek pod čarou č. 7) až 11)".
    // Not "v poznámce č. 2", which names a note of an annex's table as often ("V oddíle B v poznámce
    // č. 2 se slova …", nařízení vlády č. 18/2006 Sb. on nařízení vlády č. 689/2004 Sb.).
    .replace(
      /(?<![\p{L}])[Pp]oznám(ka|ky|ku|kou|ek|kách) (č\. ?\d+[a-z]*\)?(?:(?:,| a| až) (?:č\. ?)?\d+[a-z]*\)?)*) pod čarou/gu,
      'poznám$1 pod čarou $2',
    )
    .replace(/(?<![\p{L}])[Pp]oznám(ka|ky|ku|kou|ek|kách) (č\.)/gu, 'poznám$1 pod čarou $2')
    // "písmeno d), včetně poznámky pod čarou č. 26b, zrušuje" (zákon č. 120/2010 Sb., on zákon č.
    // 235/2004 Sb.) as it is written without the commas.
    .replace(/, (včetně (?:nadpisu|nadpisů|poznámk\p{L}* pod čarou [^,⟨⟦]{1,60}?)), (?=(?:zrušuj|zní|znějí|vypouští|nahrazuj))/gu, ' $1 ')
    // "V dílu II, části C, písm. d) přílohy k nařízení vlády …" (nařízení vlády č. 48/1985 Sb., bod 3,
    // on nařízení vlády č. 136/1975 Sb.), "V oddílu I položce A přílohy …": a část lettered A to Z
    // and a položka have no id, so the point is placed in the annex's díl or oddíl that holds them.
    .replace(new RegExp(ANNEX_INNER_UNIT.source, 'gu'), '$1 ');
  s = footnoteReferencesAfterVerb(s)
    // "v textu pod nadpisem" is the § less its heading: what a § names when words change in it.
    .replace(/(?<![\p{L}]) v textu pod nadpisem(?= )/gu, '')
    // "V § 2 v nadpisu za slova …" as "V nadpisu § 2 za slova …"; "V nadpisech § 11 až 14" as "V nadpisu …".
    .replace(/^(V|Ve) (§ \d+[a-z]*|čl\. [IVXLC]+[a-z]*) v nadpisu (?=za |před |slov|čísl|text|znak|připojuj|doplňuj)/u, 'V nadpisu $2 ')
    // "V § 155 se v nadpise připojují slova „…“ a v textu se za slova „…“ vkládají …" (zákon č. 175/1990
    // Sb. on zákon č. 140/1961 Sb.): "v textu" is the same § less its heading, the place of what follows.
    .replace(/^(V nadpisu (§ \d+[a-z]*|čl\. [IVXLC]+[a-z]*) [^;]+?) a v textu (?=za |před |slov|čísl|připojuj|doplňuj)/u, '$1 a v $2 ')
    .replace(/^V nadpisech (?=§ \d)/u, 'V nadpisu ')
    // "Ke společnému nadpisu nad § 180a a 180b se na konci připojují slova …" (zákon č. 175/1990 Sb. on
    // zákon č. 140/1961 Sb.): the heading the §§ share is written above the first, as its heading.
    .replace(
      /^(?:Ke společnému nadpisu|Ve společném nadpisu) nad (§ \d+[a-z]*)(?:(?:,| a) (?:§ )?\d+[a-z]*)+ (?=na konci |za |před |slov)/u,
      'V nadpisu nad $1 ',
    )
    // "Příloha č. 2 k vyhlášce zní:" is the act's own annex ("k vyhlášce č. 5/2006 Sb." is left to the citations).
    .replace(
      /(?<![\p{L}])([Pp]říloh(?:a|y|u|ou|e) č\. ?\d+[a-z]*) k (?:této |tomuto )?(?:vyhlášce|zákonu|nařízení)(?= (?:zní|znějí|včetně|zrušuje)(?![\p{L}])|$)/gu,
      '$1',
    );
  // "druhá věta" as "věta druhá"; "tato věta:", "tato slova:" as "věta:", "slova:".
  s = s
    // "Společný nadpis nad § 9 se zrušuje" (zákon č. 12/2020 Sb. on zákon č. 365/2000 Sb.),
    // "Skupinový nadpis nad § 14 se zrušuje": the heading above the label, shared by the §§ after it.
    .replace(
      /(?<![\p{L}])(?:[Ss]polečný|[Ss]kupinový) nadpis nad (?=§ \d+[a-z]* (?:(?:se )?(?:zrušuje|vypouští)|zní:)(?![\p{L}]))/gu,
      'nadpis nad ',
    )
    // "Čl. 1 až 4, … čl. 22 č. 1 až 5, čl. 24 a 25 se zrušují" (zákon SNR č. 159/1971 Sb. on zákon SNR
    // č. 131/1970 Sb.): the numbered points of an article or § in older acts, as "bod".
    .replace(/(?<![\p{L}])((?:[čČ]l\.|§) \d+[a-z]*) č\. (?=\d+[a-z]?(?![\d/]))/gu, '$1 bod ')
    // "v § 8 odst. 1 prvé čtyři věty a odstavec 2 … zrušují" (vyhláška č. 296/2001 Sb. on vyhláška
    // č. 103/1963 Sb.): the first sentences by their count, as "věty první až čtvrtá".
    .replace(
      /(?<![\p{L}])(?:prvé|první) (dvě|tři|čtyři|pět) věty(?![\p{L}])/gu,
      (_m, n: string) => `věty první až ${{ dvě: 'druhá', tři: 'třetí', čtyři: 'čtvrtá', pět: 'pátá' }[n]}`,
    )
    .replace(
      /(?<![\p{L}])(první|druh[áéouý]|třetí|čtvrt[áéou]{1,2}|pát[áéou]{1,2}|šest[áéou]{1,2}|poslední|předposlední) (věta|věty|větě|větu|větou)(?![\p{L}])/gu,
      '$2 $1',
    )
    // "… se za slovo „skladné“ vkládá slovo „, dopravné“ a větě druhé se za slova …" (zákon
    // č. 113/1997 Sb. on zákon č. 13/1993 Sb.): the place of the second clause without its "ve".
    .replace(/(?<= a )(?=větě (?:první|druhé|třetí|čtvrté|páté|šesté|poslední|předposlední) )/gu, 've ')
    .replace(
      /(?<![\p{L}])(?:tato|tento|tyto|toto|následující|tuto) (věta|věty|slova|slovo|text|ustanovení|písmeno|odstavec)(?![\p{L}])/gu,
      '$1',
    )
    // "V § 39a odst. 3 věta za středníkem zní:" (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.), "V § 13a
    // odst. 1 první větě se slova za středníkem nahrazují slovy „…“" (zákon č. 501/2001 Sb. on zákon
    // č. 513/1991 Sb.): the part of the sentence after its semicolon, as "část věty za středníkem".
    .replace(/(?<= )(?:věta|slova) za středníkem (?=zní|nahrazuj)/gu, 'část věty za středníkem ');
  s = placesEachWithEnd(s);
  const refs: RefList[] = [];
  let t = '';
  for (let i = 0; i < s.length;) {
    const boundary = i === 0 || /[\s(,]/.test(s[i - 1]);
    const r = boundary && s[i] !== '⟨' ? readRefList(s, i) : null;
    if (r && r.end > i) {
      refs.push(r.refs);
      t += `⟦${refs.length - 1}⟧`;
      i = r.end;
      continue;
    }
    t += s[i];
    i++;
  }
  // "Vypouští se část třetí, čtvrtá a pátá (§ 152 až 414)." (zákon č. 509/1991 Sb., on zákon č.
  // 40/1964 Sb.): the §§ in brackets say what the parts hold; the parts are what goes.
  t = t.replace(
    /(⟦(\d+)⟧)( včetně nadpisů?)? \(⟦(\d+)⟧\)(?= |$)/gu,
    (m, ref: string, a: string, heading: string | undefined, b: string) => {
      const containers = refs[Number(a)].chains.every((c) => c.segs.length === 1 && LEVEL[c.segs[0].type] < 6);
      const sections = refs[Number(b)].chains.every((c) => c.segs.every((x) => x.type === 'par'));
      return containers && sections ? `${ref}${heading ?? ''}` : m;
    },
  );
  // "Poznámka č. 10 k § 16 a 17 zní:", "Poznámka č. 5) k § 48 odst. 1 zní:" (zákon č. 8/1993 Sb. on
  // zákon č. 418/1990 Sb., zákon č. 302/1992 Sb. on zákon č. 367/1990 Sb.): the units after "k" say
  // where the footnote is cited; its number alone names it.
  t = t.replace(/^(⟦(\d+)⟧) k ⟦(\d+)⟧ (?=zní:)/u, (m, ref: string, a: string, b: string) => {
    const notes = refs[Number(a)].chains.every((c) => c.segs.length === 1 && c.segs[0].type === 'fn');
    const places = refs[Number(b)].chains.every((c) => c.segs.length > 0 && c.segs[0].type === 'par');
    return notes && places ? `${ref} ` : m;
  });
  // "V § 5 zákona (č. 1/2000 Sb.)(, ve znění …,) se …": the act named after the reference is the one amended.
  t = t.replace(
    /(⟦\d+⟧) (?:zákona|vyhlášky|nařízení vlády|nařízení|zákoníku|zákonného opatření)(?: č\. \d+\/\d{4} Sb\.)?(?:,? ve znění [^⟨⟦]*?,)?(?= |$)/gu,
    '$1',
  );
  return { s: t, quotes, refs };
}

/**
 * "V § 29 odst. 1 na konci textu písmene e) a v § 39 odst. 1 na konci textu písmene h) se doplňují
 * slova „…“" (zákon č. 484/2008 Sb. on zákon č. 119/2002 Sb.), "V § 92 odst. 1 na konci písmene v),
 * v § 93 odst. 1 na konci písmene v) a v § 93 odst. 6 na konci písmene b) se doplňuje slovo „nebo“"
 * (zákon č. 137/2011 Sb.): several places, each with its own "na konci", take the same words. As one
 * list of references the next place's § was read inside the unit before ("písmene e) a v § 39 odst.
 * 1"), so each place is made a clause of its own with the words, before the references are read.
 */
function placesEachWithEnd(s: string): string {
  const m = /^(V .+?) ((?:doplňuj|připojuj)[eí] (?:slovo|slova|věta|věty) ⟨\d+⟩)$/u.exec(s);
  if (!m) return s;
  const places = m[1].split(/(?:,| a) (?=v (?:§|čl\.|odst\.|odstavci|příloze) )/u);
  const END = / na (?:konci|začátku) (?:textu )?\S/gu;
  if (places.length < 2 || places.some((p) => /[⟨⟦]/u.test(p) || (p.match(END) ?? []).length !== 1)) return s;
  return places.map((p) => `${p} ${m[2]}`).join(' a ');
}

/** Nouns that stand before quoted words ("slova „…“", "číslo „…“", "částka „…“"). */
const NOUN =
  '(?:citace|citaci|slova|slovo|slov|číslo|čísla|číslice|číslovka|číslovky|text|texty|písmeno|písmena|znak|znaky|značka|značky|značku|částka|částky|údaj|údaje|zkratka|zkratky|zkratku|datum|data|označení|výraz|výrazy|spojení|slovní spojení|odkaz|odkazy|rok|letopočet|hodnota|hodnoty|hodnotu|sazba|sazby|sazbu|procento|procenta|věta|věty|větu|vět|částku|číselný údaj|číselné údaje|poznámka|poznámky|symbol|symboly|závorka|závorky|uvozovky|interpunkční znaménko|dvojtečka|tečka|čárka|středník|pomlčka|lhůta|lhůty|položka|položky|řádek|řádky|hranice|limit|slovo a číslo|slova a číslo|číslo a slova|slova a čísla)';
const NOUN_INSTR =
  '(?:citací|citaci|slovy|slovem|číslem|čísly|číslicí|číslicemi|číslovkou|textem|texty|písmenem|znakem|znaky|značkou|částkou|částkami|údajem|údaji|zkratkou|datem|označením|výrazem|výrazy|spojením|slovním spojením|odkazem|odkazy|rokem|letopočtem|hodnotou|hodnotami|sazbou|procentem|větou|větami|poznámkou|symbolem|závorkou|položkou|řádkem|hranicí|limitem|lhůtou|slovy a číslem|slovem a číslem|číslem a slovy|slovy a čísly)';
const PUNCT_NOUN: Record<string, string> = {
  tečka: '.',
  tečku: '.',
  tečkou: '.',
  čárka: ',',
  čárku: ',',
  čárkou: ',',
  středník: ';',
  středníkem: ';',
  dvojtečka: ':',
  dvojtečkou: ':',
};
const PUNCT = '(tečka|čárka|středník|dvojtečka)';
const PUNCT_INSTR = '(tečkou|čárkou|středníkem|dvojtečkou)';
const Q = '⟨(\\d+)⟩';
const R = '⟦(\\d+)⟧';
/** Qualifiers after quoted words that do not change the reading. */
const QUAL = '(?: (?:v obou případech|ve všech případech|na všech místech|ve všech výskytech|vždy|v celém textu|všude))?';
// "; " too: "V § 149 se slovo „A“ nahrazuje slovy „B“; na konci se připojují slova „C“." (zákon
// č. 175/1990 Sb. on zákon č. 140/1961 Sb.), two clauses of one place as with ", ".
// ". " before a reference: "V § 49 odst. 1 se slova „…“ nahrazují slovy „…“.  § 49 odst. 3 zní:" (zákon
// č. 175/1990 Sb.), a sentence the statements were not split at (a § opens it, not a capital).
const CLAUSE_END = '(?=$|,? a |, | zároveň | a zároveň |; |\\. ⟦)';
/** ", a to včetně odkazu na poznámku pod čarou": the footnotes' marks in the text go with them. */
const REFERENCES = `(?:,? a to)?,? včetně (?:odkaz(?:u|ů|y)|značek) (?:v textu )?na (?:ni|ně|ně v textu|(?:tuto |tyto )?poznámk[ayu](?: pod čarou)?|(?:toto|tato) písmen[oa]|(?:tento|tyto) odstavc?e?|(?:tento|tyto) bod[y]?)(?: v textu)?`;
const REPEAL = '(?:zrušuj[eí]|vypouští|vypouštějí|zrušují|nahrazuje prázdným místem)';

/** The clause separator and the whole-act scopes. */
// "…; zároveň se zrušuje označení odstavce 2." (zákon č. 121/2004 Sb. on zákon č. 20/1966 Sb.), ", zároveň …".
// "… a dále v písmenech e), f) a i) se slova …" (zákon č. 132/2000 Sb. on zákon č. 20/1987 Sb.).
const SEPARATOR = /^(?:[,;]? ?a zároveň |[,;]? ?a současně |[,;] (?:zároveň|současně) |,? a dále (?=v |ve )|,? a |, |; | zároveň |\. )/;

// The amended act as a point names it in that scope: its noun, an adjective before it ("trestního
// zákona", zákon č. 223/1999 Sb. on zákon č. 140/1961 Sb.; "občanského zákoníku"), "práce" after it
// ("zákoníku práce", zákon č. 74/1994 Sb.), its number with the acts it stands amended by ("vyhlášky
// č. 132/1964 Sb., ve znění pozdějších předpisů,", vyhláška č. 152/1983 Sb.).
const ACT_AMENDED =
  '(?:\\p{Ll}+(?:ého|ího) ){0,2}(?:zákona|vyhlášky|nařízení vlády|nařízení|zákoníku|řádu|zákoně|vyhlášce|opatření|předpisu)(?: práce)?' +
  '(?: č\\. \\d+/\\d{4} Sb\\.(?:,? ve znění (?:pozdějších předpisů|(?:(?:zákona|vyhlášky|nařízení)(?: vlády)? č\\. \\d+/\\d{4} Sb\\.(?:, | a )?)+),?)?)?';
const EVERYWHERE = new RegExp(
  `^(?:V|Ve) (?:celém textu|celém|všech ustanoveních|textu|celé) ?(?:${ACT_AMENDED})?(?: včetně nadpisů| (?:včetně|kromě|s výjimkou) [^,⟨⟦]*?)?,? ?(?:a (?:v )?(?:příloh(?:ách|ách k zákonu|ách zákona|y|ou)|názvu) [^⟨⟦]*? )?`,
  'u',
);

/**
 * The words that open a change throughout the text ("V celém textu", "Ve všech ustanoveních", "V textu
 * zákona", "V celém zákoně"): one pattern for the reader's sentences and the engine's points.
 */
export const EVERYWHERE_SCOPE =
  '(?:[Vv] celém textu|[Vv]e všech ustanoveních|[Vv] textu (?:zákona|vyhlášky|nařízení|zákoníku)|[Vv] celém (?:zákoně|zákoníku))(?![\\p{L}])';

/** A sentence that opens with a change throughout the text, before any quoted words. */
const EVERYWHERE_SENTENCE = new RegExp(`^${EVERYWHERE_SCOPE}[^„]*?(?<![\\p{L}])se(?![\\p{L}])`, 'u');

class Unsupported extends Error {}

interface Ctx {
  sk: Skeleton;
  /** The sentence's location ("V § 5 odst. 1"), resolved. */
  base: Seg[][];
  baseRefs: TargetRef[];
  everywhere: boolean;
  payload: string | null;
  source: string;
  ops: Operation[];
  /** The targets of the last replacement, for an elliptic one after it ("…, slova „C“ slovy „D“"). */
  lastReplace: TargetRef[] | null;
  /** How many operations the point had before this sentence. */
  opsAtStart: number;
  /** The operations of the point's sentences before this one ("Pod tento nadpis …"). */
  done: readonly Operation[];
}

function targetsOf(ctx: Ctx, refIndex: number, base?: Seg[][]): TargetRef[] {
  const list = ctx.sk.refs[refIndex];
  const out: TargetRef[] = [];
  const bases = base ?? ctx.base;
  for (const chain of list.chains) {
    for (const b of bases.length ? bases : [[]]) out.push(...chainTargets(resolveChain(chain, b), chain));
  }
  return out;
}

function chainsOf(ctx: Ctx, refIndex: number, base?: Seg[][]): Seg[][] {
  const list = ctx.sk.refs[refIndex];
  const bases = base ?? ctx.base;
  const out: Seg[][] = [];
  for (const chain of list.chains) for (const b of bases.length ? bases : [[]]) out.push(resolveChain(chain, b));
  return out;
}

function quote(ctx: Ctx, n: string): string {
  return ctx.sk.quotes[Number(n)];
}

function locTargets(ctx: Ctx): TargetRef[] {
  if (ctx.everywhere) return [{ id: '*' }];
  if (!ctx.baseRefs.length) throw new Unsupported('no location');
  return ctx.baseRefs;
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** How písmena go on after z: za), zb), …; aa), ab), … ; or aa), bb), cc), … (each in some act). */
type PastZ = 'z' | 'a' | 'double';

function letters(ch: boolean, q: boolean, w: boolean, pastZ: PastZ = 'z'): string[] {
  const out: string[] = [];
  for (const c of LATIN) {
    if ((c === 'q' && !q) || (c === 'w' && !w)) continue;
    out.push(c);
    if (c === 'h' && ch) out.push('ch');
  }
  if (pastZ === 'double') for (const c of LATIN) out.push(`${c}${c}`);
  else for (const c of LATIN) out.push(`${pastZ}${c}`);
  return out;
}

/**
 * The letter sequences of písmena: acts differ in whether "ch" follows "h" and whether "q" and
 * "w" are used ("písmena n) až r) se označují jako písmena m) až p)": no q), so a range is
 * expanded in each, and the text decides which one it uses. Past z, "za), zb)" first; "aa), ab)"
 * ("Dosavadní písmena e) až ac) se označují jako písmena f) až ad)", zákon č. 258/2014 Sb. on zákon
 * č. 127/2005 Sb.) and "aa), bb)" ("písmena c) až mm)", vyhláška č. 389/2012 Sb. on vyhláška č. 307/2002
 * Sb.) after, so that a range within a) to z) reads as before.
 */
const ALPHABETS: string[][] = (['z', 'a', 'double'] as PastZ[]).flatMap((pastZ) => [
  letters(false, true, true, pastZ),
  letters(true, true, true, pastZ),
  letters(false, false, true, pastZ),
  letters(true, false, true, pastZ),
  letters(false, false, false, pastZ),
  letters(true, false, false, pastZ),
]);
export const ALPHABET_VARIANTS = ALPHABETS.length;

/**
 * The keys from `from` to `to` inclusive: numbers ("3" … "6"), a number's letter suffixes
 * ("52a" … "52d", "52" … "52c"), or písmena in the given alphabet variant; null when the range
 * is none of these.
 */
export function expandKeyRange(from: string, to: string, variant = 0): string[] | null {
  if (/^\d+$/.test(from) && /^\d+$/.test(to)) {
    const out: string[] = [];
    for (let n = Number(from); n <= Number(to) && out.length < 1000; n++) out.push(String(n));
    return out.length ? out : null;
  }
  const a = /^(\d+)([a-z]*)$/.exec(from);
  const b = /^(\d+)([a-z]*)$/.exec(to);
  if (a && b) {
    if (a[1] !== b[1] || b[2].length !== 1 || a[2].length > 1) return null;
    const out: string[] = a[2] === '' ? [a[1]] : [];
    const start = a[2] === '' ? 'a'.charCodeAt(0) : a[2].charCodeAt(0);
    for (let c = start; c <= b[2].charCodeAt(0); c++) out.push(`${a[1]}${String.fromCharCode(c)}`);
    return out.length ? out : null;
  }
  const alphabet = ALPHABETS[variant] ?? ALPHABETS[0];
  const i = alphabet.indexOf(from);
  const j = alphabet.indexOf(to);
  if (i < 0 || j < i) return null;
  return alphabet.slice(i, j + 1);
}

/** Expands a list of keys with ranges ("3 až 5", "d) až f)", "52a až 52d") in one alphabet variant. */
function expandKeys(keys: Key[], variant = 0): string[] | null {
  const out: string[] = [];
  for (const k of keys) {
    if (k.to === undefined) {
      out.push(k.key);
      continue;
    }
    const r = expandKeyRange(k.key, k.to, variant);
    if (!r) return null;
    out.push(...r);
  }
  return out;
}

/** Renumbering pairs of two reference lists ("odstavce 3 až 5" → "odstavce 2 až 4"), in the first alphabet variant where they pair up. */
function renumberPairs(ctx: Ctx, fromRef: number, toRef: number): { from: string; to: string }[] {
  const from = chainsOf(ctx, fromRef);
  const to = chainsOf(ctx, toRef);
  const flat = (chains: Seg[][], variant: number): string[] | null => {
    const ids: string[] = [];
    for (const segs of chains) {
      const last = segs[segs.length - 1];
      const keys = expandKeys(last.keys, variant);
      if (!keys) return null;
      const prefix = chainTargets(segs.slice(0, -1), null)[0]?.id;
      for (const k of keys) ids.push(`${prefix && prefix !== '*' ? `${prefix}/` : ''}${segId(last.type, k)}`);
    }
    return ids;
  };
  for (let v = 0; v < ALPHABET_VARIANTS; v++) {
    const a = flat(from, v);
    const b = flat(to, v);
    if (a && b && a.length === b.length && a.length) return a.map((x, i) => ({ from: x, to: b[i] }));
  }
  throw new Unsupported('renumbering lists of different lengths');
}

/** Ranges of a renumbering as written, for the engine to expand in the alphabet the text uses. */
function renumberRanges(ctx: Ctx, fromRef: number, toRef: number): { from: TargetRef; to: TargetRef }[] | undefined {
  const a = targetsOf(ctx, fromRef);
  const b = targetsOf(ctx, toRef);
  if (a.length !== b.length || !a.some((t) => t.through)) return undefined;
  return a.map((t, i) => ({ from: t, to: b[i] }));
}

/** The renumbering of the units `fromRef` names as those `toRef` names, with its ranges as written. */
function renumberOp(ctx: Ctx, fromRef: number, toRef: number): Operation {
  const op: Operation = {
    kind: 'renumber',
    targets: targetsOf(ctx, fromRef),
    renumber: renumberPairs(ctx, fromRef, toRef),
    source: ctx.source,
  };
  const ranges = renumberRanges(ctx, fromRef, toRef);
  if (ranges) op.renumberRanges = ranges;
  return op;
}

/**
 * The footnotes a "včetně poznámek pod čarou č. 10d až 10f" names, every one of the range, by the
 * list `readIncluding` gives the operation (`op.footnotes`, which holds the range's first only, or for
 * a repeal the range by its ends, as the engine reads them): the effects store them all.
 */
const FOOTNOTE_RANGES = new WeakMap<string[], string[]>();

/**
 * "§ 187 a 188 včetně společného nadpisu znějí:", "§ 129 a 130 včetně společného nadpisu se
 * vypouštějí", "Za § 279 se vkládají nové § 279a a 279b, které včetně společného nadpisu znějí:"
 * (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.): the heading the §§ share is written above the
 * first of them, where a § has its own, and goes or comes with them. Only for several §§, and a new
 * text that opens with that heading.
 */
function sharedHeading(inc: { rest: string; withHeading: boolean }, ids: readonly TargetRef[], text?: string | null): void {
  if (inc.rest !== 'včetně společného nadpisu') return;
  if (!ids.every((t) => /^par_[^/]+$/.test(t.id) && t.sentence === undefined && !t.part)) return;
  if (ids.length < 2 && !ids.some((t) => t.through)) return;
  if (text !== undefined && (text === null || !/^#{1,6} [^\n#§]+\n\n#{1,6} § \d/u.test(text))) return;
  inc.rest = '';
  inc.withHeading = true;
}

/** Whether the new text sets a heading line right above the label of § (or článek) `id`. */
function headingAboveIn(text: string, id: string): boolean {
  const m = /^(par|cl)_(\d+[a-z]*)$/.exec(id);
  if (!m) return false;
  const label = m[1] === 'par' ? `§ ${m[2]}` : `Čl(?:ánek|\\.) ${m[2]}`;
  return new RegExp(`(?:^|\\n)[ \\t]*#{1,6}[ \\t]+„?[^\\n#§„][^\\n#§]*\\n\\s*\\n[ \\t]*#{1,6}[ \\t]+„?${label}[ \\t]*(?:\\n|$)`, 'u').test(
    text,
  );
}

/** "včetně nadpisu", "včetně poznámky pod čarou č. 5", "včetně nadpisu a poznámek pod čarou č. 3 a 4". */
function readIncluding(
  ctx: Ctx,
  s: string,
  /**
   * "§ 62 včetně poznámky pod čarou č. 11) a § 63 se zrušují", "§ 1 včetně poznámek pod čarou č. 1) a
   * 2), § 2 odst. 1 a 2 … se zrušují", "§ 7 včetně nadpisu a § 8 až 10 se vypouštějí", "§ 98 včetně
   * nadpisu, § 99 a 100 se vypouštějí" (zákon č. 203/1994 Sb., bod 151, on zákon č. 133/1985 Sb.): units
   * after the footnotes or the heading are more targets (a repeal's).
   */
  units?: TargetRef[],
  /**
   * The units a repeal names: "§ 5 až 13 včetně nadpisu nad § 5 se vypouštějí" (vyhláška č. 30/1993
   * Sb., bod 6, on vyhláška č. 143/1965 Sb.) names the heading above the first of them, which goes too
   * (`above`; "§ 15 až 17 se včetně nadpisů a společného nadpisu nad § 15 zrušují", vyhláška č. 156/2023
   * Sb. on vyhláška č. 31/1995 Sb.); "§ 23 až 36 včetně nadpisů hlavy 4, 5 a 6 části II se vypouštějí" (zákon č. 113/1990
   * Sb., bod 45, on zákon č. 42/1980 Sb.) the containers whose labels and headings go too (`labels`).
   * A heading of any other unit is refused.
   */
  named?: readonly TargetRef[],
): { rest: string; withHeading: boolean; footnotes: string[]; spans: string[]; above: TargetRef[]; labels: string[] } {
  let withHeading = false;
  const footnotes: string[] = [];
  /** The footnotes as a repeal takes them: a range by its ends (`fn_8d..fn_8z`), every one between them in the text. */
  const spans: string[] = [];
  const all: string[] = [];
  const above: TargetRef[] = [];
  const labels: string[] = [];
  FOOTNOTE_RANGES.set(footnotes, all);
  const re = new RegExp(
    `(?:^| )(?:včetně|a) (?:((?:jejího |jeho |jejich )?nadpis(?:u|ů)|nadpisů|${R}|odkaz(?:u|ů)? na ${R}|nadpisu a ${R})(?:(?:,? a|,) (?:(?:společného |skupinového )?${R}|odkaz(?:u|ů)? na (?:ni|ně|${R})))*)`,
    'g',
  );
  const rest = s.replace(re, (m) => {
    if (/nadpis/.test(m)) withHeading = true;
    for (const r of m.matchAll(/⟦(\d+)⟧/g)) {
      for (const t of targetsOf(ctx, Number(r[1]), [[]])) {
        if (t.id.startsWith('fn_')) {
          footnotes.push(t.id);
          spans.push(t.through ? `${t.id}..${t.through}` : t.id);
          all.push(...effectIds(t));
        } else if (
          named &&
          t.part === 'heading' &&
          !t.through &&
          /^(?:par|cl)_[^/]+$/.test(t.id) &&
          named.some((n) => n.id === t.id && !n.part)
        )
          above.push(t);
        else if (named && t.part === 'heading' && isContainerSeg(t.id.split('/').pop() ?? '')) {
          if (t.through && !(/_\d+$/.test(t.id) && /_\d+$/.test(t.through))) throw new Unsupported('a range of containers');
          labels.push(...effectIds({ id: t.id, through: t.through }));
        } else if (units && (footnotes.length || withHeading) && /^(?:par|cl|priloha)_/.test(t.id)) units.push(t);
        else throw new Unsupported('včetně with a unit');
      }
    }
    return '';
  });
  FOOTNOTE_RANGES.set(spans, all);
  return { rest: rest.trim(), withHeading, footnotes, spans, above, labels };
}

/**
 * "část věty za středníkem včetně středníku se zrušuje": the part repealed starts at its semicolon,
 * as the engine repeals it; the words say nothing more. Elsewhere they stay, to be refused.
 */
function withoutSemicolon(s: string, targets: TargetRef[]): string {
  return targets.length && targets.every((t) => t.part === 'after_semicolon') ? s.replace(/^ ?,? ?včetně středníku(?= |$)/, '') : s;
}

function newUnitIds(ctx: Ctx, refIndex: number): string[] {
  return targetsOf(ctx, refIndex).flatMap((t) => {
    if (!t.through) return [t.id];
    const chains = chainsOf(ctx, refIndex);
    const out: string[] = [];
    for (const segs of chains) {
      const last = segs[segs.length - 1];
      const keys = expandKeys(last.keys) ?? (last.type === 'par' ? headedKeys(last.keys, ctx.payload) : null);
      if (!keys) throw new Unsupported('a range of new units');
      const prefix = chainTargets(segs.slice(0, -1), null)[0]?.id;
      for (const k of keys) out.push(`${prefix && prefix !== '*' ? `${prefix}/` : ''}${segId(last.type, k)}`);
    }
    return out;
  });
}

/**
 * "Za § 144 se vkládají nové § 144a až 144rr, které … znějí:" (zákon č. 1/2002 Sb., bod 158, on
 * zákon č. 13/1993 Sb.): letters past z (aa, bb, …; za, zb, … in other acts) are no one sequence,
 * so a range's keys are the §§ its quoted text heads between its ends; null when the text lacks an end.
 */
function headedKeys(keys: Key[], payload: string | null): string[] | null {
  if (!payload) return null;
  const headed = [...payload.matchAll(/^#{1,6}\s*„?\s*§\s*(\d+[a-z]*)\s*$/gmu)].map((m) => m[1]);
  const out: string[] = [];
  for (const k of keys) {
    if (k.to === undefined) {
      out.push(k.key);
      continue;
    }
    const from = headed.indexOf(k.key);
    const to = headed.indexOf(k.to);
    if (from < 0 || to < from) return null;
    out.push(...headed.slice(from, to + 1));
  }
  return out;
}

type ClauseFn = (ctx: Ctx, m: RegExpExecArray) => void;

/** A clause pattern: a regular expression over the skeleton (anchored at the clause's start) and what it makes. */
const CLAUSES: [RegExp, ClauseFn][] = [];

function clause(pattern: string, fn: ClauseFn): void {
  CLAUSES.push([new RegExp(`^(?:${pattern})${CLAUSE_END}`, 'u'), fn]);
}

const WORDS_AT = `(?:(na konci|na začátku) (?:${R} )?)?(?:${NOUN} )?${Q}${QUAL}`;

// Punctuation after given words: "čárka za slovem „dodání“ nahrazuje slovem „a“", "za slovem
// „zákonem“ tečka nahrazuje čárkou", "za slovem „obce“ čárka vypouští", "za slova „A“ vkládá
// čárka (a slova „B“)". Read as the words with their punctuation replaced, so that the engine finds
// the one place where the words are followed by it (and refuses where it is not one).
const AFTER_WORDS = '(?:slovem|slovy|slovo|slova|číslem|čísly|číslo|číslicí|textem|text|zkratkou|zkratku|označením|údajem|odkazem)';
const PUNCT_ANY = '(tečka|tečku|čárka|čárku|středník|dvojtečka)';
/** Operations read from punctuation after given words: words added "na konci" after them in the sentence would go elsewhere. */
const PUNCT_AFTER_WORDS = new WeakSet<Operation>();
const punctAfter = (ctx: Ctx, words: string, punct: string, by: string): void => {
  const mark = PUNCT_NOUN[punct];
  const op: Operation = { kind: 'replace_words', targets: locTargets(ctx), old: `${words}${mark}`, new: by, source: ctx.source };
  PUNCT_AFTER_WORDS.add(op);
  ctx.ops.push(op);
};
const ADDING = '(?:doplňuj[eí]|doplňují|vkládá|vkládají|připojuj[eí]|připojují)';
// "za slovy „ošetřeno chladem“ se tečka nahrazuje čárkou a doplňují se slova „a to …“" (vyhláška
// č. 652/2004 Sb., bod 16, on vyhláška č. 202/2003 Sb.): the words follow the new punctuation there.
clause(
  `(?:${PUNCT_ANY} za ${AFTER_WORDS} ${Q}|za ${AFTER_WORDS} ${Q} ${PUNCT_ANY}) nahrazuj[eí] ${PUNCT_INSTR} a ${ADDING} (?:${NOUN} )?${Q}`,
  (ctx, m) => {
    const words = quote(ctx, m[2] ?? m[3]);
    punctAfter(ctx, words, m[1] ?? m[4], `${words}${PUNCT_NOUN[m[5]]} ${quote(ctx, m[6])}`);
  },
);
const punctBy = (ctx: Ctx, words: string, instr: string | undefined, q: string | undefined): string =>
  instr !== undefined ? `${words}${PUNCT_NOUN[instr]}` : `${words} ${quote(ctx, q!)}`;
clause(`${PUNCT_ANY} za ${AFTER_WORDS} ${Q} nahrazuj[eí] (?:${PUNCT_INSTR}|(?:${NOUN_INSTR}|spojkou) ${Q})`, (ctx, m) =>
  punctAfter(ctx, quote(ctx, m[2]), m[1], punctBy(ctx, quote(ctx, m[2]), m[3], m[4])),
);
clause(`za ${AFTER_WORDS} ${Q} ${PUNCT_ANY} nahrazuj[eí] (?:${PUNCT_INSTR}|(?:${NOUN_INSTR}|spojkou) ${Q})`, (ctx, m) =>
  punctAfter(ctx, quote(ctx, m[1]), m[2], punctBy(ctx, quote(ctx, m[1]), m[3], m[4])),
);
// "za slovy „A“ se zrušuje čárka a doplňují se slova „B“", "za slovem „A“ se vypouští tečka a připojují
// se tato slova: „B“" (zákon č. 545/2005 Sb. on zákon č. 235/2004 Sb., zákon č. 142/1996 Sb. on zákon
// č. 513/1991 Sb.): the words go where the mark was, right after "A".
clause(`za ${AFTER_WORDS} ${Q} (?:${PUNCT_ANY} ${REPEAL}|${REPEAL} ${PUNCT_ANY}) a ${ADDING} (?:${NOUN} )?${Q}`, (ctx, m) => {
  const words = quote(ctx, m[1]);
  const added = quote(ctx, m[4]);
  punctAfter(ctx, words, m[2] ?? m[3], /^[,.;:]/.test(added) ? `${words}${added}` : `${words} ${added}`);
});
clause(`${PUNCT_ANY} za ${AFTER_WORDS} ${Q} ${REPEAL}`, (ctx, m) => punctAfter(ctx, quote(ctx, m[2]), m[1], quote(ctx, m[2])));
clause(`za ${AFTER_WORDS} ${Q} (?:${PUNCT_ANY} ${REPEAL}|${REPEAL} ${PUNCT_ANY})`, (ctx, m) =>
  punctAfter(ctx, quote(ctx, m[1]), m[2] ?? m[3], quote(ctx, m[1])),
);
// "za slovo „A“ se vkládá čárka a doplňují se slova „B“": the words follow the mark there too, not
// at the unit's end (MARK_THEN_WORDS).
// "za slovo „Kdo“ vkládají čárka a tato slova: „byť i z nedbalosti“" (the plural of the mark and the
// words, zákon č. 290/1993 Sb., bod 75, on zákon č. 140/1961 Sb.) is the same.
clause(`za ${AFTER_WORDS} ${Q} ${ADDING} ${PUNCT_ANY}(?: a (?:${ADDING} )?(?:${NOUN}:? )?${Q})?`, (ctx, m) => {
  const mark = PUNCT_NOUN[m[2]];
  const add = m[3] !== undefined ? `${mark} ${quote(ctx, m[3])}` : mark;
  ctx.ops.push({ kind: 'insert_words', targets: locTargets(ctx), old: quote(ctx, m[1]), new: add, position: 'after', source: ctx.source });
});
// "za slovy „§ 10 odst. 4“ se slovo „a“ nahrazuje čárkou", "za slovem „státě“ slovo „nebo“ nahrazuje
// čárkou", "… se slovo „a“ zrušuje" (older acts): the word right after the words named; where it is
// not right after them, the words are not found and the point is refused.
clause(`za ${AFTER_WORDS} ${Q} (?:${NOUN}) ${Q} (?:nahrazuj[eí] (?:${PUNCT_INSTR}|(?:${NOUN_INSTR}|spojkou) ${Q})|${REPEAL})`, (ctx, m) => {
  const words = quote(ctx, m[1]);
  // New words that open with a mark ("slovy „, § 10 odst. 2,“") follow the words without a space.
  const by =
    m[4] !== undefined && /^[,.;:]/.test(quote(ctx, m[4]))
      ? `${words}${quote(ctx, m[4])}`
      : m[3] !== undefined || m[4] !== undefined
        ? punctBy(ctx, words, m[3], m[4])
        : words;
  ctx.ops.push({ kind: 'replace_words', targets: locTargets(ctx), old: `${words} ${quote(ctx, m[2])}`, new: by, source: ctx.source });
});

// Replace words: "slova „A“ nahrazují slovy „B“" (and the forms with the subject after the verb).
clause(`(?:(?:v|ve) ${R} )?${WORDS_AT} (?:nahrazuj[eí]|nahrazují|mění na|opravuj[eí]) (?:${NOUN_INSTR} )?${Q}`, (ctx, m) => {
  const targets = m[1] ? targetsOf(ctx, Number(m[1])) : m[3] ? targetsOf(ctx, Number(m[3])) : locTargets(ctx);
  const pos = m[2] === 'na konci' ? 'end' : m[2] === 'na začátku' ? 'start' : undefined;
  const op: Operation = { kind: 'replace_words', targets, old: quote(ctx, m[4]), new: quote(ctx, m[5]), source: ctx.source };
  if (pos) op.position = pos;
  ctx.ops.push(op);
  ctx.lastReplace = targets;
});
clause(
  `(?:(?:v|ve) ${R} )?(?:nahrazuj[eí]|nahrazují) (?:(na konci|na začátku) (?:${R} )?)?(?:${NOUN} )?${Q}${QUAL} (?:${NOUN_INSTR} )?${Q}`,
  (ctx, m) => {
    const targets = m[1] ? targetsOf(ctx, Number(m[1])) : m[3] ? targetsOf(ctx, Number(m[3])) : locTargets(ctx);
    const op: Operation = { kind: 'replace_words', targets, old: quote(ctx, m[4]), new: quote(ctx, m[5]), source: ctx.source };
    if (m[2]) op.position = m[2] === 'na konci' ? 'end' : 'start';
    ctx.ops.push(op);
    ctx.lastReplace = targets;
  },
);
// Words replaced by punctuation: "na konci písmene c) slovo „a“ nahrazuje čárkou".
clause(`${WORDS_AT} (?:nahrazuj[eí]|nahrazují) ${PUNCT_INSTR}`, (ctx, m) => {
  const targets = m[2] ? targetsOf(ctx, Number(m[2])) : locTargets(ctx);
  if (m[2]) enter(ctx, Number(m[2]));
  const op: Operation = { kind: 'replace_words', targets, old: quote(ctx, m[3]), new: PUNCT_NOUN[m[4]], source: ctx.source };
  if (m[1]) op.position = m[1] === 'na konci' ? 'end' : 'start';
  ctx.ops.push(op);
});
// The verb left out: "…, slova „C“ slovy „D“".
clause(`(?:(?:v|ve) ${R} )?(?:${NOUN} )?${Q}${QUAL} (?:${NOUN_INSTR} )${Q}`, (ctx, m) => {
  if (!ctx.lastReplace) throw new Unsupported('an elliptic replacement without a verb before it');
  const targets = m[1] ? targetsOf(ctx, Number(m[1])) : ctx.lastReplace;
  ctx.ops.push({ kind: 'replace_words', targets, old: quote(ctx, m[2]), new: quote(ctx, m[3]), source: ctx.source });
});
// Punctuation: "na konci odstavce 1 tečka nahrazuje čárkou", "tečka nahrazuje slovem „a“".
clause(
  `(?:(na konci|na začátku) (?:(?:textu )?${R} |(odstavce|písmene|bodu) )?)?(?:textu )?${PUNCT} (?:na konci (?:(?:textu )?${R} )?)?(?:nahrazuj[eí]) (?:${PUNCT_INSTR}|(?:${NOUN_INSTR} )?${Q})`,
  (ctx, m) => {
    const refN = m[2] ?? m[5];
    // "na konci odstavce se tečka nahrazuje …" (no number): the odstavec of the sentence's location
    // ("V § 8 odst. 3 písm. e) se slovo „nebo“ zrušuje, na konci odstavce …", zákon č. 314/2022 Sb.,
    // bod 10, on zákon č. 40/1995 Sb.), which the clauses after it keep ("a doplňuje se písmeno g)").
    const targets = refN ? targetsOf(ctx, Number(refN)) : m[3] ? enterBare(ctx, m[3]) : locTargets(ctx);
    // "na konci odstavce 1 …, a doplňuje se písmeno f)": the rest of the sentence is in odstavec 1.
    if (refN) enter(ctx, Number(refN));
    const old = PUNCT_NOUN[m[4]];
    const nw = m[6] ? PUNCT_NOUN[m[6]] : quote(ctx, m[7]);
    ctx.ops.push({ kind: 'replace_words', targets, old, new: nw, position: m[1] === 'na začátku' ? 'start' : 'end', source: ctx.source });
  },
);
clause(`(?:(na konci) (?:(?:textu )?${R} )?)?${PUNCT} (?:na konci (?:(?:textu )?${R} )?)?${REPEAL}`, (ctx, m) => {
  const refN = m[2] ?? m[4];
  const targets = refN ? targetsOf(ctx, Number(refN)) : locTargets(ctx);
  ctx.ops.push({ kind: 'replace_words', targets, old: PUNCT_NOUN[m[3]], new: '', position: 'end', source: ctx.source });
  // "V § 1 se na konci písmene v) čárka zrušuje a doplňují se slova „…“" (vyhláška č. 89/2000 Sb., on
  // vyhláška č. 327/1997 Sb.): the words go where the mark was, not at the end of the §.
  if (refN) enter(ctx, Number(refN));
});
// A footnote's mark in the location's text, not the footnote: "V § 5 odst. 2 se odkaz na poznámku pod
// čarou č. 3 nahrazuje odkazem na poznámku pod čarou č. 4" (the mark `^3)` becomes `^4)`), "… se
// odkaz na poznámku pod čarou č. 3a) zrušuje" (the mark goes).
function markOf(ctx: Ctx, refIndex: number): string {
  const t = targetsOf(ctx, refIndex, [[]]);
  if (t.length !== 1 || !/^fn_[0-9]+[a-z]*$/.test(t[0].id) || t[0].through) throw new Unsupported('a reference to no one footnote');
  return `^${t[0].id.slice(3)})`;
}
// "…, která zní: „^10a) …“" after the mark (zákon č. 130/2003 Sb. on zákon č. 20/1966 Sb., and
// others): the new footnote's text, written as "Poznámka pod čarou č. 10a) zní:" would be.
const NEW_NOTE = `(?:,? (?:která|který) zní:?(?: ${Q})?)?`;
function newNote(ctx: Ctx, m: RegExpExecArray, refIndex: number, q: string | undefined): void {
  if (!/ zní/.test(m[0])) return;
  const text = q !== undefined ? quote(ctx, q) : ctx.payload;
  if (text === null) throw new Unsupported('a new footnote without its text');
  const t = targetsOf(ctx, refIndex, [[]]);
  ctx.ops.push({ kind: 'new_wording', targets: [{ id: t[0].id }], text, source: ctx.source });
}
clause(`odkaz na ${R} (?:nahrazuj[eí]|nahrazují) odkazem na ${R}${NEW_NOTE}`, (ctx, m) => {
  ctx.ops.push({
    kind: 'replace_words',
    targets: locTargets(ctx),
    old: markOf(ctx, Number(m[1])),
    new: markOf(ctx, Number(m[2])),
    source: ctx.source,
  });
  newNote(ctx, m, Number(m[2]), m[3]);
});
// "V § 178 odst. 9 se za slova „společnosti registrované“ vkládá odkaz na poznámku pod čarou č. 2)."
// (older acts): the footnote's mark right after the words.
clause(`za ${AFTER_WORDS} ${Q} (?:vkládá|vkládají|doplňuj[eí]) odkaz na ${R}${NEW_NOTE}`, (ctx, m) => {
  // Inserted, not replaced: words there twice leave the place unsure (a mark is one place's).
  ctx.ops.push({
    kind: 'insert_words',
    targets: locTargets(ctx),
    old: quote(ctx, m[1]),
    new: markOf(ctx, Number(m[2])),
    position: 'after',
    source: ctx.source,
  });
  newNote(ctx, m, Number(m[2]), m[3]);
});
clause(`odkaz na ${R} ${REPEAL}|${REPEAL} odkaz na ${R}`, (ctx, m) => {
  ctx.ops.push({ kind: 'replace_words', targets: locTargets(ctx), old: markOf(ctx, Number(m[1] ?? m[2])), new: '', source: ctx.source });
});
// "V § 4 odst. 3 se odkazy na poznámky pod čarou č. 3f a 3r zrušují" (zákon č. 120/2008 Sb., bod 36,
// on zákon č. 110/1997 Sb.): each footnote's mark goes, as for one.
clause(`odkazy na ${R} ${REPEAL}|${REPEAL} odkazy na ${R}`, (ctx, m) => {
  const notes = targetsOf(ctx, Number(m[1] ?? m[2]), [[]]);
  if (!notes.length || notes.some((t) => t.through || !/^fn_[0-9]+[a-z]*$/.test(t.id))) throw new Unsupported('marks of no footnotes');
  for (const t of notes)
    ctx.ops.push({ kind: 'replace_words', targets: locTargets(ctx), old: `^${t.id.slice(3)})`, new: '', source: ctx.source });
});
// "V § 5 odst. 2 se odkaz na poznámku pod čarou č. 3 nahrazuje odkazem na poznámku pod čarou č. 4 a
// poznámka pod čarou č. 3 se zrušuje": the mark replaced, then the old footnote repealed (the two
// footnotes read as one list). Only where the footnote repealed is the one whose mark was replaced.
clause(`odkaz na ${R} (?:nahrazuj[eí]|nahrazují) odkazem na ${R} ${REPEAL}`, (ctx, m) => {
  const old = markOf(ctx, Number(m[1]));
  const pair = targetsOf(ctx, Number(m[2]), [[]]);
  if (pair.length !== 2 || pair.some((t) => t.through || !/^fn_[0-9]+[a-z]*$/.test(t.id)) || `^${pair[1].id.slice(3)})` !== old)
    throw new Unsupported('a mark replaced and another footnote repealed');
  ctx.ops.push({ kind: 'replace_words', targets: locTargets(ctx), old, new: `^${pair[0].id.slice(3)})`, source: ctx.source });
  ctx.ops.push({ kind: 'repeal', targets: [{ id: pair[1].id }], source: ctx.source });
});
// Words and the footnote mark after them: "se slova „A“ a odkaz na poznámku pod čarou č. 5 zrušují"
// (the footnote itself stays: other units may cite it).
clause(`(?:${NOUN} )?${Q} a odkaz na ${R} ${REPEAL}`, (ctx, m) => {
  ctx.ops.push({
    kind: 'replace_words',
    targets: locTargets(ctx),
    old: `${quote(ctx, m[1])}${markOf(ctx, Number(m[2]))}`,
    new: '',
    source: ctx.source,
  });
});
// Pairs replaced in one clause: "slova „A“ a „B“ nahrazují slovy „C“ a „D“" ("A" by "C", "B" by "D").
// Not "ve všech ustanoveních": there the source writes the pairs in every case and number.
clause(`(?:${NOUN} )?${Q} a (?:${NOUN} )?${Q} (?:nahrazuj[eí]|nahrazují) (?:${NOUN_INSTR} )?${Q} a (?:${NOUN_INSTR} )?${Q}`, (ctx, m) => {
  if (ctx.everywhere) throw new Unsupported('pairs of words replaced in the whole act');
  const targets = locTargets(ctx);
  ctx.ops.push({ kind: 'replace_words', targets, old: quote(ctx, m[1]), new: quote(ctx, m[3]), source: ctx.source });
  ctx.ops.push({ kind: 'replace_words', targets, old: quote(ctx, m[2]), new: quote(ctx, m[4]), source: ctx.source });
  ctx.lastReplace = targets;
});
/** Whether words hold others as whole words (the engine finds words so: "prokurátor" is not in "prokurátora"). */
function holdsWords(a: string, b: string): boolean {
  const esc = (x: string) =>
    x
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s+');
  const re = (x: string) => new RegExp(`(?<![\\p{L}\\d])${esc(x)}(?![\\p{L}\\d])`, 'u');
  return re(b).test(a) || re(a).test(b);
}
// Two words replaced by the same: "se slova „prokurátor“ a „prokurátora“ nahrazují slovem „soudce“"
// (zákon č. 326/1993 Sb. on zákon č. 283/1991 Sb.), "se slovo „A“ a slova „B“ nahrazují slovem „C“".
// Not where one holds the other ("„notářství“ a „státní notářství“"): the order would change the result.
clause(`(?:${NOUN} )?${Q} a (?:${NOUN} )?${Q} (?:nahrazuj[eí]|nahrazují) (?:${NOUN_INSTR} )?${Q}`, (ctx, m) => {
  if (ctx.everywhere) throw new Unsupported('two words replaced in the whole act');
  const [a, b] = [quote(ctx, m[1]), quote(ctx, m[2])];
  if (holdsWords(a, b)) throw new Unsupported('two words replaced, one inside the other');
  // "… se za slovem „hodnosti“ vypouštějí čárka a slova „a to“ a slova „B“ se nahrazují slovy „C“"
  // (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.): after another clause the first words may belong
  // to it. Read only as the sentence's first clause.
  if (ctx.ops.length > ctx.opsAtStart) throw new Unsupported('two words replaced after another clause');
  const targets = locTargets(ctx);
  ctx.ops.push({ kind: 'replace_words', targets, old: a, new: quote(ctx, m[3]), source: ctx.source });
  ctx.ops.push({ kind: 'replace_words', targets, old: b, new: quote(ctx, m[3]), source: ctx.source });
  ctx.lastReplace = targets;
});
// The same words inserted in two places: "se za slova „A“ a za slova „B“ vkládají slova „C“" (zákon
// č. 45/2019 Sb. on zákon č. 350/2011 Sb.). Not where one of the places holds the other.
clause(`(za|před) (?:${NOUN} )?${Q} a \\1 (?:${NOUN} )?${Q} (?:vkládá|vkládají|doplňuj[eí]) (?:${NOUN} )?${Q}`, (ctx, m) => {
  const [a, b] = [quote(ctx, m[2]), quote(ctx, m[3])];
  if (holdsWords(a, b)) throw new Unsupported('words inserted in two places, one inside the other');
  const position = m[1] === 'za' ? 'after' : 'before';
  for (const old of [a, b])
    ctx.ops.push({ kind: 'insert_words', targets: locTargets(ctx), old, new: quote(ctx, m[4]), position, source: ctx.source });
});
// "V § 23 odst. 1 se za slovem „život“ vypouštějí slova „pracujícího člověka“" (zákon č. 175/1990 Sb. on
// zákon č. 140/1961 Sb.): the words where they follow the given ones, read as both replaced by the first.
clause(`za ${AFTER_WORDS} ${Q} ${REPEAL} (?:${NOUN} )?${Q}`, (ctx, m) => {
  const after = quote(ctx, m[1]);
  ctx.ops.push({ kind: 'replace_words', targets: locTargets(ctx), old: `${after} ${quote(ctx, m[2])}`, new: after, source: ctx.source });
});
// Delete words: "slova „A“ zrušují", "zrušují slova „A“", "vypouštějí slova „A“".
clause(`(?:(?:v|ve) ${R} )?${WORDS_AT} ${REPEAL}`, (ctx, m) => {
  const targets = m[1] ? targetsOf(ctx, Number(m[1])) : m[3] ? targetsOf(ctx, Number(m[3])) : locTargets(ctx);
  const op: Operation = { kind: 'replace_words', targets, old: quote(ctx, m[4]), new: '', source: ctx.source };
  if (m[2]) op.position = m[2] === 'na konci' ? 'end' : 'start';
  ctx.ops.push(op);
});
// Several words, or words and a footnote, repealed together: "slova „A“ a slova „B“ se zrušují",
// "slova „A“ a poznámka pod čarou č. 5 se zrušují", "slova „A^5)“ včetně poznámky pod čarou č. 5 se zrušují".
clause(`((?:(?:${NOUN} )?${Q}(?:,| a| a dále)? )+)(?:(?:a|včetně) ${R} )?${REPEAL}`, (ctx, m) => {
  const quotes = [...m[1].matchAll(/⟨(\d+)⟩/g)].map((x) => quote(ctx, x[1]));
  // m[2] is the last quotation of the repeated group.
  if (quotes.length < 2 && !m[3]) throw new Unsupported('one quotation');
  const targets = locTargets(ctx);
  const named = m[3] ? targetsOf(ctx, Number(m[3])) : [];
  // "V § 13 odst. 1 větě druhé se slova „…“ a věta třetí zrušují" (zákon č. 89/2012 Sb. on zákon
  // č. 26/2000 Sb., and others): words and a sentence of the same place, each its own repeal. The
  // sentence goes first, counted in the text before: words that end their sentence with a comma
  // would join it to the next ("…, přitom … parcel.“ a věta poslední", vyhláška č. 164/2009 Sb. on
  // vyhláška č. 26/2007 Sb.).
  const units = targets.map((t) => t.id);
  if (named.length && named.every((t) => t.sentence !== undefined && !t.part && units.includes(t.id))) {
    ctx.ops.push({ kind: 'repeal', targets: named, source: ctx.source });
    for (const q of quotes) ctx.ops.push({ kind: 'replace_words', targets, old: q, new: '', source: ctx.source });
    return;
  }
  const fns = named.map((t) => t.id);
  if (!fns.every((id) => id.startsWith('fn_'))) throw new Unsupported('words and a unit repealed together');
  // "slova „… z bytu.“ včetně poznámky pod čarou č. 12 se zrušují" (vyhláška č. 551/2002 Sb., bod 14,
  // on vyhláška č. 82/1993 Sb.): the words go with the footnote's mark after them, which the act
  // left out of the quotation (and nowhere else: the mark may stand in other units too).
  const last = quotes.length - 1;
  if (fns.length === 1 && !/\^[0-9a-z]+\)$/.test(quotes[last])) quotes[last] += `^${fns[0].slice(3)})`;
  for (const q of quotes) ctx.ops.push({ kind: 'replace_words', targets, old: q, new: '', source: ctx.source });
  if (fns.length) ctx.ops.push({ kind: 'repeal', targets: fns.map((id) => ({ id })), source: ctx.source });
});
// Several words deleted, the verb first: "se vypouštějí slova „socialistická organizace“ a
// „organizace“" (zákon č. 56/1991 Sb., § 103 písm. b)).
clause(`(?:(?:v|ve) ${R} )?${REPEAL} ((?:${NOUN} )?${Q}(?:(?:,| a| a dále) (?:${NOUN} )?${Q})+)${QUAL}`, (ctx, m) => {
  const targets = m[1] ? targetsOf(ctx, Number(m[1])) : locTargets(ctx);
  for (const x of m[2].matchAll(/⟨(\d+)⟩/g))
    ctx.ops.push({ kind: 'replace_words', targets, old: quote(ctx, x[1]), new: '', source: ctx.source });
});
clause(`(?:(?:v|ve) ${R} )?${REPEAL} (?:(na konci|na začátku) (?:${R} )?)?(?:${NOUN} )?${Q}${QUAL}`, (ctx, m) => {
  const targets = m[1] ? targetsOf(ctx, Number(m[1])) : m[3] ? targetsOf(ctx, Number(m[3])) : locTargets(ctx);
  const op: Operation = { kind: 'replace_words', targets, old: quote(ctx, m[4]), new: '', source: ctx.source };
  if (m[2]) op.position = m[2] === 'na konci' ? 'end' : 'start';
  ctx.ops.push(op);
});
// Insert words: "za slova „A“ vkládají slova „B“", "před slovo „A“ vkládá slovo „B“".
clause(
  `(?:(?:v|ve) ${R} )?(za|před) (?:${NOUN} )?${Q}${QUAL} (?:vkládá|vkládají|doplňuj[eí]) (?:nov[éáý] )?(?:${NOUN} )?${Q}`,
  (ctx, m) => {
    const targets = m[1] ? targetsOf(ctx, Number(m[1])) : locTargets(ctx);
    ctx.ops.push({
      kind: 'insert_words',
      targets,
      old: quote(ctx, m[3]),
      new: quote(ctx, m[4]),
      position: m[2] === 'za' ? 'after' : 'before',
      source: ctx.source,
    });
  },
);
clause(
  `(?:(?:v|ve) ${R} )?(?:vkládá|vkládají|doplňuj[eí]) (za|před) (?:${NOUN} )?${Q}${QUAL} (?:nov[éáý] )?(?:${NOUN} )?${Q}`,
  (ctx, m) => {
    const targets = m[1] ? targetsOf(ctx, Number(m[1])) : locTargets(ctx);
    ctx.ops.push({
      kind: 'insert_words',
      targets,
      old: quote(ctx, m[3]),
      new: quote(ctx, m[4]),
      position: m[2] === 'za' ? 'after' : 'before',
      source: ctx.source,
    });
  },
);
// "V § 90 odst. 2 se na konci úvodní části ustanovení doplňují slova „…“", "na konci textu úvodní části
// ustanovení se doplňuje slovo „…“" (zákon č. 302/2008 Sb. on zákon č. 235/2004 Sb., zákon č. 33/2020 Sb.
// on zákon č. 358/1992 Sb.): the words end the location's úvodní část.
clause(`na konci (?:textu )?úvodní části (?:ustanovení|textu) ${ADDING} (?:${NOUN} )?${Q}`, (ctx, m) => {
  const targets = locTargets(ctx).map((t): TargetRef => {
    if ((t.part && t.part !== 'intro') || t.sentence !== undefined || t.id === '*') throw new Unsupported('an úvodní část of a part');
    return { ...t, part: 'intro' };
  });
  ctx.ops.push({ kind: 'append_words', targets, new: quote(ctx, m[1]), position: 'end', source: ctx.source });
});
// Append words at the end: "na konci (textu) odstavce 4 doplňuje věta „…“", "doplňují na konci slova „…“";
// "na konci (textu) (odstavce|písmene) …" without a number is the location's own unit; "na konci připojuje věta:" has the text after it.
clause(
  `(?:na (konci|začátku|začátek) (?:textu |části )?(?:(odstavce|písmene|bodu|věty|ustanovení|paragrafu|položky)(?= |$) ?)?(?:${R} )?)?(?:doplňuj[eí]|připojuj[eí]|vkládá|vkládají|připisuj[eí]) (?:na (konci|začátku|začátek) (?:textu )?(?:(odstavce|písmene|bodu|věty|ustanovení)(?= |$) ?)?(?:${R} )?)?(?:nov[áéý] |další )?(?:${NOUN})?(?:,? (?:která|které|který)((?: včetně [^:]*?)?) (?:zní|znějí))?(?::? ?${Q}|:)`,
  (ctx, m) => {
    const refN = m[3] ?? m[6];
    const bare = m[2] ?? m[5];
    const targets = refN ? targetsOf(ctx, Number(refN)) : bare ? bareTargets(ctx, bare) : locTargets(ctx);
    // "připojuje se věta" without a place: at the end.
    const where = m[1] ?? m[4] ?? 'konci';
    // "doplňuje věta, která včetně poznámky pod čarou č. 19 zní:": the footnote's text follows the sentence's.
    const inc = readIncluding(ctx, m[7] ?? '');
    if (inc.rest || inc.withHeading) throw new Unsupported(`"${inc.rest || 'nadpisu'}" with words added`);
    const add = m[8] !== undefined ? quote(ctx, m[8]) : ctx.payload;
    if (add === null) throw new Unsupported('words added without their text');
    const op: Operation = { kind: 'append_words', targets, new: add, position: where === 'konci' ? 'end' : 'start', source: ctx.source };
    if (inc.footnotes.length) op.footnotes = inc.footnotes;
    ctx.ops.push(op);
  },
);
// "za slova „A“ vkládají slova:" with the text after it.
clause(`(za|před) (?:${NOUN} )?${Q}${QUAL} (?:vkládá|vkládají|doplňuj[eí]) (?:nov[éáý] )?(?:${NOUN})?:`, (ctx, m) => {
  if (ctx.payload === null) throw new Unsupported('words inserted without their text');
  ctx.ops.push({
    kind: 'insert_words',
    targets: locTargets(ctx),
    old: quote(ctx, m[2]),
    new: ctx.payload,
    position: m[1] === 'za' ? 'after' : 'before',
    source: ctx.source,
  });
});
// Sentence replaced or inserted: "věta druhá nahrazuje větou „…“", "za větu první vkládá věta „…“".
clause(`${R} nahrazuj[eí] (?:${NOUN_INSTR}) ${Q}`, (ctx, m) => {
  const targets = targetsOf(ctx, Number(m[1]));
  ctx.ops.push({ kind: 'new_wording', targets, text: quote(ctx, m[2]), source: ctx.source });
});
// "za větu první doplňuje věta, která zní:" with the sentence after it.
clause(
  `(za|před) ${R} (?:vkládá|vkládají|doplňuj[eí]) (?:nov[áéý] )?(?:věta|věty|text|slova)(?:,? (?:která|které) (?:zní|znějí))?(?::? ?${Q}|:)`,
  (ctx, m) => {
    const targets = targetsOf(ctx, Number(m[2]));
    if (!targets.every((t) => t.sentence !== undefined)) throw new Unsupported('words inserted after a unit');
    const add = m[3] !== undefined ? quote(ctx, m[3]) : ctx.payload;
    if (add === null) throw new Unsupported('a sentence inserted without its text');
    ctx.ops.push({ kind: 'append_words', targets, new: add, position: m[1] === 'za' ? 'end' : 'start', source: ctx.source });
  },
);
// New wording of units: "odstavec 2 zní:", "§ 5 včetně nadpisu zní:", "nadpis § 5 zní: „…“", "věta druhá zní: „…“".
clause(`(?:(?:v|ve) ${R} )?${R}((?: (?:včetně|a) [^:]*?)?) (?:zní|znějí|zní takto|znějí takto):?(?: ${Q})?`, (ctx, m) => {
  const inc = readIncluding(ctx, m[3]);
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const targets = targetsOf(ctx, Number(m[2]), base);
  const text = m[4] !== undefined ? quote(ctx, m[4]) : ctx.payload;
  sharedHeading(inc, targets, text);
  if (inc.rest) throw new Unsupported(`"${inc.rest}" before zní`);
  if (text === null) throw new Unsupported('zní without a new text');
  const op: Operation = { kind: 'new_wording', targets, text, source: ctx.source };
  if (inc.withHeading) op.withHeading = true;
  if (inc.footnotes.length) op.footnotes = inc.footnotes;
  ctx.ops.push(op);
});
// "V § 5 nadpis zní:" / "V § 5 úvodní část ustanovení zní:" are references too; "text § 5 zní" is its whole text.
clause(`(?:(?:v|ve) ${R} )?(?:text|dosavadní text) (?:${R} )?(?:zní|zní takto):?(?: ${Q})?`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const targets = m[2] ? targetsOf(ctx, Number(m[2]), base) : locTargets(ctx);
  const text = m[3] !== undefined ? quote(ctx, m[3]) : ctx.payload;
  if (text === null) throw new Unsupported('zní without a new text');
  ctx.ops.push({ kind: 'new_wording', targets, text, source: ctx.source });
});
// The location's sentence replaced: "V § 10 odst. 3 věta čtvrtá nahrazuje větou „…“".
clause(`(?:nahrazuj[eí]) (?:${NOUN_INSTR}) ${Q}`, (ctx, m) => {
  ctx.ops.push({ kind: 'new_wording', targets: locTargets(ctx), text: quote(ctx, m[1]), source: ctx.source });
});
// "středník a část věty za středníkem (včetně poznámky pod čarou č. 36) se zrušují", "část věty za středníkem zní: „…“".
clause(
  `(středník a |čárka a )?(?:text |slova )?(?:část|části) (?:věty|ustanovení|textu|odstavce|písmene|bodu) (za|před) (?:středníkem|čárkou)(?:,? včetně středníku)?((?: (?:včetně|a) [^⟨]*?)?) ${REPEAL}`,
  (ctx, m) => {
    const inc = readIncluding(ctx, m[3]);
    if (inc.rest) throw new Unsupported(`"${inc.rest}" in a part repealed`);
    const part: TextPart = m[2] === 'za' ? 'after_semicolon' : 'before_semicolon';
    if (m[1] && m[1].startsWith('čárka')) throw new Unsupported('a part after a comma');
    const op: Operation = { kind: 'repeal', targets: locTargets(ctx).map((t) => ({ ...t, part })), source: ctx.source };
    if (inc.footnotes.length) op.footnotes = inc.spans;
    ctx.ops.push(op);
  },
);
clause(
  `(?:text |slova )?(?:část|části) (?:věty|ustanovení|textu|odstavce|písmene|bodu) (za|před) středníkem (?:zní|nahrazuje (?:${NOUN_INSTR} )?):? ${Q}`,
  (ctx, m) => {
    const part: TextPart = m[1] === 'za' ? 'after_semicolon' : 'before_semicolon';
    ctx.ops.push({
      kind: 'new_wording',
      targets: locTargets(ctx).map((t) => ({ ...t, part })),
      text: quote(ctx, m[2]),
      source: ctx.source,
    });
  },
);
// The location's own new wording or repeal: "V § 5 odstavec 2 zní:" reads as one reference, then the verb.
clause(`((?:(?:včetně|a) [^:]*?)?) ?(?:zní|znějí|zní takto|znějí takto):?(?: ${Q})?`, (ctx, m) => {
  // "V příloze č. 4 k nařízení vlády zní: „2. …“" (nařízení vlády č. 369/2010 Sb. on nařízení vlády
  // č. 53/2009 Sb.): the place alone, with the unit that reads left out, is no new wording of the place.
  const place = /^[Vv]e? ⟦(\d+)⟧ (?:zní|znějí)/.exec(ctx.sk.s);
  if (place && ctx.sk.refs[Number(place[1])].chains.every((c) => c.segs.length < 2 && !c.heading && !c.part))
    throw new Unsupported('"V …" names no unit that reads');
  const inc = readIncluding(ctx, m[1]);
  if (inc.rest) throw new Unsupported(`"${inc.rest}" before zní`);
  const text = m[2] !== undefined ? quote(ctx, m[2]) : ctx.payload;
  if (text === null) throw new Unsupported('zní without a new text');
  const op: Operation = { kind: 'new_wording', targets: locTargets(ctx), text, source: ctx.source };
  if (inc.withHeading) op.withHeading = true;
  if (inc.footnotes.length) op.footnotes = inc.footnotes;
  ctx.ops.push(op);
});
// "V § 20 se odstavec 2 a označení odstavce 1 zrušuje." (zákon č. 123/2000 Sb. on zákon č. 20/1966
// Sb.): one unit repealed, and the one left loses its number (its text becomes its parent's).
clause(`(?:(?:v|ve) ${R} )?${R} a (?:označení|číslo|číslování) ${R} ${REPEAL}`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  ctx.ops.push({ kind: 'repeal', targets: targetsOf(ctx, Number(m[2]), base), source: ctx.source });
  const t = targetsOf(ctx, Number(m[3]), chainsOf(ctx, Number(m[2]), base));
  ctx.ops.push({ kind: 'renumber', targets: t, renumber: t.map((x) => ({ from: x.id, to: '' })), source: ctx.source });
});
// The same with the repealed unit as the sentence's place ("V § 20 odstavec 2" is one reference).
clause(`a (?:označení|číslo|číslování) ${R} ${REPEAL}`, (ctx, m) => {
  ctx.ops.push({ kind: 'repeal', targets: locTargets(ctx), source: ctx.source });
  const t = targetsOf(ctx, Number(m[1]));
  ctx.ops.push({ kind: 'renumber', targets: t, renumber: t.map((x) => ({ from: x.id, to: '' })), source: ctx.source });
});
clause(`((?:(?:včetně|a) [^⟨]*?)?) ?${REPEAL}(${REFERENCES})?`, (ctx, m) => {
  const inc = readIncluding(ctx, withoutSemicolon(m[1], locTargets(ctx)));
  if (inc.rest) throw new Unsupported(`"${inc.rest}" before zrušuje`);
  const op: Operation = { kind: 'repeal', targets: locTargets(ctx), source: ctx.source };
  if (m[2]) op.withReferences = true;
  if (inc.withHeading) op.withHeading = true;
  if (inc.footnotes.length) op.footnotes = inc.spans;
  ctx.ops.push(op);
});
// "V § 588 se vypouští odstavec 2 a zrušuje se číslování odstavců" (zákon č. 264/1992 Sb., bod 18,
// on zákon č. 40/1964 Sb.): the odstavce the § keeps lose their numbers (`odst_*`: every one the
// text has then).
const NUMBERING_OF_ODSTAVCE = '(?:zároveň |současně )?(?:zrušuje|vypouští|ruší) (?:číslování|označení) odstavců';
function dropNumbering(ctx: Ctx): void {
  // The § of the location, or of the sentence's subject ("§ 460 odst. 2 se vypouští a …").
  const located = ctx.base.flatMap((b) => chainTargets(b, null)).map((t) => t.id);
  const named = located.length ? located : ctx.ops.flatMap((o) => o.targets.map((t) => t.id));
  const ids = [...new Set(named.map((id) => id.split('/')[0]))];
  if (ids.length !== 1 || !/^par_[^/]+$/.test(ids[0])) throw new Unsupported('odstavce of no one §');
  ctx.ops.push({ kind: 'renumber', targets: [{ id: ids[0] }], renumber: [{ from: `${ids[0]}/odst_*`, to: '' }], source: ctx.source });
}
clause(NUMBERING_OF_ODSTAVCE, (ctx) => dropNumbering(ctx));
clause(`(?:(?:v|ve) ${R} )?${REPEAL} ${R}(?:,? a |; )${NUMBERING_OF_ODSTAVCE}`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  ctx.ops.push({ kind: 'repeal', targets: targetsOf(ctx, Number(m[2]), base), source: ctx.source });
  dropNumbering(ctx);
});
// "V § 5 se vypouští odstavec 2 a označení odstavce 1": the odstavec left loses its number.
clause(`(?:(?:v|ve) ${R} )?${REPEAL} ${R} a (?:označení|číslo|číslování) ${R}`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const t = targetsOf(ctx, Number(m[3]), base);
  ctx.ops.push({ kind: 'repeal', targets: targetsOf(ctx, Number(m[2]), base), source: ctx.source });
  ctx.ops.push({ kind: 'renumber', targets: t, renumber: t.map((x) => ({ from: x.id, to: '' })), source: ctx.source });
});
// Repeal units: "odstavec 2 zrušuje", "§ 5 včetně nadpisu zrušuje", "zrušuje odstavec 2", "věta druhá zrušuje".
clause(`(?:(?:v|ve) ${R} )?${R}((?: (?:včetně|a) [^⟨]*?)?) ${REPEAL}(${REFERENCES})?`, (ctx, m) => {
  const more: TargetRef[] = [];
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const named = targetsOf(ctx, Number(m[2]), base);
  const inc = readIncluding(ctx, withoutSemicolon(m[3], named), more, named);
  sharedHeading(inc, named);
  if (inc.rest) throw new Unsupported(`"${inc.rest}" before zrušuje`);
  // The heading above the first § goes first, while that § is there to find it by.
  for (const t of inc.above) ctx.ops.push({ kind: 'repeal', targets: [t], source: ctx.source });
  // "§ 7 včetně nadpisu a § 8 až 10", "část šestá včetně nadpisu a čl. IX": the heading goes with whole
  // units only (of odstavce it would be the §'s, which the engine drops only where one § is named).
  const whole = (t: TargetRef) => !/(?:^|\/)(?:odst|pism|bod|fn)_/.test(t.id) && t.sentence === undefined && !t.part;
  if (inc.withHeading && more.length && ![...named, ...more].every(whole)) throw new Unsupported('a heading with parts of units in a list');
  const op: Operation = { kind: 'repeal', targets: [...named, ...more], source: ctx.source };
  if (m[4]) op.withReferences = true;
  if (inc.withHeading) op.withHeading = true;
  if (inc.footnotes.length) op.footnotes = inc.spans;
  ctx.ops.push(op);
  // The containers' labels and headings after the §§ they held, as "označení hlavy … včetně nadpisu".
  if (inc.labels.length)
    ctx.ops.push({
      kind: 'renumber',
      targets: inc.labels.map((id): TargetRef => ({ id })),
      renumber: inc.labels.map((id) => ({ from: id, to: '' })),
      withHeading: true,
      source: ctx.source,
    });
});
// "se vypouští písmeno b) a dosavadní písmeno c) se označuje jako písmeno b)" (zákon č. 180/1990 Sb.
// on zákon č. 54/1956 Sb.): the renumbering after "a" is a clause of its own.
clause(`(?:(?:v|ve) ${R} )?${REPEAL} ${R}((?: (?:včetně|a) (?![Dd]osavadní )[^⟨]*?)?)`, (ctx, m) => {
  const inc = readIncluding(ctx, m[3]);
  if (inc.rest) throw new Unsupported(`"${inc.rest}" after zrušuje`);
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const op: Operation = { kind: 'repeal', targets: targetsOf(ctx, Number(m[2]), base), source: ctx.source };
  if (inc.withHeading) op.withHeading = true;
  if (inc.footnotes.length) op.footnotes = inc.spans;
  ctx.ops.push(op);
});
// The location itself repealed: "V § 5 … se zrušuje" does not occur; "§ 5 se zrušuje" is a reference then the verb.
// A heading put below the label of a § that has none: "Pod označení § 30b se vkládá nadpis, který
// zní: „Předvedení nebo oprava přístroje“." (zákon č. 102/2017 Sb., bod 24, on zákon č. 121/2000 Sb.).
// "Pod označení § 295 se vkládá nadpis „Svémocné vzdálení“." (zákon č. 557/1991 Sb. on zákon č. 140/1961
// Sb.), with the heading's mark before the quotation or none: the quotation is the heading.
clause(`pod označením? ${R} (?:vkládá|doplňuje) (?:nový )?nadpis(?:,? (?:který zní|znějící):?)?(?: (?:#{1,6} )?${Q})?`, (ctx, m) => {
  const targets = targetsOf(ctx, Number(m[1])).map((t): TargetRef => ({ ...t, part: 'heading' }));
  const text = m[2] !== undefined ? quote(ctx, m[2]) : ctx.payload;
  if (text === null) throw new Unsupported('a heading without its text');
  ctx.ops.push({ kind: 'insert', targets, text, source: ctx.source });
});
const isContainerSeg = (seg: string): boolean => /^(?:cast|hlava|dil|oddil|pododdil)_/.test(seg);

const CONTAINER_WORDS: [RegExp, string][] = [
  [/^(?:ČÁST|Část)$/u, 'cast'],
  [/^(?:HLAVA|Hlava)$/u, 'hlava'],
  [/^(?:DÍL|Díl)$/u, 'dil'],
  [/^(?:ODDÍL|Oddíl)$/u, 'oddil'],
  [/^(?:PODODDÍL|Pododdíl)$/u, 'pododdil'],
];

/** The container whose label a new text opens with ("#### „Oddíl druhý" → `oddil_2`), or null. */
function payloadContainer(payload: string): string | null {
  const line = payload
    .split('\n')
    .map((l) =>
      l
        .replace(/^[ \t]*#{1,6}[ \t]+/, '')
        .replace(/^„/, '')
        .trim(),
    )
    .find((l) => l);
  const m = line ? /^(\p{L}+)[ \t]+(.+)$/u.exec(line.replace(/[“".]+$/, '')) : null;
  const type = m ? CONTAINER_WORDS.find(([re]) => re.test(m[1]))?.[1] : undefined;
  const n = type ? containerNumber(m![2]) : null;
  return type && n && !n.rest ? `${type}_${n.key}` : null;
}

// "Nad § 280 se vkládá nadpis, který zní: „Oddíl druhý …“", "Pod nadpis hlavy dvanácté „…“ se vkládá
// další nadpis, který zní: „Oddíl první …“", "Pod tento nadpis se vkládá další nadpis, který zní:"
// after "Nadpis hlavy jedenácté zní:" (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.): a "heading"
// that is a container's label and title, put among the units as the container it is. Any other
// heading above a § stays unread (whose heading it is, the §'s or a shared one, is unsaid).
// "V části druhé se nad slova „§ 4“ vkládají slova: „HLAVA I …“", "V části páté se nad § 49a vkládají
// slova: „Díl 4 …“", "nad § 7 vkládá tento text:" (zákon č. 225/2006 Sb. on zákon č. 49/1997 Sb.):
// the same, the containers of the sentence's place above the new one.
//
// A heading that is no container's, above a § or článek: "Nad § 24b se vkládá nadpis, který zní:
// „Společná ustanovení ke správním deliktům“." (zákon č. 378/2015 Sb., bod 61, on zákon č. 634/1992
// Sb.), "Nad označení § 10 se vkládá nadpis, který zní:" (zákon č. 135/2019 Sb., bod 15, on zákon
// č. 114/1995 Sb.). Whose heading it is (the §'s or the group's) stays unsaid, but the source writes
// either above the label: the engine puts it there where the unit has no heading yet.
clause(
  `(?:(nad|před) (?:označení |označením )?(?:${R}|slova ${Q})|pod (?:${R}(?: ${Q})?|(tento nadpis))) (?:vkládá|vkládají|doplňuje) (?:nový |další )?(?:(?:skupinový|společný) )?(?:nadpis|slova|text)(?:,? (?:který zní|znějící))?:?(?: ${Q})?`,
  (ctx, m) => {
    const [, where, anchorRef, anchorWords, headingRef, , self, q] = m;
    const payload = q !== undefined ? quote(ctx, q) : ctx.payload;
    const seg = payload === null ? null : payloadContainer(payload);
    if (!seg && where === 'nad' && anchorRef !== undefined && payload !== null && /nadpis/.test(m[0])) {
      const targets = targetsOf(ctx, Number(anchorRef));
      const t = targets[0];
      const title = payload.replace(/^[ \t]*#{1,6}[ \t]+/, '').trim();
      if (targets.length !== 1 || t.part || t.through || t.sentence !== undefined || !/^(?:par|cl)_[^/]+$/.test(t.id))
        throw new Unsupported('a heading above a unit');
      if (!title || /\n/.test(title)) throw new Unsupported('a heading above a unit on several lines');
      ctx.ops.push({ kind: 'insert', targets: [{ id: t.id, part: 'heading' }], text: title, position: 'before', source: ctx.source });
      return;
    }
    if (!seg) throw new Unsupported('a heading above a unit');
    if (where) {
      const words = anchorWords !== undefined ? /^§ ?(\d+[a-z]{0,3})$/.exec(quote(ctx, anchorWords).trim()) : null;
      if (anchorWords !== undefined && !words) throw new Unsupported('words above words');
      const targets = words ? [{ id: `par_${words[1]}` }] : targetsOf(ctx, Number(anchorRef));
      if (targets.length !== 1 || targets[0].part || targets[0].through) throw new Unsupported('a container label above several units');
      const place =
        ctx.baseRefs.length === 1 &&
        ctx.baseRefs[0].id.split('/').every(isContainerSeg) &&
        !ctx.baseRefs[0].part &&
        !ctx.baseRefs[0].through;
      const newId = place ? `${ctx.baseRefs[0].id}/${seg}` : seg;
      ctx.ops.push({
        kind: 'insert',
        targets,
        newIds: [newId],
        text: payload!,
        position: 'before',
        withHeading: true,
        source: ctx.source,
      });
      return;
    }
    const last = ctx.done[ctx.done.length - 1];
    const targets = self
      ? last?.kind === 'new_wording' && last.targets.length === 1
        ? last.targets
        : []
      : targetsOf(ctx, Number(headingRef));
    const t = targets[0];
    if (targets.length !== 1 || t.part !== 'heading' || t.through || !t.id.split('/').every(isContainerSeg))
      throw new Unsupported('a container label below no container heading');
    ctx.ops.push({
      kind: 'insert',
      targets: [{ ...t }],
      newIds: [`${t.id}/${seg}`],
      text: payload!,
      position: 'after',
      withHeading: true,
      source: ctx.source,
    });
  },
);
// Insert units: "za odstavec 2 vkládá nový odstavec 3, který zní:", "za § 52 vkládají nové §§ 52a a 52b, které včetně nadpisů znějí:".
// A container's label put among §§: "Za § 52 se vkládá označení nové hlavy III, které včetně nadpisu
// zní:", "V části první hlavě II se nad § 5 vkládá označení dílu 3, …", "Za § 52 se vkládají
// označení a nadpis nové hlavy III, které znějí:" (the label is the new container, "nad" is before).
clause(
  `(?:(?:v|ve) ${R} )?(za|před|nad) ${R} (?:vkládá|vkládají|doplňuj[eí]|připojuj[eí]) ((?:nové )?označení (?:a nadpis |a (?=⟦))?)?(?:nov(?:[ýáéí]|ého) |dalš[íí] )?${R}((?: (?:včetně|a) [^,]*?)?)(?:,? (?:kter[ýáéí]|jež)((?: (?:včetně|a) [^:]*?)?) (?:zní|znějí)| v tomto znění):?(?: ${Q})?`,
  (ctx, m) => {
    const [, locRef, where, anchorRef, label, newRef, inc1, inc2, q] = m;
    // "Za § 77 se vkládá označení nové části osmé včetně nadpisu v tomto znění:" (zákon č. 310/2008 Sb.,
    // bod 34, on zákon č. 61/2000 Sb.) is "…, které zní:"; so are "nové označení části V" and
    // "včetně jejího nadpisu".
    const base = locRef ? chainsOf(ctx, Number(locRef)) : ctx.base;
    const newIds = newUnitIdsAt(ctx, Number(newRef), base);
    const text = q !== undefined ? quote(ctx, q) : ctx.payload;
    const inc = readIncluding(ctx, `${inc1} ${inc2 ?? ''}`.trim(), undefined, label ? undefined : newIds.map((id) => ({ id })));
    // "Za § 42 se vkládají nové § 43, 44, 45 a 45a, které včetně nadpisu nad § 43 znějí:" (zákon
    // č. 152/1995 Sb. on zákon č. 140/1961 Sb.), "…, který včetně nadpisu nad označením § 2a zní:":
    // the heading above a new § is a line of the new text, which the insertion puts in with it, as
    // "včetně nadpisu" does. Only where the new text sets that heading right above the §'s label.
    for (const t of inc.above)
      if (text === null || !headingAboveIn(text, t.id)) throw new Unsupported('a heading above a new § the new text does not set');
    if (inc.above.length) inc.withHeading = true;
    if (!label)
      sharedHeading(
        inc,
        newIds.map((id) => ({ id })),
        text,
      );
    if (inc.rest) throw new Unsupported(`"${inc.rest}" in an insertion`);
    if (label && !newIds.every((id) => isContainerSeg(id.split('/').pop() ?? ''))) throw new Unsupported('a label of no container');
    // "označení a nadpis hlavy II" (the reference reads "nadpis hlavy II" as one): label and heading.
    if (label?.includes('nadpis') || label?.endsWith(' a ')) inc.withHeading = true;
    const anchor = targetsOf(ctx, Number(anchorRef), base);
    if (text === null) throw new Unsupported('an insertion without its text');
    const op: Operation = {
      kind: 'insert',
      targets: anchor,
      newIds,
      text,
      position: where === 'za' ? 'after' : 'before',
      source: ctx.source,
    };
    if (inc.withHeading) op.withHeading = true;
    if (inc.footnotes.length) op.footnotes = inc.footnotes;
    ctx.ops.push(op);
  },
);
// Append units: "doplňuje odstavec 4, který zní:", "na konci § 5 doplňuje odstavec 3", "doplňuje odstavcem 3";
// "vkládá nový odstavec 1" without a place: where its number puts it.
clause(
  `(?:(?:v|ve) ${R} )?(?:na konci (?:${R} )?)?(doplňuj[eí]|připojuj[eí]|vkládá|vkládají) (?:na konci (?:${R} )?)?(?:nov(?:[ýáéí]|ým|ými) |dalš(?:í|ím|ími) )?${R}((?: (?:včetně|a) [^,]*?)?),? (?:kter[ýáéí]|jež)((?: (?:včetně|a) [^:]*?)?) (?:zní|znějí):?(?: ${Q})?`,
  (ctx, m) => {
    const inc = readIncluding(ctx, `${m[6]} ${m[7]}`.trim());
    if (inc.rest) throw new Unsupported(`"${inc.rest}" in an addition`);
    let base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
    const where = m[2] ?? m[4];
    if (where) base = chainsOf(ctx, Number(where), base);
    const newIds = newUnitIdsAt(ctx, Number(m[5]), base);
    const text = m[8] !== undefined ? quote(ctx, m[8]) : ctx.payload;
    if (text === null) throw new Unsupported('an addition without its text');
    const targets = base.length ? base.flatMap((b) => chainTargets(b, null)) : [{ id: '*' }];
    const byNumber = m[3].startsWith('vkládá') && !where;
    const op: Operation = byNumber
      ? { kind: 'insert', targets, newIds, text, position: 'by_number', source: ctx.source }
      : { kind: 'append', targets, newIds, text, position: 'end', source: ctx.source };
    if (inc.withHeading) op.withHeading = true;
    if (inc.footnotes.length) op.footnotes = inc.footnotes;
    ctx.ops.push(op);
  },
);
// "V § 9 se dosavadní odstavec 6 označuje jako odstavec 7 a zní:" (a renumbering, then the new
// wording of the unit under its new number): "a zní" names the renumbered unit, not the sentence's place.
clause(`(?:(?:v|ve) ${R} )?(?:[Dd]osavadní )?${R} (?:označuj[eí]|označují) (?:jako )?${R} a (?:zní|znějí):?(?: ${Q})?`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const saved = ctx.base;
  ctx.base = base;
  try {
    const pairs = renumberPairs(ctx, Number(m[2]), Number(m[3]));
    if (renumberRanges(ctx, Number(m[2]), Number(m[3]))) throw new Unsupported('a range renumbered with a new wording');
    const text = m[4] !== undefined ? quote(ctx, m[4]) : ctx.payload;
    if (text === null) throw new Unsupported('zní without a new text');
    ctx.ops.push({ kind: 'renumber', targets: targetsOf(ctx, Number(m[2])), renumber: pairs, source: ctx.source });
    ctx.ops.push({ kind: 'new_wording', targets: pairs.map((p) => ({ id: p.to })), text, source: ctx.source });
  } finally {
    ctx.base = saved;
  }
});
// "§ 101 až 107 se označují jako § 60a až 60g a slova „…“ se v nich nahrazují slovy „…“" (zákon
// č. 297/1990 Sb. on zákon č. 194/1988 Sb.): the words replaced in the units under their new numbers.
clause(
  `(?:[Dd]osavadní )?${R} (?:označuj[eí]|označují) (?:jako )?${R} a (?:${NOUN} )?${Q} v nich (?:nahrazuj[eí]|nahrazují) (?:${NOUN_INSTR} )?${Q}`,
  (ctx, m) => {
    ctx.ops.push(renumberOp(ctx, Number(m[1]), Number(m[2])));
    const targets = targetsOf(ctx, Number(m[2]));
    ctx.ops.push({ kind: 'replace_words', targets, old: quote(ctx, m[3]), new: quote(ctx, m[4]), source: ctx.source });
    ctx.lastReplace = targets;
  },
);
// Renumbering: "Dosavadní odstavce 3 a 4 označují jako odstavce 2 a 3", "dosavadní text označuje jako odstavec 1".
clause(
  // The references also before the verb or "jako" ("Dosavadní poznámky pod čarou č. 2a) a 2b), včetně
  // odkazů na ně, se označují jako …", zákon č. 137/2002 Sb. on zákon č. 505/1990 Sb.; "… se označují
  // včetně odkazů na ně jako poznámky pod čarou č. 9 až 11", vyhláška č. 425/2004 Sb. on vyhláška č. 213/2001 Sb.).
  // "se označí jako" (zákon č. 113/1990 Sb., bod 7, on zákon č. 42/1980 Sb.) and "se označuji jako" as
  // the act misspells it (vyhláška č. 311/2009 Sb. on vyhláška č. 31/1995 Sb.).
  `(?:(?:v|ve) ${R} )?(?:[Dd]osavadní )?${R}(${REFERENCES},?)? (?:označuj[eí]|označují|označuji|označí|přečíslovávají|nově označuj[eí])(${REFERENCES})? (?:jako )?${R}(${REFERENCES})?`,
  (ctx, m) => {
    const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
    const saved = ctx.base;
    ctx.base = base;
    try {
      const op = renumberOp(ctx, Number(m[2]), Number(m[5]));
      if (m[3] || m[4] || m[6]) op.withReferences = true;
      ctx.ops.push(op);
    } finally {
      ctx.base = saved;
    }
  },
);
// "Označení hlavy třetí části druhé se včetně nadpisu nahrazuje takto: „Hlava druhá SPOLUVLASTNICTVÍ“."
// (zákon č. 509/1991 Sb., bod 54, on zákon č. 40/1964 Sb.): the container takes the label the new
// text writes (a container of the same kind) and the heading below it.
clause(`(?:(?:v|ve) ${R} )?označení ${R} včetně nadpisu nahrazuje (?:takto|tímto):?`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const from = targetsOf(ctx, Number(m[2]), base);
  const seg = ctx.payload === null ? null : payloadContainer(ctx.payload);
  const t = from[0];
  const own = t ? (t.id.split('/').pop() ?? '') : '';
  if (from.length !== 1 || t.part || t.through || !seg || !isContainerSeg(own) || own.split('_')[0] !== seg.split('_')[0])
    throw new Unsupported('a label replaced by one of another kind');
  const to = t.id.includes('/') ? `${t.id.slice(0, t.id.lastIndexOf('/'))}/${seg}` : seg;
  if (to !== t.id) ctx.ops.push({ kind: 'renumber', targets: from, renumber: [{ from: t.id, to }], source: ctx.source });
  ctx.ops.push({ kind: 'new_wording', targets: [{ id: to, part: 'heading' }], text: ctx.payload!, source: ctx.source });
});
// "Dosavadní část čtvrtá se označuje jako „ČÁST PÁTÁ“." (vyhláška č. 26/1982 Sb., bod 5, on vyhláška
// č. 44/1978 Sb.): a container renumbered to the label the quotation writes, of the same kind.
clause(`(?:[Dd]osavadní )?${R} (?:označuje|se označuje) jako ${Q}`, (ctx, m) => {
  const from = targetsOf(ctx, Number(m[1]));
  const seg = payloadContainer(quote(ctx, m[2]));
  const t = from[0];
  const own = t ? (t.id.split('/').pop() ?? '') : '';
  if (from.length !== 1 || t.part || t.through || !seg || !isContainerSeg(own) || own.split('_')[0] !== seg.split('_')[0])
    throw new Unsupported('a unit renumbered to a quoted label');
  const to = t.id.includes('/') ? `${t.id.slice(0, t.id.lastIndexOf('/'))}/${seg}` : seg;
  ctx.ops.push({ kind: 'renumber', targets: from, renumber: [{ from: t.id, to }], source: ctx.source });
});
clause(`(?:(?:v|ve) ${R} )?[Dd]osavadní text(?: ${R})? (?:označuje|označuje jako|se označuje jako) (?:jako )?${R}`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const owner = m[2] ? targetsOf(ctx, Number(m[2]), base) : base.flatMap((b) => chainTargets(b, null));
  if (owner.length !== 1) throw new Unsupported('dosavadní text of several units');
  const to = targetsOf(ctx, Number(m[3]), owner.length === 1 ? [chainOfId(owner[0].id)] : base);
  const newId = to.length === 1 ? to[0].id : null;
  if (!newId || !newId.startsWith(`${owner[0].id}/`)) throw new Unsupported('dosavadní text renumbered elsewhere');
  ctx.ops.push({ kind: 'renumber', targets: owner, renumber: [{ from: owner[0].id, to: newId }], source: ctx.source });
  // "Dosavadní text § 19 se označuje jako odstavec 1 a doplňuje se odstavcem 2" (zákon č. 96/1977 Sb.,
  // on zákon č. 40/1956 Sb.): the unit named is where the rest of the sentence adds.
  if (!m[1]) ctx.base = [chainOfId(owner[0].id)];
});
// "V části první se označení hlavy II včetně nadpisu zrušuje", "Označení dosavadní části druhé až
// jedenácté se včetně nadpisů zrušuje" (zákon č. 105/2006 Sb., bod 7, on zákon č. 262/2004 Sb.): a
// container's label and heading go, what it held stays (under the container before it). Only
// containers, each of a range named.
clause(`(?:(?:v|ve) ${R} )?označení (?:dosavadní )?${R} včetně (?:nadpisu|nadpisů) ${REPEAL}`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const ids = targetsOf(ctx, Number(m[2]), base).flatMap((t) => {
    if (t.part || t.sentence !== undefined || !/^(?:cast|hlava|dil|oddil|pododdil)_/.test(t.id.split('/').pop() ?? ''))
      throw new Unsupported('the label of a unit that is no container');
    const all = effectIds(t);
    if (t.through && !(/_\d+$/.test(t.id) && /_\d+$/.test(t.through))) throw new Unsupported('a range of containers');
    return all;
  });
  const targets = ids.map((id): TargetRef => ({ id }));
  ctx.ops.push({ kind: 'renumber', targets, renumber: ids.map((id) => ({ from: id, to: '' })), withHeading: true, source: ctx.source });
});
// "zároveň se zrušuje označení odstavce 1": the one unit left loses its number.
clause(`(?:(?:v|ve) ${R} )?(?:zrušuje|vypouští|ruší) (?:označení|číslo|číslování) ${R}`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const t = targetsOf(ctx, Number(m[2]), base);
  ctx.ops.push({ kind: 'renumber', targets: t, renumber: t.map((x) => ({ from: x.id, to: '' })), source: ctx.source });
});
clause(`(?:(?:v|ve) ${R} )?(?:označení|číslo) ${R} ${REPEAL}`, (ctx, m) => {
  const base = m[1] ? chainsOf(ctx, Number(m[1])) : ctx.base;
  const t = targetsOf(ctx, Number(m[2]), base);
  ctx.ops.push({ kind: 'renumber', targets: t, renumber: t.map((x) => ({ from: x.id, to: '' })), source: ctx.source });
});

/** The segments of a plain unit id (`par_5/odst_1` → § 5, odst. 1), for resolving against it. */
function chainOfId(id: string): Seg[] {
  const parsed = parseProvisionId(id);
  if (!parsed) return [];
  const last = parsed.segments.length - 1;
  // A repeated number keeps its mark, so that it resolves to no unit rather than to the first of that number.
  return parsed.segments.map((seg, i) => ({
    type: seg.word as SegType,
    keys: [{ key: (seg.key ?? '') + (i === last && parsed.repeat > 1 ? `~${parsed.repeat}` : '') }],
  }));
}

/** "na konci odstavce" (no number): the location cut to that unit, without the sentence or part named before. */
function bareTargets(ctx: Ctx, noun: string): TargetRef[] {
  const type = noun === 'odstavce' ? 'odst' : noun === 'písmene' ? 'pism' : noun === 'bodu' ? 'bod' : noun === 'věty' ? 'veta' : 'unit';
  return locTargets(ctx).map((t) => {
    if (type === 'veta') return t;
    const segs = t.id.split('/');
    const i = type === 'unit' ? 0 : segs.findIndex((x) => x.startsWith(`${type}_`));
    if (i < 0) throw new Unsupported(`"na konci ${noun}" outside one`);
    return { id: segs.slice(0, i + 1).join('/') };
  });
}

/** "na konci odstavce" (no number) as a clause's own location: the location cut to that unit, for the clauses after it too. */
function enterBare(ctx: Ctx, noun: string): TargetRef[] {
  const targets = bareTargets(ctx, noun);
  const type = noun === 'odstavce' ? 'odst' : noun === 'písmene' ? 'pism' : 'bod';
  ctx.base = ctx.base.map((chain) => {
    const i = chain.findIndex((x) => x.type === type);
    if (i < 0) throw new Unsupported(`"na konci ${noun}" outside one`);
    return chain.slice(0, i + 1);
  });
  ctx.baseRefs = targets;
  return targets;
}

/** A clause's own location ("na konci odstavce 1 …") holds for the clauses after it in the sentence. */
function enter(ctx: Ctx, refIndex: number): void {
  const chains = chainsOf(ctx, refIndex);
  ctx.base = chains;
  ctx.baseRefs = targetsOf(ctx, refIndex);
}

function newUnitIdsAt(ctx: Ctx, refIndex: number, base: Seg[][]): string[] {
  const saved = ctx.base;
  ctx.base = base;
  try {
    return newUnitIds(ctx, refIndex);
  } finally {
    ctx.base = saved;
  }
}

/** The shape of a sentence, for counting forms: quotations as „…“, numbers as N, letters as x). */
export function instructionForm(sentence: string): string {
  const sk = skeletonQuotesOnly(sentence);
  return sk
    .replace(/\s+/g, ' ')
    .replace(/§\s*\d+[a-z]*/g, '§ N')
    .replace(/\b\d+[a-z]?\)/g, 'x)')
    .replace(/(?<![\p{L}])[a-z]{1,2}\)/gu, 'x)')
    .replace(/\d+(?:\.\d+)*[a-z]?/g, 'N')
    .replace(/(?<=(?:čl\.|Čl\.|[Hh]lav\p{L}*|[Dd]íl\p{L}*|[Čč]ást\p{L}*|[Oo]ddíl\p{L}*|[Čč]lán\p{L}*)\s)[IVXLC]+(?![\p{L}])/gu, 'R')
    .trim()
    .slice(0, 160);
}

function skeletonQuotesOnly(sentence: string): string {
  let out = '';
  for (let i = 0; i < sentence.length; i++) {
    if (sentence[i] === OPEN || sentence[i] === '"') {
      const end = quoteEnd(sentence, i);
      if (end > 0) {
        out += '„…“';
        i = end - 1;
        continue;
      }
    }
    out += sentence[i];
  }
  return out;
}

/**
 * The base a sentence's own place resolves against: the place of the sentence before when the
 * reference starts below the §, článek or příloha that numbers the act through, else none.
 */
function underPrevious(ctx: Ctx, refIndex: number, previous: Seg[][]): Seg[][] {
  const first = ctx.sk.refs[refIndex].chains[0]?.segs[0];
  if (!first || first.type === 'fn' || LEVEL[first.type] <= 6) return [[]];
  return previous.some((b) => b.some((x) => LEVEL[x.type] === 6)) ? previous : [[]];
}

/**
 * Reads one statement into operations (pushed on `ops`); throws Unsupported. A sentence without a
 * location of its own ("Dosavadní písmena d) až f) …") reads its references in the location of
 * the sentence before it (`previous`); returns its own location for the next one.
 */
/** "V příloze v části B " (with the optional class path of vyhláška č. 323/2002 Sb.'s items before the verb). */
const ANNEX_ITEM_PLACE =
  /^V příloze(?: č\. (\d+[a-z]?))? v části ([A-Z]) (?:v třídě \d+, seskupení položek \d+, podseskupení položek \d+ )?/u;
const ANNEX_ITEM_FORMS: [RegExp, (m: RegExpExecArray, st: Statement) => Omit<Operation, 'targets' | 'source'> | null][] = [
  [
    /^náplň položky (\d+) zní:$/u,
    (m, st) => (st.payload ? { kind: 'new_wording', text: st.payload, item: { part: '', key: m[1], field: 'content' } } : null),
  ],
  [
    /^se doplňuje náplň položky (\d+), která zní:$/u,
    (m, st) =>
      st.payload ? { kind: 'append_words', position: 'end', new: st.payload, item: { part: '', key: m[1], field: 'added_content' } } : null,
  ],
  [
    /^se na konci náplně položky (\d+) doplňuj(?:e|í) (?:věta|věty|slova) „([^„“]+)“\.?$/u,
    (m) => ({ kind: 'append_words', position: 'end', new: m[2], item: { part: '', key: m[1], field: 'content' } }),
  ],
  [
    /^položka (\d+) zní:$/u,
    (m, st) => (st.payload ? { kind: 'new_wording', text: st.payload, item: { part: '', key: m[1], field: 'row' } } : null),
  ],
  [
    /^se za položku (\d+) (?:vkládá nová položka (\d+), která zní|doplňuje (?:nová )?položka (\d+), jejíž název a náplň (?:znějí|zní)):$/u,
    (m, st) =>
      st.payload
        ? { kind: 'insert', position: 'after', text: st.payload, item: { part: '', key: m[1], field: 'row', newKey: m[2] ?? m[3] } }
        : null,
  ],
  [/^se položka (\d+) zrušuje\.$/u, (m) => ({ kind: 'repeal', item: { part: '', key: m[1], field: 'row' } })],
];

/**
 * "v náplni položky 5222 se text „3050“ nahrazuje textem „3051“", "v náplni položky 2229 v odstavci
 * 2 se za slovo „daní“ vkládají slova „a poplatků“" (vyhláška č. 343/2019 Sb. on vyhláška č.
 * 323/2002 Sb.): words of an item's náplň. An odstavec or věta named in the náplň narrows nothing
 * the engine reads: it finds the words once in the item's cell.
 */
const ANNEX_ITEM_WORDS =
  /^(?:v|ve) náplni položky (\d+)((?: (?:v )?(?:odstavci \d+|větě (?:první|druhé|třetí|čtvrté|páté|šesté|poslední)))*) (se [^:]+)$/u;

/** Words of an annex item's náplň (`ANNEX_ITEM_WORDS`) as word operations on the item's cell, or null. */
function readAnnexItemWords(st: Statement, place: RegExpExecArray, rest: string): Operation | null {
  const m = ANNEX_ITEM_WORDS.exec(rest);
  if (!m) return null;
  const ops: Operation[] = [];
  try {
    readStatement({ sentence: `V příloze ${m[3]}`, payload: null, source: st.source }, ops, [[]]);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  // One change of words in the cell; a punctuation mark or an end of the náplň ("na konci") is
  // another place's than the words found in it.
  if (ops.length !== 1) return null;
  const op = ops[0];
  if ((op.kind !== 'replace_words' && op.kind !== 'insert_words') || op.replaceEnd || op.footnotes?.length) return null;
  if (op.kind === 'replace_words' && op.position) return null;
  if (op.kind === 'insert_words' && op.position !== 'after' && op.position !== 'before') return null;
  if (!op.old?.trim()) return null;
  return {
    ...op,
    item: { part: place[2], key: m[1], field: 'content' },
    targets: [{ id: segId('priloha', place[1] ? annexKey(place[1]) : '') }],
    source: st.source,
  };
}

/**
 * An item of an annex's lettered part (`AnnexItem`), in the forms of vyhláška č. 323/2002 Sb.'s
 * amending acts: the operation targets the annex, its `item` the row. Null when the sentence is
 * not one of them.
 */
function readAnnexItem(st: Statement): Operation | null {
  const place = ANNEX_ITEM_PLACE.exec(st.sentence);
  if (!place) return null;
  const rest = st.sentence.slice(place[0].length).trim();
  const words = readAnnexItemWords(st, place, rest);
  if (words) return words;
  for (const [re, make] of ANNEX_ITEM_FORMS) {
    const m = re.exec(rest);
    if (!m) continue;
    const op = make(m, st);
    if (!op?.item) return null;
    return {
      ...op,
      item: { ...op.item, part: place[2] },
      targets: [{ id: segId('priloha', place[1] ? annexKey(place[1]) : '') }],
      source: st.source,
    };
  }
  return null;
}

/**
 * A part of an annex named by its heading line, given a new text or followed by a new part: "V
 * příloze č. 240 část „Druhy“ zní:", "V příloze č. 76 se za část „Navrhovaná kategorie zvláště
 * chráněného území“ vkládá nová část, která zní:", "… vkládá nová část „Typy přírodních
 * stanovišť“, která zní:" (nařízení vlády č. 371/2009 Sb. on nařízení vlády č. 132/2005 Sb.). The
 * target is the annex with the part's heading (`section`); a new part's own heading, where the act
 * names it, opens the new text.
 */
const ANNEX_PART_WORDING = /^V příloze č\. (\d+[a-z]?) část „([^„“\n]+)“ zní:$/u;
const ANNEX_PART_INSERT =
  /^V příloze č\. (\d+[a-z]?) se za část „([^„“\n]+)“ (?:vkládá|doplňuje) (?:nová )?část(?: „([^„“\n]+)“)?, která zní:$/u;

/**
 * "V příloze č. 1 se za slova „Příloha č. 1 k vyhlášce č. 642/2004 Sb.“ vkládá nadpis přílohy „Vzor
 * občanského průkazu …“." (vyhláška č. 65/2008 Sb. on vyhláška č. 642/2004 Sb.): a title for an
 * annex that has none, below its label (the words named).
 */
const ANNEX_TITLE_INSERT = /^V příloze č\. (\d+[a-z]?) se za slova „([^„“\n]+)“ vkládá nadpis přílohy „([^„“\n]+)“\.?$/u;

/**
 * "Text před přílohou č. 809 zní: „Zlínský kraj …“" (nařízení vlády č. 371/2009 Sb. on nařízení
 * vlády č. 132/2005 Sb.): the lines between the annex before and annex č. 809's label.
 */
const TEXT_BEFORE_ANNEX = /^Text před přílohou č\. (\d+[a-z]?) zní:$/u;

/** An annex's title put below its label (`ANNEX_TITLE_INSERT`): the words after which it goes are the label. */
export function isAnnexTitleInsert(op: Operation): boolean {
  const t = op.targets[0];
  return op.kind === 'insert' && op.old !== undefined && t?.part === 'heading' && /^priloha(?:_[^/]+)?$/.test(t.id);
}

function readAnnexPart(st: Statement): Operation | null {
  const before = TEXT_BEFORE_ANNEX.exec(st.sentence);
  if (before && st.payload)
    return {
      kind: 'new_wording',
      text: st.payload,
      beforeAnnex: true,
      targets: [{ id: segId('priloha', annexKey(before[1])) }],
      source: st.source,
    };
  const title = ANNEX_TITLE_INSERT.exec(st.sentence);
  if (title && !st.payload)
    return {
      kind: 'insert',
      position: 'after',
      old: title[2],
      text: title[3],
      targets: [{ id: segId('priloha', annexKey(title[1])), part: 'heading' }],
      source: st.source,
    };
  if (!st.payload) return null;
  const wording = ANNEX_PART_WORDING.exec(st.sentence);
  if (wording)
    return {
      kind: 'new_wording',
      text: st.payload,
      targets: [{ id: segId('priloha', annexKey(wording[1])), section: wording[2] }],
      source: st.source,
    };
  const insert = ANNEX_PART_INSERT.exec(st.sentence);
  if (insert)
    return {
      kind: 'insert',
      position: 'after',
      text: st.payload,
      ...(insert[3] ? { newHeading: insert[3] } : {}),
      targets: [{ id: segId('priloha', annexKey(insert[1])), section: insert[2] }],
      source: st.source,
    };
  return null;
}

/**
 * "V § 104a odst. 1 se v úvodní části ustanovení slova …" (zákon č. 152/2023 Sb., on zákon č.
 * 127/2005 Sb.), "V § 35b se v úvodní větě slova …": the part after "se" is the place's, as in
 * "V § 104a odst. 1 úvodní části ustanovení se slova …", which the references read.
 */
const PART_AFTER_SE = /^((?:V|Ve) [^„:]+?) se v (úvodní (?:části ustanovení|části textu|větě))(?= )/u;

/**
 * "návětí" (the words that introduce a list) as "úvodní část ustanovení", in the places the grammar
 * reads that part: "V návětí § 264 se slovo „nebo“ nahrazuje čárkou …" (zákon č. 175/1990 Sb. on
 * zákon č. 140/1961 Sb.), "V § 35 odst. 1 se v návětí slovo „A“ nahrazuje …" (zákon č. 132/2000 Sb. on
 * zákon č. 20/1987 Sb.), "V § 88 se v návětí odstavce 1 za slovo „A“ vkládají …", "§ 105 odst. 3
 * návětí zní:" (zákon č. 83/1998 Sb. on zákon č. 50/1976 Sb.). Any other place of the word stays
 * unread.
 */
function navetiAsIntro(sentence: string): string {
  if (!/návětí/u.test(sentence)) return sentence;
  return sentence
    .replace(/^(V|Ve) návětí ((?:§|čl\.|[Čč]lánku) [^„:]+?) se (?=\S)/u, '$1 $2 úvodní části ustanovení se ')
    .replace(/^((?:V|Ve) (?:§|čl\.|[Čč]lánku) [^„:]+?) se v návětí odstavce (\d+[a-z]*) (?=\S)/u, '$1 odst. $2 úvodní části ustanovení se ')
    .replace(
      /^((?:V|Ve) (?:§|čl\.|[Čč]lánku) [^„:]+?) (se )?v návětí (se )?(?=\S)/u,
      (_m, place: string, a?: string, b?: string) => `${place} úvodní části ustanovení ${a || b ? 'se ' : ''}`,
    )
    .replace(/^((?:§|čl\.|[Čč]l\.) [^„:]+?) návětí (?=zní:)/u, '$1 úvodní část ustanovení ');
}

/**
 * A verb's object before a colon, its words the statement's new text ("se vypouštějí tato slova:
 * „…“", "se věta první nahrazuje touto větou: „…“", older acts). Not after an adding verb ("na
 * konci bodu 1 se čárka zrušuje a doplňují se tato slova:"): the place of such words is read
 * otherwise than the act's.
 */
const OBJECT_BEFORE_PAYLOAD = new RegExp(
  `(^| )((?:${REPEAL}|nahrazuj[eí]|nahrazují) )(?:(?:tato|toto|tyto|touto|těmito) )?(${NOUN}|${NOUN_INSTR}):$`,
  'u',
);

/**
 * "za slovo „dopravy“ se vkládá čárka a doplňují se tato slova: „…“" (vyhláška č. 346/2000 Sb.,
 * body 39 and 44, on vyhláška č. 177/1995 Sb.): the words after the colon are added after the mark,
 * as in "se vkládá čárka a slova „…“".
 */
const MARK_THEN_WORDS = new RegExp(`( za ${AFTER_WORDS} ⟨\\d+⟩ ${ADDING} ${PUNCT_ANY} a (?:${ADDING} )?${NOUN}):$`, 'u');

function readStatement(st: Statement, ops: Operation[], previous: Seg[][], done: readonly Operation[] = []): Seg[][] {
  const item = readAnnexItem(st) ?? readAnnexPart(st);
  if (item) {
    ops.push(item);
    return previous;
  }
  // "úvodní věta zní:" (older acts): the source keeps the old intro's closing mark where the act's
  // new one has none, and some acts repeat the odstavec's number in it; read as words only.
  if (/úvodní (?:věta|větu) (?:zní|se nahrazuje)/u.test(st.sentence)) throw new Unsupported('a new úvodní věta');
  const sk = skeleton(navetiAsIntro(st.sentence).replace(PART_AFTER_SE, '$1 $2 se'));
  if (ANNEX_INNER_UNIT.test(st.sentence.replace(/„[^“]*“/g, '').replace(/\s+/g, ' ')))
    throw new Unsupported('a unit of an annex without an id');
  const ctx: Ctx = {
    sk,
    base: previous,
    baseRefs: previous.flatMap((b) => chainTargets(b, null)),
    everywhere: false,
    payload: st.payload,
    source: st.source,
    ops,
    lastReplace: null,
    opsAtStart: ops.length,
    done,
  };
  // "V zákoně se za § 6 vkládá …": the act itself as the location says nothing more than a point does.
  // "##### § 178a zní:" (zákon č. 92/1998 Sb., čl. I): a point the source typeset as a heading.
  let s = sk.s.replace(/^#{1,6} (?=\S)/u, '');
  s = s.replace(/^(?:Ve?|ve?) (?:zákoně|nařízení vlády|vyhlášce|zákonném opatření) (?=\S)/u, '');
  if (ctx.payload !== null && OBJECT_BEFORE_PAYLOAD.test(s)) {
    sk.quotes.push(ctx.payload);
    s = s.replace(OBJECT_BEFORE_PAYLOAD, `$1$2$3 ⟨${sk.quotes.length - 1}⟩`);
    ctx.payload = null;
  }
  if (ctx.payload !== null && MARK_THEN_WORDS.test(s)) {
    sk.quotes.push(ctx.payload);
    s = s.replace(MARK_THEN_WORDS, `$1 ⟨${sk.quotes.length - 1}⟩`);
    ctx.payload = null;
  }
  // "za slovy „A“ se vkládají slova „B“" (za with the instrumental, older acts): "za slova „A“".
  s = s.replace(
    /(^| )za (slovy|slovem) (?=⟨\d+⟩ (?:vkládá|vkládají|doplňuj[eí]) )/gu,
    (_m, lead: string, w: string) => `${lead}za ${w === 'slovy' ? 'slova' : 'slovo'} `,
  );
  // "na konci textu písmene d) se slovo „nebo“ zrušuje" (zákon č. 261/2017 Sb. on zákon č. 49/1997 Sb.,
  // zákon č. 120/2025 Sb. on zákon č. 251/2005 Sb.): the end of a numbered unit's text is where "na konci
  // písmene d)" puts the change too (the clause adding words already reads both alike).
  s = s.replace(/(^| )na (konci|začátku) textu (?=⟦\d+⟧ )/gu, '$1na $2 ');
  // "se na konci vypouští tečka a připojují se tato slova: „…“" (zákon č. 227/1997 Sb., část druhá bod
  // 2, on zákon č. 40/1964 Sb.; zákon č. 59/1995 Sb., bod 30, on zákon č. 592/1992 Sb.): the verb before
  // its mark, read as "na konci tečka zrušuje a …", whose words go where the mark was.
  s = s.replace(/(^| )na konci (?:vypouští|zrušuje) (tečka|čárka|středník)(?= a (?:připojuj|doplňuj)[eí] )/u, '$1na konci $2 zrušuje');
  // "na konci odstavce 4 a na konci odstavce 5 se doplňují slova „…“" (vyhláška č. 323/2008 Sb. on
  // vyhláška č. 2/2006 Sb.; věty: vyhláška č. 292/2023 Sb. on vyhláška č. 197/2004 Sb.): the same words
  // at the end of each.
  s = s.replace(
    /(^| )na konci (⟦\d+⟧)((?:,? a na konci ⟦\d+⟧)+) ((?:doplňuj|připojuj)[eí] (?:slovo|slova|věta|věty) ⟨\d+⟩)(?= |$)/u,
    (_m, lead: string, first: string, more: string, add: string) =>
      `${lead}na konci ${first} ${add}${[...more.matchAll(/⟦\d+⟧/g)].map((r) => ` a na konci ${r[0]} ${add}`).join('')}`,
  );
  // "v ustanovení písmene b) se na konci připojuje čárka a slovo „nebo“" (zákon č. 175/1990 Sb., bod
  // 103, on zákon č. 140/1961 Sb.): the mark and the words are one addition, ", nebo".
  s = s.replace(
    /(^| )na konci (připojuj[eí]|doplňuj[eí]) (čárka|středník) a (?:slovo|slova) ⟨(\d+)⟩/u,
    (_m, lead: string, verb: string, mark: string, n: string) => {
      sk.quotes.push(`${PUNCT_NOUN[mark]} ${sk.quotes[Number(n)]}`);
      return `${lead}na konci ${verb} slova ⟨${sk.quotes.length - 1}⟩`;
    },
  );
  // "Trestní zákon se doplňuje tak, že za § 194 se vkládá § 194a, …" (zákon č. 120/1962 Sb.): the
  // whole act as the subject, the instruction after "tak, že".
  s = s.replace(
    /^(?:\p{L}+ ){0,3}?(?:zákon|zákoník|řád|vyhláška|nařízení vlády|nařízení) (?:mění|doplňuje|mění a doplňuje) tak, že (?=\S)/u,
    '',
  );
  const ev = EVERYWHERE.exec(s);
  if (ev && ev[0].length > 3 && /(celém|všech|textu|celé)/.test(ev[0])) {
    if (/kromě|s výjimkou/.test(ev[0])) throw new Unsupported('everywhere but some');
    ctx.everywhere = true;
    s = s.slice(ev[0].length);
  } else {
    const loc = new RegExp(`^(?:V|Ve|v|ve) ${R} ?`, 'u').exec(s);
    if (loc) {
      // "V odstavci 2 se …" after "V § 811 odst. 1 se …" in the same point (zákon č. 264/1992 Sb., on
      // zákon č. 40/1964 Sb.): a place below a § is in the § of the sentence before.
      const within = underPrevious(ctx, Number(loc[1]), previous);
      ctx.base = chainsOf(ctx, Number(loc[1]), within);
      ctx.baseRefs = targetsOf(ctx, Number(loc[1]), within);
      s = s.slice(loc[0].length);
    }
  }
  // "§ 30 odst. 4 se slova „A“ nahrazují slovy „B“" (zákon č. 104/2011 Sb. on zákon č. 13/1993 Sb.):
  // a reference that opens the sentence without its "V", before words it changes, is the location.
  const bare = new RegExp(`^${R} (?=(?:(?:za|před) )?${NOUN} ⟨)`, 'u').exec(s);
  if (bare && !ctx.everywhere && !/^(?:V|Ve|v|ve) /u.test(sk.s)) {
    const within = underPrevious(ctx, Number(bare[1]), previous);
    ctx.base = chainsOf(ctx, Number(bare[1]), within);
    ctx.baseRefs = targetsOf(ctx, Number(bare[1]), within);
    s = s.slice(bare[0].length);
  }
  // "§ 5 se doplňuje odstavcem 3, který zní:": the reference before an adding verb is the location.
  const first = new RegExp(`^${R} (?=(?:doplňuj|připojuj|vkládá|vkládají|vsouvá|vsunuj))`, 'u').exec(s);
  if (first && !ctx.everywhere) {
    ctx.base = chainsOf(ctx, Number(first[1]), [[]]);
    ctx.baseRefs = targetsOf(ctx, Number(first[1]), [[]]);
    s = s.slice(first[0].length);
  }
  // "Zároveň se zrušuje označení písmene a)." (zákon č. 261/2007 Sb. on zákon č. 357/1992 Sb.): a sentence of its own.
  s = s.replace(/^[,;] ?/, '').replace(/^(?:dále|rovněž|také|zároveň|současně) /iu, '');
  // A sentence that starts with the subject: "Za § 52 …", "§ 5 zní:", "Na konci …", "Dosavadní …".
  s = s.charAt(0).toLowerCase() === s.charAt(0) ? s : s.charAt(0).toLowerCase() + s.slice(1);
  if (s.startsWith('dosavadní')) s = `D${s.slice(1)}`;
  // "V § 41 se na konci vypouštějí slova „…“", "se vypouští (část) věta za středníkem", "se tečka na
  // konci věty nahrazuje čárkou" (older acts): the order the clauses read.
  s = s
    .replace(new RegExp(`^na konci ${REPEAL} (?=(?:${NOUN} )?⟨)`, 'u'), (m) => `${m.slice('na konci '.length)}na konci `)
    .replace(new RegExp(`^(${REPEAL}) (?:část věty|věta) za středníkem$`, 'u'), 'část věty za středníkem $1')
    .replace(/^(tečka|čárka|středník) na konci věty (?=nahrazuj)/u, 'na konci $1 ');
  let guard = 0;
  const sub = new RegExp(`^(?:v|ve) ${R} `, 'u');
  while (s.length) {
    if (guard++ > 40) throw new Unsupported('too many clauses');
    // A clause's own location ("… a v odstavci 3 se slova …") holds for the rest of the sentence.
    const own = sub.exec(s);
    if (own) {
      enter(ctx, Number(own[1]));
      s = s.slice(own[0].length);
    }
    // "… a odstavec se doplňuje písmenem c)" after a clause on its písmeno b) (zákon č. 175/1990 Sb.,
    // bod 103): the unit named without a number is the one above the place the clause before entered.
    const bareOwn = /^(odstavec|písmeno) (?=(?:doplňuj[eí]|připojuj[eí]) )/u.exec(s);
    if (bareOwn && ctx.opsAtStart < ops.length) {
      enterBare(ctx, bareOwn[1] === 'odstavec' ? 'odstavce' : 'písmene');
      s = s.slice(bareOwn[0].length);
    }
    let matched = false;
    for (const [re, fn] of CLAUSES) {
      const m = re.exec(s);
      if (!m) continue;
      fn(ctx, m);
      s = s.slice(m[0].length);
      matched = true;
      break;
    }
    if (!matched) throw new Unsupported(`not read: "${s.slice(0, 80)}"`);
    const sep = SEPARATOR.exec(s);
    if (sep) s = s.slice(sep[0].length);
    else if (s.length) throw new Unsupported(`not read: "${s.slice(0, 80)}"`);
  }
  // "za slovem „A“ tečka nahrazuje čárkou a doplňují se slova „B“" in a form not read as one: "B"
  // would be added at the end of the unit, not after "A".
  const punct = ops.findIndex((o) => PUNCT_AFTER_WORDS.has(o));
  if (punct >= 0 && ops.slice(punct + 1).some((o) => o.kind === 'append_words'))
    throw new Unsupported('words added after punctuation given by words');
  mergeEndings(ops);
  return ctx.base;
}

/**
 * "na konci … se tečka nahrazuje středníkem a připojují se slova „…“": one operation, so that the
 * words follow the new punctuation in the same place (the sentence ends no longer where they did).
 */
function mergeEndings(ops: Operation[]): void {
  for (let i = 0; i + 1 < ops.length; i++) {
    const a = ops[i];
    const b = ops[i + 1];
    if (a.kind !== 'replace_words' || a.position !== 'end' || !/^[.,;:]$/.test(a.old ?? '') || !/^[.,;:]?$/.test(a.new ?? '')) continue;
    if (b.kind !== 'append_words' || b.position !== 'end') continue;
    if (JSON.stringify(a.targets) !== JSON.stringify(b.targets)) continue;
    b.replaceEnd = { old: a.old!, new: a.new! };
    ops.splice(i, 1);
  }
}

/** Ids an effect names: a target's id, and for a range the ids between its ends that the grammar can enumerate. */
function effectIds(t: TargetRef): string[] {
  if (!t.through) return [t.id];
  const a = /^(.*_)(\d+|[a-z])$/.exec(t.id);
  const b = /^(.*_)(\d+|[a-z])$/.exec(t.through);
  if (a && b && a[1] === b[1]) {
    const out: string[] = [];
    if (/^\d+$/.test(a[2]) && /^\d+$/.test(b[2]))
      for (let n = Number(a[2]); n <= Number(b[2]) && out.length < 500; n++) out.push(`${a[1]}${n}`);
    else if (/^[a-z]$/.test(a[2]) && /^[a-z]$/.test(b[2]))
      for (let c = a[2].charCodeAt(0); c <= b[2].charCodeAt(0); c++) out.push(`${a[1]}${String.fromCharCode(c)}`);
    if (out.length) return out;
  }
  // "§ 151a až 151m": the lettered units of one number.
  const la = /^(.*_)(\d+)([a-z]?)$/.exec(t.id);
  const lb = /^(.*_)(\d+)([a-z])$/.exec(t.through);
  if (la && lb && la[1] === lb[1] && la[2] === lb[2] && la[3] < lb[3]) {
    const out = la[3] ? [] : [t.id];
    for (let c = (la[3] || 'a').charCodeAt(0); c <= lb[3].charCodeAt(0); c++) out.push(`${la[1]}${la[2]}${String.fromCharCode(c)}`);
    return out;
  }
  // "§ 22 až 146a" (zákon č. 362/2003 Sb., čl. IV bod 3): the numbers between, each end with its
  // letter; a lettered § inserted between them ("§ 100a") is not known without the text.
  const mixed = mixedRange(la, /^(.*_)(\d+)([a-z]?)$/.exec(t.through));
  if (mixed) return mixed;
  return [t.id, t.through];
}

function mixedRange(a: RegExpExecArray | null, b: RegExpExecArray | null): string[] | null {
  if (!a || !b || a[1] !== b[1] || !(a[3] || b[3])) return null;
  const from = Number(a[2]);
  const to = Number(b[2]);
  if (from >= to || to - from > 500) return null;
  const out = [`${a[1]}${a[2]}${a[3]}`];
  for (let n = from + 1; n <= to; n++) out.push(`${a[1]}${n}`);
  if (b[3]) for (let c = 'a'.charCodeAt(0); c <= b[3].charCodeAt(0); c++) out.push(`${b[1]}${b[2]}${String.fromCharCode(c)}`);
  return out;
}

/**
 * An id as the provisions parser writes it, or null: §§, články, přílohy and footnotes are numbered
 * through the whole act, so a location's containers before them ("V části druhé hlavě třetí se
 * § 151a až 151m … zrušují", zákon č. 367/2000 Sb.) are no part of their ids; a unit without the
 * §, článek or příloha that holds it (a sentence that lost its location) names no provision.
 */
export function storedId(id: string): string | null {
  const segs = id.split('/');
  const top = segs.findIndex((x) => /^(?:par|cl|priloha|fn)(?:_|$)/.test(x));
  if (top > 0 && segs.slice(0, top).every((x) => /^(?:cast|hlava|dil|oddil|pododdil)_/.test(x))) return segs.slice(top).join('/');
  if (/^(?:odst|pism|bod|veta)_/.test(segs[0])) return null;
  return id;
}

/** A range's end numbered in digits (`par_9`, `par_146a`, `par_5/odst_2`): one whose span can hold inserted units. */
const NUMBERED_END = /(?:_\d+[a-z]*|\/pism_[a-z]{1,2})$/;

const BARE = /^(?:odst|pism)_[^/]+(?:\/|$)/;

/**
 * An operation whose units are named without their § ("- 2. Dosavadní odstavec 2 se označuje jako
 * odstavec 4." after "- 1. V § 2 se za odstavec 1 vkládají nové odstavce 2 a 3, …": zákon č. 519/1990
 * Sb. on zákon č. 228/1988 Sb.), as its effect takes them: in the § the point before named
 * (`AmendmentPoint.previousSection`). The operation itself, which the engine applies, is left as read.
 */
function inPreviousSection(op: Operation, section: string | undefined): Operation {
  if (!section) return op;
  const ids = [...op.targets.map((t) => t.id), ...(op.renumber ?? []).flatMap((r) => [r.from, r.to]), ...(op.newIds ?? [])];
  if (!ids.length || !ids.every((id) => !id || BARE.test(id))) return op;
  const at = (id: string) => (id ? `${section}/${id}` : id);
  return {
    ...op,
    targets: op.targets.map((t) => ({ ...t, id: at(t.id), ...(t.through ? { through: at(t.through) } : {}) })),
    ...(op.renumber ? { renumber: op.renumber.map((r) => ({ from: at(r.from), to: at(r.to) })) } : {}),
    ...(op.newIds ? { newIds: op.newIds.map(at) } : {}),
  };
}

function effectOf(op: Operation): Effect {
  const ids: string[] = [];
  const add = (raw: string) => {
    const id = storedId(raw);
    if (id !== null && !ids.includes(id)) ids.push(id);
  };
  // An item of an annex's table has no id: the annex is what changes (an item inserted or repealed
  // is a change of the annex, not a new or repealed annex).
  if (op.item || (op.kind === 'insert' && (op.targets[0]?.section !== undefined || isAnnexTitleInsert(op)))) {
    for (const t of op.targets) add(t.id);
    return { kind: op.kind, targets: ids, text: op.source };
  }
  if (op.kind === 'insert' || op.kind === 'append') {
    for (const id of op.newIds ?? []) add(id);
    // A heading put below a §'s label ("Pod označení § 241 se vkládá nadpis „…“", zákon č. 344/2013
    // Sb. on zákon č. 280/2009 Sb.) makes no new unit: the heading is the §'s own text.
    if (!op.newIds?.length) for (const t of op.targets) if (t.part === 'heading' && /^(?:par|cl)_[^/]+$/.test(t.id)) add(t.id);
  }
  // A renumbering changes the text under both numbers: "písmena c) až g) se označují jako písmena
  // d) až h)" leaves under h) a text that was under g), and under c) what an insert puts there.
  else if (op.kind === 'renumber') {
    for (const r of op.renumber ?? []) {
      // Every odstavec of the § (`par_5/odst_*`): the § is what is changed.
      if (r.from.endsWith('/odst_*')) {
        add(r.from.slice(0, -'/odst_*'.length));
        continue;
      }
      add(r.from);
      // A unit that loses its number ("zrušuje se označení odstavce 1") becomes its parent's own text.
      if (r.to) add(r.to);
      else if (r.from.includes('/')) add(r.from.slice(0, r.from.lastIndexOf('/')));
    }
    // Písmena renumbered in a run ("d) až j)" as "e) až k)") in an act that letters "ch)" after "h)":
    // the run's span is stored too, which reaches it (targets.ts).
    const run = op.renumber ?? [];
    const first = storedId(run[0]?.from ?? '');
    const last = storedId(run[run.length - 1]?.to ?? '');
    const parent = (id: string) => id.slice(0, id.lastIndexOf('/'));
    if (
      run.length > 1 &&
      first &&
      last &&
      /\/pism_[a-z]{1,2}$/.test(first) &&
      /\/pism_[a-z]{1,2}$/.test(last) &&
      parent(first) === parent(last)
    )
      add(rangeTarget(first, last));
  } else
    for (const t of op.targets) {
      for (const id of effectIds(t)) add(id);
      // "V § 8 se odstavce 1 a 2 včetně nadpisu zrušují" (zákon č. 101/2000 Sb. on zákon č. 106/1999
      // Sb.): the heading repealed or reworded with units inside a § is that §'s own text.
      const section = /^((?:par|cl)_[^/]+)\//.exec(t.id);
      if (op.withHeading && section) add(section[1]);
      // "§ 9 až 20 se zrušují" (vyhláška č. 16/2012 Sb.) reaches a § 11a inserted since between its
      // ends, which the numbers between cannot name: the ends are stored too (targets.ts).
      const from = t.through ? storedId(t.id) : null;
      const to = t.through ? storedId(t.through) : null;
      if (from && to && NUMBERED_END.test(from) && NUMBERED_END.test(to)) add(rangeTarget(from, to));
    }
  if (op.kind === 'insert' || op.kind === 'append' || op.kind === 'new_wording') {
    // The footnotes of new text are new or changed units of their own: also those a new wording
    // gives below its text without "včetně poznámky pod čarou" in its sentence.
    for (const m of (op.text ?? '').matchAll(/^\^(\d+[a-z]*)\)/gm)) add(`fn_${m[1]}`);
  }
  for (const id of sectionsOfContainerText(op, ids)) add(id);
  for (const f of op.footnotes ?? []) for (const end of f.split('..')) add(end);
  for (const f of (op.footnotes && FOOTNOTE_RANGES.get(op.footnotes)) ?? []) add(f);
  // A footnote renumbered is its marks renumbered, and one repealed "včetně odkazu na ni" takes its
  // marks out (zákon č. 1/2002 Sb., bod 12, on zákon č. 13/1993 Sb.: "Dosavadní poznámky pod čarou
  // č. 3a), 3b) a 3c) se označují jako poznámky č. 3d), 3e) a 3f), včetně odkazů na poznámku pod
  // čarou"): the provisions citing them change, which only the amended text can tell (targets.ts).
  if (op.kind === 'renumber' || (op.kind === 'repeal' && op.withReferences))
    for (const id of [...ids]) if (/^fn_[^/.]+$/.test(id)) ids.push(citesTarget(id));
  return { kind: op.kind, targets: ids, text: op.source };
}

/**
 * The §§ a new or reworded container's text heads ("V zákoně se za část třetí vkládá nová část
 * čtvrtá, která … zní: ## „ČÁST ČTVRTÁ … ##### § 16a …", zákon č. 150/2021 Sb., čl. I): §§ are
 * numbered through the act, so their ids do not lie under the container's, and a read of § 16a
 * could not tell from `cast_4` alone that the point makes it.
 */
function sectionsOfContainerText(op: Operation, ids: string[]): string[] {
  if (op.kind !== 'insert' && op.kind !== 'append' && op.kind !== 'new_wording') return [];
  if (!op.text || !ids.some((id) => /^(?:cast|hlava|dil|oddil|pododdil)_/.test(id))) return [];
  const out: string[] = [];
  for (const m of op.text.matchAll(/^#{1,6}\s*„?\s*§\s*(\d+[a-z]*)\s*$/gmu)) if (out.length < 500) out.push(idSegment('par', m[1]));
  return out;
}

/** The most locations one reference list of an unread sentence is resolved in. */
const MAX_LOCATIONS = 64;

/**
 * The units a sentence the grammar does not read mentions (its references outside quotations,
 * in the location of the sentence before): what an unread instruction may touch.
 */
function mentioned(sentence: string, previous: Seg[][]): string[] {
  const sk = skeleton(sentence);
  const ids = new Set<string>();
  // Each reference in the location of the one before it that names a § / čl. / příloha.
  let base = previous;
  for (const list of sk.refs) {
    // Each list's locations in every location of the one before: kept distinct and bounded, or a
    // long run of references (a point the reader could not cut from the next) multiplies them
    // without end.
    const resolved = new Map<string, Seg[]>();
    for (const chain of list.chains) {
      for (const b of base.length ? base : [[]]) {
        const segs = resolveChain(chain, b);
        const key = JSON.stringify(segs);
        if (resolved.has(key)) continue;
        if (resolved.size < MAX_LOCATIONS) resolved.set(key, segs);
        for (const t of chainTargets(segs, chain)) {
          for (const id of effectIds(t)) {
            const stored = id === '*' ? null : storedId(id);
            if (stored !== null) ids.add(stored);
          }
          // A range's span, as a read one stores it (effectOf): "§ 144a až 144rr" reaches § 144k.
          const from = t.through ? storedId(t.id) : null;
          const to = t.through ? storedId(t.through) : null;
          if (from && to && NUMBERED_END.test(from) && NUMBERED_END.test(to)) ids.add(rangeTarget(from, to));
        }
      }
    }
    if (list.chains.some((c) => c.segs.length && LEVEL[c.segs[0].type] <= 6 && c.segs[0].type !== 'fn')) base = [...resolved.values()];
  }
  return [...ids];
}

const ARTICLE_HEADING = /(?:^|\n)[ \t]*(?:#{1,6}[ \t]+)?(?:Čl\.|Článek)[ \t]*(?:[IVXLCDM]+|\d+[a-z]?)\.?[ \t]*$/;

/**
 * A statement without the heading of the amending act's next článek ("##### Čl. III") that the
 * point's text ran into (no instruction, nothing to read); null when that heading is all it is.
 */
function withoutArticleHeading(st: Statement): Statement | null {
  if (st.payload || !ARTICLE_HEADING.test(st.sentence)) return st;
  const sentence = st.sentence.replace(ARTICLE_HEADING, '').trimEnd();
  return sentence ? { ...st, sentence } : null;
}

/**
 * The heading of the amending act's next část, as the source sets an omnibus act's ("## ČÁST STO
 * SEDMDESÁTÁ OSMÁ", zákon č. 227/2009 Sb.; "## ČÁST DVĚ STĚ ČTYŘICÁTÁ SEDMÁ", zákon č. 183/2017
 * Sb.), at the end of its last point: a heading line alone, its number in capitals, words or digits.
 */
const PART_HEADING_AT_END = /(?:^|\n)[ \t]*#{1,6}[ \t]+ČÁST[ \t]+(?:\p{Lu}+(?:[ \t]+\p{Lu}+)*|\d+)\.?[ \t]*$/u;

/**
 * The point's last statement without the heading of the amending act's next část that the point's
 * text ran into (no instruction, as the next článek's heading, `withoutArticleHeading`); null when
 * that heading is all it is. Only at the point's end, and only outside a new text: a new část's
 * own heading is in its quotation.
 */
function withoutPartHeading(st: Statement): Statement | null {
  if (st.payload || !PART_HEADING_AT_END.test(st.sentence)) return st;
  const sentence = st.sentence.replace(PART_HEADING_AT_END, '').trimEnd();
  if (!sentence) return null;
  return { ...st, sentence, source: st.source.replace(PART_HEADING_AT_END, '').trimEnd() };
}

/** "a zrušuje se číslování odstavců": the odstavce of the § named lose their numbers. */
const NUMBERING_DROPPED =
  /(?:zrušuje|vypouští|ruší)\s+se\s+(?:číslování|označení)\s+odstavců|(?:číslování|označení)\s+odstavců\s+se\s+(?:zrušuje|vypouští)/u;

/**
 * A sentence not read that takes a unit's number away ("V § 28a se písmeno b) zrušuje, zároveň se
 * zrušuje označení písmene a) a na konci jeho textu se čárka nahrazuje tečkou.", zákon č. 296/2008
 * Sb. on zákon č. 20/1966 Sb.): the unit left becomes its parent's own text, as a read one does.
 */
const NUMBER_DROPPED = /(?:zrušuje|vypouští|ruší)\s+(?:se\s+)?(?:(?:\p{L}+\s+){1,3}a\s+)?označení\s+(?:odstav|písmen|bod)/u;

/** The place a sentence starts with ("V § 186c odst. 2 se …"), resolved as a read one is; else `previous`. */
function placeOf(sentence: string, previous: Seg[][]): Seg[][] {
  const sk = skeleton(sentence);
  const loc = new RegExp(`^(?:V|Ve) ${R} `, 'u').exec(sk.s);
  if (!loc) return previous;
  const ctx = { sk, base: previous } as unknown as Ctx;
  const place = chainsOf(ctx, Number(loc[1]), underPrevious(ctx, Number(loc[1]), previous));
  return place.length ? place : previous;
}

/**
 * "Dosavadní odstavec 2 se označuje jako odstavec 3 a vypouštějí se v něm slova „…“." (zákon
 * č. 175/1990 Sb. on zákon č. 140/1961 Sb.): a renumbering, then a change in the unit it renumbers,
 * named by a pronoun ("v něm", "z něj", "v tomto odstavci") or as "v novém odstavci 3".
 */
const RENUMBERED_AND_CHANGED =
  /^(Dosavadní (?:odstavec|písmeno|bod) \S+ se označuje jako )(?:nový |nové )?((odstavec|písmeno|bod) (\d+[a-z]*\)?|[a-z]{1,2}\)))(?:,| a) (.+)$/su;

/** A pronoun for the unit just renumbered, outside quotations. */
const RENUMBERED_PRONOUN = /(?:^|\s+)(?:v něm uvedená|v něm uveden[éý]|v něm|z něj|v tomto (?:odstavci|písmenu|bodu))(?=[\s,.]|$)/u;

const LOCATIVE: Record<string, string> = { odstavec: 'odstavci', písmeno: 'písmenu', bod: 'bodu' };

/** The unquoted pieces of `s` changed by `f`, its quotations kept as written. */
function outsideQuotes(s: string, f: (piece: string) => string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== OPEN) continue;
    const end = quoteEnd(s, i);
    if (end < 0) break;
    out += f(s.slice(from, i)) + s.slice(i, end);
    from = end;
    i = end - 1;
  }
  return out + f(s.slice(from));
}

/**
 * The statement "Dosavadní odstavec 2 se označuje jako odstavec 3 a <change> v něm …" as the two it
 * says: the renumbering, then the change in the unit under its new number ("V odstavci 3 se …"). Any
 * other statement as it is.
 */
function splitRenumberedAndChanged(st: Statement): Statement[] {
  const m = RENUMBERED_AND_CHANGED.exec(st.sentence.trim());
  if (!m) return [st];
  const [, head, unit, word, key, rest] = m;
  const place = `${LOCATIVE[word]} ${key}`;
  let change: string;
  // "Dosavadní odstavec 6 se označuje jako odstavec 5, který zní: „(5) …“" (zákon č. 171/1990 Sb.
  // on zákon č. 29/1984 Sb.): the renumbered unit's new wording.
  if (st.payload) {
    if (!/^(?:který|které|a) zní:$/u.test(rest.trim())) return [st];
    change = `${word[0].toUpperCase()}${word.slice(1)} ${key} zní:`;
  } else if (rest.startsWith(`v novém ${place} `)) change = `V ${rest.slice('v novém '.length)}`;
  else {
    let named = false;
    let se = false;
    const body = outsideQuotes(rest, (piece) => {
      let p = piece;
      if (!named && RENUMBERED_PRONOUN.test(p)) {
        p = p.replace(RENUMBERED_PRONOUN, '');
        named = true;
      }
      if (!se && /(?:^|\s)se\s/.test(p)) {
        p = p.replace(/(^|\s)se\s/, '$1');
        se = true;
      }
      return p;
    });
    if (!named || !se) return [st];
    change = `V ${place} se ${body.trim()}`;
  }
  const first = `${head}${unit}.`;
  return [
    { sentence: first, payload: null, source: st.source },
    { sentence: change, payload: st.payload, source: st.source },
  ];
}

/**
 * "V příloze č. 15 v části „Vlastnosti údajů o terénu“ se slova „…“ nahrazují slovy „…“." (vyhláška
 * č. 66/2019 Sb. on vyhláška č. 108/1997 Sb.): words of an annex's part that a heading line names.
 */
const ANNEX_SECTION =
  /^(V příloze(?: č\. \d+[a-z]?)?) (?:v )?části „([^„“\n]+)“ se (?=(?:slov[oa]|číslo|text|za slov[oa]|před slov[oa]) „)/u;

/**
 * "V 31 odst. 2 se slova …" (zákon č. 258/1994 Sb., bod 48, on zákon č. 588/1992 Sb.): the source's
 * text of the act lost the "§" before the number. A number directly after the place word, followed
 * by an odstavec or písmeno of it, is a § in every act that writes so (an article is "čl.", an
 * annex's bod has no odstavce), so it is read as "V § 31 odst. 2".
 */
const SECTION_MARK_LOST =
  /^((?:V|Ve|Za|Před)\s+)(?=\d{1,4}[a-z]{0,2}\s+(?:odst\.|odstav\p{L}*\s+\d|písm\.|písmen\p{L}*\s+\p{Ll}{1,2}\)|se\s+doplňuj\p{L}*\s+(?:nový\s+|nové\s+)?odstav))/u;

/** "V§ 45b odst. 2 se …" (zákon č. 315/2004 Sb., bod 1): the place word set against the "§". */
const SECTION_MARK_JOINED = /^(V|Ve|Za|Před)§/u;

function withSectionMark(st: Statement): Statement {
  if (SECTION_MARK_JOINED.test(st.sentence)) return { ...st, sentence: st.sentence.replace(SECTION_MARK_JOINED, '$1 §') };
  return SECTION_MARK_LOST.test(st.sentence) ? { ...st, sentence: st.sentence.replace(SECTION_MARK_LOST, '$1§ ') } : st;
}

/** Words changed in an annex's part: only a change of words in the annex itself is read so. */
function inSection(ops: Operation[], section: string): void {
  for (const op of ops) {
    if (op.kind !== 'replace_words' && op.kind !== 'insert_words') throw new Unsupported('a part of an annex named by its heading');
    for (const t of op.targets) {
      if (!/^priloha_[^/]+$/.test(t.id) || t.through || t.sentence !== undefined || t.part)
        throw new Unsupported('a part of an annex named by its heading');
      t.section = section;
    }
  }
}

/** Reads one instruction point: its operations, what the grammar does not read, and its effects. */
export function parseInstruction(point: AmendmentPoint | string): ParsedInstruction {
  // An unnumbered point's instruction has the amended act's citation cut out ("V § 5 zákona č. …, se …").
  const text = typeof point === 'string' ? point : (point.instruction ?? point.text);
  const whole = WHOLE_ACT_REPEAL.exec(text.trim());
  if (whole) return wholeActRepeal(text.trim(), whole[1] ?? null);
  const operations: Operation[] = [];
  const unsupported: { form: string; text: string; reason: string }[] = [];
  const effects: Effect[] = [];
  let previous: Seg[][] = [];
  const statements = withTrailingFootnotes(splitStatements(text)).flatMap(splitRenumberedAndChanged);
  const previousSection = typeof point === 'string' ? undefined : point.previousSection;
  for (const [i, whole] of statements.entries()) {
    const last = i === statements.length - 1 ? withoutPartHeading(whole) : whole;
    const st = last && withoutArticleHeading(last);
    if (!st) continue;
    if (!st.sentence && st.payload) {
      unsupported.push({ form: '(quoted text without an instruction)', text: st.source, reason: 'quoted text without an instruction' });
      continue;
    }
    const ops: Operation[] = [];
    try {
      const located = previous.length > 0;
      const section = ANNEX_SECTION.exec(st.sentence);
      const read = section ? { ...st, sentence: st.sentence.replace(section[0], `${section[1]} se `) } : withSectionMark(st);
      previous = readStatement(read, ops, previous, operations);
      if (!ops.length) throw new Unsupported('no operation');
      if (section) inSection(ops, section[2]);
      // "§ 47 odst. 2 se vypouští. Dosavadní odstavec 3 se označuje …" (zákon č. 264/1992 Sb.): a
      // sentence whose subject is its place gives the next one its location, as "V § 47" would.
      const subject = ops[0].targets[0]?.id;
      if (!located && !previous.length && subject && /^(?:par|cl|priloha)_[^/]+(?:\/(?:odst|pism|bod)_[^/]+)*$/.test(subject))
        previous = [chainOfId(subject)];
      operations.push(...ops);
      for (const op of ops) effects.push(effectOf(inPreviousSection(op, previousSection)));
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      const form = instructionForm(st.sentence);
      unsupported.push({ form, text: st.source, reason: e.message });
      // A heading line the reader left at the end of a point ("##### Čl. V", the act's own next
      // článek) is no instruction: what it names is not the amended act's.
      const heading = /^#{1,6}\s/.test(st.sentence);
      const named = heading ? [] : mentioned(st.sentence, previous);
      // "Ve všech ustanoveních zákona se slova „A“ a „B“ nahrazují slovy „C“ a „D“" (refused): a
      // change throughout the text names no unit; it changes the units holding its words (`*`).
      if (!named.length && EVERYWHERE_SENTENCE.test(st.sentence)) named.push('*');
      // "§ 460 odst. 2 se vypouští a zrušuje se číslování odstavců." (zákon č. 264/1992 Sb., bod 8, on
      // zákon č. 40/1964 Sb.): every odstavec of the § loses its number, so the whole § is changed.
      if (NUMBERING_DROPPED.test(st.sentence)) {
        for (const id of named) if (!named.includes(id.split('/')[0])) named.push(id.split('/')[0]);
      } else if (NUMBER_DROPPED.test(st.sentence)) {
        for (const id of [...named]) {
          const parent = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : null;
          if (parent && !named.includes(parent)) named.push(parent);
        }
      }
      effects.push({ kind: 'unsupported', targets: named, text: st.source, form });
      // Its own place ("V § 186c odst. 2 se písmeno e) včetně poznámky pod čarou zrušuje.") is the
      // next sentence's ("Dosavadní písmeno f) se označuje jako písmeno e)."; zákon č. 56/2006 Sb.
      // on zákon č. 513/1991 Sb.), as a sentence read gives it.
      if (!heading) previous = placeOf(st.sentence, previous);
    }
  }
  // A footnote whose own text a statement's quotation gives is worded by that statement, whatever
  // its verb, and in a sentence the grammar refuses too (`quotedFootnotes`).
  for (const e of effects) for (const f of quotedFootnotes(e.text)) if (!e.targets.includes(f)) e.targets.push(f);
  // The footnotes the amending act gives at its end for this point's new text (readAmendingAct).
  const given = typeof point === 'string' ? [] : (point.givenFootnotes ?? []);
  for (const e of effects) for (const f of given) if (!e.targets.includes(f) && e.text.includes(`^${f.slice(3)})`)) e.targets.push(f);
  // A point of a block that amends one annex ("Příloha č. 3 k … se mění takto:"): its units are the
  // annex's, not the act's, so what it names is kept inside the annex and the annex is its target.
  const place = typeof point === 'string' ? undefined : point.place;
  if (place)
    for (const e of effects) {
      if (e.targets.some((t) => t === place || t.startsWith(`${place}/`))) continue;
      e.targets = [place, ...e.targets.filter((t) => /^\^?fn_/.test(t))];
    }
  return { operations, unsupported, effects };
}

/** A footnote's own text as a statement of its own: "^2) § 195 odst. 3 zákoníku práce.". */
const FOOTNOTE_LINE = /^\^(\d+[a-z]*)\)[ \t]+\S/;

/**
 * A footnote the act writes right after a point's quoted new text, outside the quotation ("§ 15 odst.
 * 1 zní: „(1) … podle zvláštního zákona.^1)“.\n\n^1) Zákon ČNR č. 589/1992 Sb., …", zákon č. 37/1993
 * Sb., body 14 to 35, on zákon č. 54/1956 Sb.): the new text cites its mark, so it is that text's
 * footnote, as it would be inside the quotation, not an instruction (read as one, the references in
 * it, "§ 195 odst. 3 zákoníku práce", were taken for the amended act's units and the point refused).
 * Only a statement that is footnote lines alone, each cited by the new text before it.
 */
function withTrailingFootnotes(statements: Statement[]): Statement[] {
  const out: Statement[] = [];
  for (const st of statements) {
    const prev = out[out.length - 1];
    const note = st.payload === null ? st.sentence.replace(/\s*\u201c\.?$/, '') : '';
    const marks = note.split(/\n\s*\n/).map((line) => FOOTNOTE_LINE.exec(line.trim()));
    if (prev?.payload && note && marks.every((m) => m !== null && prev.payload!.includes(`^${m[1]})`))) {
      out[out.length - 1] = { ...prev, payload: `${prev.payload}\n\n${note}`, source: `${prev.source}\n\n${st.source}` };
      continue;
    }
    out.push(st);
  }
  return out;
}

/**
 * The footnotes (`fn_9d`) whose own text ("^9d) Nařízení …" opening a line) a statement gives inside
 * its quotations: new words that bring their footnote ("V § 66 větě druhé se slova „…“ nahrazují
 * slovy „…spotřebitelů^9d).\n\n^9d) Nařízení …“.", zákon č. 160/2007 Sb. on zákon č. 231/2001 Sb.;
 * "se za slova „…“ vkládají slova „…^16e).\n\n^16e) § 4 odst. 1 …“", zákon č. 212/2011 Sb. on zákon
 * č. 338/1992 Sb.), and a refused sentence's new text ("§ 5g včetně nadpisu a poznámky po čarou
 * č. 26a zní:", zákon č. 245/2011 Sb. on zákon č. 40/1995 Sb.). A mark alone (`^9d)` inside a line)
 * cites a footnote without wording it; text outside the quotations is the amending act's own.
 */
function quotedFootnotes(source: string): string[] {
  let quoted = '';
  let depth = 0;
  for (const ch of source) {
    if (ch === OPEN) depth++;
    if (depth > 0) quoted += ch;
    if (ch === CLOSE && depth > 0 && --depth === 0) quoted += '\n';
  }
  return [...new Set([...quoted.matchAll(/(?:^|\n)[ \t]*„?\^(\d+[a-z]*)\)[ \t]+\S/g)].map((m) => `fn_${m[1]}`))];
}

/**
 * A whole act repealed, as the reader writes it (`wholeActRepealInstruction`): "Předpis se zrušuje."
 * or "Předpis se zrušuje s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2." (vyhláška
 * č. 149/1988 Sb. on vyhláška č. 128/1975 Sb.).
 */
const WHOLE_ACT_REPEAL = /^Předpis se zrušuje(?: s výjimkou (.+?))?\.?$/su;

/** The instruction a whole-act repeal is stored as (read back by `parseInstruction`). */
export function wholeActRepealInstruction(exceptions: string | null): string {
  return exceptions ? `Předpis se zrušuje s výjimkou ${exceptions.replace(/[\s,;.]+$/u, '')}.` : 'Předpis se zrušuje.';
}

/**
 * A whole act repealed is an effect on the whole document (`*`), less the units it keeps (`!id`):
 * a read of its provisions is no longer the day's law. Without exceptions the engine does not apply
 * it (the point is refused: the act is repealed, not a text to rebuild), so the provisions keep
 * their flag. With exceptions it is a partial repeal (docs/DECISIONS.md): the act stays in force in
 * the units it keeps, and the engine applies it as a repeal of every other unit.
 */
function wholeActRepeal(text: string, exceptions: string | null): ParsedInstruction {
  // "s výjimkou ustanovení § 8, 9, 19, 20 a 21, přičemž se v těchto ustanoveních vždy vypouštějí
  // slova „…“ a „…“" (zákon č. 56/1991 Sb., § 103 písm. b), on zákon č. 32/1989 Sb.): the kept
  // units change too, an effect of its own on them, read as the point "V § 8, … se vypouštějí …".
  const whereby = exceptions ? KEPT_CHANGED.exec(exceptions) : null;
  const keptText = whereby && exceptions ? exceptions.slice(0, whereby.index) : exceptions;
  // The kept units by id: an exception is no span (targets.ts reads `!id` as a unit and what lies in it).
  const kept = keptText ? mentioned(keptText, []).filter(isPlainTarget) : [];
  const targets = [WHOLE_ACT_TARGET, ...kept.map(exceptTarget)];
  const form = 'whole act repealed';
  const effects: Effect[] = [{ kind: 'repeal', targets, text, form }];
  const change = whereby && keptText ? parseInstruction(`V ${keptText} se ${whereby[1]}.`) : null;
  if (change) for (const e of change.effects) effects.push({ ...e, text });
  if (!keptText) return { operations: [], unsupported: [{ form, text, reason: 'a whole act repealed (no text to rebuild)' }], effects };
  // The engine's list keeps a range's ends too (`par_132..par_134`), so a § 133a between them is kept.
  const except = mentioned(keptText, []).filter((t) => !t.startsWith('*'));
  const unsupported: ParsedInstruction['unsupported'] = [];
  if (!except.length) unsupported.push({ form: 'whole act repealed with exceptions', text, reason: 'the units it keeps not read' });
  if (change) unsupported.push(...change.unsupported.map((u) => ({ ...u, text })));
  const operations: Operation[] = [{ kind: 'repeal', targets: [{ id: WHOLE_ACT_TARGET }], except, source: text }];
  // The kept units' own change ("přičemž se v těchto ustanoveních vždy vypouštějí slova …") after the repeal.
  if (change) operations.push(...change.operations.map((op) => ({ ...op, source: text })));
  return { operations, unsupported, effects };
}

/** ", přičemž se v těchto ustanoveních vždy vypouštějí …": what a whole act's repeal does to the units it keeps. */
const KEPT_CHANGED = /,\s*přičemž\s+(?:se\s+)?v\s+(?:těchto|uvedených|nich|nichž)\s+(?:ustanoveních\s+)?(?:se\s+)?(?:vždy\s+)?(.+?)\.?$/su;
