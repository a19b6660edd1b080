/**
 * Splits the Markdown text of a Czech act (as legalize-cz writes it) into its provisions: the
 * containers (část, hlava, díl, oddíl, pododdíl), annexes (přílohy), sections (§) and articles
 * (čl.), and inside a § or čl. its odstavce, písmena and body, and the footnotes (`fn_5`) the source
 * collects at the end of the text. Pure and total: any text parses,
 * untidy text just yields fewer provisions. See docs/provisions.md ("Parsing") for the rules.
 */

import { romanToInt } from '../roman';
import { footnoteBlockStart, footnoteId, footnoteStarts } from './footnotes';
import { childId, idSegment, PROVISION_KINDS, type ProvisionKind } from './provision-id';

export interface ParsedProvision {
  /** Stable id: `par_52a`, `par_55/odst_1/pism_a`, `cl_1/odst_2`, `cast_1/hlava_2`, `priloha_1`; a repeated one gets `~2`, `~3`. */
  id: string;
  kind: ProvisionKind;
  /** As people cite it: `§ 55 odst. 1 písm. a)`, `čl. I`, `Část první`, `Příloha č. 1`. */
  label: string;
  /** The heading line that goes with the node (`Krádež` for `§ 205`, `OBECNÁ USTANOVENÍ` for a část), or null. */
  heading: string | null;
  /** Id of the enclosing node, or null at the top. */
  parent: string | null;
  /** UTF-16 offset of the node's first line (its heading line; a § heading written above the § line counts). */
  start: number;
  /** Exclusive end: the start of the next node that is not inside this one, or the end of the text. */
  end: number;
  /** The node's own text is only a "zrušeno" stub. */
  repealed: boolean;
}

export interface ParseReport {
  /** Document order. */
  provisions: ParsedProvision[];
  /** § / Čl. headings of this act that did not become a provision (malformed), with offsets and why. */
  unparsed: { offset: number; line: string; reason: string }[];
  stats: {
    /** § and Čl. heading lines of this act (quoted ones, i.e. text of an amended act, not counted). */
    sectionHeadings: number;
    /** Sections and articles made (duplicates included). */
    sections: number;
    /** Provisions made, per kind. */
    byKind: Record<string, number>;
    /** § / Čl. heading lines inside quotation marks (amending text): not provisions of this act. */
    quotedHeadings: number;
    /** Sections / articles whose number was already taken (they got `~2`, `~3` ids). */
    duplicates: number;
    /** Quotations left open (closing mark missing) that the act's own next § / čl. ended. */
    runawayQuotes: number;
  };
}

const LEVEL = (kind: ProvisionKind): number => PROVISION_KINDS[kind].level;

/** The level of a čl. that encloses §§ (between containers and sections). */
const ARTICLE_AS_CONTAINER = 5.5;

const CONTAINERS: Record<string, { kind: ProvisionKind; word: string }> = {
  část: { kind: 'part', word: 'Část' },
  hlava: { kind: 'title', word: 'Hlava' },
  díl: { kind: 'chapter', word: 'Díl' },
  oddíl: { kind: 'division', word: 'Oddíl' },
  pododdíl: { kind: 'subdivision', word: 'Pododdíl' },
};

/** Stems of Czech (and a few Slovak) ordinal words; the ending (á, ý, é, í, a) is left off. */
const UNITS: [string, number][] = [
  ['prvn', 1],
  ['prv', 1],
  ['druh', 2],
  ['třet', 3],
  ['tret', 3],
  ['čtvrt', 4],
  ['štvrt', 4],
  ['pát', 5],
  ['piat', 5],
  ['šest', 6],
  ['šiest', 6],
  ['sedm', 7],
  ['siedm', 7],
  ['osm', 8],
  ['ôsm', 8],
  ['devát', 9],
  ['deviat', 9],
];
const TEENS: [string, number][] = [
  ['desát', 10],
  ['desiat', 10],
  ['jedenáct', 11],
  ['dvanáct', 12],
  ['třináct', 13],
  ['čtrnáct', 14],
  ['patnáct', 15],
  ['šestnáct', 16],
  ['sedmnáct', 17],
  ['osmnáct', 18],
  ['devatenáct', 19],
];
const TENS: [string, number][] = [
  ['dvacát', 20],
  ['třicát', 30],
  ['čtyřicát', 40],
  ['padesát', 50],
  ['šedesát', 60],
  ['sedmdesát', 70],
  ['osmdesát', 80],
  ['devadesát', 90],
];

function ordinalWord(word: string, table: [string, number][]): number | null {
  const w = word.toLowerCase();
  for (const [stem, n] of table) {
    // "-ou": the accusative of a feminine one ("za část desátou", zákon č. 46/2016 Sb., bod 38); "-ém",
    // "-ím": the locative of a masculine one ("v dílu druhém", zákon č. 187/2004 Sb., on zákon č. 13/1993 Sb.).
    // "-ého", "-ího": the genitive ("označení oddílu druhého", zákon č. 303/2013 Sb., on zákon č. 358/1992 Sb.).
    const end = w.slice(stem.length);
    if (w.startsWith(stem) && ((end.length <= 2 && /^(?:[áýéíaoy]*|ou|ém|ím)$/.test(end)) || /^(?:ého|ího)$/.test(end))) return n;
  }
  return null;
}

/**
 * An ordinal word in any case as its number: `první`, `druhého`, `patnáctým`, `dvacátého čtvrtého`
 * (dates of effect count days and months in words); null when the words are no ordinal.
 */
export function ordinalValue(words: string): number | null {
  const strip = (w: string) => w.toLowerCase().replace(/(?:ho|mu|m|ch|mi)$/u, '');
  const parts = words.trim().split(/\s+/).map(strip);
  if (parts.length === 0 || parts.length > 2 || !parts[0]) return null;
  const tens = ordinalWord(parts[0], TENS);
  if (tens !== null) {
    if (parts.length === 1) return tens;
    const unit = ordinalWord(parts[1], UNITS);
    return unit === null ? null : tens + unit;
  }
  if (parts.length !== 1) return null;
  if (/^st[áýéí]$/u.test(parts[0])) return 100;
  return ordinalWord(parts[0], TEENS) ?? ordinalWord(parts[0], UNITS);
}

export interface NumberToken {
  /** For the id: `1`, `1a`, `b`. */
  key: string;
  /** For the label: `první`, `II`, `1`. */
  written: string;
  /** What follows the number on the line. */
  rest: string;
}

/** The number after a container word: an ordinal word (or two: `DVACÁTÁ PRVNÍ`), Roman, Arabic or a single letter. */
export function containerNumber(s: string): NumberToken | null {
  const words = s.split(/\s+/);
  const first = words[0].replace(/[.:,]+$/, '');
  if (!first) return null;
  const tens = ordinalWord(first, TENS);
  if (tens !== null) {
    const second = (words[1] ?? '').replace(/[.:,]+$/, '');
    const unit = second ? ordinalWord(second, UNITS) : null;
    if (unit !== null) return { key: String(tens + unit), written: `${first} ${second}`.toLowerCase(), rest: words.slice(2).join(' ') };
    return { key: String(tens), written: first.toLowerCase(), rest: words.slice(1).join(' ') };
  }
  const simple = ordinalWord(first, TEENS) ?? ordinalWord(first, UNITS);
  if (simple !== null) return { key: String(simple), written: first.toLowerCase(), rest: words.slice(1).join(' ') };
  if (/^st[áýé]$/i.test(first)) return { key: '100', written: first.toLowerCase(), rest: words.slice(1).join(' ') };
  const roman = romanToInt(first.toUpperCase() === first ? first : '');
  if (roman !== null) return { key: String(roman), written: first, rest: words.slice(1).join(' ') };
  const arabic = /^(\d+)([a-z]{0,2})$/.exec(first);
  if (arabic) return { key: `${Number(arabic[1])}${arabic[2]}`, written: first, rest: words.slice(1).join(' ') };
  if (/^[A-Z]$/.test(first)) return { key: first.toLowerCase(), written: first, rest: words.slice(1).join(' ') };
  return null;
}

export const OPEN_QUOTE = '\u201e'; // „
export const CLOSE_QUOTE = '\u201c'; // “

export const HEADING_LINE = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const SECTION_HEAD = /^§\s*(\d+)\s?([a-z]{1,3})?\)?\s*\.?$/;
const ARTICLE_WORD = /^(?:Čl\.|čl\.|ČL\.|ČI\.|Článek|článek|ČLÁNEK)/;
const ARTICLE_HEAD = /^(?:Čl\.|čl\.|ČL\.|ČI\.|Článek|článek|ČLÁNEK)\s*([IVXLCDM]+|\d+(?:\.\d+)*)([a-z]{1,3})?\s*\.?$/;
const CONTAINER_HEAD = /^(část|hlava|díl|oddíl|pododdíl)\s+(.+)$/i;
/** "PRVNÍ ČÁST", "Druhý oddíl" (vyhláška č. 48/1982 Sb.): the ordinal before the word, nothing after it. */
const ORDINAL_CONTAINER_HEAD = /^(\p{L}+(?:\s+\p{L}+)?)\s+(část|hlava|díl|oddíl|pododdíl)$/iu;
const ANNEX_HEAD = /^(?:příloha|PŘÍLOHA)(?=$|[\s.])(.*)$/i;
const PARAGRAPH_ITEM = /^(?:- )?\((\d{1,3}[a-z]?)\)(?:\s|$)/;
const LETTER_ITEM = /^(?:- )?([a-z]{1,2})\)(?:\s|$)/;
const POINT_ITEM = /^(?:- )?(\d{1,3}[a-z]?)\.(?:\s|$)/;
const MONTH_AFTER = /^(?:- )?\d{1,2}\.\s+(?:ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince)\b/;
const STUB = /^[\s(]*(?:zrušen[oaáéýi]?|vypuštěn[oa]?)\b[^\n]{0,120}$/i;

/** The heading text with emphasis and surrounding quotes' leading marks removed. */
export function cleanHeading(s: string): string {
  return s
    .replace(/\*\*/g, '')
    .replace(/^[*_\s]+|[*_\s]+$/g, '')
    .trim();
}

interface Line {
  start: number;
  text: string;
  /** The Markdown heading's text, or null for a body line. */
  heading: string | null;
  quoted: boolean;
}

/** `b` is the number right after `a`: `5` → `6`, `5` → `5a`, `5a` → `5b`, `5a` → `6`. */
export function isSuccessor(a: string, b: string): boolean {
  const pa = /^(\d+)([a-z]*)/.exec(a);
  const pb = /^(\d+)([a-z]*)/.exec(b);
  if (!pa || !pb || a.includes('.') || b.includes('.')) return false;
  const na = Number(pa[1]);
  const nb = Number(pb[1]);
  if (nb === na + 1 && pb[2] === '') return true;
  if (nb !== na || pb[2].length !== 1) return false;
  return pa[2] === '' ? pb[2] === 'a' : pa[2].length === 1 && pb[2].charCodeAt(0) === pa[2].charCodeAt(0) + 1;
}

/**
 * The quotation depth after a line that starts at depth `before`: `„` opens, `“` closes, and so
 * does a straight `"` (`„snížená viditelnost"`), which opens only where `straightOpen` says the
 * line leads with it (`##### "§ 19a`). The amending-act reader counts its lines the same way.
 */
export function quoteDepthAfter(raw: string, before: number, opensAtLead: boolean, straightOpen: boolean): number {
  let depth = before;
  let skipStraight = straightOpen;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '"' && skipStraight) {
      skipStraight = false;
      depth++;
    } else if (c === OPEN_QUOTE) depth++;
    else if ((c === CLOSE_QUOTE || c === '"') && depth > 0) depth--;
  }
  // A quotation that opens inside a line runs on past it only when the line leads into it
  // (`… zní: „`); otherwise an unclosed one is a typo and ends with the line.
  if (depth > before && !opensAtLead && !/[:\u201e]\s*$/.test(raw)) depth = before;
  return depth;
}

function splitLines(text: string): { lines: Line[]; runawayResets: number } {
  const lines: Line[] = [];
  let runawayResets = 0;
  let lastSection: string | null = null;
  let lastArticle: string | null = null;
  let depth = 0;
  let pos = 0;
  while (pos <= text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    let raw = text.slice(pos, nl);
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    const h = HEADING_LINE.exec(raw);
    const heading = h ? cleanHeading(h[2]) : null;
    const lead = (heading ?? raw).replace(/^[-*\s]+/, '');
    // A line may also open a quotation with a straight quote (`##### "§ 19a`).
    const straightOpen = depth === 0 && lead.startsWith('"');
    const opensAtLead = lead.startsWith(OPEN_QUOTE) || straightOpen;
    let quoted = depth > 0 || opensAtLead;
    // A runaway quotation (its closing mark missing) must not swallow the rest of the act: the
    // act's own next § or čl. (the number after the last one of its own) ends it.
    if (heading !== null && /^(§|Čl|čl|ČL|ČI\.|Článek|článek|ČLÁNEK)/.test(heading)) {
      const cls = classifyHeading(heading);
      if (cls && (cls.type === 'section' || cls.type === 'article')) {
        const last = cls.type === 'section' ? lastSection : lastArticle;
        if (quoted && !opensAtLead && last !== null && isSuccessor(last, cls.key)) {
          depth = 0;
          quoted = false;
          runawayResets++;
        }
        if (!quoted) {
          if (cls.type === 'section') lastSection = cls.key;
          else lastArticle = cls.key;
        }
      }
    }
    depth = quoteDepthAfter(raw, depth, opensAtLead, straightOpen);
    lines.push({ start: pos, text: raw, heading, quoted });
    if (nl >= text.length) break;
    pos = nl + 1;
  }
  return { lines, runawayResets };
}

export type AnnexHead = { type: 'annex'; key: string | null; label: string; inlineHeading: string | null };
export type Structural =
  | { type: 'section' | 'article'; key: string; label: string }
  | { type: 'container'; kind: ProvisionKind; key: string; label: string; inlineHeading: string | null }
  | AnnexHead;

const ANNEX_OF =
  /^(?:(?:k|ke)[\s\u00a0]+(?:vyhlášce|zákonu|nařízení|usnesení|opatření|sdělení|rozhodnutí|výnosu|dekretu|zákonnému|vládnímu|úmluvě|smlouvě|dohodě|č\.)|(?:vyhlášky|zákona|nařízení|usnesení)[\s\u00a0]+č\.)/i;
const SENSELESS_ANNEX = /\b(zní|znějí|zrušuj|doplňuj|mění|vkládá|nahrazuj|označuj)/i;

function classifyAnnex(s: string): AnnexHead | null {
  const m = ANNEX_HEAD.exec(s);
  if (!m || s.length > 300 || SENSELESS_ANNEX.test(s)) return null;
  let rest = m[1].trim();
  let key: string | null = null;
  let written: string | null = null;
  const num = /^(?:č\.|číslo|Č\.)?\s*(\d+[a-z]?|[IVXLC]+|[A-Z])(?=$|[\s.,:–-])\.?/.exec(rest);
  if (num && (num[0].length > 0 || /^(č\.|číslo)/i.test(rest))) {
    const token = num[1];
    const roman = /^\d/.test(token) ? null : romanToInt(token);
    key = /^\d/.test(token) ? token.replace(/^0+(?=\d)/, '') : roman !== null ? String(roman) : token.toLowerCase();
    written = token;
    rest = rest.slice(num[0].length).trim();
  } else if (/^(č\.|číslo)/i.test(rest)) {
    return null;
  }
  let inlineHeading: string | null = null;
  if (rest) {
    if (ANNEX_OF.test(rest) || /^\(/.test(rest)) inlineHeading = null;
    else if (/^[-–:]/.test(rest)) inlineHeading = rest.replace(/^[-–:]\s*/, '') || null;
    else return null;
  }
  return { type: 'annex', key, label: written ? `Příloha č. ${written}` : 'Příloha', inlineHeading };
}

function malformed(text: string): { type: 'malformed'; reason: string } {
  if (/\b(zní|znie|znějí|znejú)\s*:?\s*$/.test(text))
    return { type: 'malformed', reason: 'an amendment instruction ("§ N zní:") without quotation marks, not a heading of this act' };
  if (/\b(odst|ods|písm|bod)\.?\s/.test(text) || /\sodst\./.test(text))
    return { type: 'malformed', reason: 'a reference to part of a § / čl. (odst., písm.), not a heading of one' };
  return { type: 'malformed', reason: 'malformed § / čl. heading (no number the parser understands)' };
}

export function classifyHeading(s: string): Structural | { type: 'malformed'; reason: string } | null {
  // Leading spaces and footnote marks (`§ 14^4)`) are not part of the heading.
  const text = s
    .replace(/^[\s\u00a0]+/, '')
    .replace(/\^[0-9a-z*]+\)?/g, '')
    .trimEnd();
  if (text.startsWith('§')) {
    const m = SECTION_HEAD.exec(text);
    if (!m) return malformed(text);
    const key = `${Number(m[1])}${m[2] ?? ''}`;
    return { type: 'section', key, label: `§ ${key}` };
  }
  if (ARTICLE_WORD.test(text)) {
    const m = ARTICLE_HEAD.exec(text);
    if (!m) {
      const word = /^(?:Článek|článek|ČLÁNEK)\s+(\S+)\s*$/.exec(text);
      const n = word ? containerNumber(word[1]) : null;
      if (n && n.rest === '' && !/^[A-Z]$/.test(n.written)) return { type: 'article', key: n.key, label: `čl. ${n.written}` };
      return /^(?:Čl\.|čl\.|ČL\.|ČI\.)\s*\S/.test(text) || /^článek\s+\S/i.test(text) ? malformed(text) : null;
    }
    const roman = romanToInt(m[1]);
    const num = roman !== null ? String(roman) : m[1].replace(/^0+(?=\d)/, '');
    return { type: 'article', key: `${num}${m[2] ?? ''}`, label: `čl. ${m[1]}${m[2] ?? ''}` };
  }
  const c = CONTAINER_HEAD.exec(text);
  if (c) {
    const def = CONTAINERS[c[1].toLowerCase()];
    const n = containerNumber(c[2].trim());
    if (def && n) {
      const rest = n.rest.replace(/^[\s.:–-]+/, '').trim();
      return {
        type: 'container',
        kind: def.kind,
        key: n.key,
        label: `${def.word} ${n.written}`,
        inlineHeading: rest ? rest : null,
      };
    }
    return null;
  }
  const o = ORDINAL_CONTAINER_HEAD.exec(text);
  if (o) {
    const def = CONTAINERS[o[2].toLowerCase()];
    const n = containerNumber(o[1]);
    // An ordinal word only: not a Roman number or a letter ("A část"), not a word the number leaves over.
    if (def && n && n.rest === '' && /^\p{L}{3,}(?:\s\p{L}+)?$/u.test(n.written) && romanToInt(n.written.toUpperCase()) === null) {
      return { type: 'container', kind: def.kind, key: n.key, label: `${def.word} ${n.written}`, inlineHeading: null };
    }
  }
  return classifyAnnex(text);
}

interface Open {
  node: ParsedProvision;
  level: number;
  /** Where the node's own text starts (after its heading lines). */
  bodyStart: number;
  /** Where its first child starts, if any. */
  firstChild: number | null;
  /** Ids already used by its body children (paragraphs, letters, points). */
  childIds: Map<string, number>;
}

type Item = { kind: 'paragraph' | 'letter' | 'point'; key: string; /** Length of the marker (`(1) `, `a) `, `1. `). */ marker: number };

const SECTION_LIKE = /^[\s\u00a0„"]*(§|Čl\.|čl\.|ČL\.|ČI\.|Článek|článek|ČLÁNEK)/;
const ANNEX_WORD = /^(příloha|PŘÍLOHA)/i;

/** `id`, or `id~2`, `id~3` … when `used` already has it (and counts the use). */
function uniqueId(used: Map<string, number>, id: string): { id: string; dup: boolean } {
  const n = (used.get(id) ?? 0) + 1;
  used.set(id, n);
  return n === 1 ? { id, dup: false } : { id: `${id}~${n}`, dup: true };
}

const annexId = (key: string | null): string => idSegment(PROVISION_KINDS.annex.segment, key);

/** The odstavec, písmeno or bod a body line opens, if any. */
function listItem(raw: string): Item | null {
  let m = PARAGRAPH_ITEM.exec(raw);
  if (m) return { kind: 'paragraph', key: m[1], marker: m[0].length };
  if ((m = LETTER_ITEM.exec(raw))) return { kind: 'letter', key: m[1], marker: m[0].length };
  if ((m = POINT_ITEM.exec(raw)) && !MONTH_AFTER.test(raw)) return { kind: 'point', key: m[1], marker: m[0].length };
  return null;
}

function itemLabel(item: Item): string {
  return item.kind === 'paragraph' ? ` odst. ${item.key}` : item.kind === 'letter' ? ` písm. ${item.key})` : ` bod ${item.key}`;
}

/** Repealed: the node's own text (after its heading lines, before its first child) is only a stub. */
function markRepealed(text: string, closed: Open[]): void {
  for (const o of closed) {
    if (o.firstChild !== null && o.node.kind !== 'paragraph' && o.node.kind !== 'letter' && o.node.kind !== 'point') continue;
    const ownEnd = o.firstChild ?? o.node.end;
    if (ownEnd <= o.bodyStart) continue;
    const own = text.slice(o.bodyStart, ownEnd).trim();
    if (own && own.length <= 140 && !own.includes('\n\n') && STUB.test(own)) o.node.repealed = true;
  }
}

/** One pass over an act's lines: the open nodes as a stack, each line a heading or a body line. */
class ProvisionTree {
  readonly provisions: ParsedProvision[] = [];
  readonly unparsed: ParseReport['unparsed'] = [];
  readonly stats: ParseReport['stats'];
  private readonly lines: Line[];
  private readonly topIds = new Map<string, number>();
  private readonly stack: Open[] = [];
  readonly closed: Open[] = [];
  /** Lines already taken as a node's heading. */
  private readonly consumed = new Set<number>();

  constructor(private readonly text: string) {
    const split = splitLines(text ?? '');
    this.lines = split.lines;
    this.stats = { sectionHeadings: 0, sections: 0, byKind: {}, quotedHeadings: 0, duplicates: 0, runawayQuotes: split.runawayResets };
  }

  /** Reads the lines that start before `end` (the body, without the footnote block). */
  readAll(end = this.text.length): void {
    for (let i = 0; i < this.lines.length && this.lines[i].start < end; i++) {
      if (this.lines[i].heading !== null) this.headingLine(i);
      else this.bodyLine(i);
    }
    this.popTo(-1, end);
  }

  /**
   * Where the footnote block at the end of the text starts, or the text's end: a block of `^N)`
   * lines outside quotation marks (an amending act's quoted new footnote is its text, not its own).
   */
  footnotesAt(): number {
    const at = footnoteBlockStart(this.text);
    if (at < 0) return this.text.length;
    const line = this.lines.find((l) => l.start === at);
    return line && !line.quoted ? at : this.text.length;
  }

  /** The footnotes from `at` to the end, each a top-level provision: `fn_5`, labelled as people cite it. */
  readFootnotes(at: number): void {
    const starts = footnoteStarts(this.text.slice(at));
    const used = new Map<string, number>();
    starts.forEach((f, i) => {
      const start = at + f.at;
      const end = i + 1 < starts.length ? at + starts[i + 1].at : this.text.length;
      const own = this.text.slice(start + f.mark, end).trim();
      this.provisions.push({
        id: footnoteId(f.key, used),
        kind: 'footnote',
        label: `poznámka pod čarou č. ${f.key}`,
        heading: null,
        parent: null,
        start,
        end,
        repealed: own.length <= 140 && !own.includes('\n\n') && STUB.test(own),
      });
      this.stats.byKind.footnote = (this.stats.byKind.footnote ?? 0) + 1;
    });
  }

  private top(): Open | null {
    return this.stack.length ? this.stack[this.stack.length - 1] : null;
  }

  private popTo(level: number, at: number): void {
    while (this.stack.length && this.stack[this.stack.length - 1].level >= level) {
      const o = this.stack.pop()!;
      o.node.end = at;
      this.closed.push(o);
    }
  }

  private open(kind: ProvisionKind, id: string, label: string, heading: string | null, start: number, bodyStart: number): void {
    const level = LEVEL(kind);
    // A čl. whose text is only the §§ that follow (an act inside an amending act's article)
    // encloses them; the next čl. or container closes it.
    const top = this.top();
    if (
      kind === 'section' &&
      top &&
      top.node.kind === 'article' &&
      top.firstChild === null &&
      this.text.slice(top.bodyStart, start).trim() === ''
    )
      top.level = ARTICLE_AS_CONTAINER;
    this.popTo(kind === 'article' ? ARTICLE_AS_CONTAINER : level, start);
    const parentOpen = this.top();
    if (parentOpen && parentOpen.firstChild === null) parentOpen.firstChild = start;
    const node: ParsedProvision = {
      id,
      kind,
      label,
      heading,
      parent: parentOpen ? parentOpen.node.id : null,
      start,
      end: this.text.length,
      repealed: false,
    };
    this.provisions.push(node);
    this.stats.byKind[kind] = (this.stats.byKind[kind] ?? 0) + 1;
    this.stack.push({ node, level, bodyStart, firstChild: null, childIds: new Map() });
  }

  /** Where the line after line i starts (the text's end after the last line). */
  private startAfter(i: number): number {
    return this.lines[i + 1]?.start ?? this.text.length;
  }

  /** Index of the next non-blank line after i, or -1. */
  private nextNonBlank(i: number): number {
    for (let j = i + 1; j < this.lines.length; j++) if (this.lines[j].text.trim() !== '') return j;
    return -1;
  }

  private prevNonBlank(i: number): number {
    for (let j = i - 1; j >= 0; j--) if (this.lines[j].text.trim() !== '') return j;
    return -1;
  }

  /** A heading line that is no structure of its own (a title for the node next to it). */
  private isFreeHeading(j: number): boolean {
    const l = this.lines[j];
    if (!l || l.heading === null || l.quoted || this.consumed.has(j) || l.heading === '') return false;
    if (/^#\s/.test(l.text)) return false; // the act's title
    return classifyHeading(l.heading) === null;
  }

  /**
   * The title line right after line i (only blank lines between), or -1; for a § or čl. not one
   * that is itself followed by another § or čl. (then it is that one's title).
   */
  private titleAfter(i: number, sectionLike: boolean): number {
    const after = this.nextNonBlank(i);
    if (after < 0 || !this.isFreeHeading(after)) return -1;
    if (sectionLike) {
      const beyond = this.nextNonBlank(after);
      const next = this.lines[beyond];
      const beyondCls = beyond >= 0 && next.heading !== null && !next.quoted ? classifyHeading(next.heading) : null;
      if (beyondCls !== null && (beyondCls.type === 'section' || beyondCls.type === 'article')) return -1;
    }
    return after;
  }

  /** Id of the innermost open container (část … pododdíl), or ''. */
  private containerPath(): string {
    for (let k = this.stack.length - 1; k >= 0; k--) {
      const n = this.stack[k].node;
      if (LEVEL(n.kind) <= 5) return n.id;
    }
    return '';
  }

  /** A Markdown heading line: a container, annex, § or čl. (with its title line), or nothing. */
  private headingLine(i: number): void {
    const line = this.lines[i];
    const cls = classifyHeading(line.heading!);
    const isSectionLike = SECTION_LIKE.test(line.heading!);
    if (line.quoted) {
      if (isSectionLike) this.stats.quotedHeadings++;
      return;
    }
    if (isSectionLike) this.stats.sectionHeadings++;
    if (!cls) return;
    if (cls.type === 'malformed') {
      this.unparsed.push({ offset: line.start, line: line.text.slice(0, 200), reason: cls.reason });
      return;
    }
    const sectionLike = cls.type === 'section' || cls.type === 'article';
    let heading: string | null = cls.type === 'container' || cls.type === 'annex' ? cls.inlineHeading : null;
    let bodyStart = this.startAfter(i);
    let start = line.start;
    const after = heading === null ? this.titleAfter(i, sectionLike) : -1;
    if (after >= 0) {
      heading = this.lines[after].heading;
      this.consumed.add(after);
      bodyStart = this.startAfter(after);
    }
    if (heading === null && sectionLike) {
      // Else a title line right before the § or čl.
      const before = this.prevNonBlank(i);
      if (before >= 0 && this.isFreeHeading(before)) {
        heading = this.lines[before].heading;
        this.consumed.add(before);
        start = this.lines[before].start;
      }
    }
    if (cls.type === 'section' || cls.type === 'article') {
      const u = uniqueId(this.topIds, idSegment(PROVISION_KINDS[cls.type].segment, cls.key));
      if (u.dup) this.stats.duplicates++;
      this.stats.sections++;
      this.open(cls.type, u.id, cls.label, heading, start, bodyStart);
    } else if (cls.type === 'container') {
      this.popTo(LEVEL(cls.kind), start);
      const path = this.containerPath();
      const u = uniqueId(this.topIds, childId(path, idSegment(PROVISION_KINDS[cls.kind].segment, cls.key)));
      this.open(cls.kind, u.id, cls.label, heading, start, bodyStart);
    } else {
      this.open('annex', uniqueId(this.topIds, annexId(cls.key)).id, cls.label, heading, start, bodyStart);
    }
  }

  /** A body line: an annex written as plain text, or an odstavec, písmeno or bod of the open § or čl. */
  private bodyLine(i: number): void {
    const line = this.lines[i];
    const raw = line.text;
    if (line.quoted || raw === '' || raw.startsWith('|')) return;
    const annex = ANNEX_WORD.test(raw) ? classifyAnnex(cleanHeading(raw)) : null;
    if (!this.top()) {
      // Before any node, only an annex opens one (without a title line after it).
      if (annex)
        this.open('annex', uniqueId(this.topIds, annexId(annex.key)).id, annex.label, annex.inlineHeading, line.start, this.startAfter(i));
      return;
    }
    if (annex) {
      let heading = annex.inlineHeading;
      let bodyStart = this.startAfter(i);
      const after = heading === null ? this.titleAfter(i, false) : -1;
      if (after >= 0) {
        heading = this.lines[after].heading;
        this.consumed.add(after);
        bodyStart = this.startAfter(after);
      }
      this.open('annex', uniqueId(this.topIds, annexId(annex.key)).id, annex.label, heading, line.start, bodyStart);
      return;
    }
    this.openItem(line, raw);
  }

  /** Odstavce, písmena and body exist only inside a § or čl. */
  private openItem(line: Line, raw: string): void {
    if (!this.stack.some((o) => o.node.kind === 'section' || o.node.kind === 'article')) return;
    const item = listItem(raw);
    if (!item) return;
    this.popTo(LEVEL(item.kind), line.start);
    const parent = this.top();
    if (!parent || LEVEL(parent.node.kind) < 6) return;
    const u = uniqueId(parent.childIds, childId(parent.node.id, idSegment(PROVISION_KINDS[item.kind].segment, item.key)));
    this.open(item.kind, u.id, parent.node.label + itemLabel(item), null, line.start, line.start + item.marker);
  }
}

/** Parses an act's Markdown body (front matter already removed) into its provisions. */
export function parseProvisions(text: string): ParseReport {
  const tree = new ProvisionTree(text);
  const bodyEnd = tree.footnotesAt();
  tree.readAll(bodyEnd);
  markRepealed(text, tree.closed);
  if (bodyEnd < (text ?? '').length) tree.readFootnotes(bodyEnd);
  return { provisions: tree.provisions, unparsed: tree.unparsed, stats: tree.stats };
}
