/**
 * The consolidation engine: applies one amending act's instruction points for one act to that
 * act's Markdown body, in order, and writes the result the way the source writes its consolidated
 * texts (docs/amendments.md, "The engine"). Pure, no I/O.
 *
 * Precision before coverage: a point applies whole or not at all, and not when anything about it
 * is unsure (a target missing or named twice, words to replace not there or there more than once
 * where the instruction does not say which). A point that touches a § / čl. / příloha / footnote
 * in which an earlier point of the same act failed is not applied either (`blocked`): that unit's
 * numbering or wording may be off.
 */

import {
  ALPHABET_VARIANTS,
  EVERYWHERE_SCOPE,
  expandKeyRange,
  isAnnexTitleInsert,
  parseInstruction,
  type Operation,
  type ParsedInstruction,
  type TargetRef,
} from '../amendments/instruction';
import { targetReaches, WHOLE_ACT_TARGET } from '../amendments/targets';
import type { AmendmentPoint } from '../amendments/types';
import { withoutRepeat } from '../provisions/provision-id';
import { containerNumber, parseProvisions, type ParsedProvision, type ParseReport } from '../provisions/parse-provisions';
import { intToRoman, romanToInt } from '../roman';
import { FOOTNOTE_LINE, footnoteBlockStart } from '../provisions/footnotes';
import { normalizeSpace, splitUnits, unitOf, type TextUnit } from './units';

export type NotAppliedReason =
  /** The grammar does not read (part of) the point. */
  | 'unsupported_form'
  /** A unit the point names is not in the text. */
  | 'target_not_found'
  /** A unit the point names is in the text more than once, or the words to change are (and the point does not say which). */
  | 'ambiguous'
  /** The words to replace, delete or insert after are not in the target. */
  | 'text_not_found'
  /** A unit the point would add is already there. */
  | 'already_present'
  /** The point's new text does not fit its target (another number, another kind of unit). */
  | 'payload_mismatch'
  /** A target the engine does not edit (inside an annex's tables, a part of a unit it cannot delimit). */
  | 'unsupported_target'
  /** An earlier point of the same act failed in a unit this one touches. */
  | 'blocked'
  /**
   * The act is law of the other republic (a Slovak organ's act on a text no Slovak organ issued):
   * the step is not applied (`applySteps`' `skip`), the Czech text does not take it.
   */
  | 'other_republic'
  /** The engine met a case it was not written for (a bug to report); the point is not applied. */
  | 'engine_error';

export interface PointOutcome {
  number: string | null;
  status: 'applied' | 'not_applied';
  reason?: NotAppliedReason;
  /** What failed, for people: the target, the words. */
  detail?: string;
  /** Provision ids whose wording the point changed (the deepest named; their ancestors changed with them). */
  changed: string[];
  /** Top-level units (`par_5`, `cl_1`, `priloha_2`, `fn_3`, `cast_1/hlava_2`) the point touches. */
  units: string[];
}

export interface ApplyResult {
  /** The new text (the input when no point applied). */
  text: string;
  points: PointOutcome[];
  /** Every provision id a point changed, in order of first change. */
  changed: string[];
  /** The result's units (so that a caller comparing or storing them need not split the text again). */
  resultUnits: TextUnit[];
}

export interface ApplyOptions {
  /** `parseInstruction` of each point, when the caller has them (in the points' order). */
  parsed?: ParsedInstruction[];
  /** `parseProvisions(text)`, when the caller has it: the text is not parsed again. */
  report?: ParseReport;
  /** `splitUnits(text)`, when the caller has it. */
  units?: TextUnit[];
}

class Fail extends Error {
  constructor(
    readonly reason: NotAppliedReason,
    detail: string,
  ) {
    super(detail);
  }
}

// ---------------------------------------------------------------------------------------------
// Local structure of a unit.

interface Node {
  id: string;
  kind: ParsedProvision['kind'];
  start: number;
  end: number;
  /** Where the node's own text starts: after its marker (`(1) `, `- a) `) or its heading lines. */
  contentStart: number;
  /** Start of its first child, or its end. */
  ownEnd: number;
  parent: string | null;
  children: string[];
  /** A bod or písmeno of an annex found by `annexNodes` (not by the provisions parser). */
  annexBody?: true;
}

interface Local {
  nodes: Map<string, Node>;
  order: Node[];
  /** Marker spans (`(1)`, `- a)`, `- 1.`) of every node inside the unit. */
  markers: [number, number][];
  /** The top node, or null (preamble, footnote). */
  top: Node | null;
}

const MARKER = /^(?:- )?(?:\(\d{1,3}[a-z]?\)|[a-z]{1,2}\)|\d{1,3}[a-z]?\.)[ \t]?/;
const localCache = new WeakMap<TextUnit, Local>();

/** A unit's nodes with ids under the unit's own id (a § whose global id is `par_5~2` keeps it). */
function local(unit: TextUnit): Local {
  const cached = localCache.get(unit);
  if (cached) return cached;
  const nodes = new Map<string, Node>();
  const order: Node[] = [];
  const markers: [number, number][] = [];
  let top: Node | null = null;
  if (unit.kind !== 'preamble' && unit.kind !== 'footnote') {
    // A unit's footnotes are units of their own (splitUnits): not nodes of this one.
    const ps = parseProvisions(unit.text).provisions.filter((p) => p.kind !== 'footnote');
    const first = ps.find((p) => p.parent === null) ?? null;
    const rename = (id: string) => (first && (id === first.id || id.startsWith(`${first.id}/`)) ? unit.id + id.slice(first.id.length) : id);
    for (const p of ps) {
      const id = rename(p.id);
      let contentStart = p.start;
      if (p.kind === 'paragraph' || p.kind === 'letter' || p.kind === 'point') {
        const m = MARKER.exec(unit.text.slice(p.start, p.start + 12));
        if (m) {
          contentStart = p.start + m[0].length;
          markers.push([p.start, p.start + m[0].trimEnd().length]);
        }
      } else {
        contentStart = headingEnd(unit.text, p.start, p.end);
      }
      const node: Node = {
        id,
        kind: p.kind,
        start: p.start,
        end: p.end,
        contentStart,
        ownEnd: p.end,
        parent: p.parent === null ? null : rename(p.parent),
        children: [],
      };
      if (!nodes.has(id)) nodes.set(id, node);
      order.push(node);
      if (p === first) top = node;
    }
    if (unit.kind === 'annex' && top && !order.some((n) => n.parent !== null)) annexNodes(unit, top, nodes, order, markers);
    for (const n of order) {
      if (n.parent === null) continue;
      const parent = nodes.get(n.parent);
      if (!parent) continue;
      if (!parent.children.length) parent.ownEnd = n.start;
      parent.children.push(n.id);
    }
  }
  const l: Local = { nodes, order, markers, top };
  localCache.set(unit, l);
  return l;
}

/** A bod of an annex at a line's start: "- 1. ", "- 2.2. ", "- 18.2.4 " (a bare number needs its full stop). */
const ANNEX_POINT = /^- (?:(\d{1,3}(?:\.\d{1,3}){0,3})\.|(\d{1,3}(?:\.\d{1,3}){1,3}))[ \t]/;
const ANNEX_LETTER = /^- ([a-z]{1,2})\)[ \t]/;

/**
 * The body and písmena of an annex, which the provisions parser leaves as one block: "V příloze
 * č. 2 bodě 1 písm. b)" names `priloha_2/bod_1/pism_b`, "bodě 18.2.4" `priloha_1/bod_18.2.4` (the
 * grammar's ids, flat). A bod runs to the next one that is not inside it ("18.2" is inside "18")
 * or to a heading line; a písmeno to the next písmeno or bod. An annex that numbers a bod or a
 * písmeno twice (parts that start again at 1) gets none: which one a point means is unsure.
 */
function annexNodes(unit: TextUnit, top: Node, nodes: Map<string, Node>, order: Node[], markers: [number, number][]): void {
  const text = unit.text;
  const found: Node[] = [];
  const keyOf = new Map<Node, string>();
  let lastPoint: Node | null = null;
  const close = (n: Node | null, at: number) => {
    if (n && n.end > at) n.end = at;
  };
  // A bod or písmeno of the annex body, open to the annex's end until the next one closes it.
  const open = (id: string, kind: 'point' | 'letter', pos: number, label: number, parent: string): Node => ({
    id,
    kind,
    start: pos,
    end: top.end,
    contentStart: pos + label,
    ownEnd: top.end,
    parent,
    children: [],
    annexBody: true,
  });
  for (let pos = top.contentStart; pos < top.end;) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl < 0 || nl > top.end ? top.end : nl;
    const line = text.slice(pos, lineEnd);
    const point = ANNEX_POINT.exec(line);
    const letter = point ? null : ANNEX_LETTER.exec(line);
    if (line.startsWith('#')) {
      // A heading ends what is open.
      for (const n of found) close(n, pos);
    } else if (point) {
      const key = point[1] ?? point[2];
      // What is open and not this bod's parent ends here.
      for (const n of found) {
        const k = keyOf.get(n);
        if (n.end > pos && (k === undefined || !key.startsWith(`${k}.`))) close(n, pos);
      }
      const parent = [...found].reverse().find((n) => n.end > pos && keyOf.has(n) && key.startsWith(`${keyOf.get(n)}.`));
      const node = open(`${unit.id}/bod_${key}`, 'point', pos, point[0].length, parent?.id ?? top.id);
      found.push(node);
      keyOf.set(node, key);
      lastPoint = node;
    } else if (letter) {
      for (const n of found) if (!keyOf.has(n)) close(n, pos);
      const parent = lastPoint && lastPoint.end > pos ? lastPoint : null;
      found.push(open(`${parent?.id ?? unit.id}/pism_${letter[1]}`, 'letter', pos, letter[0].length, parent?.id ?? top.id));
    }
    if (nl < 0 || nl >= top.end) break;
    pos = nl + 1;
  }
  const ids = new Set<string>();
  for (const n of found) {
    if (ids.has(n.id) || nodes.has(n.id)) return;
    ids.add(n.id);
  }
  for (const n of found) {
    nodes.set(n.id, n);
    order.push(n);
    markers.push([n.start, n.contentStart - 1]);
  }
}

/** After the heading lines (`##### § 5`, `#### Nadpis`, `Příloha č. 2`) that open a unit: where its text starts. */
function headingEnd(text: string, start: number, end: number): number {
  let pos = start;
  let first = true;
  while (pos < end) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl < 0 || nl > end ? end : nl;
    const line = text.slice(pos, lineEnd);
    const isHeading = line.startsWith('#') || (first && /^(?:příloha|PŘÍLOHA)/i.test(line.trim()));
    if (line.trim() !== '' && !isHeading) return pos;
    if (line.trim() !== '') first = false;
    if (nl < 0 || nl >= end) return end;
    pos = nl + 1;
  }
  return end;
}

// ---------------------------------------------------------------------------------------------
// Finding words.

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface WordsPattern {
  re: RegExp;
  /** The words start / end with a letter or digit: a match must not continue a word there. */
  head: boolean;
  tail: boolean;
}

const patterns = new Map<string, WordsPattern | null>();

/**
 * How the words may differ from the text where they are not found as written (`editWords`):
 * `loose`, in the act's spacing and dashes only (a comma set before the space, "„,osoba s
 * vlastními příjmy“" for the text's ", osoba s vlastními příjmy"; a number's groups, "2 900" for
 * "2900"; a dash between words, "–" for "-"); `initial`, in the case of the first letter only;
 * `caps`, in case only (a heading the text writes in capitals).
 */
type WordsMode = 'exact' | 'loose' | 'initial' | 'caps';

/** A part of the words (no whitespace in it), escaped; in `loose` mode its spacing and dashes set free. */
function partPattern(part: string, mode: WordsMode): string {
  if (mode !== 'loose') return escapeRegExp(part);
  if (/^[-–—]$/.test(part)) return '[-–—]';
  return escapeRegExp(part)
    .replace(/^,(?=\p{L})/u, ',\\s*')
    .replace(/(\d)(?=(?:\d{3})+(?!\d))/g, '$1[ \\u00a0]?');
}

/**
 * A search for the words as written, any whitespace for their spaces (compiled once). Whole words
 * at their ends are checked around each match, not in the expression, so the engine's search for
 * the literal start stays fast.
 */
function wordsPattern(words: string, mode: WordsMode = 'exact'): WordsPattern | null {
  const key = mode === 'exact' ? words : `${mode}\u0000${words}`;
  let p = patterns.get(key);
  if (p === undefined) {
    let w = words.trim();
    // A comma the act sets off on both sides (" ,způsob výpočtu"): the comma and the words.
    if (mode === 'loose') w = w.replace(/^,\s+(?=\p{L})/u, ',');
    let source = w
      .split(/\s+/)
      .map((part) => partPattern(part, mode))
      .join('\\s+');
    // Digits in groups the act writes apart ("2 900") found written together, and the other way.
    if (mode === 'loose') source = source.replace(/(\d)\\s\+(?=\d{3}(?!\d))/g, '$1[ \\u00a0]?');
    if (mode === 'initial') {
      const first = w[0] ?? '';
      source = `[${first}${first.toUpperCase()}]${source.slice(escapeRegExp(first).length)}`;
    }
    p = w
      ? {
          re: new RegExp(source, mode === 'exact' ? 'g' : mode === 'caps' ? 'giu' : 'gu'),
          head: LETTER_OR_DIGIT.test(w[0]),
          tail: LETTER_OR_DIGIT.test(w[w.length - 1]),
        }
      : null;
    if (patterns.size > 5000) patterns.clear();
    patterns.set(key, p);
  }
  return p;
}

interface Span {
  start: number;
  end: number;
}

function findWords(text: string, words: string, region: Span, markers: [number, number][], mode: WordsMode = 'exact'): Span[] {
  const p = wordsPattern(words, mode);
  if (!p) return [];
  const out: Span[] = [];
  const re = p.re;
  re.lastIndex = region.start;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index;
    const end = start + m[0].length;
    if (end > region.end) break;
    if (m[0].length === 0) re.lastIndex++;
    if (p.head && start > 0 && LETTER_OR_DIGIT.test(text[start - 1])) continue;
    if (p.tail && end < text.length && LETTER_OR_DIGIT.test(text[end])) continue;
    if (markers.some(([a, b]) => start < b && end > a)) continue;
    out.push({ start, end });
  }
  return out;
}

/** Whether the words are anywhere in the text (a quick test before a unit is parsed). */
function hasWords(text: string, words: string): boolean {
  const p = wordsPattern(words);
  if (!p) return false;
  p.re.lastIndex = 0;
  return p.re.test(text);
}

// ---------------------------------------------------------------------------------------------
// Sentences.

/** A text that ends with an abbreviation whose full stop follows (`Sb`, `č`, `odst`). */
const ABBREVIATION_STOP = /(?:^|[\s(])(?:Sb|č|odst|písm|tzv|např|resp|tj|atd|apod|aj|mj)$/;

/** Words after which a full stop does not end a sentence. */
const NO_STOP = /(?:^|[\s(])(?:č|čl|odst|písm|tzv|např|resp|tj|odd|pol|zn|tř|ul|nám|mj|aj|ing|Ing|Mgr|JUDr|MUDr|Dr|Bc|St|sv)$/;

/** Opening quotation marks less closing ones: 0 where every quotation in `s` is closed. */
const unclosedQuotes = (s: string): number => (s.match(/„/g) ?? []).length - (s.match(/“/g) ?? []).length;

/** The sentences of a span of text: [start, end) each, the end after its full stop (and footnote mark). */
function sentences(text: string, span: Span): Span[] {
  const out: Span[] = [];
  let start = span.start;
  while (start < span.end && /\s/.test(text[start])) start++;
  const re = /[.!?](?:\^\d+[a-z]*\))?(?=\s+["„(§]?[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ])/g;
  re.lastIndex = start;
  const hay = text.slice(0, span.end);
  let m: RegExpExecArray | null;
  while ((m = re.exec(hay))) {
    const before = hay.slice(Math.max(start, m.index - 12), m.index);
    if (text[m.index] === '.' && NO_STOP.test(before)) continue;
    // A full stop inside a quotation that closes later in the span ("Položka „C.1. Majetkové fondy
    // …“ obsahuje …", vyhláška č. 401/2005 Sb., bod 10, on vyhláška č. 505/2002 Sb.) ends no
    // sentence; a quotation the span never closes (the source's slip) is not followed.
    const open = unclosedQuotes(hay.slice(span.start, m.index));
    if (open > 0 && -unclosedQuotes(hay.slice(m.index, span.end)) >= open) continue;
    // A bod's number ("- 1. Osoba …"), not a sentence's end; a number that ends a reference does
    // end one ("… podle odstavce 2. Příslušný úřad …", zákon č. 326/2017 Sb., bod 38, on zákon
    // č. 100/2001 Sb.; "§ 131 odst. 1 až 10 a 12. Ustanovení …", zákon č. 126/2008 Sb., bod 22).
    if (
      text[m.index] === '.' &&
      /^\.\s+[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/.test(hay.slice(m.index)) &&
      /(?:^|\n[ \t]*|(?:^|\s)-[ \t]+)\d{1,2}$/.test(before)
    )
      continue;
    const end = m.index + m[0].length;
    out.push({ start, end });
    start = end;
    while (start < span.end && /\s/.test(text[start])) start++;
  }
  let end = span.end;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start) out.push({ start, end });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The document being edited.

interface Doc {
  units: TextUnit[];
}

const unitIdOf = unitOf;

const CONTAINER_SEG = /^(cast|hlava|dil|oddil|pododdil)_/;

/** The index of the unit with this id; throws when it is missing or there twice. */
function findUnit(doc: Doc, id: string): number {
  const isContainer = id.split('/').every((s) => CONTAINER_SEG.test(s));
  const hits: number[] = [];
  for (let i = 0; i < doc.units.length; i++) {
    const u = doc.units[i];
    const base = withoutRepeat(u.id);
    // A container named without the containers above it ("Nadpis části první", "hlava_2" for
    // `cast_1/hlava_2`), never an annex's part of that number (`priloha/cast_1`).
    if (isContainer ? base === id || (base.endsWith(`/${id}`) && isContainerId(base)) : base === id) hits.push(i);
  }
  if (!hits.length) {
    const inside = unitInContainer(doc, id);
    if (inside !== null) return inside;
    throw new Fail('target_not_found', id);
  }
  if (hits.length > 1) throw new Fail('ambiguous', `${id} is in the text ${hits.length} times`);
  return hits[0];
}

/**
 * "V části třicáté druhé čl. XXXII se …" (zákon č. 282/2009 Sb. on zákon č. 267/2006 Sb.): the
 * text numbers its články through the act (`cl_32`), not within each část, so the článek named in
 * a část is the one of that number under the část's heading. Null when the id names no container
 * first, or no one such unit lies under it.
 */
function unitInContainer(doc: Doc, id: string): number | null {
  const segs = id.split('/');
  const n = segs.findIndex((s) => !CONTAINER_SEG.test(s));
  // Only a článek or § (an annex is no unit of a část: "Nadpis části 3 přílohy č. 7" names the annex's own part).
  if (n <= 0 || !/^(?:cl|par)_/.test(segs[n])) return null;
  const path = segs.slice(0, n);
  const bare = segs.slice(n).join('/');
  const level = path[n - 1].split('_')[0];
  const found: number[] = [];
  for (let i = 0; i < doc.units.length; i++) {
    if (withoutRepeat(doc.units[i].id) !== bare) continue;
    // The nearest container heading before the unit at the named level (a hlava of the část may come between).
    for (let j = i - 1; j >= 0; j--) {
      const u = doc.units[j];
      if (u.kind !== 'container') continue;
      const own = withoutRepeat(u.id).split('/');
      const at = own.findIndex((s) => s.startsWith(`${level}_`));
      if (at < 0) continue;
      if (
        own
          .slice(0, at + 1)
          .slice(-n)
          .join('/') === path.join('/')
      )
        found.push(i);
      break;
    }
  }
  return found.length === 1 ? found[0] : null;
}

function hasUnit(doc: Doc, id: string): boolean {
  return doc.units.some((u) => withoutRepeat(u.id) === id);
}

interface Loc {
  index: number;
  unit: TextUnit;
  local: Local;
  /** The node named (the unit's top node for a § / čl. / příloha), or null for a unit without one. */
  node: Node | null;
}

function locate(doc: Doc, id: string): Loc {
  const uid = unitIdOf(id);
  const index = findUnit(doc, uid);
  const unit = doc.units[index];
  const l = local(unit);
  if (uid === id) return { index, unit, local: l, node: l.top };
  const real = unit.id + id.slice(uid.length);
  const node = l.nodes.get(real);
  if (!node) throw new Fail('target_not_found', id);
  if (l.nodes.has(`${real}~2`)) throw new Fail('ambiguous', `${id} is in the text twice`);
  // An annex in parts (units of their own) may number its body again in each: which bod is unsure.
  if (node.annexBody && doc.units.some((u) => u.id.startsWith(`${unit.id}/`)))
    throw new Fail('ambiguous', `${id}: the annex has parts of its own`);
  return { index, unit, local: l, node };
}

/** The nodes from `id` to `through` (siblings, in text order). */
function locateRange(doc: Doc, t: TargetRef): Loc[] {
  if (!t.through) return [locate(doc, t.id)];
  const a = locate(doc, t.id);
  if (unitIdOf(t.id) === t.id) {
    const b = locate(doc, t.through);
    if (b.index < a.index) throw new Fail('target_not_found', `${t.id} to ${t.through}`);
    const out: Loc[] = [];
    const level = containerLevel(a.unit.id);
    for (let i = a.index; i <= b.index; i++) {
      const u = doc.units[i];
      if (u.kind !== a.unit.kind) continue;
      // "hlavy III až IX": the hlavy, not the díly inside them.
      if (level !== null && containerLevel(u.id) !== level) continue;
      const l = local(u);
      out.push({ index: i, unit: u, local: l, node: l.top });
    }
    return out;
  }
  const b = locate(doc, t.through);
  if (b.index !== a.index || !a.node || !b.node || a.node.parent !== b.node.parent)
    throw new Fail('target_not_found', `${t.id} to ${t.through}`);
  const parent = a.node.parent ? a.local.nodes.get(a.node.parent) : null;
  if (!parent) throw new Fail('target_not_found', t.id);
  const ids = parent.children;
  const i = ids.indexOf(a.node.id);
  const j = ids.indexOf(b.node.id);
  if (i < 0 || j < i) throw new Fail('target_not_found', `${t.id} to ${t.through}`);
  return ids.slice(i, j + 1).map((id) => ({ ...a, node: a.local.nodes.get(id)! }));
}

function replaceUnit(doc: Doc, index: number, text: string): TextUnit {
  const old = doc.units[index];
  const unit: TextUnit = { id: old.id, kind: old.kind, text };
  doc.units[index] = unit;
  return unit;
}

/** A punctuation mark right after another (",;", ",.", ";,"): no Czech text writes one, footnote marks and "…" aside. */
const MARK_PAIR = /[,;:][ \t]*[,;:]|[,;:][ \t]*\.(?!\.)/g;

function markPairs(text: string): number {
  return (text.match(MARK_PAIR) ?? []).length;
}

/**
 * Words edited so that a mark stands next to another ("omezení,; délka" from "tečka za slovem
 * „omezení“ se nahrazuje čárkou a slova „Jeho délka“ se nahrazují slovy „; délka …“", vyhláška
 * č. 464/2009 Sb., bod 34): the act's two changes meet, and which mark the source keeps is a
 * guess. Refused rather than written.
 */
function refuseMarkPair(before: string, after: string, id: string): void {
  if (markPairs(after) > markPairs(before)) throw new Fail('payload_mismatch', `a punctuation mark next to another in ${id}`);
}

/** A unit's text with `span` replaced by `by`. */
function splice(text: string, span: Span, by: string): string {
  return text.slice(0, span.start) + by + text.slice(span.end);
}

/** The region of a target that words are looked for in. */
function regionOf(loc: Loc, t: TargetRef, withClosing = false): Span {
  const text = loc.unit.text;
  if (loc.unit.kind === 'footnote') return { start: /^\^\d+[a-z]*\)\s*/.exec(text)?.[0].length ?? 0, end: trimEnd(text, text.length) };
  if (loc.unit.kind === 'preamble') return { start: 0, end: text.length };
  const node = loc.node;
  if (!node) throw new Fail('target_not_found', t.id);
  if (t.part === 'heading') return headingSpan(loc);
  let span: Span = { start: node.contentStart, end: contentEnd(text, node.contentStart, node.end) };
  // The last písmeno or bod of a list ends before the list's závěrečná část, which the provisions
  // parser counts to it: "na konci písmene d) se tečka nahrazuje čárkou" names the písmeno's own
  // full stop, not the one that ends the odstavec.
  const parent = node.parent !== null ? loc.local.nodes.get(node.parent) : undefined;
  if (!t.part && !withClosing && parent && parent.children[parent.children.length - 1] === node.id) {
    const closing = closingStart(text, node);
    if (closing >= 0) span = { start: span.start, end: trimEnd(text, closing) };
  }
  if (t.part === 'intro') {
    if (!node.children.length) throw new Fail('target_not_found', `${t.id} has no úvodní část`);
    span = { start: node.contentStart, end: trimEnd(text, node.ownEnd) };
  } else if (t.part === 'closing') {
    span = closingSpan(loc);
  } else if (t.part === 'after_semicolon' || t.part === 'before_semicolon') {
    const own: Span = { start: node.contentStart, end: contentEnd(text, node.contentStart, node.ownEnd) };
    // The sentence that holds the semicolon (the one named, or the only one with one).
    const candidates =
      t.sentence !== undefined
        ? [sentenceSpan(text, own, t.sentence, t.id)]
        : sentences(text, own).filter((x) => text.slice(x.start, x.end).includes(';'));
    if (candidates.length !== 1) throw new Fail(candidates.length ? 'ambiguous' : 'text_not_found', `a semicolon in ${t.id}`);
    const s = candidates[0];
    const semis = [...text.slice(s.start, s.end).matchAll(/;/g)];
    if (semis.length !== 1) throw new Fail(semis.length ? 'ambiguous' : 'text_not_found', `a semicolon in ${t.id}`);
    const at = s.start + semis[0].index;
    return t.part === 'after_semicolon' ? { start: at, end: s.end } : { start: s.start, end: at };
  }
  if (t.sentence !== undefined) {
    // "V § 3 odst. 8 se věta poslední zrušuje" where the odstavec holds a list: its last sentence is
    // after the list, in its závěrečná část, not the last of the text before it; and the sentences of
    // "závěrečné části ustanovení … věta poslední" are that part's. A závěrečná část that goes on
    // with the list's sentence ("…, a to do 30 dnů.") has no sentence of its own before its first
    // full stop; where there is no závěrečná část, the last sentence is in the last item's line.
    if (t.part === 'closing' || (t.sentence < 0 && node.children.length)) {
      const refuse = () => new Fail('unsupported_target', `the last sentence of ${t.id}, which holds a list`);
      let closing = span;
      if (t.part !== 'closing') {
        try {
          closing = closingSpan(loc);
        } catch {
          throw refuse();
        }
      }
      const ss = sentences(text, closing);
      const i = t.sentence > 0 ? t.sentence - 1 : ss.length + t.sentence;
      if (!ss[i]) throw new Fail('target_not_found', `sentence ${t.sentence} of the závěrečná část of ${t.id}`);
      if (t.part !== 'closing' && i === 0 && !/^\p{Lu}/u.test(text.slice(closing.start))) throw refuse();
      return ss[i];
    }
    const own: Span = { start: node.contentStart, end: Math.min(span.end, contentEnd(text, node.contentStart, node.ownEnd)) };
    return sentenceSpan(text, own, t.sentence, t.id);
  }
  return span;
}

function sentenceSpan(text: string, own: Span, n: number, id: string): Span {
  const ss = sentences(text, own);
  const s = n > 0 ? ss[n - 1] : ss[ss.length + n];
  if (!s) throw new Fail('target_not_found', `sentence ${n} of ${id}`);
  return s;
}

/** A container's label on a line of its own that the provisions parser did not read as a heading ("Pododdíl 2"). */
const CONTAINER_LABEL = /^\s*(?:ČÁST|HLAVA|Hlava|DÍL|Díl|ODDÍL|Oddíl|PODODDÍL|Pododdíl)\s+[\dIVXLCivxlc]+[a-z]?\.?\s*$/;

/** A closing line of an act inside its last unit: signatures ("**Ministr:**", "**Ing. Barčák v. r.**"). */
const TRAILER_LINE = /^\s*(?:(?:\*\*[^*\n]+\*\*[ \t]*)+|.*\bv\.\s?r\.\**)\s*$/;

/**
 * Where a unit's own content ends: before trailing blank lines, the act's closing signatures and
 * heading lines that belong to what follows (a container heading the provisions parser did not
 * read, the title of the next §).
 */
function contentEnd(text: string, start: number, end: number): number {
  let e = trimEnd(text, end);
  while (e > start) {
    const nl = text.lastIndexOf('\n', e - 1);
    const lineStart = Math.max(nl + 1, start);
    const line = text.slice(lineStart, e);
    if (lineStart === start) break;
    // The next §'s title and its "(K § 14 odst. 9 zákona)" line below it (a vyhláška's heading,
    // vyhláška č. 292/2023 Sb., bod 34, on vyhláška č. 197/2004 Sb.) go with the title.
    if (K_LINE.test(line.trim())) {
      const above = trimEnd(text, lineStart);
      const pl = text.lastIndexOf('\n', above - 1);
      const prevStart = Math.max(pl + 1, start);
      if (prevStart > start && /^#{1,6}\s/.test(text.slice(prevStart, above))) {
        e = trimEnd(text, prevStart);
        continue;
      }
    }
    if (!(TRAILER_LINE.test(line) || /^#{1,6}\s/.test(line) || CONTAINER_LABEL.test(line))) break;
    e = trimEnd(text, lineStart);
  }
  return e;
}

function trimEnd(text: string, end: number): number {
  let e = end;
  while (e > 0 && /\s/.test(text[e - 1])) e--;
  return e;
}

/** The heading line's text (`#### Nadpis` → `Nadpis`) of a unit. */
function headingSpan(loc: Loc): Span {
  const text = loc.unit.text;
  const node = loc.node;
  if (!node || node.parent !== null) throw new Fail('unsupported_target', 'a heading of a unit inside a §');
  const lines = headingLines(text, node);
  const title = lines.filter((l) => !isUnitLabel(l.text));
  if (!title.length && loc.unit.kind === 'annex') {
    // An annex writes its title as the plain line below its label ("Příloha č. 2 k nařízení vlády
    // č. 61/2003 Sb." then "Požadovaný a cílový stav jakosti vody ve vodním toku"; nařízení vlády
    // č. 23/2011 Sb., bod 27): that line, unless it is a list item, a table or a paragraph.
    const nl = text.indexOf('\n', node.contentStart);
    const end = nl < 0 || nl > node.end ? node.end : nl;
    const line = text.slice(node.contentStart, end).trimEnd();
    if (line && !/^(?:- |\||\(\d|\[image)/.test(line)) return { start: node.contentStart, end: node.contentStart + line.length };
  }
  if (title.length !== 1) throw new Fail(title.length ? 'ambiguous' : 'target_not_found', `heading of ${loc.unit.id}`);
  const l = title[0];
  const m = /^#{1,6}[ \t]+/.exec(l.text);
  return { start: l.start + (m ? m[0].length : 0), end: l.start + l.text.trimEnd().length };
}

/**
 * The line below a heading that names what the unit implements ("(K § 8 odst. 1 zákona)",
 * "[K § 22 odst. 3 písm. d) zákona]"): in a vyhláška it is the heading's last part, which the
 * source writes as a plain line under the `####` title, and which an act's new heading carries at
 * its end ("Nadpis § 5 zní: „Povolování … (K § 8 odst. 1, 2 a 4 zákona)“", vyhláška č. 493/2006 Sb.,
 * bod 2, on vyhláška č. 330/2004 Sb.).
 */
// Older vyhlášky write it in lower case ("(k § 67 odst. 3 zákona)", vyhláška č. 108/1997 Sb.,
// whose headings vyhláška č. 359/2006 Sb., bod 35, edits).
const K_LINE = /^(?:\([Kk] [^\n]{1,200}\)|\[[Kk] [^\n]{1,200}\])$/;

/** The unit's "(K § …)" line right below its heading, or null. */
function kLineSpan(loc: Loc): Span | null {
  const node = loc.node;
  if (!node || node.parent !== null) return null;
  const text = loc.unit.text;
  const nl = text.indexOf('\n', node.contentStart);
  const end = nl < 0 || nl > node.end ? node.end : nl;
  const line = text.slice(node.contentStart, end).trimEnd();
  return K_LINE.test(line) ? { start: node.contentStart, end: node.contentStart + line.length } : null;
}

/** A new heading's "(K § …)" end apart from its title, or null. */
function splitKPart(heading: string): { title: string; k: string } | null {
  const m = /^(.*\S)\s+(\([Kk] [^\n]*\)|\[[Kk] [^\n]*\])$/s.exec(heading.trim());
  return m && K_LINE.test(m[2]) ? { title: m[1], k: m[2] } : null;
}

/** The label line of a unit (`##### § 5`, `### HLAVA II`, `Příloha č. 2`) as opposed to its title. */
function isUnitLabel(line: string): boolean {
  const t = line
    .replace(/^#{1,6}[ \t]+/, '')
    .replace(/\*\*/g, '')
    .trim();
  return /^(?:§|čl\.|článek|část|hlava|díl|oddíl|pododdíl|příloha)(?=$|[\s.\d])/i.test(t);
}

function headingLines(text: string, node: Node): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  let pos = node.start;
  while (pos < node.contentStart) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 || nl > node.contentStart ? node.contentStart : nl;
    const line = text.slice(pos, end);
    if (line.trim()) out.push({ start: pos, text: line });
    if (nl < 0 || nl >= node.contentStart) break;
    pos = nl + 1;
  }
  return out;
}

/**
 * Where the "závěrečná část" of a list starts inside its last item (the provisions parser counts it
 * to the item): the first paragraph of the item's text without a marker, or -1.
 */
function closingStart(text: string, last: Node): number {
  if (last.children.length || (last.kind !== 'letter' && last.kind !== 'point')) return -1;
  const body = text.slice(last.contentStart, contentEnd(text, last.contentStart, last.end));
  // A paragraph in brackets that is no odstavec's number is one too ("(dále jen „uchazeč“).").
  const m = /\n[ \t]*\n(?![ \t]*(?:- |\(\d{1,3}[a-z]?\)|#|\|))(\S[^\n]*)/.exec(body);
  if (!m) return -1;
  return last.contentStart + m.index + m[0].length - m[1].length;
}

/**
 * A závěrečná část that goes on with the list's sentence ("(dále jen „uchazeč“).", "a jestliže …"),
 * for new items put after the last one; a paragraph opening with a capital may be the last item's
 * own second paragraph (an annex's bod 11 with "Služební volno se poskytne …", vyhláška č. 105/2005
 * Sb. on vyhláška č. 263/1999 Sb.), so the items go after it as before.
 */
function closingOfList(text: string, last: Node): number {
  const at = closingStart(text, last);
  return at >= 0 && /^(?:\(|\p{Ll})/u.test(text.slice(at)) ? at : -1;
}

/** "závěrečná část ustanovení": the paragraph after the last písmeno / bod of the node, without a marker. */
function closingSpan(loc: Loc): Span {
  const node = loc.node!;
  const text = loc.unit.text;
  if (!node.children.length) throw new Fail('target_not_found', `${node.id} has no závěrečná část`);
  const last = loc.local.nodes.get(node.children[node.children.length - 1])!;
  if (last.children.length) throw new Fail('unsupported_target', `závěrečná část after nested units in ${node.id}`);
  const start = closingStart(text, last);
  if (start < 0) throw new Fail('target_not_found', `závěrečná část of ${node.id}`);
  return { start, end: trimEnd(text, node.end) };
}

// ---------------------------------------------------------------------------------------------
// New text.

/** A payload's footnotes (`^5) …` lines) apart from the rest. */
function splitPayload(payload: string): { body: string; footnotes: TextUnit[] } {
  const start = footnoteBlockStart(payload);
  if (start < 0) return { body: payload.trim(), footnotes: [] };
  const block = payload.slice(start);
  const used = new Map<string, number>();
  const footnotes: TextUnit[] = [];
  for (const line of block.split(/\n(?=\^\d)/)) {
    const m = FOOTNOTE_LINE.exec(line.trim());
    if (!m) continue;
    const id = `fn_${m[1]}`;
    used.set(id, (used.get(id) ?? 0) + 1);
    let t = line.trim();
    // The amending act's closing mark after a new text whose opening mark it left out: not the footnote's.
    if (unclosedQuotes(t) < 0) t = t.replace(/“\.?$/, '').trimEnd();
    // A closing mark still inside: the act's quotation ended there and what follows is the act's
    // own next sentence ("…(přepracované znění).“. Dosavadní poznámky pod čarou č. 11a až 11d se
    // označují …", zákon č. 301/2009 Sb., on zákon č. 634/1992 Sb.), not the footnote's text.
    if (unclosedQuotes(t) < 0) throw new Fail('payload_mismatch', `the new text of ${id} runs past the act's closing quotation mark`);
    footnotes.push({ id, kind: 'footnote', text: `${t}\n\n` });
  }
  return { body: payload.slice(0, start).trim(), footnotes };
}

function footnoteOrder(id: string): [number, string] {
  const m = /^fn_(\d+)([a-z]*)/.exec(id);
  return m ? [Number(m[1]), m[2]] : [Number.MAX_SAFE_INTEGER, id];
}

/** Footnote numbers in order: the number, then its letters. */
function compareOrder(a: [number, string], b: [number, string]): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}

/** Puts a footnote in place: its new wording where it is, or a new one in number order. */
function putFootnote(doc: Doc, fn: TextUnit, changed: Set<string>): void {
  const i = doc.units.findIndex((u) => u.id === fn.id);
  if (i >= 0) {
    if (doc.units.some((u) => u.id === `${fn.id}~2`)) throw new Fail('ambiguous', `${fn.id} is in the text twice`);
    doc.units[i] = fn;
  } else {
    const order = footnoteOrder(fn.id);
    let at = doc.units.length;
    for (let j = 0; j < doc.units.length; j++) {
      const u = doc.units[j];
      if (u.kind !== 'footnote') continue;
      if (compareOrder(footnoteOrder(u.id), order) > 0) {
        at = j;
        break;
      }
    }
    // The unit before a new footnote ends with a blank line.
    if (at > 0 && !doc.units[at - 1].text.endsWith('\n\n')) {
      const prev = doc.units[at - 1];
      doc.units[at - 1] = { ...prev, text: `${prev.text.trimEnd()}\n\n` };
    }
    doc.units.splice(at, 0, fn);
  }
  changed.add(fn.id);
}

/** Text for between units: blocks separated by one blank line, ending with one. */
function block(text: string): string {
  return `${text.trim()}\n\n`;
}

/** The number of a unit line's marker (`(3)` → `3`, `- c)` → `c`, `- 2.` → `2`). */
function markerKey(line: string): string | null {
  const m = /^(?:- )?(?:\((\d{1,3}[a-z]?)\)|([a-z]{1,2})\)|(\d{1,3}[a-z]?)\.)/.exec(line.trim());
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
}

function lastSeg(id: string): { type: string; key: string } {
  const seg = id.split('/').pop()!;
  const m = /^([a-z]+)_(.+)$/.exec(seg);
  if (!m) throw new Fail('unsupported_target', `${id} has no number`);
  return { type: m[1], key: m[2] };
}

// ---------------------------------------------------------------------------------------------
// The source's ways of writing (docs/amendments.md, "How the source writes a consolidated text").

/**
 * Footnote marks after the punctuation that follows them (`údajů,^31)`) or before it
 * (`údajů^31),`): older consolidated texts write the first, the amending acts the second. New text
 * is written the way the act's text already writes them, when it clearly prefers one way.
 */
type MarkStyle = 'after_punctuation' | 'as_written';

function markStyle(units: TextUnit[]): MarkStyle {
  let after = 0;
  let before = 0;
  for (const u of units) {
    if (u.kind === 'footnote') continue;
    after += (u.text.match(/[,.;:]\^\d+[a-z]*\)/g) ?? []).length;
    before += (u.text.match(/\^\d+[a-z]*\)[,.;:]/g) ?? []).length;
  }
  // Measured on the replay: the source keeps the amending act's placement as often as it moves it, so new text is written as the act writes it.
  void after;
  void before;
  return 'as_written';
}

function styleMarks(text: string, style: MarkStyle): string {
  // Marks in a row are written without a space between ("^3a)^,^3b)").
  // The amending acts also leave out the second caret ("^4a)^, 5)"), the source writes it.
  // A mark follows its word or punctuation without a space ("obce, ^3a)" in zákon č. 113/1979 Sb.,
  // bod 2, is "obce,^3a)" in the source, which nearly never writes a space before a mark).
  const t = text.replace(/\)\^,\s*\^?(?=\d+[a-z]*\))/g, ')^,^').replace(/(?<=[^\s]) (?=\^\d+[a-z]*\))/g, '');
  if (style !== 'after_punctuation') return t;
  return t.replace(/((?:\^\d+[a-z]*\))+)([,.;:])/g, '$2$1');
}

/**
 * How the act's annexes set their text: labels in bold ("**Kód lokality:** CZ0620001") and
 * parentheticals in italics ("*(Vertigo moulinsiana)*"). The amending acts write new annexes
 * plain; the source sets them the way the act's other annexes are set. Only a convention the
 * annexes keep (nearly) without exception is followed.
 */
interface AnnexStyle {
  /** Labels (with their colon) the annexes open a line with in bold. */
  boldLabels: ReadonlySet<string>;
  /** Parentheticals are set in italics. */
  italicParens: boolean;
  /** The annexes write their titles as plain lines: none has a "#### " line. */
  plainTitles: boolean;
}

const LINE_LABEL = /^([^\n:*|#()„“]{1,80}:)(?=[ \t]|$)/;
const PAREN = /\(([^()\n]*)\)/g;

function annexStyle(units: TextUnit[]): AnnexStyle {
  const bold = new Map<string, number>();
  const plain = new Map<string, number>();
  let parens = 0;
  let italic = 0;
  let annexes = 0;
  let titled = 0;
  for (const u of units) {
    if (u.kind !== 'annex') continue;
    if (!u.id.includes('/')) annexes++;
    if (/^#### /m.test(u.text)) titled++;
    for (const raw of u.text.split('\n')) {
      const line = raw.trim();
      const b = /^\*\*([^*\n]{1,80}:)\*\*/.exec(line);
      if (b) bold.set(b[1], (bold.get(b[1]) ?? 0) + 1);
      const l = LINE_LABEL.exec(line);
      if (l) plain.set(l[1], (plain.get(l[1]) ?? 0) + 1);
    }
    for (const m of u.text.matchAll(PAREN)) {
      parens++;
      const at = m.index;
      if (u.text[at - 1] === '*' && u.text[at + m[0].length] === '*') italic++;
    }
  }
  const boldLabels = new Set<string>();
  for (const [label, n] of bold) if (n >= 3 && (plain.get(label) ?? 0) * 20 <= n) boldLabels.add(label);
  return { boldLabels, italicParens: parens >= 10 && italic >= parens * 0.95, plainTitles: annexes >= 2 && titled === 0 };
}

/**
 * Whole annexes set as tables are not written: the source sets the tables of the annexes it
 * consolidates anew (the header rows, the notes under the table, the dashes), not as the amending
 * act writes them, so what the engine would write is not the source's text.
 */
function refuseAnnexTable(text: string): void {
  if (/^[ \t]*\|(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*$/m.test(text)) throw new Fail('unsupported_target', 'an annex set as a table');
}

/** A new annex's text set the way the act's annexes are (`annexStyle`). */
const PLAIN_TITLE_KEEP = /^(?:příloh|část|hlav|oddíl|díl|§|čl\.|článek|tabulka)/iu;

function styleAnnex(text: string, style: AnnexStyle): string {
  if (!style.boldLabels.size && !style.italicParens && !style.plainTitles) return text;
  return text
    .split('\n')
    .map((line) => {
      // "#### Náležitosti žádosti …" of a new annex where the act's annexes write such titles plain
      // (a label of an annex, a part or a § keeps its mark: it is structure, not a title).
      if (style.plainTitles && /^#### \S/.test(line) && !PLAIN_TITLE_KEEP.test(line.slice(5))) return line.slice(5);
      // Tables and headings are left as written.
      if (/^\s*(?:\||#)/.test(line)) return line;
      let out = line;
      const l = LINE_LABEL.exec(out.trimStart());
      if (l && style.boldLabels.has(l[1])) {
        const lead = out.length - out.trimStart().length;
        out = `${out.slice(0, lead)}**${l[1]}**${out.slice(lead + l[1].length)}`;
      }
      if (style.italicParens)
        out = out.replace(PAREN, (m: string, _inner: string, at: number, all: string) =>
          all[at - 1] === '*' && all[at + m.length] === '*' ? m : `*${m}*`,
        );
      return out;
    })
    .join('\n');
}

/** The last character of a list item's text that ends it (`,`, `;`, `.`), with its offset. */
function itemEnding(text: string, node: Node): { at: number; char: string } | null {
  const end = contentEnd(text, node.contentStart, node.end);
  const m = /([,.;:])((?:\^\d+[a-z]*\))*)$/.exec(text.slice(node.contentStart, end));
  return m ? { at: end - m[0].length, char: m[1] } : null;
}

/** The separator the items of a list end with (`,` or `;`), from all but the last. */
function listSeparator(text: string, items: Node[]): string | null {
  const counts = new Map<string, number>();
  for (const n of items) {
    const e = itemEnding(text, n);
    if (e && (e.char === ',' || e.char === ';')) counts.set(e.char, (counts.get(e.char) ?? 0) + 1);
  }
  // Only a separator every item uses; mixed lists are left as they are.
  if (counts.size !== 1) return null;
  return [...counts.keys()][0];
}

// ---------------------------------------------------------------------------------------------
// Operations.

interface Work {
  doc: Doc;
  changed: Set<string>;
  units: Set<string>;
  style: MarkStyle;
  annexStyle: AnnexStyle;
  /** The heading marks of the text's §§ before the act (`sectionHeadingMarks`). */
  headingMarks: string | null;
  /** Footnotes an earlier point of the act wrote (new text or new wording). */
  written: ReadonlySet<string>;
  /** Footnotes this point writes. */
  wrote: Set<string>;
  /** Top-level units this point took out of the text whole (repealed §§, články, containers and what they hold). */
  removed: Set<string>;
  /** The point's operations (the one applied is among them). */
  ops: readonly Operation[];
  /** Each unit's text before the act (by id): what "dosavadní" refers to. */
  before: ReadonlyMap<string, string>;
  /** Where this point's word edits wrote in a unit's text (`noteWords`), by unit id, with the text they are places of. */
  wordsWritten: Map<string, { text: string; spans: Span[] }>;
}

/** How many characters two texts share at their start (`p`) and, after it, at their end (`s`). */
function commonEnds(before: string, after: string): { p: number; s: number } {
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
  return { p, s };
}

/**
 * Records where a word edit of this point changed a unit's text (the span between the texts' common
 * start and end), shifting the places recorded before it. Places recorded for a text the unit no
 * longer has (another kind of edit came between) are dropped.
 */
function noteWords(w: Work, unitId: string, before: string, after: string, at?: number): void {
  const prev = w.wordsWritten.get(unitId);
  const known = prev && prev.text === before ? prev.spans : [];
  const { p, s } = commonEnds(before, after);
  const oldEnd = before.length - s;
  const delta = after.length - before.length;
  const fresh: Span = { start: p, end: after.length - s };
  // Where the words written repeat the text next to them ("v závislosti na …" with „na době …,“ put
  // before "na druhu"), the common start runs into them: the span goes back to where the edit was.
  let oldStart = p;
  while (
    at !== undefined &&
    fresh.start > at &&
    after[fresh.start - 1] === after[fresh.end - 1] &&
    before[oldStart - 1] === before[oldEnd - 1 - (p - oldStart)]
  ) {
    fresh.start--;
    fresh.end--;
    oldStart--;
  }
  const spans: Span[] = [];
  for (const x of known) {
    if (x.end <= p) spans.push(x);
    else if (x.start >= oldEnd) spans.push({ start: x.start + delta, end: x.end + delta });
    else {
      fresh.start = Math.min(fresh.start, x.start);
      fresh.end = Math.max(fresh.end, x.end + delta);
    }
  }
  if (fresh.end > fresh.start) spans.push(fresh);
  w.wordsWritten.set(unitId, { text: after, spans });
}

/**
 * Words a clause names more than once in its unit where all but one place are words an earlier
 * clause of the same point wrote ("se číslo „5“ nahrazuje číslem „6“ a číslo „6“ se nahrazuje
 * číslem „7“", zákon č. 23/2025 Sb., bod 52, on zákon č. 127/2005 Sb.; "za slova „přidělí se“ se
 * vkládají slova „A“, slova „A“ se nahrazují …", zákon č. 218/2021 Sb., bod 6, on zákon č. 6/2002
 * Sb.): the clauses of one point speak of the text before it, so the place meant is the one the
 * point did not write. Null where that does not leave exactly one.
 */
function unwrittenHit(w: Work, unitId: string, text: string, hits: Span[]): Span | null {
  const own = w.wordsWritten.get(unitId);
  if (!own || own.text !== text || !own.spans.length) return null;
  const left = hits.filter((h) => !own.spans.some((x) => h.start < x.end && x.start < h.end));
  return left.length === 1 && left.length < hits.length ? left[0] : null;
}

/**
 * Words a clause names more than once in its unit where all but one place lie inside the longer
 * words another clause of the same point names there ("se slova „zdravotní péči“ nahrazují slovy
 * „zdravotní služby“ a slova „tuto zdravotní péči“ se nahrazují slovy „tyto zdravotní služby“",
 * zákon č. 375/2011 Sb. on zákon č. 40/1995 Sb.): those places are the other clause's, so the one
 * left is this clause's. Null where that does not leave exactly one.
 */
function hitOutsideOtherClauses(
  w: Work,
  op: Operation,
  unitId: string,
  text: string,
  region: Span,
  markers: [number, number][],
  old: string,
  hits: Span[],
): Span | null {
  const self = REWRITTEN.get(op) ?? op;
  const unit = unitIdOf(unitId);
  const longer = w.ops
    .filter((o) => o !== self && (o.kind === 'replace_words' || o.kind === 'insert_words') && o.old && o.old !== old && o.old.includes(old))
    .filter((o) => o.targets.some((t) => unitIdOf(t.id) === unit))
    .flatMap((o) => findWords(text, o.old!, region, markers));
  if (!longer.length) return null;
  const left = hits.filter((h) => !longer.some((x) => x.start <= h.start && h.end <= x.end));
  return left.length === 1 && left.length < hits.length ? left[0] : null;
}

function touch(w: Work, id: string): void {
  w.changed.add(id);
  const uid = unitIdOf(id);
  if (uid !== '*') w.units.add(uid);
}

/** Whether a place in a text opens a sentence (the region's start, after a full stop, an odstavec's number or a heading's marks). */
function opensSentence(text: string, at: number, region: Span): boolean {
  if (at === region.start) return true;
  const pre = text.slice(Math.max(0, at - 40), at).replace(/[ \t]+$/, '');
  if (pre === '' || /(?:\n|#|\(\d{1,3}[a-z]?\))$/.test(pre)) return true;
  const m = /[.!?](?:\^\d+[a-z]*\))?$/.exec(pre);
  return m !== null && !NO_STOP.test(pre.slice(0, m.index)) && !/\d$/.test(pre.slice(0, m.index));
}

/**
 * The words found spelled otherwise than the act writes them, where they are not found as written:
 * (1) in the act's spacing and dashes (`loose`: "„,osoba s vlastními příjmy“", zákon č. 59/1995
 * Sb., bod 31, on zákon č. 592/1992 Sb.; "„2 900 Kč“" for the text's "2900 Kč", zákon č. 138/2001
 * Sb., bod 1); (2) a heading the text writes in capitals ("V nadpisu části třetí se slova „a
 * služeb“ zrušují" in "POSKYTOVÁNÍ DÁVEK A SLUŽEB SOCIÁLNÍ PÉČE", vyhláška č. 506/2006 Sb., bod 5,
 * on vyhláška č. 182/1991 Sb.): found in any case, the new words written in capitals as the
 * heading is; (3) words the act writes in lower case that open a sentence of the text ("V § 6 odst. 1 se
 * slova „finanční úřad“ nahrazují slovy „celní úřad“" in "(1) Finanční úřad provádí …", vyhláška
 * č. 469/2003 Sb., bod 12, on vyhláška č. 140/1997 Sb.): found there, the new words opening the sentence with a capital. Not words put
 * before them ("před slovo"), which would then open the sentence themselves.
 */
function otherSpelling(
  text: string,
  old: string,
  region: Span,
  loc: Loc,
  t: TargetRef,
  op: Operation,
): { hits: Span[]; old: string; recase: (s: string) => string } | null {
  const markers = loc.local.markers;
  const same = (s: string): string => s;
  const loose = findWords(text, old, region, markers, 'loose');
  if (loose.length) return { hits: loose, old: text.slice(loose[0].start, loose[0].end), recase: same };
  if (/\p{Ll}/u.test(old)) {
    const caps = findWords(text, old, region, markers, 'caps').filter((h) => {
      const m = text.slice(h.start, h.end);
      return m === m.toUpperCase() && /\p{Lu}{3}/u.test(m);
    });
    if (caps.length && t.part === 'heading')
      return { hits: caps, old: text.slice(caps[0].start, caps[0].end), recase: (s) => s.toUpperCase() };
  }
  if (/^\p{Ll}/u.test(old) && op.position !== 'before') {
    const initial = findWords(text, old, region, markers, 'initial').filter(
      (h) => /^\p{Lu}/u.test(text[h.start]) && opensSentence(text, h.start, region),
    );
    if (initial.length)
      return {
        hits: initial,
        old: text[initial[0].start] + old.trim().slice(1),
        // New words in the place of the old open the sentence; words put after them do not.
        recase: (s) => (op.kind === 'replace_words' ? s.replace(/^(\s*)(\p{Ll})/u, (_, sp: string, c: string) => sp + c.toUpperCase()) : s),
      };
  }
  return null;
}

/** Footnote marks in a row, as the acts and the source write them ("^7)", "^2),^3)", "^7)^,^8)"). */
const MARK_RUN = String.raw`\^\d+[a-z]*\)(?:\^?,\^?\d+[a-z]*\)|\^\d+[a-z]*\))*`;
/** A punctuation mark before a run of marks, or after one (never a comma inside the run). */
const MARKS_BESIDE_PUNCT = new RegExp(String.raw`(?<!\^\d+[a-z]*\)\^?)([,.;:])(${MARK_RUN})|(${MARK_RUN})([,.;:])(?!\^?\d)`, 'g');
/** A run of marks that ends the words, after a letter or digit. */
const MARKS_AT_END = new RegExp(String.raw`(?<=[^\s,.;:])${MARK_RUN}$`);

/**
 * Words whose footnote marks the act sets on the other side of a punctuation mark than the text
 * ("podle zvláštního právního předpisu.^4)" for the text's "předpisu^4).", zákon č. 457/2011 Sb.,
 * bod 1, on zákon č. 127/2005 Sb.; "předpisu;^11b)" for "předpisu^11b);", zákon č. 261/2007 Sb.
 * on zákon č. 54/1956 Sb.): the same words with the marks on the other side. The new words stay
 * the act's.
 */
function swappedMarks(old: string): string {
  return old.replace(MARKS_BESIDE_PUNCT, (_, p1: string | undefined, run1: string | undefined, run2: string, p2: string) =>
    p1 !== undefined && run1 !== undefined ? run1 + p1 : p2 + run2,
  );
}

/**
 * Words that end with footnote marks where the text sets the punctuation that follows the words
 * before the marks ("podle zvláštního zákona^8)" of the text's "podle zvláštního zákona.^8)
 * Bylo-li", zákon č. 298/2016 Sb., bod 1, on zákon č. 150/2002 Sb.; "hygienické služby^18)" of
 * "orgány hygienické služby.^18)", zákon č. 258/2000 Sb. on zákon č. 634/1992 Sb.): the
 * punctuation is the text's, not the words'. Each place found is the words, the punctuation and
 * the same marks, and nothing more of them after; `punct` holds each place's punctuation.
 */
function wordsBeforePunctuatedMarks(
  text: string,
  old: string,
  region: Span,
  markers: [number, number][],
): { hits: Span[]; punct: string[]; marks: string } | null {
  const words = old.trim();
  const m = MARKS_AT_END.exec(words);
  if (!m) return null;
  const marks = m[0];
  // A comma before marks in a row may be the run's own ("republiky,^2),^3) v rozsahu" for the act's
  // "republiky^2),3) v rozsahu"): one mark only.
  if (!/^\^\d+[a-z]*\)$/.test(marks)) return null;
  const hits: Span[] = [];
  const punct: string[] = [];
  for (const h of findWords(text, words.slice(0, m.index), region, markers)) {
    const end = h.end + 1 + marks.length;
    if (end > region.end || !/^[,.;:]$/.test(text[h.end]) || text.slice(h.end + 1, end) !== marks) continue;
    if (/^\^?,?\^?\d/.test(text.slice(end))) continue;
    hits.push({ start: h.start, end });
    punct.push(text[h.end]);
  }
  return hits.length ? { hits, punct, marks } : null;
}

/**
 * The words at `h` (`wordsBeforePunctuatedMarks`: the words, the text's punctuation, the marks)
 * replaced by `add`: the punctuation stays after the new words; new words that end with marks of
 * their own have them where the text had its marks, after the punctuation ("orgány ochrany
 * veřejného zdraví.^18)"; the source writes the new mark so about twice as often as it takes the
 * act's "zdraví^18)." on the tuning half's points of this form). New words that end with punctuation
 * of their own keep it where it is the text's ("nemovitosti,^6b)" for "nemovitostí,^6)") and are
 * refused where it is another (which mark stays is not sure). Deleted words go with their marks
 * and leave the punctuation ("v elektronické formě. Bylo-li"), before the marks of the words
 * before them, as the text set it beside its marks ("republiky,^6) - e)" where "republiky^6) nebo
 * převedené … republiky,^7) - e)" loses the words after the first mark).
 */
function replaceBeforePunctuatedMarks(text: string, h: Span, add: string, punct: string, marks: string, id: string): string {
  const at = h.end - marks.length - 1;
  const a = add.trim();
  if (!a) {
    const before = text.slice(0, h.start).trimEnd();
    const run = new RegExp(`${MARK_RUN}$`).exec(before);
    if (run) return before.slice(0, run.index) + punct + run[0] + text.slice(h.end);
    return replaceSpan(text.slice(0, at + 1) + text.slice(h.end), { start: h.start, end: at }, '');
  }
  const own = new RegExp(`([,.;:])(?:${MARK_RUN})?$`).exec(a);
  if (own && own[1] !== punct) throw new Fail('ambiguous', `„${a}“ ends with „${own[1]}“ where the text has „${punct}“ in ${id}`);
  if (own) return replaceSpan(text, h, a);
  const mark = MARKS_AT_END.exec(a);
  return replaceSpan(text, h, mark ? a.slice(0, mark.index) + punct + mark[0] : a + punct);
}

/**
 * Where the part of an annex that the act names by its heading starts: the one line of the region
 * that begins with the heading's words (Markdown marks and spacing aside).
 */
function sectionStart(text: string, region: Span, section: string, id: string): number {
  const want = normalizeSpace(section);
  const starts: number[] = [];
  let at = region.start;
  for (const line of text.slice(region.start, region.end).split('\n')) {
    const words = line
      .replace(/^[\s#*-]+/, '')
      .replace(/\*+/g, '')
      .replace(/\s+/g, ' ');
    if (words.startsWith(want)) starts.push(at);
    at += line.length + 1;
  }
  if (starts.length !== 1) throw new Fail(starts.length ? 'ambiguous' : 'target_not_found', `the part „${section}“ of ${id}`);
  return starts[0];
}

/**
 * "V § 31 se na konci odstavce 2 tečka nahrazuje čárkou a doplňuje se písmeno i)" where a závěrečná
 * část ("Osoba je povinna výzvě vyhovět.") closes the odstavec's list (zákon č. 104/2011 Sb. on zákon
 * č. 13/1993 Sb.): the new písmeno goes before that část, so the mark replaced is the last písmeno's,
 * not the one that ends the závěrečná část. Where the last písmeno does not end with the mark named
 * ("c) …, (dále jen „opatření“) … Úřadem.", zákon č. 374/2021 Sb. on zákon č. 127/2005 Sb., § 130
 * odst. 1, where the source changes no mark), which mark is meant is not sure: refused.
 */
function endOfListRegion(w: Work, loc: Loc, t: TargetRef, op: Operation): Span | null {
  if (op.kind !== 'replace_words' || op.position !== 'end' || !/^[.,;:]$/.test(op.old ?? '') || t.part || t.sentence !== undefined)
    return null;
  const node = loc.node;
  if (!node?.children.length) return null;
  const last = loc.local.nodes.get(node.children[node.children.length - 1]);
  if (!last || closingStart(loc.unit.text, last) < 0) return null;
  const adds = w.ops.some(
    (o) =>
      (o.kind === 'append' || o.kind === 'insert') &&
      o.targets.some((x) => x.id === t.id) &&
      (o.newIds ?? []).some((id) => lastSeg(id).type === lastSeg(last.id).type),
  );
  if (!adds) return null;
  const region = regionOf({ ...loc, node: last }, { id: last.id });
  if (!new RegExp(`${escapeRegExp(op.old!)}(?:\\^\\d+[a-z]*\\))*$`).test(loc.unit.text.slice(region.start, region.end)))
    throw new Fail('ambiguous', `„${op.old}“ at the end of ${t.id}, whose list a závěrečná část closes`);
  return region;
}

/** Replaces, deletes or inserts words in one region of one unit. */
function editWords(w: Work, loc: Loc, t: TargetRef, op: Operation): void {
  const text = loc.unit.text;
  let region = endOfListRegion(w, loc, t, op) ?? regionOf(loc, t);
  let old = op.old ?? '';
  let hits = findWords(text, old, region, loc.local.markers);
  // Words of a heading in its "(K § …)" line below the title ("V nadpisu § 15 se slova „(K § 18
  // odst. 2 zákona)“ nahrazují …", vyhláška č. 493/2006 Sb., bod 4, on vyhláška č. 330/2004 Sb.).
  const k = t.part === 'heading' && !hits.length && !op.position ? kLineSpan(loc) : null;
  if (k && findWords(text, old, k, loc.local.markers).length) {
    region = k;
    hits = findWords(text, old, region, loc.local.markers);
  }
  // Words the act names in a list's last písmeno that stand in the list's závěrečná část, which
  // the drafters count to it ("V § 14 odst. 5 písm. b) se slova „a přiloží …“ zrušují",
  // vyhláška č. 394/2012 Sb., bod 18, on vyhláška č. 498/2000 Sb.): found there when not in the písmeno itself.
  if (!hits.length && !op.position && !t.part && t.sentence === undefined) {
    const whole = regionOf(loc, t, true);
    const more = whole.end !== region.end ? findWords(text, old, whole, loc.local.markers) : [];
    if (more.length) {
      region = whole;
      hits = more;
    }
  }
  // Footnote marks in a row as the source writes them ("^4a)^,^5)" for the act's "^4a)^, 5)").
  if (!hits.length && styleMarks(old, w.style) !== old) {
    old = styleMarks(old, w.style);
    hits = findWords(text, old, region, loc.local.markers);
  }
  let add = styleMarks(op.new ?? '', w.style);
  if (!hits.length) {
    const other = otherSpelling(text, old, region, loc, t, op);
    if (other) {
      ({ hits, old } = other);
      add = other.recase(add);
    }
  }
  // Footnote marks on the other side of a punctuation mark than the text sets them (`swappedMarks`).
  if (!hits.length && swappedMarks(old) !== old) {
    const swapped = findWords(text, swappedMarks(old), region, loc.local.markers);
    if (swapped.length) {
      old = swappedMarks(old);
      hits = swapped;
    }
  }
  // Words replaced or deleted whose marks the text sets after the punctuation that follows them
  // (`wordsBeforePunctuatedMarks`): the punctuation stays where the text has it.
  let punct: { mark: string; marks: string } | null = null;
  if (!hits.length && op.kind === 'replace_words' && !op.position) {
    const found = wordsBeforePunctuatedMarks(text, old, region, loc.local.markers);
    if (found) {
      if (found.hits.length > 1) throw new Fail('ambiguous', `„${old}“ is in ${t.id} ${found.hits.length} times`);
      hits = found.hits;
      punct = { mark: found.punct[0], marks: found.marks };
    }
  }
  // "na konci": the words end the unit's text, before its closing mark where they do not carry one
  // themselves ("V § 41 se na konci vypouštějí slova „a s Ústřední radou odborů“" of "… odborů.").
  const closing = /[.,;:]$/.test(op.old ?? '') ? '' : '[.,;:]?';
  if (op.position === 'end')
    hits = hits.filter((h) => new RegExp(`^(?:\\^\\d+[a-z]*\\))?${closing}\\s*$`).test(text.slice(h.end, region.end)));
  if (op.position === 'start') hits = hits.filter((h) => text.slice(region.start, h.start).trim() === '');
  if (!hits.length) {
    // The new words already there and the old ones not: an earlier text took the change in already.
    const done = op.kind === 'replace_words' && op.new && findWords(text, op.new, region, loc.local.markers).length > 0;
    throw new Fail(done ? 'already_present' : 'text_not_found', `„${old}“ in ${t.id}`);
  }
  // Words put where a repealed mark was ("za slovem „zákona“ se vypouští čárka a doplňují se slova
  // „v budovách …“", zákon č. 120/2000 Sb. on zákon č. 344/1992 Sb.): where a footnote mark follows
  // the mark, the source keeps it with the words before ("zákona^2) v budovách"), which a
  // replacement of "zákona," cannot write. Refused.
  if (op.kind === 'replace_words' && /[,.;:]$/.test(old) && op.new?.startsWith(`${old.slice(0, -1)} `)) {
    if (hits.some((h) => /^\^\d+[a-z]*\)/.test(text.slice(h.end))))
      throw new Fail('unsupported_target', `a footnote mark after „${old}“ in ${t.id}`);
  }
  // Words of an annex's part named by its heading: found once in the annex, after that heading.
  if (t.section !== undefined) {
    const at = sectionStart(text, region, t.section, t.id);
    if (hits.length > 1) throw new Fail('ambiguous', `„${old}“ is in ${t.id} ${hits.length} times`);
    if (hits[0].start < at) throw new Fail('text_not_found', `„${old}“ in the part „${t.section}“ of ${t.id}`);
  }
  // Words the named unit holds more than once, replaced (or deleted): in every place, as the source
  // has them in the tuning cases read ("V § 39 odst. 1 se slovo „okresní“ nahrazuje slovem
  // „krajský“", zákon č. 320/2002 Sb., část amending zákon č. 167/1998 Sb., bod 12; "V § 24 se slovo
  // „služební“ nahrazuje slovem „vojenské“", zákon č. 178/2023 Sb., bod 7, on zákon č. 219/1999 Sb.).
  // Not numbers or a bare conjunction, which the acts name in one place of several ("V § 30b odst. 1
  // se číslo „6“ nahrazuje číslem „10“" beside "§ 30 odst. 6", zákon č. 195/2017 Sb., bod 15; "V § 11
  // odst. 2 písm. c) se slovo „nebo“ zrušuje", the list's last one, zákon č. 197/2024 Sb., bod 1),
  // nor where another clause of the point edits the unit with words that hold these or are held by
  // them ("2" → "3" and "3" → "4"; "pravým" → "levým" and "levým" → "pravým"): which places the act
  // means is then not sure (`everyPlace`).
  if (hits.length > 1) {
    const one =
      unwrittenHit(w, loc.unit.id, text, hits) ?? hitOutsideOtherClauses(w, op, loc.unit.id, text, region, loc.local.markers, old, hits);
    if (one) hits = [one];
  }
  if (hits.length > 1 && op.kind === 'replace_words' && everyPlace(w, op, old, loc.unit.id)) {
    const by = add;
    let all = text;
    // Each place noted on its own: one span over them all would hold the text between them.
    for (const x of [...hits].reverse()) {
      const next = replaceSpan(all, x, by);
      noteWords(w, loc.unit.id, all, next, x.start);
      all = next;
    }
    refuseMarkPair(text, all, t.id);
    replaceUnit(w.doc, loc.index, all);
    touch(w, t.id);
    return;
  }
  if (hits.length > 1) throw new Fail('ambiguous', `„${old}“ is in ${t.id} ${hits.length} times`);
  let h = hits[0];
  let out: string;
  if (op.kind === 'insert_words') {
    // Words the text quotes whole ("slova „stavební spořitelna“ smí …"): the point names the quoted
    // term, and new words go outside its quotation marks ("za slova „stavební spořitelna“ vkládají
    // slova „jejich překlady, …“", zákon č. 423/2003 Sb., bod 3, on zákon č. 96/1993 Sb.; "za slova
    // „jménem zákona“ vkládají slova „s výstrahou“", zákon č. 274/2008 Sb. on zákon č. 553/1991 Sb.).
    if (text[h.start - 1] === '„' && text[h.end] === '“' && !/[„“]/.test(old)) h = { start: h.start - 1, end: h.end + 1 };
    const next = text.slice(op.position === 'before' ? 0 : h.end, op.position === 'before' ? h.start : undefined);
    // A footnote mark set after words: where punctuation follows them the source sets the mark
    // before or after it as it sets the text's other marks, not as the act says; and a mark the unit
    // has already is another place's. Refused.
    if (/^\^\d+[a-z]*\)$/.test(add.trim()) && (/^[.,;:]/.test(next) || text.includes(add.trim())))
      throw new Fail('unsupported_target', `the mark ${add.trim()} after „${old}“`);
    const have = op.position === 'before' ? next.trimEnd().endsWith(add.trim()) : next.trimStart().startsWith(add.trim());
    if (add.trim() && have) throw new Fail('already_present', `„${add.trim()}“ in ${t.id}`);
    if (op.position === 'before') out = splice(text, { start: h.start, end: h.start }, joinBefore(add));
    else {
      // Words that end with a comma put before the text's own comma ("…předpisů," + ", - b)"): one comma.
      const a = add.trim();
      // A conjunction put before the text's comma ("bakalářském nebo, magisterském", vyhláška č.
      // 123/2016 Sb., bod 3, on vyhláška č. 197/2004 Sb.), or one word of a list with its comma put
      // before the list's conjunction ("modré oranžové, a bílé", vyhláška č. 174/2000 Sb., bod 8,
      // on vyhláška č. 173/1995 Sb.): the source moves the comma, the act does not say where. Refused.
      // (A clause with its commas, ", s výjimkou …,", is set off as written.)
      if (CONJUNCTION.test(a) && /^[ \t]*,/.test(text.slice(h.end))) throw new Fail('payload_mismatch', `„${a}“ before a comma in ${t.id}`);
      if (/^[\p{L}\p{N}-]+,$/u.test(a) && LIST_CONJUNCTION_NEXT.test(text.slice(h.end)))
        throw new Fail('payload_mismatch', `„${a}“ before a conjunction in ${t.id}`);
      const one = /[,;]$/.test(a) && text[h.end] === a[a.length - 1] ? a.slice(0, -1) : add;
      out = splice(text, { start: h.end, end: h.end }, joinAfter(one, text[h.end]));
    }
  } else if (punct !== null) {
    out = replaceBeforePunctuatedMarks(text, h, add, punct.mark, punct.marks, t.id);
  } else {
    // Words deleted with the comma that ends their list item ("slova „nebo § 23 odst. 2,“ se
    // zrušují" at the end of bod 2, zákon č. 282/2003 Sb., bod 34, on zákon č. 154/2000 Sb.): the
    // item keeps its closing mark, the next item still follows. (Not in an úvodní část: "kterým právně
    // jedná, - a)" without "právně jedná," is "kterým - a)".)
    const item = loc.node && (loc.node.kind === 'letter' || loc.node.kind === 'point') && !t.part;
    if (item && !add && /[,;]$/.test(old) && text.slice(h.end, region.end).trim() === '' && region.end < text.length)
      h = { start: h.start, end: h.end - 1 };
    // New words ending with a full stop before the sentence goes on in lower case ("díla. obvyklá",
    // zákon č. 303/2013 Sb., bod 5, on zákon č. 121/2000 Sb.): the act's slip, which the source
    // edits; where its full stop goes is not the engine's to guess. (Punctuation replaced after given
    // words, "čárka za slovem „sboru“ se nahrazuje tečkou a slova „jehož …“ se vypouštějí", is the
    // act's own full stop: the words after it go in the same point.)
    const a = add.trim();
    if (
      a.endsWith('.') &&
      !/[.,;:]$/.test(old) &&
      /^[ \t]+\p{Ll}/u.test(text.slice(h.end)) &&
      !ABBREVIATION_STOP.test(a.slice(0, -1)) &&
      !NO_STOP.test(a.slice(0, -1)) &&
      !/\d\.$/.test(a)
    )
      throw new Fail('payload_mismatch', `a full stop inside a sentence of ${t.id}`);
    // Words deleted with the full stop that ends their sentence, which goes on before them: the
    // sentence keeps its full stop ("se vypouštějí slova „a podílet se … lidu.“", zákon
    // č. 548/1991 Sb., bod 3, on zákon č. 20/1966 Sb.).
    if (
      !add &&
      old.endsWith('.') &&
      !/[.!?]\s+\p{Lu}/u.test(old) &&
      /^(?:\s*$|[ \t]+\p{Lu})/u.test(text.slice(h.end, region.end)) &&
      /[\p{L}\p{N})][ \t]*$/u.test(text.slice(0, h.start)) &&
      // (Not the first words of a footnote: "^15) " is its mark, no sentence before them.)
      text.slice(region.start, h.start).trim() !== ''
    )
      h = { start: h.start, end: h.end - 1 };
    // … and where a comma set the deleted clause off ("organizace, pokud nejde o … orgánů." without
    // "pokud … orgánů.", zákon č. 98/1988 Sb., on zákon č. 109/1964 Sb.), the comma goes with it.
    else if (
      !add &&
      op.position === 'end' &&
      old.endsWith('.') &&
      !/[,;]/.test(old.slice(0, 1)) &&
      !/[.!?]\s+\p{Lu}/u.test(old) &&
      /^\s*$/u.test(text.slice(h.end, region.end)) &&
      /[\p{L}\p{N})],[ \t]*$/u.test(text.slice(0, h.start))
    )
      h = { start: text.slice(0, h.start).trimEnd().length - 1, end: h.end - 1 };
    out = replaceSpan(text, h, add);
    // The word that opened a sentence deleted ("V článku IV se slovo „Socialistická“ vypouští.",
    // zákon č. 548/1991 Sb., bod 4, on zákon č. 20/1966 Sb.): the next word opens it, in capitals.
    if (
      !add &&
      /^\p{Lu}/u.test(old) &&
      (h.start === region.start || /(?:^|[.!?]|\n)[ \t]*$/.test(text.slice(Math.max(0, h.start - 3), h.start)))
    ) {
      const m = /^[ \t]*(\p{Ll})/u.exec(out.slice(h.start));
      const at = m ? h.start + m[0].length - 1 : -1;
      // Only a word's first letter (the deletion may have taken the space before it).
      if (m && (at === 0 || /\s/.test(out[at - 1]))) {
        out = out.slice(0, at) + m[1].toUpperCase() + out.slice(at + 1);
      }
    }
  }
  out = oneFullStop(text, out);
  refuseMarkPair(text, out, t.id);
  replaceUnit(w.doc, loc.index, out);
  noteWords(w, loc.unit.id, text, out, op.kind === 'insert_words' && op.position !== 'before' ? h.end : h.start);
  touch(w, t.id);
}

const DOUBLE_STOP = /(?<!\.)\.((?:\^\d+[a-z]*\))*)[ \t]*\.(?!\.)/g;

/**
 * Words whose last is the sentence's full stop put before the full stop the text has there ("se za
 * slovo „druha“ vkládají slova „anebo na návrh osoby, … dotčeny.“", zákon č. 47/1991 Sb. on zákon
 * č. 119/1990 Sb.; "čárka nahrazuje tečkou a slova „zejména …“ se zrušují" before the sentence's own
 * full stop, zákon č. 259/2005 Sb. on zákon č. 377/2003 Sb.): the sentence ends with one. Only a
 * doubled stop the edit made, where the text before the edit had none in that place; an ellipsis is left.
 */
function oneFullStop(before: string, after: string): string {
  const { p, s } = commonEnds(before, after);
  const from = Math.max(0, p - 12);
  const to = Math.min(after.length, after.length - s + 12);
  const had = before.slice(from, Math.min(before.length, before.length - s + 12)).match(DOUBLE_STOP)?.length ?? 0;
  const window = after.slice(from, to);
  if ((window.match(DOUBLE_STOP)?.length ?? 0) <= had) return after;
  return after.slice(0, from) + window.replace(DOUBLE_STOP, '.$1') + after.slice(to);
}

/** Whether words found more than once in a unit are changed in every place (`editWords`). */
function everyPlace(w: Work, op: Operation, old: string, unitId: string): boolean {
  // Punctuation next to given words ("čárka za slovem „dodání“ se zrušuje") is one place's.
  const bare = (x: string) => x.replace(/[\s,.;:]+/g, '');
  if (/^[\d\s.,/]*$/.test(old) || CONJUNCTION.test(old.trim()) || bare(old) === bare(op.new ?? '')) return false;
  const unit = unitIdOf(unitId);
  const mine = [old, op.new ?? ''].filter((x) => x.trim());
  const words = (o: Operation) => [o.old ?? '', o.new ?? '', o.text ?? ''].filter((x) => x.trim());
  // Another clause's words are not this one's, nor the other way round.
  return !otherOpsIn(w, op, unit).some((o) => words(o).some((x) => mine.some((m) => x.includes(m) || m.includes(x))));
}

/** The point's other changes (not `op`, nor the operation it was rewritten from) in `unit` or throughout the text. */
function otherOpsIn(w: Work, op: Operation, unit: string): Operation[] {
  const self = REWRITTEN.get(op) ?? op;
  return w.ops.filter((o) => o !== self && o.targets.some((t) => t.id === '*' || unitIdOf(t.id) === unit));
}

/** The conjunctions that join a list's last item. */
const LIST_CONJUNCTIONS = 'a|nebo|anebo|i|ani|či';
/** A bare conjunction as new words. */
const CONJUNCTION = new RegExp(`^(?:${LIST_CONJUNCTIONS}|popřípadě|případně|a/nebo)$`);
/** A list item's words that end with its conjunction ("… a"): the item is not the list's last. */
const ENDS_WITH_CONJUNCTION = new RegExp(`\\s(?:${LIST_CONJUNCTIONS})$`);
/** A list's conjunction next in the text. */
const LIST_CONJUNCTION_NEXT = new RegExp(`^[ \\t]+(?:${LIST_CONJUNCTIONS})[ \\t]`);

/** Words that go after others: a space first unless they start with punctuation. */
/** New words that open with a comma set against the next word (the act's "„,praktické školy“"): the comma, then a space. */
function spacedComma(words: string): string {
  return words.replace(/^(\s*[,;])(?=[\p{L}§„(])/u, '$1 ');
}

function joinAfter(add: string, next: string | undefined): string {
  const a = spacedComma(add.trim());
  // A footnote mark ("^2)") follows the word it is set to: the words put before one keep it set
  // to their last word ("pojišťoven,^11)").
  const lead = /^[,.;:)^]/.test(a) ? '' : ' ';
  const trail = next !== undefined && !/[\s,.;:)^]/.test(next) ? ' ' : '';
  return lead + a + trail;
}

function joinBefore(add: string): string {
  const a = add.trim();
  return /[(„]$/.test(a) ? a : `${a} `;
}

/** The words at `h` replaced by `by`; a deletion leaves no double space, stray comma or space before punctuation. */
function replaceSpan(text: string, h: Span, by: string): string {
  const prev = text[h.start - 1];
  const next = text[h.end];
  if (by !== '') {
    // " , nebo": the act's space before the comma is no part of the words.
    let b = spacedComma(by.replace(/^\s+(?=[,.;:)])/, ''));
    let { start, end } = h;
    // "„ÚKZÚZ“ “": the act's space before its closing quotation mark, no part of the words where
    // the text's punctuation follows (vyhláška č. 442/2013 Sb., bod 8, on vyhláška č. 215/2008 Sb.).
    if (next !== undefined && /[,.;:)]/.test(next)) b = b.replace(/\s+$/, '');
    if (prev !== undefined && /\s/.test(prev)) b = b.replace(/^\s+/, '');
    if (prev !== undefined && /[,;]/.test(prev) && /^[\p{L}\p{N}§]/u.test(b)) b = ` ${b}`;
    // Words written with their punctuation (" , pokud …" for ", pokud …") keep the text's spacing.
    if (prev !== undefined && /[\p{L}\p{N})]/u.test(prev) && /^[\p{L}\p{N}(„§]/u.test(b) && !/^[\p{L}\p{N}]/u.test(text[h.start]))
      b = ` ${b}`;
    if (next !== undefined && /[\p{L}\p{N}(„§]/u.test(next) && /[\p{L}\p{N}.,;)]$/u.test(b) && !/[\p{L}\p{N}]$/u.test(text[h.end - 1]))
      b = `${b} `;
    // "§ " before words that start with "§ ": one section sign.
    if (/^§\s/.test(b) && /§\s+$/.test(text.slice(Math.max(0, start - 3), start))) b = b.replace(/^§\s+/, '');
    // New words that start with punctuation follow the word before without a space ("…nosti, lékaři").
    if (/^[,.;:)]/.test(b)) while (start > 0 && /[ \t]/.test(text[start - 1])) start--;
    // ", o jejím …" after a comma already there ("republice, bude …"): one comma.
    if (/^[,;]/.test(b) && text[start - 1] === b[0]) b = b.slice(1);
    // "§ 2b" replaced by the sign alone in "§ 2b, 2c" ("slova „§ 2b“ nahrazují značkou „§“", zákon
    // č. 36/2008 Sb., bod 14, on zákon č. 40/1995 Sb.): the sign heads the list's next number, so
    // the comma that ended the removed one goes with it ("§ 2c").
    if (/(?:^|\s)§§?$/.test(b) && /^,[ \t]+[\d(]/.test(text.slice(end))) end = end + /^,[ \t]+/.exec(text.slice(end))![0].length - 1;
    // "…republiky," before a comma already there: one comma.
    const last = b[b.length - 1];
    if (/[,.;:]/.test(last) && next === last) end++;
    // New words that end a sentence before a comma or semicolon of the text ("mravům." before
    // ", státní …"): the sentence goes on, the full stop is the act's slip (not an abbreviation's).
    else if (last === '.' && next !== undefined && /[,;]/.test(next) && !ABBREVIATION_STOP.test(b.slice(0, -1)) && !/\d\.$/.test(b))
      b = b.slice(0, -1);
    // Punctuation for words ("slovo „nebo“ se nahrazuje čárkou"): no space before it.
    if (/^[,.;:]$/.test(b.trim())) {
      b = b.trim();
      while (start > 0 && /[ \t]/.test(text[start - 1])) start--;
    }
    return text.slice(0, start) + b + text.slice(end);
  }
  let { start, end } = h;
  const before = text.slice(0, start);
  const after = text.slice(end);
  if (/,[ \t]+$/.test(before) && /^[ \t]+(?:a|nebo|anebo|i|ani|či|a\/nebo)[ \t]/.test(after)) {
    // "A, X a B" without X: "A a B".
    start = before.search(/,[ \t]+$/);
  } else if (/,[ \t]+$/.test(before) && /^,/.test(after)) {
    // "A, X, B" without X: "A, B".
    start = before.search(/[ \t]+$/);
    end++;
  } else if (next === undefined || /[,.;:)\s^]/.test(next)) {
    // "slovo ," → "slovo,": the space before the deleted words goes with them (and the paragraph
    // break before words that made a paragraph of their own, a list's závěrečná část: "odvolání.");
    // so too before a footnote mark, which stays set to the word before it ("unie^4b)").
    while (start > 0 && /[ \t]/.test(text[start - 1])) start--;
    if (next !== undefined && /[,.;:)]/.test(next) && start > 0 && text[start - 1] === '\n')
      while (start > 0 && /\s/.test(text[start - 1])) start--;
    if (next !== undefined && /[ \t]/.test(next) && start > 0 && /[\n(]/.test(text[start - 1])) {
      while (end < text.length && /[ \t]/.test(text[end])) end++;
    }
  } else if (start > 0 && /[ \t]/.test(text[start - 1]) && /[ \t]/.test(next ?? '')) {
    end++;
  }
  // No space left before punctuation ("odvolání ." → "odvolání.").
  if (start > 0 && /[ \t]/.test(text[start - 1]) && /^[ \t]*[,.;:)]/.test(text.slice(end))) {
    while (start > 0 && /[ \t]/.test(text[start - 1])) start--;
    while (end < text.length && /[ \t]/.test(text[end])) end++;
  }
  return text.slice(0, start) + text.slice(end);
}

/** The ids of the nodes a target names now (a range by its members), to be located afresh one by one. */
function targetIds(w: Work, t: TargetRef): string[] {
  return locateRange(w.doc, t).map((l) => (l.node && l.node.parent !== null ? l.node.id : l.unit.id));
}

function opReplaceWords(w: Work, op: Operation): void {
  for (const t of op.targets) {
    if (t.id === '*') {
      everywhere(w, op);
      continue;
    }
    for (const id of targetIds(w, t)) editWords(w, locate(w.doc, id), { ...t, id, through: undefined }, op);
  }
}

/** "V celém textu zákona …": every occurrence in the body (the preamble and footnotes aside). */
function everywhere(w: Work, op: Operation): void {
  if (op.kind !== 'replace_words' || op.position) throw new Fail('unsupported_target', 'an everywhere change other than a replacement');
  let count = 0;
  for (let i = 0; i < w.doc.units.length; i++) {
    const u = w.doc.units[i];
    if (u.kind === 'preamble' || u.kind === 'footnote') continue;
    // Units without the words are not parsed at all.
    if (!hasWords(u.text, op.old ?? '')) continue;
    const l = local(u);
    const region = { start: l.top ? l.top.contentStart : 0, end: u.text.length };
    const hits = findWords(u.text, op.old ?? '', region, l.markers);
    if (!hits.length) continue;
    let text = u.text;
    for (let k = hits.length - 1; k >= 0; k--) text = replaceSpan(text, hits[k], op.new ?? '');
    refuseMarkPair(u.text, text, u.id);
    replaceUnit(w.doc, i, text);
    touch(w, u.id);
    count += hits.length;
  }
  if (!count) throw new Fail('text_not_found', `„${op.old}“ anywhere`);
}

function opAppendWords(w: Work, op: Operation): void {
  // "věta, která včetně poznámky pod čarou č. 19 zní:": the grammar reads the footnotes, the engine
  // does not write them. The source edits such new footnotes and their sentences as often as not
  // (typos corrected, dashes, lines added), and the replay found them no better than a guess.
  if (op.footnotes?.length) throw new Fail('unsupported_target', 'words added with footnotes of their own');
  const words = op.new ?? '';
  if (/\n/.test(words.trim())) throw new Fail('payload_mismatch', 'words added over several lines');
  for (const t of op.targets) {
    for (const id of targetIds(w, t)) {
      const loc = locate(w.doc, id);
      const text = loc.unit.text;
      const region = regionOf(loc, { ...t, id, through: undefined });
      const add = styleMarks(words.trim(), w.style);
      const own = text.slice(region.start, region.end);
      if (add && (op.position === 'start' ? own.startsWith(add) : own.replace(/[.,;:]$/, '').endsWith(add.replace(/[.,;:]$/, ''))))
        throw new Fail('already_present', `„${add}“ in ${id}`);
      // A sentence put after the sentence named that already follows it: the text has the change
      // ("za větu první vkládá věta …" on a text that has it as its second, zákon č. 192/2003 Sb.,
      // bod 1, on zákon č. 6/2002 Sb.).
      if (add && t.sentence !== undefined && op.position !== 'start' && text.slice(region.end).trimStart().startsWith(add))
        throw new Fail('already_present', `„${add}“ after sentence ${t.sentence} of ${id}`);
      let out: string;
      if (op.replaceEnd) {
        // "tečka se nahrazuje středníkem a připojují se slova …": the new punctuation, then the words.
        const tail = /([.,;:])((?:\^\d+[a-z]*\))*)$/.exec(own);
        if (!tail || tail[1] !== op.replaceEnd.old) throw new Fail('text_not_found', `„${op.replaceEnd.old}“ at the end of ${id}`);
        const at = region.end - tail[0].length;
        out = splice(text, { start: at, end: region.end }, `${op.replaceEnd.new}${tail[2]} ${add}`);
      } else if (op.position === 'start') {
        out = splice(text, { start: region.start, end: region.start }, `${add} `);
      } else if (/^[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ„§]/.test(add) && /[.!?](?:\^(?:\d+[a-z]*|\*{1,3})\))*[“]?$/.test(add) && t.part !== 'intro') {
        // A sentence follows the text's last full stop.
        out = splice(text, { start: region.end, end: region.end }, ` ${add}`);
      } else if (CONJUNCTION.test(add) && /[,;](?:\^\d+[a-z]*\))*$/.test(own)) {
        // A conjunction ends a list item after its comma: "…zahraničí, nebo".
        out = splice(text, { start: region.end, end: region.end }, ` ${add}`);
      } else if (
        /^[,;] /.test(add) &&
        CONJUNCTION.test(add.slice(2)) &&
        /^(?:pism|bod)_/.test(id.split('/').pop() ?? '') &&
        /\.$/.test(own)
      ) {
        // "na konci se připojuje čárka a slovo „nebo“" on the list's last item: the list goes on, the
        // mark and the conjunction take its full stop's place (zákon č. 175/1990 Sb., bod 103, on zákon
        // č. 140/1961 Sb.; the source so). The full stop of an abbreviation ("… Sb.") stays with it.
        const stop = ABBREVIATION_STOP.test(own.slice(0, -1)) ? 0 : 1;
        out = splice(text, { start: region.end - stop, end: region.end }, add);
      } else {
        // Words go before the closing punctuation: "na konci textu písmene c) se doplňují slova …".
        let end = region.end;
        // A heading has no closing mark of its own: one at its end is the point's ("V nadpisu § 152 se
        // za slovo „práva“ vkládá čárka a doplňují se slova …", zákon č. 121/2000 Sb., bod 2, on
        // zákon č. 140/1961 Sb.), and the words follow it.
        let tail = t.part === 'heading' ? null : /[.,;:](?:\^\d+[a-z]*\))*$/.exec(own);
        // "… č. 242/2004 Sb." : the full stop of an abbreviation stays with it; where it also ended
        // the sentence, the words end with one of their own ("… č. 307/2014 Sb., na které žadatel
        // hodlá založit biopás.", nařízení vlády č. 63/2016 Sb., bod 57, on nařízení vlády č. 75/2015 Sb.).
        let stopAfter = '';
        if (tail && tail[0] === '.' && ABBREVIATION_STOP.test(own.slice(0, -1))) {
          tail = null;
          if (t.part !== 'heading' && !/[.,;:]$/.test(add)) stopAfter = '.';
        }
        // Words that end with the item's own comma or semicolon (their footnote marks aside) are the
        // item's new last part: they follow its mark and marks ("území,^10h) nebo …,", zákon
        // č. 141/2009 Sb., bod 29, on zákon č. 167/1998 Sb.; "pobytu, případně též adresa …,",
        // zákon č. 7/2009 Sb., bod 6, on zákon č. 6/2002 Sb.). One word with the comma ("vlaku,",
        // vyhláška č. 242/1996 Sb., bod 4, on vyhláška č. 173/1995 Sb.) continues the words before
        // and takes the comma's place.
        const addMark = /([.,;:])(?:\^\d+[a-z]*\))*$/.exec(add)?.[1];
        if (tail && /^[,;]/.test(tail[0]) && addMark === tail[0][0] && /\s/.test(add) && !/^[,.;:]/.test(add)) tail = null;
        if (tail && !/[.,;:]$/.test(add)) end -= tail[0].length;
        else if (tail && /^[.,;:]/.test(tail[0]) && /[.,;:]$/.test(add)) end -= tail[0].length;
        const lead = /^[,.;:)]/.test(add) ? '' : ' ';
        if (tail && /^\.\^/.test(tail[0]) && end < region.end && !/[.,;:]$/.test(add)) {
          // The footnote marks after the text's closing full stop belong to its last words and
          // stay with them; the new words end the sentence ("…předpisu.^28)" + „v rámci této
          // licence“ is "…předpisu^28) v rámci této licence.", zákon č. 47/2011 Sb., bod 48, on
          // zákon č. 235/2004 Sb.; so the source in every such case of the tuning half read).
          out = splice(text, { start: end, end: region.end }, `${tail[0].slice(1)}${lead}${add}.`);
        } else out = splice(text, { start: end, end: tail && /[.,;:]$/.test(add) ? region.end : end }, `${lead}${add}${stopAfter}`);
      }
      refuseMarkPair(text, out, id);
      replaceUnit(w.doc, loc.index, out);
      noteWords(w, loc.unit.id, text, out);
      touch(w, id);
    }
  }
}

/** Moves a payload's footnotes into the footnote block; returns the body. */
function takeFootnotes(w: Work, payload: string, op: Operation): string {
  const split = splitPayload(payload);
  const named = new Set(op.footnotes ?? []);
  const { body, footnotes } = innerFootnotes(split.body, split.footnotes, named);
  for (const fn of footnotes) {
    named.delete(fn.id);
    putFootnote(w.doc, fn, w.changed);
    w.units.add(fn.id);
    w.wrote.add(fn.id);
  }
  // "včetně poznámky pod čarou č. 5" without its text: the footnote goes (its mark went with the old text).
  for (const id of named) if (op.kind === 'repeal') removeFootnote(w, id);

  return body;
}

/**
 * A footnote the point names that the act prints between its new units, where its page ended, not
 * at the new text's end ("Za § 3 se vkládají nové § 3a až 3f, které včetně nadpisů a poznámky pod
 * čarou č. 2b znějí:" with "^2b) …" after § 3d; vyhláška č. 620/2004 Sb., bod 16, on vyhláška
 * č. 432/2001 Sb.): a paragraph of its own, taken out of the body like the footnotes after it.
 */
function innerFootnotes(body: string, footnotes: TextUnit[], named: ReadonlySet<string>): { body: string; footnotes: TextUnit[] } {
  const missing = [...named].filter((id) => !footnotes.some((f) => f.id === id));
  if (!missing.length) return { body, footnotes };
  const paragraphs = body.split(/\n[ \t]*\n/);
  const inner: TextUnit[] = [];
  const kept = paragraphs.filter((para) => {
    const m = FOOTNOTE_LINE.exec(para.trim());
    if (!m || !missing.includes(`fn_${m[1]}`) || para.trim().includes('\n')) return true;
    inner.push({ id: `fn_${m[1]}`, kind: 'footnote', text: `${para.trim()}\n\n` });
    return false;
  });
  if (!inner.length) return { body, footnotes };
  return { body: kept.join('\n\n').trim(), footnotes: [...inner, ...footnotes] };
}

function removeFootnote(w: Work, id: string): void {
  const i = w.doc.units.findIndex((u) => u.id === id);
  if (i < 0) throw new Fail('target_not_found', id);
  if (w.doc.units.some((u) => u.id === `${id}~2`)) throw new Fail('ambiguous', `${id} is in the text twice`);
  w.doc.units.splice(i, 1);
  touch(w, id);
}

/**
 * A payload fit to be written: no line that opens a quotation of its own (a quotation of the
 * amending act left open swallows the next point's text), marks written the act's way.
 */
function cleanPayload(w: Work, raw: string): string {
  const body = withoutOpeningQuote(raw);
  if (/^[ \t]*(?:#{1,6}[ \t]+|-[ \t]+)?[„"]/m.test(body)) throw new Fail('payload_mismatch', 'a quotation opens inside the new text');
  const opens = (body.match(/„/g) ?? []).length;
  const closes = (body.match(/“/g) ?? []).length;
  if (closes > opens) throw new Fail('payload_mismatch', 'a closing quotation mark of the amending act left in the new text');
  return styleMarks(body, w.style);
}

/**
 * The amending act's opening quotation mark before a new text whose closing mark the act leaves
 * out ("##### „§ 51 …" to the point's end, vyhláška č. 287/1992 Sb., bod 6, on vyhláška č. 43/1991
 * Sb.), so that the reader keeps it: one „ more than “, at the start of the first line (after its
 * heading or list mark). It opens the quotation, not the text.
 */
function withoutOpeningQuote(body: string): string {
  const m = /^(\s*(?:#{1,6}[ \t]+|-[ \t]+)?)„/.exec(body);
  // Not for an annex that is a picture: the source writes its own reading of the picture (a title
  // taken from it, its pages otherwise; vyhláška č. 98/2003 Sb., body 8 to 12, on vyhláška
  // č. 243/2001 Sb.), and on the tuning half such new annexes came out as the source's text no
  // more often than not. They stay refused as before.
  if (!m || /\[image omitted\]/.test(body)) return body;
  const opens = (body.match(/„/g) ?? []).length;
  const closes = (body.match(/“/g) ?? []).length;
  return opens === closes + 1 ? body.slice(0, m[1].length) + body.slice(m[0].length) : body;
}

/** "Společný (skupinový) nadpis nad § N": a heading the §§ from N on share. */
const SHARED_HEADING = /(?:[Ss]polečný|[Ss]kupinový) nadpis nad /u;

/** The unit's closing lines that are not its own (signatures, a heading of what follows), kept when its text is replaced. */
function trailerOf(unit: TextUnit): string {
  const l = local(unit);
  const from = l.top ? l.top.contentStart : 0;
  const e = contentEnd(unit.text, from, unit.text.length);
  return unit.text.slice(e).trim();
}

function withTrailer(text: string, trailer: string): string {
  return trailer ? `${text.trim()}\n\n${trailer}\n\n` : block(text);
}

/**
 * "Poznámka č. 7 pod čarou zní: ^„^7) Vyhláška …“." (zákon č. 548/1991 Sb., body 26 to 63, on zákon
 * č. 20/1966 Sb.): the source sets the act's opening quotation mark after a caret before the
 * footnote's own, so the quotation is not taken off the new text: taken off here, when it is the
 * text's only one.
 */
function footnoteQuoteAfterCaret(payload: string): string {
  const m = /^\s*\^„(\^\d+[a-z]*\)[^„“]*)“\.?\s*$/.exec(payload);
  if (m) return m[1];
  // The caret alone before the act's opening mark, the footnote's number after it ("Poznámka pod
  // čarou č. 3 zní: ^„3) Zákon č. 496/2012 Sb., …“.", zákon č. 480/2024 Sb., bod 1, on zákon
  // č. 121/2000 Sb.): the caret is the number's.
  const moved = /^\s*\^„(\d+[a-z]*\)[ \t]+[^„“]*)“\.?\s*$/.exec(payload);
  if (moved) return `^${moved[1]}`;
  // The act's quotation after the footnote's number ("Poznámka pod čarou č. 5) zní: ^5) „Např. § 131
  // zákoníku práce.“.", zákon č. 324/1993 Sb., bod 2, on zákon č. 592/1992 Sb.): the text is inside it.
  const after = /^\s*(\^\d+[a-z]*\))[ \t]*„([^„“]*)“\.?\s*$/.exec(payload);
  return after ? `${after[1]} ${after[2].trim()}` : payload;
}

/** Sentences of one unit named in order without a gap ("věty druhá a třetí"): the first and the last. */
function sentenceRun(targets: TargetRef[]): { first: TargetRef; last: TargetRef } | null {
  if (targets.length < 2) return null;
  const [first] = targets;
  const ok = targets.every(
    (t, i) =>
      t.id === first.id && !t.part && !t.through && t.sentence !== undefined && t.sentence > 0 && t.sentence === first.sentence! + i,
  );
  return ok ? { first, last: targets[targets.length - 1] } : null;
}

/** Several units, each named with the same sentence or the same part other than its heading. */
function samePartOfUnits(targets: TargetRef[]): boolean {
  if (targets.length < 2) return false;
  const [first] = targets;
  if (first.part === 'heading' || (first.part === undefined && (first.sentence === undefined || first.sentence < 1))) return false;
  const ids = new Set(targets.map((t) => t.id));
  if (ids.size !== targets.length) return false;
  // One unit inside another ("odst. 2 a odst. 2 písm. a)"): their parts overlap.
  if (targets.some((a) => targets.some((b) => a !== b && b.id.startsWith(`${a.id}/`)))) return false;
  return targets.every((t) => !t.through && t.part === first.part && t.sentence === first.sentence);
}

/**
 * The new wording of a sentence or a part of one unit (`t`), or of the sentences from `t`'s to
 * `last`'s of it, as one span: `body` is the payload with its footnotes taken out.
 */
function newWordingOfPart(w: Work, op: Operation, t: TargetRef, body: string, last?: TargetRef): void {
  const loc = locate(w.doc, t.id);
  const region = last ? { start: regionOf(loc, t).start, end: regionOf(loc, last).end } : regionOf(loc, t);
  if (last) {
    // Sentences counted across a quotation the text leaves open (`sentences` follows only closed
    // ones), or the last of them going on into the list below it: where the sentences named end is unsure.
    const text = loc.unit.text;
    const from = loc.node?.contentStart ?? 0;
    if (unclosedQuotes(text.slice(from, region.start)) !== 0 || unclosedQuotes(text.slice(region.start, region.end)) !== 0)
      throw new Fail('unsupported_target', `sentences ${t.sentence} to ${last.sentence} of ${t.id} across a quotation`);
    if (loc.node?.children.length && region.end >= trimEnd(text, loc.node.ownEnd))
      throw new Fail('unsupported_target', `sentences ${t.sentence} to ${last.sentence} of ${t.id}, the last going on into its list`);
  }
  let by = cleanPayload(w, body).trim();
  const old = loc.unit.text.slice(region.start, region.end);
  if (t.part === 'after_semicolon') {
    by = `; ${by.replace(/^;\s*/, '')}`;
    const end = /[.!?](?:\^\d+[a-z]*\))?$/.exec(old);
    if (end && !/[.!?]$/.test(by.trim())) by = `${by.trim()}${end[0]}`;
  } else if (t.sentence !== undefined && loc.node) {
    // The last sentence of a list item ends as the item did ("…vyhlášky," stays a comma).
    const ownEnd = contentEnd(loc.unit.text, loc.node.contentStart, loc.node.ownEnd);
    const e = /([,;:])((?:\^\d+[a-z]*\))*)$/.exec(old);
    if (region.end === ownEnd && e && /\.$/.test(by)) by = `${by.slice(0, -1)}${e[1]}`;
    // "§ 10 odst. 1 věta prvá zní: „(1) Ochranné pásmo …“" (vyhláška č. 122/1974 Sb. on vyhláška
    // č. 52/1964 Sb.): the odstavec's own number written before its first sentence is kept once.
    const own = /\/odst_(\d+[a-z]*)$/.exec(t.id);
    if (t.sentence === 1 && own && by.startsWith(`(${own[1]}) `)) by = by.slice(own[1].length + 3);
  } else if (t.part === 'intro') {
    // "V § 80c odst. 3 úvodní část ustanovení zní: „(3) V případě, že …“" (zákon č. 33/2020 Sb. on
    // zákon č. 358/1992 Sb.), "§ 105 odst. 3 návětí zní: „(3) …“": the odstavec's number, which the
    // úvodní část follows, is written once.
    const own = /\/odst_(\d+[a-z]*)$/.exec(t.id);
    if (own && by.trimStart().startsWith(`(${own[1]}) `)) by = by.trimStart().slice(own[1].length + 3);
  } else if (t.part === 'heading') {
    // "Společný nadpis nad § 10 zní:" (vyhláška č. 66/2015 Sb., bod 13, on vyhláška č. 222/1995 Sb.)
    // where a heading stands above the §'s own (the unit before ends with it): the shared one is
    // that upper heading, not the §'s; which lines it spans is not told, so the point is refused.
    const prev = loc.index > 0 ? w.doc.units[loc.index - 1] : null;
    if (SHARED_HEADING.test(op.source) && prev && /^#{1,6} /m.test(trailerOf(prev)))
      throw new Fail('unsupported_target', `a shared heading above the heading of ${t.id}`);
    // "Nadpis části třetí zní: ## „ČÁST TŘETÍ #### DOTACE …“" (nařízení vlády č. 226/1999 Sb., bod 6,
    // on nařízení vlády č. 244/1995 Sb.): the act writes the unit's label above its new heading;
    // the label is the one the unit has, and the heading is what follows it.
    const [first, ...rest] = by.split('\n');
    const own = loc.node ? headingLines(loc.unit.text, loc.node).find((l) => isUnitLabel(l.text)) : undefined;
    const bare = (l: string) =>
      l
        .replace(/^#{1,6}[ \t]+/, '')
        .replace(/\s+/g, ' ')
        .trim();
    if (rest.some((l) => l.trim()) && own && isUnitLabel(first) && bare(first) === bare(own.text)) by = rest.join('\n').trim();
    by = by.replace(/^#{1,6}\s+/, '');
    // A new heading ending with its "(K § …)" part, in a unit that writes that part on a line
    // of its own below the title: the title and that line each get their part.
    const k = kLineSpan(loc);
    const parts = k ? splitKPart(by) : null;
    if (k && parts) {
      const text = loc.unit.text;
      const out = splice(splice(text, k, parts.k), region, parts.title);
      replaceUnit(w.doc, loc.index, out);
      touch(w, t.id);
      return;
    }
  }
  const out = splice(loc.unit.text, region, by.trim());
  replaceUnit(w.doc, loc.index, out);
  touch(w, t.id);
}

function opNewWording(w: Work, op: Operation): void {
  let payload = op.text ?? '';
  const targets = op.targets;
  // Footnotes: "Poznámka pod čarou č. 5 zní: „^5) …“".
  if (targets.every((t) => t.id.startsWith('fn_'))) {
    payload = footnoteQuoteAfterCaret(payload);
    // A quotation left open ("„^2a) Zákon …" without its end): where the new wording ends is unsure.
    if (/^\s*[„"]/.test(payload)) throw new Fail('payload_mismatch', 'a quotation opens the new text');
    // The mark written without its caret ("Poznámka č. 7 pod čarou zní: „7) § 8 a 9 …“", vyhláška
    // č. 125/1991 Sb., bod 8, on vyhláška č. 119/1984 Sb.) is the footnote's own mark, not its words.
    const key = lastSeg(targets[0].id).key;
    const bare = targets.length === 1 ? new RegExp(`^\\s*${escapeRegExp(key)}\\)[ \\t]+`).exec(payload) : null;
    if (bare) payload = `^${key}) ${payload.slice(bare[0].length)}`;
    const { footnotes } = splitPayload(payload.trim().startsWith('^') ? payload : `^${key}) ${payload.trim()}`);
    const want = new Set(targets.flatMap((t) => footnotesNamed(w, t)));
    if (footnotes.length !== want.size || footnotes.some((f) => !want.has(f.id)))
      throw new Fail('payload_mismatch', 'footnotes named and written differ');
    for (const fn of footnotes) {
      putFootnote(w.doc, fn, w.changed);
      w.units.add(fn.id);
      w.wrote.add(fn.id);
    }
    return;
  }
  if (targets.length === 1 && (targets[0].sentence !== undefined || targets[0].part))
    return newWordingOfPart(w, op, targets[0], takeFootnotes(w, payload, op));
  // "V § 686a odst. 3 se věty první a druhá nahrazují větou „…“": sentences next to each other in
  // one unit are one span, which the new sentences take.
  const run = sentenceRun(targets);
  if (run) return newWordingOfPart(w, op, run.first, takeFootnotes(w, payload, op), run.last);
  // "V § 60 odst. 2 a 3 úvodní části ustanovení znějí: „…“", "V § 186a odst. 1 a 3 se věta třetí
  // nahrazuje větami „…“": the same part of each unit named takes the same words. A heading of
  // several units ("Nadpis nad § 260 a 261 zní:") is one heading above them, not one each: refused.
  const parts = spreadPart(targets, op.source) ?? targets;
  if (samePartOfUnits(parts)) {
    const body = takeFootnotes(w, payload, op);
    for (const t of parts) newWordingOfPart(w, op, t, body);
    return;
  }
  if (targets.some((t) => t.sentence !== undefined || t.part)) throw new Fail('unsupported_target', 'sentences or parts of several units');
  // "§ 128 zní:" of a § the text no longer has (repealed before): it comes back where its number puts it.
  const prev = targets.length === 1 ? placeOfMissingSection(w.doc, targets[0], op.withHeading === true) : null;
  if (prev) return opInsert(w, { ...op, kind: 'insert', targets: [{ id: prev }], newIds: [targets[0].id], position: 'after' });
  const body = cleanPayload(w, takeFootnotes(w, payload, op));
  // A container's new wording with its §§ (one with its heading only keeps its §§: below).
  if (targets.length === 1 && !targets[0].through && isContainerId(targets[0].id) && holdsSections(body))
    return newWordingOfContainer(w, targets[0], body);
  if (odstavceBeyondEnd(w, op, body)) return;
  const locs = targets.flatMap((t) => locateRange(w.doc, t));
  const first = locs[0];
  const top = unitIdOf(targets[0].id) === targets[0].id;
  if (top) {
    // Whole units: each target's new text is the payload's unit of the same id.
    const parts = splitUnits(`${body}\n`).filter((u) => u.kind !== 'preamble' && u.kind !== 'footnote');
    if (parts.length !== locs.length) {
      if (locs.length === 1 && parts.length === 0 && first.unit.kind === 'annex' && first.node) {
        // "Příloha č. 2 zní:" with the annex's text only: its label stays.
        refuseAnnexTable(body);
        const label = first.unit.text.slice(first.node.start, first.node.contentStart).trim();
        replaceUnit(w.doc, first.index, withTrailer(`${label}\n\n${styleAnnex(body, w.annexStyle)}`, trailerOf(first.unit)));
        touch(w, first.unit.id);
        return;
      }
      // "§ 58 zní: „Krajské a okresní národní výbory …“" (zákon č. 116/1971 Sb., bod 1, on zákon
      // č. 69/1967 Sb.), "Článek 6 zní:" with the text only: the § keeps its label and, the point
      // not naming it, its heading (the source keeps both); the new text follows them. Not where
      // the new text has heading lines of its own (a label the act misspelt, "##### „29b"), nor
      // where the point names the heading ("včetně nadpisu") and writes none.
      if (
        locs.length === 1 &&
        parts.length === 0 &&
        (first.unit.kind === 'section' || first.unit.kind === 'article') &&
        first.node &&
        !op.withHeading &&
        body.trim() &&
        !/^[ \t]*#{1,6}[ \t]/m.test(body)
      ) {
        const head = first.unit.text.slice(0, first.node.contentStart).trimEnd();
        replaceUnit(w.doc, first.index, withTrailer(`${head}\n\n${body.trim()}\n`, trailerOf(first.unit)));
        touch(w, first.unit.id);
        return;
      }
      throw new Fail('payload_mismatch', `${locs.length} units named, ${parts.length} written`);
    }
    for (let i = 0; i < locs.length; i++) {
      const loc = locs[i];
      const part = parts[i];
      if (part.id !== withoutRepeat(loc.unit.id)) throw new Fail('payload_mismatch', `${loc.unit.id} written as ${part.id}`);
      let text = part.text;
      if (!op.withHeading && loc.unit.kind === 'section') text = keepHeading(loc, part);
      text = keepHeadingDashes(loc.unit.text, text);
      if (loc.unit.kind === 'annex') {
        refuseAnnexTable(text);
        text = styleAnnex(text, w.annexStyle);
      }
      replaceUnit(w.doc, loc.index, withTrailer(text, trailerOf(loc.unit)));
      touch(w, loc.unit.id);
    }
    return;
  }
  // "V § 13 odst. 1 a v § 26 odst. 1 písmeno l) zní: „l) …“": the same unit of several §§, each
  // taking the one unit the payload writes.
  const spread = locs.some((l) => l.index !== first.index)
    ? [targets, spreadTail(targets)].find((ts) => ts && sameUnitOfSections(ts, body))
    : undefined;
  if (spread) {
    for (const t of spread) rewordNodes(w, locateRange(w.doc, t), body);
    return;
  }
  rewordNodes(w, locs, body);
}

/**
 * "§ 143 odst. 2 až 5 znějí:", "§ 9 odst. 1, 2 a 3 zní:", "§ 22 odst. 5 zní:" where the § ends with
 * an odstavec before the last one named (zákon č. 83/1998 Sb., bod 152, on zákon č. 50/1976 Sb.;
 * zákon č. 301/2009 Sb., bod 28, on zákon č. 49/1997 Sb.): the odstavce it has from the first named
 * take the new text, and those it lacks follow them, as the act writes them (the source so). Only
 * where the odstavce named run on without a gap from one the § has or the one after its last, the
 * § holds odstavce numbered 1 to its last and nothing after them, and no other change of the point
 * is in that § (one that renumbers its odstavce would meet the new ones). False where the form is
 * not this one.
 */
function odstavceBeyondEnd(w: Work, op: Operation, body: string): boolean {
  const targets = op.targets;
  const ODST = /^(.+)\/odst_(\d{1,3})$/;
  const numbers: number[] = [];
  let unit: string | null = null;
  for (const t of targets) {
    const a = ODST.exec(t.id);
    const b = t.through ? ODST.exec(t.through) : a;
    if (!a || !b || a[1] !== b[1] || t.sentence !== undefined || t.part || unitIdOf(a[1]) !== a[1]) return false;
    if (unit !== null && unit !== a[1]) return false;
    unit = a[1];
    for (let n = Number(a[2]); n <= Number(b[2]); n++) numbers.push(n);
  }
  if (!unit || numbers.some((n, i) => i > 0 && n !== numbers[i - 1] + 1)) return false;
  if (!hasUnit(w.doc, unit)) return false;
  const loc = locate(w.doc, unit);
  if (!loc.node || (loc.unit.kind !== 'section' && loc.unit.kind !== 'article')) return false;
  const kids = loc.node.children.map((id) => loc.local.nodes.get(id)!);
  const keys = kids.map((k) => lastSeg(k.id));
  if (!kids.length || keys.some((k, i) => k.type !== 'odst' || k.key !== String(i + 1))) return false;
  const last = kids.length;
  const [from, to] = [numbers[0], numbers[numbers.length - 1]];
  if (to <= last || from > last + 1) return false;
  if (otherOpsIn(w, op, unit).length) return false;
  const text = loc.unit.text;
  const lastNode = kids[last - 1];
  if (closingStart(text, lastNode) >= 0) return false;
  const want = numbers.map(String);
  if (from <= last) {
    rewordNodes(
      w,
      kids.slice(from - 1).map((node) => ({ ...loc, node })),
      body,
      want,
    );
  } else {
    const written = payloadKeys(listDashes(body, text));
    if (written.join(',') !== want.join(','))
      throw new Fail('payload_mismatch', `${want.join(', ')} written as ${written.join(', ') || 'text without numbers'}`);
    const at = contentEnd(text, lastNode.contentStart, lastNode.end);
    replaceUnit(w.doc, loc.index, splice(text, { start: at, end: at }, `\n\n${listDashes(body, text).trim()}`));
  }
  for (const n of numbers) touch(w, `${loc.unit.id}/odst_${n}`);
  return true;
}

/** Several odstavce, písmena or body, no range, of one number, which the payload writes once. */
function sameUnitOfSections(targets: TargetRef[], body: string): boolean {
  if (targets.length < 2 || targets.some((t) => t.through || t.part || t.sentence !== undefined || unitIdOf(t.id) === t.id)) return false;
  const segs = targets.map((t) => lastSeg(t.id));
  if (segs.some((x) => x.type !== segs[0].type || x.key !== segs[0].key)) return false;
  if (new Set(targets.map((t) => t.id)).size !== targets.length) return false;
  if (targets.some((a) => targets.some((b) => a !== b && b.id.startsWith(`${a.id}/`)))) return false;
  return payloadKeys(body).join(',') === withoutRepeat(segs[0].key);
}

const segTypes = (id: string): string[] => id.split('/').map((s) => s.replace(/_.*$/, ''));

/**
 * "V § 13 odst. 1 a v § 26 odst. 1 písmeno l) zní:": the písmeno (or bod) written after the last of
 * several units is of each (the grammar gives it to the last only). Each earlier unit named as the
 * last's unit above its písmena or body takes their ids; null where the units are of other kinds.
 */
function spreadTail(targets: TargetRef[]): TargetRef[] | null {
  if (targets.length < 2) return null;
  const last = targets[targets.length - 1];
  const segs = last.id.split('/');
  let k = 0;
  while (k < segs.length - 1 && /^(?:pism|bod)_/.test(segs[segs.length - 1 - k])) k++;
  if (!k) return null;
  const head = segTypes(segs.slice(0, -k).join('/')).join('/');
  const tail = segs.slice(-k).join('/');
  const earlier = targets.slice(0, -1);
  if (earlier.some((t) => t.through || t.part || t.sentence !== undefined || segTypes(t.id).join('/') !== head)) return null;
  return [...earlier.map((t) => ({ ...t, id: `${t.id}/${tail}` })), last];
}

/**
 * "V § 93 odst. 5, § 93a odst. 3 a v § 93c odst. 4 úvodní části ustanovení znějí:": the part named
 * after the last unit in the plural ("části … znějí") is of each (the grammar gives it to the last only).
 */
function spreadPart(targets: TargetRef[], source: string): TargetRef[] | null {
  if (targets.length < 2) return null;
  const last = targets[targets.length - 1];
  if (last.part !== 'intro' || last.through || !/úvodní části ustanovení znějí/u.test(source)) return null;
  const earlier = targets.slice(0, -1);
  if (earlier.some((t) => t.through || t.part || t.sentence !== undefined)) return null;
  return [...earlier.map((t) => ({ ...t, part: last.part })), last];
}

/** Odstavce, písmena, body: the payload replaces them, consecutive siblings in one unit. */
function rewordNodes(w: Work, locs: Loc[], payload: string, want?: string[]): void {
  const first = locs[0];
  const unitIndex = first.index;
  const body = listDashes(payload, first.unit.text);
  if (locs.some((l) => l.index !== unitIndex || !l.node)) throw new Fail('unsupported_target', 'units of several §§ in one new wording');
  const nodes = locs.map((l) => l.node!);
  const parent = nodes[0].parent;
  const siblings = parent ? (first.local.nodes.get(parent)?.children ?? []) : [];
  const idx = nodes.map((n) => siblings.indexOf(n.id));
  if (idx.some((x, i) => x < 0 || (i > 0 && x !== idx[i - 1] + 1))) throw new Fail('unsupported_target', 'units not next to each other');
  const keys = payloadKeys(body);
  const wantKeys = want ?? nodes.map((n) => withoutRepeat(lastSeg(n.id).key));
  if (keys.join(',') !== wantKeys.join(','))
    throw new Fail('payload_mismatch', `${wantKeys.join(', ')} written as ${keys.join(', ') || 'text without numbers'}`);
  const text = first.unit.text;
  const last = nodes[nodes.length - 1];
  const span = { start: nodes[0].start, end: contentEnd(text, last.contentStart, last.end) };
  // The list's závěrečná část, which the provisions parser counts to its last item, is the
  // parent's and stays ("§ 198 písm. b) zní:" before "bude potrestán …", zákon č. 175/1990 Sb. on
  // zákon č. 140/1961 Sb.), unless the new text writes one of its own or its words (a last item
  // the source wrote over two paragraphs: "…roku;" then "při posuzování výměry …", nařízení vlády
  // č. 84/2023 Sb. on nařízení vlády č. 75/2015 Sb.).
  const closing = siblings[siblings.length - 1] === last.id ? closingStart(text, last) : -1;
  const closingWords = closing >= 0 ? text.slice(closing).trim().split(/\s+/).slice(0, 3).join(' ') : '';
  const written = /\n[ \t]*\n(?![ \t]*(?:- |\(|#|\|))\S/.test(body.trim()) || body.replace(/\s+/g, ' ').includes(closingWords);
  if (closing >= 0 && !written) span.end = trimEnd(text, closing);
  replaceUnit(w.doc, unitIndex, splice(text, span, body.trim()));
  for (const n of nodes) touch(w, n.id);
}

/** A dash between spaces: the act's text and the text amended may set the same one otherwise. */
const SPACED_DASH = /(?<=[ \t])[-–](?=[ \t])/g;
const HEADING_LINE = /^#{1,6}[ \t]/;
const dashFree = (line: string): string => normalizeSpace(line.replace(SPACED_DASH, '–'));

/**
 * Heading lines of a new wording that the text has already, with the other dash between its words
 * (the act's "#### Zahraniční podmínky - Afghánistán" for the text's "#### Zahraniční podmínky –
 * Afghánistán", vyhláška č. 536/2002 Sb., bod 7, "Hlava pátá včetně nadpisu zní:", on vyhláška
 * č. 28/2001 Sb.), keep the text's dash: the act restates the heading, and the dash is how its own
 * text was set. Headings only: in the body the source writes the act's dash as often as the text's.
 */
function keepHeadingDashes(oldText: string, newText: string): string {
  if (!/[ \t][-–][ \t]/.test(newText)) return newText;
  const old = new Map<string, string>();
  for (const l of oldText.split('\n')) if (HEADING_LINE.test(l) && /[ \t][-–][ \t]/.test(l)) old.set(dashFree(l), l.trimEnd());
  if (!old.size) return newText;
  return newText
    .split('\n')
    .map((l) => (HEADING_LINE.test(l) ? (old.get(dashFree(l)) ?? l) : l))
    .join('\n');
}

/** A § id's number and letters, for ordering (`par_16a` → [16, 'a']), or null. */
function sectionKey(id: string): [number, string] | null {
  const m = /^par_(\d+)([a-z]*)$/.exec(id);
  return m ? [Number(m[1]), m[2]] : null;
}

function keyLess(a: [number, string], b: [number, string]): boolean {
  return a[0] !== b[0] ? a[0] < b[0] : a[1] < b[1];
}

/**
 * For a § the text does not have: the § after which its number puts it, when that is sure (the §
 * before and the § after it in number stand next to each other, no container heading between
 * them, and no heading above the § after that may be a group's); null when the § is there (or the target is no §); throws when it is missing and its place
 * is unsure.
 */
function placeOfMissingSection(doc: Doc, t: TargetRef, ownHeading: boolean): string | null {
  const key = sectionKey(t.id);
  if (!key || t.through || hasUnit(doc, t.id)) return null;
  let before = -1;
  let after = -1;
  doc.units.forEach((u, i) => {
    const k = u.kind === 'section' ? sectionKey(u.id) : null;
    if (!k) return;
    if (keyLess(k, key) && (before < 0 || keyLess(sectionKey(doc.units[before].id)!, k))) before = i;
    if (keyLess(key, k) && (after < 0 || keyLess(k, sectionKey(doc.units[after].id)!))) after = i;
  });
  if (before < 0 || after !== before + 1) throw new Fail('target_not_found', t.id);
  // In a text whose §§ carry their own headings below their labels, a heading above the next §'s
  // label is the common heading of a group the § may have been in (unless the point gives the §
  // its own heading: "včetně nadpisu").
  if (!ownHeading && !isUnitLabel(nonEmptyLines(doc.units[after].text)[0] ?? '') && doc.units.some(headingBelowLabel))
    throw new Fail('target_not_found', `${t.id} (under the heading of the § after it?)`);
  return doc.units[before].id;
}

function nonEmptyLines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim());
}

/** A § whose heading line follows its label ("##### § 5" then "#### Heading"). */
function headingBelowLabel(u: TextUnit): boolean {
  if (u.kind !== 'section') return false;
  const [label, next] = nonEmptyLines(u.text);
  return isUnitLabel(label ?? '') && /^#{1,6}[ \t]/.test(next ?? '') && !isUnitLabel(next);
}

/** The marker keys of a payload's top-level lines of the first marker kind it uses. */
function payloadKeys(body: string): string[] {
  const lines = body.split('\n').filter((l) => l.trim());
  const first = lines[0]?.trim() ?? '';
  const kind = /^\(/.test(first)
    ? 'paragraph'
    : /^(?:- )?[a-z]{1,2}\)/.test(first)
      ? 'letter'
      : /^(?:- )?\d{1,3}[a-z]?\./.test(first)
        ? 'point'
        : null;
  if (!kind) return [];
  // Body numbered in levels ("- 2. …" with "- 2.1. …" below it, or "- 18.3 …" itself; nařízení
  // vlády č. 307/2009 Sb., body 19 to 54, on nařízení vlády č. 154/2004 Sb.): a bod's number whole,
  // and only the bodů of the first one's level, the lower ones being its own.
  const dotted = (t: string): string | null => /^(?:- )?(\d{1,3}[a-z]?(?:\.\d{1,3}[a-z]?)*)\.?(?=[ \t]|$)/.exec(t)?.[1] ?? null;
  const depth = kind === 'point' ? (dotted(first)?.split('.').length ?? 1) : 1;
  const out: string[] = [];
  for (const l of lines) {
    const t = l.trim();
    const k = markerKey(t);
    if (k === null) continue;
    const lk = /^\(/.test(t) ? 'paragraph' : /^(?:- )?[a-z]{1,2}\)/.test(t) ? 'letter' : 'point';
    if (lk !== kind) continue;
    if (kind !== 'point') out.push(k);
    else {
      const d = dotted(t) ?? k;
      if (d.split('.').length === depth) out.push(d);
    }
  }
  return out;
}

/**
 * New písmena / body written without their list dash ("i) nemusí …") in a unit whose písmena / body
 * carry one ("- h) …"): written with it, as the source writes every item of a list alike.
 */
function listDashes(body: string, unitText: string): string {
  const first = body.trimStart().split('\n', 1)[0];
  const letter = /^[a-z]{1,2}\)\s/.test(first);
  const point = /^\d{1,3}[a-z]?\.\s/.test(first);
  if (!letter && !point) return body;
  const item = letter ? /^[a-z]{1,2}\)\s/ : /^\d{1,3}[a-z]?\.\s/;
  const dashed = letter ? /^- [a-z]{1,2}\)\s/m : /^- \d{1,3}[a-z]?\.\s/m;
  const bare = letter ? /^[a-z]{1,2}\)\s/m : /^\d{1,3}[a-z]?\.\s/m;
  // Only where the unit writes its items with the dash and never without it.
  if (!dashed.test(unitText) || bare.test(unitText)) return body;
  return body
    .split('\n')
    .map((l) => (item.test(l) ? `- ${l}` : l))
    .join('\n');
}

/**
 * "§ 5 zní:" without "včetně nadpisu", the new text without a heading: a heading above the §'s label
 * stays (the source keeps it: such headings stand above a § as its layout or over a group of §§),
 * one below the label goes with the old text. The source drops it there in nearly every case of the
 * tuning half ("§ 175a zní:", zákon č. 142/2012 Sb., bod 1, on zákon č. 6/2002 Sb.; "§ 24 zní:",
 * zákon č. 548/1991 Sb., on zákon č. 20/1966 Sb.; docs/DECISIONS.md, h-engine8).
 */
function keepHeading(loc: Loc, part: TextUnit): string {
  const lines = headingLines(loc.unit.text, loc.node!);
  const oldLabel = lines.findIndex((l) => isUnitLabel(l.text));
  const above = oldLabel > 0 ? lines.slice(0, oldLabel) : [];
  const pl = local(part);
  if (!pl.top || !above.length) return part.text;
  const neu = headingLines(part.text, pl.top).filter((l) => !isUnitLabel(l.text));
  if (neu.length) return part.text;
  return `${above.map((l) => l.text.trim()).join('\n\n')}\n\n${part.text.trimStart()}`;
}

/** The key before `k` among a list's keys (`5` → `4`, `5a` → `5`, `c` → `b`), or null for a first one. */
function keyBefore(k: string): string | null {
  const m = /^(\d+)([a-z]?)$/.exec(k);
  if (m) return m[2] ? m[1] : Number(m[1]) > 1 ? String(Number(m[1]) - 1) : null;
  if (k === 'a') return null;
  if (k === 'i') return 'ch|h';
  if (k === 'ch') return 'h';
  return /^[a-z]$/.test(k) ? String.fromCharCode(k.charCodeAt(0) - 1) : null;
}

const isContainerId = (id: string): boolean => id.split('/').every((s) => CONTAINER_SEG.test(s));

/**
 * A new text that holds a § or článek of its own (not a container's heading only). Read without the
 * act's opening mark where the new text keeps it ("## „ČÁST DEVÁTÁ … ##### § 853 …", the closing
 * mark lost in the source: zákon č. 509/1991 Sb., bod 110, on zákon č. 40/1964 Sb.): inside a
 * quotation the parser sees no § at all.
 */
const holdsSections = (body: string): boolean =>
  splitUnits(`${withoutOpeningQuote(body)}\n`).some((u) => u.kind === 'section' || u.kind === 'article');

/**
 * The index after a container's last unit (its §§, články and the containers inside it): the next
 * container of its level or above, an annex, the footnotes or the text's end. A container of a
 * lower level not inside it (a díl after a hlava, outside it) makes the end unsure.
 */
function containerEnd(doc: Doc, index: number): number {
  const id = withoutRepeat(doc.units[index].id);
  const level = containerLevel(id)!;
  let i = index + 1;
  for (; i < doc.units.length; i++) {
    const u = doc.units[i];
    if (u.kind === 'section' || u.kind === 'article') continue;
    if (u.kind !== 'container') break;
    const uid = withoutRepeat(u.id);
    if (uid.startsWith(`${id}/`)) continue;
    if (containerLevel(uid)! <= level) break;
    throw new Fail('ambiguous', `the end of ${id} (${uid} follows it, outside it)`);
  }
  return i;
}

/**
 * A new or reworded container's text as units of the act ("### HLAVA VII … #### Díl 1 … ##### § 33a
 * …"): its containers' ids under `parent` (the payload alone parses `hlava_7/dil_1`), in order; the
 * payload's top containers must be `tops`, and it holds nothing but containers, §§ and články.
 */
function containerParts(body: string, parent: string, tops: string[]): TextUnit[] {
  const parts = splitUnits(`${body}\n`).filter((u) => u.kind !== 'footnote');
  const top = parts.filter((u) => u.kind === 'container' && !u.id.includes('/')).map((u) => u.id);
  if (!parts.length || parts[0].kind !== 'container' || top.join(',') !== tops.join(',') || !parts.some((u) => u.kind !== 'container'))
    throw new Fail('payload_mismatch', `${tops.join(', ')} written as ${top.join(', ') || parts[0]?.id || 'no unit'}`);
  const out: TextUnit[] = [];
  for (const u of parts) {
    if (u.kind !== 'container' && u.kind !== 'section' && u.kind !== 'article')
      throw new Fail('payload_mismatch', `${u.id} in the text of ${tops.join(', ')}`);
    if (/~\d+$/.test(u.id)) throw new Fail('payload_mismatch', `${u.id} twice in the new text`);
    const id = u.kind === 'container' && parent ? `${parent}/${u.id}` : u.id;
    out.push({ ...u, id, text: block(u.text) });
  }
  return out;
}

/**
 * New §§ at their place: each not in the text yet (outside `replaced`, the units the new text
 * replaces), in the order of their numbers, after the § before the place and before the § after it.
 * A § number out of that order means the place is not the one the act's numbering gives: refused.
 */
function checkSectionsAt(doc: Doc, at: number, end: number, parts: TextUnit[]): void {
  const replaced = new Set(doc.units.slice(at, end).map((u) => u.id));
  for (const u of parts)
    if (u.kind !== 'container' && doc.units.some((d) => !replaced.has(d.id) && withoutRepeat(d.id) === u.id))
      throw new Fail('already_present', u.id);
  const keys = parts.filter((u) => u.kind === 'section').map((u) => sectionKey(u.id));
  if (keys.some((k) => k === null)) return;
  const prev = doc.units
    .slice(0, at)
    .reverse()
    .find((u) => u.kind === 'section');
  const next = doc.units.slice(end).find((u) => u.kind === 'section');
  const seq = [prev && sectionKey(prev.id), ...keys, next && sectionKey(next.id)].filter((k): k is [number, string] => !!k);
  for (let i = 1; i < seq.length; i++)
    if (!keyLess(seq[i - 1], seq[i])) throw new Fail('payload_mismatch', `§ ${seq[i].join('')} out of the numbers' order at that place`);
}

/**
 * "V části první se za hlavu VI vkládá nová hlava VII, která včetně nadpisů … zní: ### HLAVA VII …
 * ##### § 33a …" (zákon č. 321/2024 Sb., bod 5, on zákon č. 167/1998 Sb.): the new containers with
 * their §§ go after the anchor container and all it holds (or before it), as siblings of it.
 */
function insertContainers(w: Work, op: Operation): void {
  const t = op.targets[0];
  const newIds = op.newIds ?? [];
  const a = findUnit(w.doc, t.id);
  const anchor = withoutRepeat(w.doc.units[a].id);
  const parent = anchor.includes('/') ? anchor.slice(0, anchor.lastIndexOf('/')) : '';
  const tops = newIds.map((id) => id.split('/').pop()!);
  const type = (id: string) => lastSeg(id).type;
  for (let i = 0; i < newIds.length; i++) {
    const real = parent ? `${parent}/${tops[i]}` : tops[i];
    if (type(newIds[i]) !== type(anchor) || !(real === newIds[i] || real.endsWith(`/${newIds[i]}`)))
      throw new Fail('unsupported_target', `${newIds[i]} is no sibling of ${anchor}`);
    if (hasUnit(w.doc, real)) throw new Fail('already_present', real);
  }
  const parts = containerParts(cleanPayload(w, takeFootnotes(w, op.text ?? '', op)), parent, tops);
  const at = op.position === 'before' ? a : containerEnd(w.doc, a);
  checkSectionsAt(w.doc, at, at, parts);
  if (at > 0) {
    const prev = w.doc.units[at - 1];
    const trailer = trailerOf(prev);
    // The act's closing lines (signatures) at the end of the last unit go after the new ones.
    if (trailer && at === w.doc.units.length) throw new Fail('unsupported_target', `closing lines after ${prev.id}`);
    if (trailer) {
      replaceUnit(w.doc, at - 1, block(prev.text.slice(0, prev.text.lastIndexOf(trailer))));
      w.units.add(prev.id);
      parts[parts.length - 1] = { ...parts[parts.length - 1], text: withTrailer(parts[parts.length - 1].text, trailer) };
    } else if (!prev.text.endsWith('\n\n')) w.doc.units[at - 1] = { ...prev, text: block(prev.text) };
  }
  w.doc.units.splice(at, 0, ...parts);
  for (const u of parts) touch(w, u.id);
}

/**
 * "V části první hlavě třetí díl 3 včetně nadpisu … zní:" (zákon č. 192/2003 Sb., bod 33, on zákon
 * č. 6/2002 Sb.): the container and all it holds are replaced by the new text, its §§ included.
 */
function newWordingOfContainer(w: Work, t: TargetRef, body: string): void {
  const a = findUnit(w.doc, t.id);
  const id = withoutRepeat(w.doc.units[a].id);
  const parent = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
  const end = containerEnd(w.doc, a);
  const oldText = w.doc.units
    .slice(a, end)
    .map((u) => u.text)
    .join('');
  const parts = containerParts(body, parent, [id.split('/').pop()!]).map((p) => ({ ...p, text: keepHeadingDashes(oldText, p.text) }));
  checkSectionsAt(w.doc, a, end, parts);
  const trailer = trailerOf(w.doc.units[end - 1]);
  if (trailer) parts[parts.length - 1] = { ...parts[parts.length - 1], text: withTrailer(parts[parts.length - 1].text, trailer) };
  for (const u of w.doc.units.slice(a, end)) {
    touch(w, u.id);
    if (!parts.some((p) => p.id === withoutRepeat(u.id))) w.removed.add(u.id);
  }
  w.doc.units.splice(a, end - a, ...parts);
  for (const u of parts) touch(w, u.id);
}

/**
 * The id of a new container (`seg` as the act names it: `oddil_2`, `cast_1/dil_1`) put at `at` among
 * the units: under the containers above the place of a higher level. The act names the containers
 * above the new one from its location ("V části první … dílu 1": `cast_1/dil_1`), which the place
 * must be in. `inside`: put below the heading of the container before the place ("za nadpis hlavy
 * II"), one level below it.
 */
function containerPlace(doc: Doc, at: number, newId: string, inside: boolean): string {
  const seg = newId.split('/').pop()!;
  const level = containerLevel(seg)!;
  const above = doc.units
    .slice(0, at)
    .reverse()
    .find((u) => u.kind === 'container');
  const path = above
    ? withoutRepeat(above.id)
        .split('/')
        .filter((x) => (containerLevel(x) ?? 0) < level)
    : [];
  if (above && inside && path.length !== above.id.split('/').length) throw new Fail('unsupported_target', `${seg} inside ${above.id}`);
  const real = [...path, seg].join('/');
  const named = newId.split('/').slice(0, -1);
  // After a §, the act names the containers above the new one where the text has any ("V části první
  // hlavě II se za § 21 vkládá označení nového oddílu 1"): one that names none may be restructuring
  // them (vyhláška č. 105/2006 Sb. on vyhláška č. 262/2004 Sb., whose části became hlavy), unless
  // the container before it in that place is its predecessor ("Nad § 280 se vkládá nadpis: Oddíl
  // druhý" after oddíl první of the same hlava, zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.).
  if (!inside && path.length && !named.length && !predecessorAt(doc, at, path, seg))
    throw new Fail('unsupported_target', `${seg} under ${path.join('/')}, which the act does not name`);
  // The containers named begin the path, or end it ("hlavy dvanácté" for `cast_2/hlava_12`: the act
  // names no část).
  const tail = named.length <= path.length && named.every((x, i) => path[path.length - named.length + i] === x);
  if (!named.every((x, i) => path[i] === x) && !tail)
    throw new Fail('unsupported_target', `${newId} is not under ${path.join('/') || 'the act'}`);
  // Containers of the place below the ones named ("V části páté … Díl 5" where the nearest hlava is
  // hlava I): the new one is theirs only after its predecessor there. A hlava the act put between
  // in a point that failed would leave the díl in the hlava before it (zákon č. 225/2006 Sb. on zákon
  // č. 49/1997 Sb.).
  if (!inside && named.length && !tail && path.length > named.length && !predecessorAt(doc, at, path, seg))
    throw new Fail('unsupported_target', `${seg} under ${path.join('/')}, of which the act names ${named.join('/')}`);
  if (hasUnit(doc, real)) throw new Fail('already_present', real);
  return real;
}

/**
 * The containers of a new text put among §§ ("Za § 71 se vkládají nové § 71a až 71c, které včetně
 * nadpisů znějí: Oddíl druhý … § 71a …", zákon č. 30/2000 Sb. on zákon č. 358/1992 Sb.): their ids
 * under the containers above the place (`containerPlace`; the payload alone parses `oddil_2`, the
 * text's is `cast_6/oddil_2`). Several top containers follow each other in one kind and number.
 */
function placeContainers(doc: Doc, at: number, parts: TextUnit[], named: string | null): void {
  let prefix: string | null = null;
  let last: string | null = null;
  for (let i = 0; i < parts.length; i++) {
    const u = parts[i];
    if (u.kind !== 'container') continue;
    const top = u.id.split('/')[0];
    if (last === null) {
      const real = containerPlace(doc, at, named ?? top, false);
      prefix = real.slice(0, real.length - top.length);
    } else if (top !== last) {
      const [t0, k0] = last.split('_');
      const [t1, k1] = top.split('_');
      if (t0 !== t1 || !/^\d+$/.test(k0) || Number(k1) !== Number(k0) + 1)
        throw new Fail('unsupported_target', `${top} after ${last} in one new text`);
      if (hasUnit(doc, `${prefix}${top}`)) throw new Fail('already_present', `${prefix}${top}`);
    }
    last = top;
    parts[i] = { ...u, id: `${prefix}${u.id}` };
  }
}

/** The nearest container of `seg`'s kind before `at` is its predecessor (number one less) in `path`. */
function predecessorAt(doc: Doc, at: number, path: string[], seg: string): boolean {
  const [type, key] = seg.split('_');
  const n = /^\d+$/.test(key) ? Number(key) : NaN;
  if (!(n > 1)) return false;
  const prev = doc.units
    .slice(0, at)
    .reverse()
    .find((u) => u.kind === 'container' && withoutRepeat(u.id).split('/').pop()!.startsWith(`${type}_`));
  return !!prev && prev.id === [...path, `${type}_${n - 1}`].join('/');
}

/** "V § 1 se vkládá nový odstavec 1": before the first child, or after the one its number follows. */
function insertByNumber(w: Work, op: Operation): void {
  const parentId = op.targets[0].id;
  const newIds = op.newIds ?? [];
  const loc = locate(w.doc, parentId);
  if (!loc.node || !loc.node.children.length || !newIds.length)
    throw new Fail('target_not_found', `${parentId} has no units to insert among`);
  const body = listDashes(cleanPayload(w, takeFootnotes(w, op.text ?? '', op)), loc.unit.text);
  const keys = payloadKeys(body);
  const want = newIds.map((id) => lastSeg(id).key);
  if (keys.join(',') !== want.join(','))
    throw new Fail('payload_mismatch', `${want.join(', ')} written as ${keys.join(', ') || 'text without numbers'}`);
  for (const id of newIds) if (loc.local.nodes.has(loc.unit.id + id.slice(unitIdOf(id).length))) throw new Fail('already_present', id);
  const before = keyBefore(want[0]);
  const kids = loc.node.children.map((id) => loc.local.nodes.get(id)!);
  const text = loc.unit.text;
  if (before === null) {
    const first = kids[0];
    replaceUnit(w.doc, loc.index, `${text.slice(0, first.start)}${block(body)}${text.slice(first.start)}`);
  } else {
    const prev = kids.filter((n) => before.split('|').includes(lastSeg(n.id).key));
    if (prev.length !== 1) throw new Fail('target_not_found', `the unit before ${newIds[0]}`);
    // "V § 1 odst. 2 se vkládá písmeno j)" after the last písmeno i): before the list's závěrečná
    // část (zákon č. 52/2012 Sb., čl. III bod 3, on zákon č. 18/2004 Sb.), as `opInsert` puts it.
    const closing = prev[0] === kids[kids.length - 1] ? closingOfList(text, prev[0]) : -1;
    if (closing >= 0) {
      replaceUnit(w.doc, loc.index, `${text.slice(0, closing)}${block(body)}${text.slice(closing)}`);
      for (const id of newIds) touch(w, id);
      return;
    }
    const at = contentEnd(text, prev[0].contentStart, prev[0].end);
    replaceUnit(w.doc, loc.index, `${text.slice(0, at)}\n\n${body.trim()}${text.slice(at)}`);
  }
  for (const id of newIds) touch(w, id);
}

/**
 * The heading marks the text's §§ use below their label (`#### Předmět` after `##### § 1`), or
 * null where no § has one: the source writes such a text's new headings as plain lines
 * (nařízení vlády č. 590/2006 Sb. after nařízení vlády č. 122/2025 Sb., whose new § 1a with its
 * `####` heading does not change that), a style not to guess. Read from the text before the act.
 */
function sectionHeadingMarks(units: TextUnit[]): string | null {
  for (const u of units) {
    const m = /^#{1,6}[ \t]+§[^\n]*\n\s*\n(#{1,6})[ \t]+(?!§)\S/m.exec(u.text);
    if (m) return m[1];
  }
  return null;
}

/** The § or článek a heading point names (a unit of its own, not a part of one), its text and its lines up to the label. */
function headingPlace(w: Work, op: Operation) {
  const t = op.targets[0];
  const loc = locate(w.doc, t.id);
  const node = loc.node;
  if (!node || node.parent !== null) throw new Fail('unsupported_target', `a heading inside ${t.id}`);
  const text = loc.unit.text;
  return { t, loc, text, lines: headingLines(text, node) };
}

/**
 * "Pod označení § 30b se vkládá nadpis, který zní: „…“" (zákon č. 102/2017 Sb., bod 24, on zákon
 * č. 121/2000 Sb.): the heading goes on its own line below the § label, where the source writes it.
 * A § that has a heading already is refused: the point inserts one, it does not replace it.
 */
function insertHeading(w: Work, op: Operation): void {
  const { t, loc, text, lines } = headingPlace(w, op);
  if (lines.some((l) => !isUnitLabel(l.text))) throw new Fail('already_present', `a heading of ${t.id}`);
  const label = lines.find((l) => isUnitLabel(l.text));
  if (!label) throw new Fail('target_not_found', `the label of ${t.id}`);
  const title = (op.text ?? '').replace(/^#{1,6}[ \t]+/, '').trim();
  if (!title || /\n/.test(title)) throw new Fail('payload_mismatch', `a heading of ${t.id} on several lines`);
  const marks = w.headingMarks;
  if (!marks) throw new Fail('unsupported_target', `no § of the text has a heading to write the heading of ${t.id} as`);
  const at = label.start + label.text.length;
  replaceUnit(w.doc, loc.index, `${text.slice(0, at)}\n\n${marks} ${title}${text.slice(at)}`);
  touch(w, t.id);
}

/**
 * The heading marks the text before the act writes above a § or článek label (`#### Přestupky`
 * before `##### § 24`), or, where none stands there, those below the labels (`sectionHeadingMarks`);
 * null where neither.
 */
function headingAboveMarks(texts: Iterable<string>, below: string | null): string | null {
  for (const text of texts) {
    const m = /^(#{1,6})[ \t]+(?!§|Čl\.|Článek)\S[^\n]*\n\s*\n#{1,6}[ \t]+(?:§|Čl\.|Článek)[ \t]*\d/m.exec(text);
    if (m) return m[1];
  }
  return below;
}

/**
 * "Nad § 24b se vkládá nadpis, který zní: „…“" (zákon č. 378/2015 Sb., bod 61, on zákon č. 634/1992
 * Sb.): the heading goes on its own line above the label, where the source writes it. Only a unit
 * with no heading at all takes it: beside a heading of its own (below the label, or one above it,
 * which may be the unit's or a group's), which of them the new one is, or where it goes, is unsaid.
 */
function insertHeadingAbove(w: Work, op: Operation): void {
  const { t, loc, text, lines } = headingPlace(w, op);
  const label = lines.find((l) => isUnitLabel(l.text));
  if (!label) throw new Fail('target_not_found', `the label of ${t.id}`);
  const prev = loc.index > 0 ? w.doc.units[loc.index - 1] : null;
  if (lines.some((l) => !isUnitLabel(l.text)) || (prev && /^#{1,6} /m.test(trailerOf(prev))))
    throw new Fail('ambiguous', `a heading above ${t.id}, which has a heading`);
  const title = (op.text ?? '').trim();
  const marks = headingAboveMarks(w.before.values(), w.headingMarks);
  if (!marks) throw new Fail('unsupported_target', `no § of the text has a heading to write the heading above ${t.id} as`);
  replaceUnit(w.doc, loc.index, `${text.slice(0, label.start)}${marks} ${title}\n\n${text.slice(label.start)}`);
  touch(w, t.id);
}

/**
 * A container's label put among §§: "Za § 52 se vkládá označení nové hlavy III, které včetně nadpisu
 * zní:", "V části první hlavě II se nad § 5 vkládá označení dílu 3, …": the container's heading goes
 * after the § (or before it), under the containers the place is in; the §§ that follow are the new
 * container's. A heading above the next § (the trailer of the § before) stays above that §.
 */
function insertContainerLabel(w: Work, op: Operation): void {
  const newIds = op.newIds ?? [];
  const seg = newIds.length === 1 ? newIds[0].split('/').pop()! : '';
  const level = seg ? containerLevel(seg) : null;
  if (level === null) throw new Fail('unsupported_target', 'labels of several containers');
  const a = findUnit(w.doc, op.targets[0].id);
  const at = op.position === 'before' ? a : a + 1;
  const real = containerPlace(w.doc, at, newIds[0], op.targets[0].part === 'heading');
  const parts = splitUnits(`${cleanPayload(w, takeFootnotes(w, op.text ?? '', op))}\n`).filter((u) => u.kind !== 'footnote');
  if (parts.length !== 1 || parts[0].kind !== 'container' || parts[0].id !== seg)
    throw new Fail('payload_mismatch', `${seg} written as ${parts.map((u) => u.id).join(', ') || 'no unit'}`);
  // The title below the label is a heading line, as the source writes it ("#### Díl 1" then "#### Obecně").
  const [first, ...rest] = parts[0].text.trim().split('\n');
  const titled = [first, ...rest.map((l) => (l.trim() && !/^#{1,6}[ \t]/.test(l) ? `#### ${l.trim()}` : l))].join('\n');
  let label: TextUnit = { ...parts[0], id: real, text: block(titled) };
  if (at === w.doc.units.length) throw new Fail('unsupported_target', `a label after the last unit`);
  if (at > 0) {
    const prev = w.doc.units[at - 1];
    const trailer = trailerOf(prev);
    if (trailer) {
      replaceUnit(w.doc, at - 1, block(prev.text.slice(0, prev.text.lastIndexOf(trailer))));
      w.units.add(prev.id);
      label = { ...label, text: withTrailer(label.text, trailer) };
    } else if (!prev.text.endsWith('\n\n')) w.doc.units[at - 1] = { ...prev, text: block(prev.text) };
  }
  w.doc.units.splice(at, 0, label);
  touch(w, real);
}

function opInsert(w: Work, op: Operation): void {
  if (op.position === 'by_number') return insertByNumber(w, op);
  if (op.targets.length === 1 && op.targets[0].part === 'heading' && !op.newIds?.length)
    return op.position === 'before' ? insertHeadingAbove(w, op) : insertHeading(w, op);
  // "V části první se za nadpis hlavy II vkládá označení nového dílu 1, …": the first container inside one.
  const t0 = op.targets[0];
  // Only containers' labels (with their titles), no §§ of theirs: the label is put among the units.
  const labelsOnly = !!op.newIds?.length && op.newIds.every(isContainerId) && !holdsSections(op.text ?? '');
  if (labelsOnly && op.targets.length === 1 && t0.part === 'heading' && op.position === 'after' && isContainerId(t0.id) && !t0.through)
    return insertContainerLabel(w, op);
  if (op.targets.length !== 1 || op.targets[0].through || op.targets[0].sentence !== undefined || op.targets[0].part)
    throw new Fail('unsupported_target', 'an insertion after several units');
  const anchorId = op.targets[0].id;
  if (isContainerId(anchorId) && op.newIds?.length && op.newIds.every(isContainerId)) return insertContainers(w, op);
  if (labelsOnly && unitIdOf(anchorId) === anchorId) return insertContainerLabel(w, op);
  let body = cleanPayload(w, takeFootnotes(w, op.text ?? '', op));
  const newIds = op.newIds ?? [];
  if (unitIdOf(anchorId) === anchorId && newIds.every((id) => unitIdOf(id) === id)) {
    const anchor = findUnit(w.doc, anchorId);
    for (const id of newIds) if (hasUnit(w.doc, id)) throw new Fail('already_present', id);
    const parts = splitUnits(`${body}\n`)
      .filter((u) => u.kind !== 'footnote')
      .map((u) => {
        if (u.kind !== 'annex') return u;
        refuseAnnexTable(u.text);
        return { ...u, text: styleAnnex(u.text, w.annexStyle) };
      });
    const ids = parts.filter((u) => u.kind !== 'preamble' && u.kind !== 'container').map((u) => u.id);
    // "Za znění § 272 se vkládá oddíl druhý tohoto znění:" (zákon č. 175/1990 Sb. on zákon č. 140/1961
    // Sb.): the containers named, with the §§ they hold.
    const containersNamed = newIds.length > 0 && newIds.every(isContainerId);
    const tops = parts.filter((u) => u.kind === 'container' && !u.id.includes('/')).map((u) => u.id);
    if (
      containersNamed
        ? tops.join(',') !== newIds.map((id) => id.split('/').pop()).join(',') || !ids.length
        : ids.join(',') !== newIds.join(',')
    )
      throw new Fail('payload_mismatch', `${newIds.join(', ')} written as ${(containersNamed ? tops : ids).join(', ') || 'no unit'}`);
    if (parts[0].kind === 'preamble') throw new Fail('payload_mismatch', 'text before the first inserted unit');
    if (op.position !== 'before' && w.doc.units[anchor].kind === 'container')
      throw new Fail('unsupported_target', 'an insertion after a container heading');
    const at = op.position === 'before' ? anchor : anchor + 1;
    placeContainers(w.doc, at, parts, containersNamed ? newIds[0] : null);
    if (containersNamed) checkSectionsAt(w.doc, at, at, parts);
    // New units go before the closing lines the anchor carries (the act's signatures).
    if (op.position !== 'before') {
      const prev = w.doc.units[anchor];
      const trailer = trailerOf(prev);
      if (trailer) {
        replaceUnit(w.doc, anchor, block(prev.text.slice(0, prev.text.lastIndexOf(trailer))));
        // The anchor's own text changes here: it is no mere position any more (see `anchorsOnly`).
        w.units.add(prev.id);
        parts[parts.length - 1] = { ...parts[parts.length - 1], text: withTrailer(parts[parts.length - 1].text, trailer) };
      }
    }
    if (at > 0 && !w.doc.units[at - 1].text.endsWith('\n\n'))
      w.doc.units[at - 1] = { ...w.doc.units[at - 1], text: block(w.doc.units[at - 1].text) };
    w.doc.units.splice(at, 0, ...parts.map((p) => ({ ...p, text: p.text.endsWith('\n\n') ? p.text : block(p.text) })));
    for (const id of newIds) if (!containersNamed) touch(w, id);
    for (const u of parts) if (containersNamed || u.kind === 'container') touch(w, u.id);
    return;
  }
  const loc = locate(w.doc, anchorId);
  body = listDashes(body, loc.unit.text);
  if (!loc.node || loc.node.parent === null) throw new Fail('unsupported_target', `an insertion of ${newIds.join(', ')} after ${anchorId}`);
  for (const id of newIds) {
    const real = loc.unit.id + id.slice(unitIdOf(id).length);
    if (loc.local.nodes.has(real)) throw new Fail('already_present', id);
    if (unitIdOf(id) !== unitIdOf(anchorId) || id.split('/').slice(0, -1).join('/') !== anchorId.split('/').slice(0, -1).join('/'))
      throw new Fail('unsupported_target', `${id} is no sibling of ${anchorId}`);
  }
  const keys = payloadKeys(body);
  const want = newIds.map((id) => lastSeg(id).key);
  if (keys.join(',') !== want.join(','))
    throw new Fail('payload_mismatch', `${want.join(', ')} written as ${keys.join(', ') || 'text without numbers'}`);
  const parent = loc.local.nodes.get(loc.node.parent)!;
  const isLast = op.position !== 'before' && parent.children[parent.children.length - 1] === loc.node.id;
  // New písmena after the last one of a list closed by a závěrečná část ("…^2f),\n\n(dále jen
  // „uchazeč“)."; zákon č. 52/2012 Sb., čl. III bod 3, on zákon č. 18/2004 Sb.) go before it: the
  // provisions parser counts that part to the last písmeno.
  const closing = isLast ? closingOfList(loc.unit.text, loc.node) : -1;
  if (closing >= 0) {
    const t = loc.unit.text;
    replaceUnit(w.doc, loc.index, `${t.slice(0, closing)}${block(body)}${t.slice(closing)}`);
    for (const id of newIds) touch(w, id);
    return;
  }
  if (isLast) endListItem(w, loc.index, loc.node, body);
  const unit = w.doc.units[loc.index];
  const node = local(unit).nodes.get(loc.node.id)!;
  const text = unit.text;
  if (op.position === 'before') {
    replaceUnit(w.doc, loc.index, `${text.slice(0, node.start)}${block(body)}${text.slice(node.start)}`);
  } else {
    const at = contentEnd(text, node.contentStart, node.end);
    replaceUnit(w.doc, loc.index, `${text.slice(0, at)}\n\n${body.trim()}${text.slice(at)}`);
  }
  for (const id of newIds) touch(w, id);
}

/**
 * New písmena / body after the last one of a list: the one that was last ends with the separator
 * its siblings end with instead of its full stop, when the new ones end the list with one.
 */
function endListItem(w: Work, index: number, last: Node, body: string): void {
  if (last.kind !== 'letter' && last.kind !== 'point') return;
  if (!/\.(?:\^\d+[a-z]*\))*\s*$/.test(body)) return;
  const unit = w.doc.units[index];
  const l = local(unit);
  const parent = last.parent ? l.nodes.get(last.parent) : null;
  if (!parent) return;
  const items = parent.children.map((id) => l.nodes.get(id)!).filter((n) => n.kind === last.kind);
  const e = itemEnding(unit.text, last);
  if (!e || e.char !== '.') return;
  const sep = listSeparator(unit.text, items.slice(0, -1));
  if (!sep) return;
  replaceUnit(w.doc, index, splice(unit.text, { start: e.at, end: e.at + 1 }, sep));
}

function opAppend(w: Work, op: Operation): void {
  if (op.targets.length !== 1 || op.targets[0].through || op.targets[0].sentence !== undefined || op.targets[0].part)
    throw new Fail('unsupported_target', 'an addition to several units');
  const targetId = op.targets[0].id;
  const newIds = op.newIds ?? [];
  if (targetId === '*') {
    // "Doplňuje se příloha č. 3, která zní:" (zákon č. 102/2017 Sb., bod 76, on zákon č. 121/2000
    // Sb.): after the act's last annex, when the new ones take the numbers after it. Anything else
    // added to the act as a whole (an annex to an act without one, other units) has no sure place.
    const last = [...w.doc.units].reverse().find((u) => u.kind === 'annex' && !u.id.includes('/'));
    const n = last ? /^priloha_(\d+)$/.exec(last.id) : null;
    const want = newIds.map((id) => /^priloha_(\d+)$/.exec(id)?.[1]);
    if (!n || !want.length || want.some((k, i) => k === undefined || Number(k) !== Number(n[1]) + 1 + i))
      throw new Fail('unsupported_target', 'units added to the act as a whole');
    // The annex's own parts (`priloha_2/cast_a`) go with it; only footnotes may follow.
    let end = w.doc.units.indexOf(last!);
    while (end + 1 < w.doc.units.length && w.doc.units[end + 1].id.startsWith(`${last!.id}/`)) end++;
    if (w.doc.units.slice(end + 1).some((u) => u.kind !== 'footnote'))
      throw new Fail('unsupported_target', `units after ${last!.id}: the place of a new annex is unsure`);
    return opInsert(w, { ...op, kind: 'insert', targets: [{ id: w.doc.units[end].id }], position: 'after' });
  }
  const loc = locate(w.doc, targetId);
  if (!loc.node) throw new Fail('target_not_found', targetId);
  // "na konci písmene e) … se doplňuje písmeno f)": the new písmeno follows e), the last of its list.
  const parentId = targetId.split('/').slice(0, -1).join('/');
  if (
    loc.node.parent !== null &&
    newIds.length &&
    newIds.every((id) => id.split('/').slice(0, -1).join('/') === parentId && lastSeg(id).type === lastSeg(targetId).type)
  ) {
    const parent = loc.local.nodes.get(loc.node.parent);
    if (parent && parent.children[parent.children.length - 1] === loc.node.id && !loc.node.children.length)
      return opAppend(w, { ...op, targets: [{ id: parentId }] });
  }
  // "§ 19 se doplňuje odstavcem 1 … Dosavadní text § 19 se označuje jako odstavec 2": a first
  // unit goes before those already there.
  if (
    newIds.length &&
    loc.node.children.length &&
    /^(?:1|a)$/.test(lastSeg(newIds[0]).key) &&
    lastSeg(loc.node.children[0]).type === lastSeg(newIds[0]).type
  )
    return insertByNumber(w, { ...op, position: 'by_number' });
  const body = listDashes(cleanPayload(w, takeFootnotes(w, op.text ?? '', op)), loc.unit.text);
  for (const id of newIds) {
    const real = loc.unit.id + id.slice(unitIdOf(id).length);
    if (unitIdOf(id) !== unitIdOf(targetId)) throw new Fail('unsupported_target', `${id} added to ${targetId}`);
    if (loc.local.nodes.has(real)) throw new Fail('already_present', id);
    if (id.split('/').slice(0, -1).join('/') !== targetId) throw new Fail('unsupported_target', `${id} is no child of ${targetId}`);
  }
  const keys = payloadKeys(body);
  const want = newIds.map((id) => lastSeg(id).key);
  if (keys.join(',') !== want.join(','))
    throw new Fail('payload_mismatch', `${want.join(', ')} written as ${keys.join(', ') || 'text without numbers'}`);
  // New units go after the target's last child, before the closing lines (signatures) of the act.
  const lastChild = loc.node.children.length ? loc.local.nodes.get(loc.node.children[loc.node.children.length - 1]) : null;
  // Písmena added to a list that a závěrečná část closes go before it.
  const closing =
    lastChild && lastSeg(lastChild.id).type === lastSeg(newIds[0] ?? lastChild.id).type ? closingStart(loc.unit.text, lastChild) : -1;
  if (closing >= 0) {
    const t = loc.unit.text;
    replaceUnit(w.doc, loc.index, `${t.slice(0, closing)}${block(body)}${t.slice(closing)}`);
    for (const id of newIds) touch(w, id);
    return;
  }
  if (lastChild) endListItem(w, loc.index, lastChild, body);
  const unit = w.doc.units[loc.index];
  const node = local(unit).nodes.get(loc.node.id)!;
  const text = unit.text;
  const at = contentEnd(text, node.contentStart, node.end);
  replaceUnit(w.doc, loc.index, `${text.slice(0, at)}\n\n${body.trim()}${text.slice(at)}`);
  for (const id of newIds) touch(w, id);
}

/** A footnote repealed in a place the point names first ("V § 12 odst. 2 písm. a) se poznámka č. 6 zrušuje"). */
const LOCATED_FOOTNOTE_REPEAL =
  /^\s*V[e]?\s+(?:§|čl\.|příloze|přílohách|odst)[^„“]{0,80}?\s(?:se|sa)\s+(?:poznámk|(?:zrušuj|vypouští|vypouštějí|vypúšťa)\w*\s+poznámk)/;

function opRepeal(w: Work, op: Operation): void {
  // "věty první a druhá se zrušují": the later sentence first, so that the first one's removal
  // does not make the third the second (zákon č. 362/2004 Sb., bod 34, on zákon č. 167/1998 Sb.).
  // So too a run of one unit's sentences among other targets ("§ 6 a 7, v § 8 odst. 1 prvé čtyři věty a
  // odstavec 2", vyhláška č. 296/2001 Sb. on vyhláška č. 103/1963 Sb.).
  const isSentence = (t: TargetRef) => !t.part && t.sentence !== undefined && t.sentence > 0;
  const targets: TargetRef[] = [];
  for (let i = 0; i < op.targets.length;) {
    let j = i + 1;
    if (isSentence(op.targets[i])) while (j < op.targets.length && isSentence(op.targets[j]) && op.targets[j].id === op.targets[i].id) j++;
    targets.push(...op.targets.slice(i, j).sort((a, b) => (b.sentence ?? 0) - (a.sentence ?? 0)));
    i = j;
  }
  for (const t of targets) {
    if (t.id.startsWith('fn_')) {
      // "V § 2 se poznámka pod čarou č. 5) zrušuje" names the footnote in one place: the source
      // keeps its text where other places cite it, or the annex's own notes are meant ("V příloze
      // č. 3 se poznámka č. 1 zrušuje"), and the act does not say which; "a to včetně odkazu" says.
      if (!op.withReferences && LOCATED_FOOTNOTE_REPEAL.test(op.source ?? ''))
        throw new Fail('unsupported_target', `${t.id} repealed in one place only`);
      // "Poznámky pod čarou č. 2, 3, …, 7, … se zrušují, a to včetně odkazů na poznámky pod čarou"
      // (zákon č. 303/2013 Sb., bod 5, on zákon č. 85/1996 Sb.) where the text has no footnote 7 and
      // no mark of it: what the act asks of that one is already so; the others go.
      if (op.withReferences && !t.through && op.targets.length > 1 && !hasUnit(w.doc, t.id) && !marked(w, t.id)) continue;
      const locs = t.through ? locateRange(w.doc, t) : [locate(w.doc, t.id)];
      for (const l of locs.sort((a, b) => b.index - a.index)) {
        touch(w, l.unit.id);
        w.doc.units.splice(l.index, 1);
        if (op.withReferences) removeMarks(w, l.unit.id);
      }
      continue;
    }
    if (t.sentence !== undefined || t.part) {
      const loc = locate(w.doc, t.id);
      const above = t.part === 'heading' && /[Nn]adpis\p{L}* nad /u.test(op.source) ? headingAboveLabel(w.doc, loc) : null;
      if (above) {
        const prev = w.doc.units[above.index];
        replaceUnit(w.doc, above.index, prev.text.slice(0, above.start) + prev.text.slice(above.end));
        touch(w, prev.id);
        continue;
      }
      const region = regionOf(loc, t);
      const text = loc.unit.text;
      let out: string;
      if (t.part === 'after_semicolon') {
        // "středník a část věty za středníkem se zrušují": the sentence ends where the semicolon was.
        const tail = /[.!?](?:\^\d+[a-z]*\))?$/.exec(text.slice(region.start, region.end));
        out = text.slice(0, region.start) + (tail ? tail[0] : '') + text.slice(region.end);
      } else if (t.part === 'heading') {
        // "Nadpis nad § 146 se vypouští" (zákon č. 290/1993 Sb., bod 51, on zákon č. 140/1961 Sb.):
        // the heading's line goes, the label and the text stay. "Nad" is a heading above the label:
        // one below it is the §'s own, which the source keeps (zákon č. 451/2016 Sb., bod 50, on
        // zákon č. 61/1988 Sb.).
        let start = region.start;
        while (start > 0 && text[start - 1] !== '\n') start--;
        const label = loc.node ? headingLines(text, loc.node).find((l) => isUnitLabel(l.text)) : undefined;
        if (/[Nn]adpis\p{L}* nad /u.test(op.source) && (!label || start > label.start))
          throw new Fail('target_not_found', `a heading above the label of ${t.id}`);
        let end = region.end;
        while (end < text.length && /\s/.test(text[end])) end++;
        out = text.slice(0, start) + text.slice(end);
      } else if (t.part === 'closing') {
        // "V § 28 odst. 2 se závěrečná část ustanovení zrušuje" (zákon č. 229/2016 Sb., bod 36, on
        // zákon č. 119/2002 Sb.): the paragraph after the list goes; the list's last item stays as it is.
        out = text.slice(0, trimEnd(text, region.start)) + text.slice(region.end);
      } else if (t.part) {
        throw new Fail('unsupported_target', `repeal of the ${t.part} of ${t.id}`);
      } else {
        let end = region.end;
        while (end < text.length && /[ \t]/.test(text[end])) end++;
        // A sentence that ends its paragraph takes the space before it; one that was a paragraph of
        // its own (a závěrečná část's) goes with the blank line before it.
        let start = region.start;
        if (/^(?:\n|$)/.test(text.slice(end))) {
          while (start > 0 && /[ \t]/.test(text[start - 1])) start--;
          if (start > 0 && text[start - 1] === '\n') start = trimEnd(text, start);
        }
        out = text.slice(0, start) + text.slice(end);
      }
      replaceUnit(w.doc, loc.index, out);
      touch(w, t.id);
      continue;
    }
    const locs = locateRange(w.doc, t);
    if (unitIdOf(t.id) === t.id) {
      for (const l of [...locs].sort((a, b) => b.index - a.index)) repealUnit(w, l.index);
      continue;
    }
    const loc = locs[0];
    const nodes = locs.map((l) => l.node!);
    const text = loc.unit.text;
    const last = nodes[nodes.length - 1];
    const parent = last.parent ? loc.local.nodes.get(last.parent) : null;
    const wasLast = !!parent && parent.children[parent.children.length - 1] === last.id;
    // How the list ended: with a full stop, or with the comma of a písmeno whose list goes on after it.
    const lastEnding = wasLast ? itemEnding(text, last) : null;
    // The závěrečná část the parser counts to the last item stays: it belongs to the list's parent.
    const closing = wasLast ? closingStart(text, last) : -1;
    const end = closing >= 0 ? closing : wasLast ? contentEnd(text, last.contentStart, last.end) : last.end;
    const start = wasLast && closing < 0 ? trimEnd(text, nodes[0].start) : nodes[0].start;
    replaceUnit(w.doc, loc.index, text.slice(0, start) + text.slice(end));
    for (const n of nodes) touch(w, n.id);
    if (wasLast && closing < 0 && parent && nodes.length < parent.children.length && lastEnding?.char === '.') {
      // The list's new last item ends with a full stop.
      const unit = w.doc.units[loc.index];
      const l = local(unit);
      const p = l.nodes.get(parent.id);
      const item = p && p.children.length ? l.nodes.get(p.children[p.children.length - 1]) : null;
      if (item && (item.kind === 'letter' || item.kind === 'point') && item.children.length === 0) {
        const e = itemEnding(unit.text, item);
        const stop = e ? e.at : contentEnd(unit.text, item.contentStart, item.end);
        const words = unit.text.slice(item.contentStart, stop);
        // Words that end with an abbreviation's full stop ("… D.III.1. až D.III.38.,", "… atd.,",
        // vyhláška č. 373/2015 Sb., bod 71, on vyhláška č. 312/2014 Sb.): that full stop ends the
        // list, the comma goes (the source so).
        if (e && (e.char === ',' || e.char === ';') && !ENDS_WITH_CONJUNCTION.test(words))
          replaceUnit(w.doc, loc.index, splice(unit.text, { start: e.at, end: e.at + 1 }, words.endsWith('.') ? '' : '.'));
        // An item left without a mark (its "a" taken out by the same act: "na konci bodu 2 se slovo
        // „a“ zrušuje a bod 3 se zrušuje", zákon č. 229/2016 Sb., bod 14, on zákon č. 119/2002 Sb.)
        // ends the list with the full stop of the item that went, where the list ends its odstavec.
        else if (
          !e &&
          /\p{L}$/u.test(words) &&
          !ENDS_WITH_CONJUNCTION.test(words) &&
          /^(?:$|\()/.test(unit.text.slice(item.end).trimStart())
        )
          replaceUnit(w.doc, loc.index, splice(unit.text, { start: stop, end: stop }, '.'));
      }
    }
  }
  if (op.withHeading) dropHeadingOfRepealed(w, op);
  else dropLabelOnlyUnits(w, targets);
  // A footnote repealed with a unit stays while another unit still marks it (the source keeps it).
  for (const f of op.footnotes ?? []) {
    for (const id of footnoteSpan(w, f)) if (w.doc.units.some((u) => u.id === id) && !marked(w, id)) removeFootnote(w, id);
  }
}

/**
 * The footnotes a new wording names: one, or each of a range ("Poznámky č. 12) až č. 14) pod čarou
 * znějí:", zákon č. 161/1993 Sb., bod 11, on zákon č. 592/1992 Sb.; "č. 2a) až č. 2c)", bod 3, new
 * ones). A footnote of the text inside the range that the range's numbers skip ("5a" between 5 and
 * 6) leaves unsure whether the new wording takes it: refused.
 */
function footnotesNamed(w: Work, t: TargetRef): string[] {
  if (!t.through) return [t.id];
  const keys = expandKeyRange(lastSeg(t.id).key, lastSeg(t.through).key);
  if (!keys) throw new Fail('unsupported_target', `footnotes ${t.id} to ${t.through}`);
  const ids = keys.map((k) => `fn_${k}`);
  const [lo, hi] = [footnoteOrder(t.id), footnoteOrder(t.through)];
  const within = (id: string) => compareOrder(footnoteOrder(id), lo) >= 0 && compareOrder(footnoteOrder(id), hi) <= 0;
  const skipped = w.doc.units.find((u) => u.kind === 'footnote' && within(u.id) && !ids.includes(withoutRepeat(u.id)));
  if (skipped) throw new Fail('ambiguous', `${skipped.id} lies between ${t.id} and ${t.through}`);
  return ids;
}

/**
 * The footnotes a repeal names: one, or a range by its ends ("včetně poznámek pod čarou č. 8d) až
 * 8z)"), every footnote the text has from the first to the last; both ends must be there.
 */
function footnoteSpan(w: Work, f: string): string[] {
  const [from, to] = f.split('..');
  if (to === undefined) return [from];
  const notes = w.doc.units.filter((u) => u.kind === 'footnote');
  const a = notes.findIndex((u) => u.id === from);
  const b = notes.findIndex((u) => u.id === to);
  if (a < 0 || b < a) throw new Fail('target_not_found', `footnotes ${from} to ${to}`);
  return notes.slice(a, b + 1).map((u) => u.id);
}

/**
 * "V § 8 se odstavce 1 a 2 včetně nadpisu a poznámky pod čarou č. 5) zrušují" (zákon č. 101/2000 Sb.,
 * on zákon č. 106/1999 Sb.): the §'s heading goes with its odstavce; the source keeps the bare label.
 * Only where no unit is left under the § (odstavce of one §), and its one heading line is found.
 */
function dropHeadingOfRepealed(w: Work, op: Operation): void {
  const units = new Set(op.targets.map((t) => unitIdOf(t.id)));
  if (
    units.size !== 1 ||
    op.targets.some(
      (t) => unitIdOf(t.id) === t.id || !/^(?:par|cl)_/.test(t.id) || t.id.split('/').length !== 2 || t.sentence !== undefined || t.part,
    )
  )
    return;
  const loc = locate(w.doc, [...units][0]);
  // Where odstavce stay, the heading may be theirs ("odstavec 3 včetně nadpisu"): left as before.
  if (!loc.node || loc.unit.kind !== 'section' || loc.node.children.length) return;
  const title = headingLines(loc.unit.text, loc.node).filter((l) => !isUnitLabel(l.text));
  if (title.length !== 1) throw new Fail(title.length ? 'ambiguous' : 'target_not_found', `heading of ${loc.unit.id}`);
  const text = loc.unit.text;
  let end = title[0].start + title[0].text.length;
  while (end < text.length && /\s/.test(text[end])) end++;
  const out = text.slice(0, title[0].start) + text.slice(end);
  replaceUnit(w.doc, loc.index, out.trim() ? block(out) : out);
  touch(w, loc.unit.id);
}

/**
 * A § or článek whose parts the repeal took until only its label line is left goes as a repealed
 * one: "§ 17 odst. 2 písm. c), § 18 odst. 1, … se zrušují" on a text that holds § 18 odst. 1
 * alone (zákon č. 228/1992 Sb. on zákon č. 42/1980 Sb.), "§ 9 odst. 2, § 11 odst. 1 a 3 …"
 * (zákon č. 578/1990 Sb. on zákon č. 219/1949 Sb.), partial texts: the source has no "##### § 18"
 * left standing. A unit with a heading, a trailer or any other line stays. Not after a repeal
 * "včetně nadpisu": there the source keeps the label in one text (zákon č. 101/2000 Sb., bod 3, on
 * zákon č. 106/1999 Sb.) and drops it in another (zákon č. 96/2005 Sb. on zákon č. 238/1992 Sb.).
 */
function dropLabelOnlyUnits(w: Work, targets: readonly TargetRef[]): void {
  const ids = new Set(targets.filter((t) => !t.id.startsWith('fn_') && unitIdOf(t.id) !== t.id).map((t) => unitIdOf(t.id)));
  for (const id of ids) {
    const hits = w.doc.units.flatMap((u, i) => (withoutRepeat(u.id) === id ? [i] : []));
    if (hits.length !== 1) continue;
    const index = hits[0];
    const unit = w.doc.units[index];
    if (unit.kind !== 'section' && unit.kind !== 'article') continue;
    const lines = unit.text.split('\n').filter((l) => l.trim());
    if (lines.length === 1 && /^#{1,6}[ \t]+(?:§|Čl\.|Článek)[ \t]*(?:\d+[a-z]*|[IVXLC]+)\.?$/.test(lines[0].trim())) repealUnit(w, index);
  }
}

/** Whether any unit's text still carries the footnote's mark. */
function marked(w: Work, fnId: string): boolean {
  const mark = `^${fnId.replace(/^fn_/, '')})`;
  return w.doc.units.some((u) => u.kind !== 'footnote' && u.text.includes(mark));
}

/** Footnote marks `^5)` of a footnote that went, out of the text. */
function removeMarks(w: Work, fnId: string): void {
  const key = withoutRepeat(fnId.replace(/^fn_/, ''));
  const re = new RegExp(`\\^${escapeRegExp(key)}\\)`, 'g');
  for (let i = 0; i < w.doc.units.length; i++) {
    const u = w.doc.units[i];
    if (u.kind === 'footnote' || !re.test(u.text)) continue;
    re.lastIndex = 0;
    replaceUnit(w.doc, i, u.text.replace(re, ''));
    touch(w, u.id);
  }
}

/** The level of a container unit (`cast_1` 1 … `pododdil_2` 5), or null. */
function containerLevel(id: string): number | null {
  const seg = withoutRepeat(id).split('/').pop() ?? '';
  const m = /^(cast|hlava|dil|oddil|pododdil)_/.exec(seg);
  return m ? ['cast', 'hlava', 'dil', 'oddil', 'pododdil'].indexOf(m[1]) + 1 : null;
}

/**
 * A § / čl. / příloha repealed: it goes from the text (the source removes repealed units); its
 * closing lines that belong to what follows stay. A container goes with all it holds.
 */
function repealUnit(w: Work, index: number): void {
  const unit = w.doc.units[index];
  touch(w, unit.id);
  w.removed.add(unit.id);
  const level = containerLevel(unit.id);
  if (level !== null) {
    let end = index + 1;
    while (end < w.doc.units.length) {
      const u = w.doc.units[end];
      const l = containerLevel(u.id);
      if (u.kind === 'footnote' || u.kind === 'annex' || (l !== null && l <= level)) break;
      touch(w, u.id);
      w.removed.add(u.id);
      end++;
    }
    const trailer = trailerOf(w.doc.units[end - 1]);
    w.doc.units.splice(index, end - index);
    if (trailer && index > 0) replaceUnit(w.doc, index - 1, withTrailer(w.doc.units[index - 1].text, trailer));
    return;
  }
  const trailer = trailerOf(unit);
  dropOrphanedGroupHeading(w, index, trailer);
  w.doc.units.splice(index, 1);
  if (trailer && index > 0) replaceUnit(w.doc, index - 1, withTrailer(w.doc.units[index - 1].text, trailer));
}

const withinId = (id: string, outer: string): boolean => id === outer || id.startsWith(`${outer}/`);

/** Each unit's containers (the container units above it, outermost first); an annex and a footnote have none. */
function unitContainers(units: readonly TextUnit[]): string[][] {
  const out: string[][] = [];
  const stack: { id: string; level: number }[] = [];
  for (const u of units) {
    const level = u.kind === 'container' ? containerLevel(u.id) : null;
    if (level !== null) while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
    out.push(u.kind === 'annex' || u.kind === 'footnote' || u.kind === 'preamble' ? [] : stack.map((c) => c.id));
    if (level !== null) stack.push({ id: u.id.replace(/~\d+/g, ''), level });
  }
  return out;
}

/**
 * A unit of which only some parts are kept ("s výjimkou § 17 odst. 2 písm. c)"): the unit's label and
 * heading, and on the way down to each kept part the text each unit holds before its first part
 * (an odstavec's opening words before its písmena), as the source's texts after such a repeal have
 * it (zákon č. 513/1991 Sb. on zákon č. 42/1980 Sb.).
 */
function keptParts(unit: TextUnit, kept: string[]): string {
  const l = local(unit);
  if (!l.top) throw new Fail('unsupported_target', `parts of ${unit.id}`);
  const nodes = kept.map((id) => {
    const n = l.nodes.get(unit.id + id.slice(unitIdOf(id).length));
    if (!n) throw new Fail('target_not_found', id);
    return n;
  });
  const whole = new Set(nodes.map((n) => n.id));
  const path = new Set<string>();
  for (const n of nodes) for (let p = n.parent; p; p = l.nodes.get(p)?.parent ?? null) path.add(p);
  const pieces: string[] = [];
  const walk = (n: Node): void => {
    if (whole.has(n.id)) {
      pieces.push(block(unit.text.slice(n.start, n.id === l.top?.id ? n.end : contentEnd(unit.text, n.start, n.end))));
      return;
    }
    if (!path.has(n.id)) return;
    const own = unit.text.slice(n.start, n.ownEnd);
    if (own.trim()) pieces.push(block(own));
    for (const c of n.children) walk(l.nodes.get(c)!);
  };
  walk(l.top);
  // The unit's own ending kept (the text's last unit ends with one line break).
  return pieces.join('').trimEnd() + (/\s*$/.exec(unit.text)?.[0] ?? '');
}

/**
 * "Předpis se zrušuje s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2." (vyhláška č. 149/1988
 * Sb. on vyhláška č. 128/1975 Sb.): a partial repeal (docs/DECISIONS.md). Every unit goes but those it
 * keeps, what lies inside a kept container, the containers that hold a kept unit, and the path down
 * to a kept part of a unit; the title and the preamble stay, and a footnote while a unit left marks
 * it (the source's texts differ there), and the act's closing signatures stay. Every unit it keeps
 * must be in the text.
 */
function opRepealAllBut(w: Work, op: Operation): void {
  const except = (op.except ?? []).map((e) => e.replace(/~\d+/g, ''));
  if (!except.length) throw new Fail('unsupported_form', 'a whole act repealed');
  const units = w.doc.units;
  const containers = unitContainers(units);
  const base = (u: TextUnit) => u.id.replace(/~\d+/g, '');
  const wholeUnits = except.filter((e) => e.includes('..') || unitIdOf(e) === e);
  const parts = except.filter((e) => !wholeUnits.includes(e));
  const reaches = (e: string, i: number) => {
    const id = base(units[i]);
    const ancestors = containers[i];
    return targetReaches(e, id, { ancestors }, (t) => withinId(id, t) || ancestors.includes(t));
  };
  const keep = units.map((u, i) => u.kind === 'preamble' || u.kind === 'footnote' || wholeUnits.some((e) => reaches(e, i)));
  for (const e of wholeUnits) {
    if (e.includes('..')) continue;
    if (!units.some((_, i) => reaches(e, i))) throw new Fail('target_not_found', e);
  }
  const partial = new Map<number, string[]>();
  for (const e of parts) {
    const i = findUnit(w.doc, unitIdOf(e));
    if (!keep[i]) partial.set(i, [...(partial.get(i) ?? []), e]);
  }
  // The containers around a kept unit stay with it, as the decision has it: a § without its část
  // would read as the část's before. The source's texts differ (zákon č. 455/1991 Sb. on zákon
  // č. 105/1990 Sb. keeps "ČÁST II A"; vyhláška č. 149/1988 Sb. on vyhláška č. 128/1975 Sb. drops "ČÁST ČTVRTÁ").
  const holding = new Set<string>();
  units.forEach((u, i) => {
    if ((keep[i] || partial.has(i)) && u.kind !== 'preamble' && u.kind !== 'footnote') for (const c of containers[i]) holding.add(c);
  });
  units.forEach((u, i) => {
    if (u.kind === 'container' && holding.has(base(u))) keep[i] = true;
  });
  // The act's closing signatures are in the last unit before the annexes and footnotes; they stay
  // at the end of the last unit kept before them, as the source's texts mostly have it (zákon
  // č. 455/1991 Sb. on zákon č. 105/1990 Sb.), when they are signatures only (a trailer with notes of
  // its own, "*) …", the source leaves where it was).
  let closingAt = -1;
  units.forEach((u, i) => {
    if (u.kind === 'section' || u.kind === 'article' || u.kind === 'container') closingAt = i;
  });
  const trailer = closingAt >= 0 && !keep[closingAt] && !partial.has(closingAt) ? trailerOf(units[closingAt]) : '';
  const closing = nonEmptyLines(trailer).every((l) => TRAILER_LINE.test(l)) ? trailer : '';
  const out: TextUnit[] = [];
  let closingTo = -1;
  units.forEach((u, i) => {
    if (i <= closingAt && (keep[i] || partial.has(i)) && u.kind !== 'footnote' && u.kind !== 'annex') closingTo = out.length;
    const kept = partial.get(i);
    if (kept) {
      const text = keptParts(u, kept);
      out.push({ ...u, text });
      if (text !== u.text) touch(w, u.id);
      return;
    }
    if (keep[i]) return out.push(u);
    touch(w, u.id);
    w.removed.add(u.id);
  });
  if (closing && closingTo >= 0) {
    const u = out[closingTo];
    const ending = /\s*$/.exec(units[closingAt].text)?.[0] ?? '';
    out[closingTo] = { ...u, text: `${u.text.trimEnd()}\n\n${closing}${ending}` };
    touch(w, u.id);
  }
  // A footnote goes when no unit left marks it (the source's texts after such repeals mostly drop them).
  const marked = (us: TextUnit[]) =>
    new Set(us.filter((u) => u.kind !== 'footnote').flatMap((u) => [...u.text.matchAll(/\^(\d+[a-z]{0,3})\)/g)].map((m) => `fn_${m[1]}`)));
  const before = marked(units);
  const after = marked(out);
  w.doc.units = out.filter((u) => {
    if (u.kind !== 'footnote' || !before.has(base(u)) || after.has(base(u))) return true;
    touch(w, u.id);
    w.removed.add(u.id);
    return false;
  });
}

/** Heading lines only (`#### Daň z celkového objemu mezd`), no unit label, container label or signature. */
/**
 * The heading line set above a §'s or článek's label, at the end of the unit before it ("Nadpis nad
 * § 14 se zrušuje", zákon č. 303/2013 Sb. on zákon č. 85/1996 Sb.): the one heading line a § or
 * článek before ends with, or the last of a container's two heading lines below its label ("## ČÁST
 * ŠESTÁ", "#### SPRÁVNÍ DELIKTY", "#### Sankce": its own title is the first). Its span with the blank
 * lines after it, or null where the unit itself holds lines above its label or which line is meant
 * is not plain (a container with its title only, several lines after a §).
 */
function headingAboveLabel(doc: Doc, loc: Loc): { index: number; start: number; end: number } | null {
  const node = loc.node;
  if (!node || node.parent !== null || loc.index === 0) return null;
  const own = headingLines(loc.unit.text, node);
  if (!own.length || !isUnitLabel(own[0].text) || own[0].start !== 0) return null;
  const prev = doc.units[loc.index - 1];
  const text = prev.text;
  let line: string;
  if (prev.kind === 'container') {
    const ls = nonEmptyLines(text);
    if (ls.length !== 3 || !isUnitLabel(ls[0]) || !isGroupHeading(ls.slice(1).join('\n'))) return null;
    line = ls[2];
  } else if (prev.kind === 'section' || prev.kind === 'article') {
    const ls = nonEmptyLines(trailerOf(prev));
    if (ls.length !== 1 || !isGroupHeading(ls[0])) return null;
    line = ls[0];
  } else return null;
  const start = text.lastIndexOf(line);
  if (start < 0 || text.slice(start + line.length).trim()) return null;
  return { index: loc.index - 1, start, end: text.length };
}

function isGroupHeading(lines: string): boolean {
  const ls = nonEmptyLines(lines);
  // A group's "(k § 163 zákona)" line below its title is the heading's (vyhláška č. 181/1982 Sb.).
  const title = ls.filter((l) => !K_LINE.test(l.trim()));
  return (
    title.length > 0 &&
    title.every((l) => /^#{1,6}[ \t]/.test(l) && !isUnitLabel(l) && !CONTAINER_LABEL.test(l.replace(/^#{1,6}[ \t]+/, '')))
  );
}

/**
 * The § at `index` is repealed: a group heading right above it (the closing heading line of the
 * unit before, in a text whose §§ write their own headings below their labels) goes with it when
 * no § of the group is left — the next unit is no § of the same kind, or a heading of its own
 * starts after it ("§ 17, 21 až 26 včetně nadpisů se vypouštějí", zákon č. 62/1977 Sb., čl. III
 * bod 9, on zákon č. 103/1974 Sb.: "Daň z celkového objemu mezd" above § 21 and "Daň z
 * individuálních mezd" above § 24 go with §§ 21 to 26 in the source).
 */
function dropOrphanedGroupHeading(w: Work, index: number, trailer: string): void {
  const unit = w.doc.units[index];
  if (index === 0 || (unit.kind !== 'section' && unit.kind !== 'article')) return;
  const prev = w.doc.units[index - 1];
  if (prev.kind !== unit.kind) return;
  const heading = trailerOf(prev);
  if (!heading || !isGroupHeading(heading) || !w.doc.units.some(headingBelowLabel)) return;
  const next = w.doc.units[index + 1];
  const groupEnds = isGroupHeading(trailer) || next === undefined || next.kind !== unit.kind;
  if (!groupEnds) return;
  replaceUnit(w.doc, index - 1, block(prev.text.slice(0, prev.text.lastIndexOf(heading))));
}

/**
 * The pairs of a renumbering written with ranges: the units the text has from the range's first
 * to its last, paired with the new range expanded in the same alphabet (with or without "ch", "q").
 */
function rangePairs(w: Work, ranges: { from: TargetRef; to: TargetRef }[]): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const r of ranges) {
    if (!r.from.through) {
      out.push({ from: r.from.id, to: r.to.id });
      continue;
    }
    const have = locateRange(w.doc, r.from).map((l) => withoutRepeat(l.node && l.node.parent !== null ? l.node.id : l.unit.id));
    const keys = have.map((id) => lastSeg(id).key);
    const prefix = r.to.id.slice(0, r.to.id.lastIndexOf('_') + 1);
    let found = false;
    for (let v = 0; v < ALPHABET_VARIANTS && !found; v++) {
      const from = expandKeyRange(lastSeg(r.from.id).key, lastSeg(r.from.through).key, v);
      const to = r.to.through ? expandKeyRange(lastSeg(r.to.id).key, lastSeg(r.to.through).key, v) : null;
      if (!from || !to || from.join(',') !== keys.join(',') || to.length !== from.length) continue;
      have.forEach((id, i) => out.push({ from: id, to: `${prefix}${to[i]}` }));
      found = true;
    }
    if (!found) throw new Fail('target_not_found', `${r.from.id} to ${r.from.through} as the text numbers them`);
  }
  return out;
}

/** "Dosavadní poznámka pod čarou č. 11a se označuje jako poznámka pod čarou č. 11b(, a to včetně odkazů na ni)". */
function renumberFootnotes(w: Work, pairs: { from: string; to: string }[], marks: boolean): void {
  const keyOf = (id: string) => id.replace(/^fn_/, '');
  const map = new Map(pairs.map((p) => [keyOf(p.from), keyOf(p.to)]));
  for (const p of pairs) {
    // "Dosavadní poznámka č. 2b" after an earlier point wrote a new 2b: which one the act means is
    // the one that was there before it, which the text no longer holds apart.
    if (w.written.has(p.from)) throw new Fail('ambiguous', `${p.from} was written by an earlier point and is renumbered as the former one`);
    const i = w.doc.units.findIndex((u) => u.id === p.from);
    if (i < 0) throw new Fail('target_not_found', p.from);
    if (w.doc.units.some((u) => u.id === `${p.from}~2`)) throw new Fail('ambiguous', `${p.from} is in the text twice`);
  }
  const re = new RegExp(`\\^(${[...map.keys()].map(escapeRegExp).join('|')})\\)`, 'g');
  for (let i = 0; i < w.doc.units.length; i++) {
    const u = w.doc.units[i];
    if (u.kind === 'footnote') {
      const to = map.get(keyOf(u.id));
      if (to === undefined) continue;
      w.doc.units[i] = { id: `fn_${to}`, kind: 'footnote', text: u.text.replace(/^\^[0-9a-z]+\)/, `^${to})`) };
      touch(w, u.id);
      touch(w, `fn_${to}`);
    } else if (marks && re.test(u.text)) {
      re.lastIndex = 0;
      // The marks renamed are the former footnotes' marks, those of the text before the act. A mark
      // an earlier point of the act wrote cites the new footnote ("V § 89 odst. 9 se za větu první
      // vkládá nová věta …^1)" before "Poznámka pod čarou č. 1) zní: … Dosavadní poznámka pod čarou
      // č. 1) se označuje jako poznámka pod čarou č. 2), a to včetně odkazu", zákon č. 238/1999 Sb.,
      // body 1 and 2, on zákon č. 140/1961 Sb.): a unit that had no such mark keeps its marks, one
      // that has more of them than it had is refused (which are the former ones is not written).
      const had = (t: string | undefined) => (t ?? '').match(re)?.length ?? 0;
      const was = w.before.get(u.id);
      const before = had(was);
      re.lastIndex = 0;
      const now = had(u.text);
      re.lastIndex = 0;
      if (was !== u.text) {
        if (before === 0) continue;
        if (now > before)
          throw new Fail('ambiguous', `${u.id} holds marks of ${[...map.keys()].join(', ')} written by this act beside former ones`);
      }
      replaceUnit(
        w.doc,
        i,
        u.text.replace(re, (_m, k: string) => `^${map.get(k)})`),
      );
      touch(w, u.id);
    }
    re.lastIndex = 0;
  }
}

function opRenumber(w: Work, op: Operation): void {
  const pairs = (op.renumberRanges ? rangePairs(w, op.renumberRanges) : (op.renumber ?? [])).flatMap((p) => {
    if (!p.from.endsWith('/odst_*')) return [p];
    // "zrušuje se číslování odstavců": every odstavec the § has now.
    const loc = locate(w.doc, p.from.slice(0, -'/odst_*'.length));
    const odst = (loc.node?.children ?? []).filter((c) => lastSeg(c).type === 'odst');
    if (!odst.length) throw new Fail('target_not_found', `odstavce of ${loc.unit.id}`);
    return odst.map((c) => ({ from: c, to: '' }));
  });
  if (pairs.length && pairs.every((p) => p.from.startsWith('fn_') && p.to.startsWith('fn_'))) {
    renumberFootnotes(w, pairs, !!op.withReferences);
    return;
  }
  if (op.withHeading && pairs.length && pairs.every((p) => p.to === '' && isContainerId(p.from))) {
    dropContainerLabels(
      w,
      pairs.map((p) => p.from),
    );
    return;
  }
  // All found first, then all renamed, so that "3 → 2, 4 → 3" never meets its own result.
  const edits: { index: number; span: Span; by: string; from: string; to: string }[] = [];
  for (const p of pairs) {
    if (p.from.startsWith('fn_')) throw new Fail('unsupported_target', 'footnotes renumbered with other units');
    const loc = locate(w.doc, p.from);
    if (!loc.node) throw new Fail('target_not_found', p.from);
    const text = loc.unit.text;
    if (unitIdOf(p.from) === p.from) {
      // "Dosavadní text § 5 se označuje jako odstavec 1".
      if (p.to.startsWith(`${p.from}/odst_`) || p.to.startsWith(`${p.from}/pism_`)) {
        // Písmena or body of the § go with its text into the new odstavec; odstavce it has already cannot.
        if (loc.node.children.some((c) => lastSeg(c).type === lastSeg(p.to).type))
          throw new Fail('unsupported_target', `${p.from} already has numbered units`);
        const k = lastSeg(p.to);
        const mark = k.type === 'odst' ? `(${k.key}) ` : `${k.key}) `;
        // A "(k § 8 zákona)" line below the label stays above the new number (vyhláška č. 559/1990 Sb.
        // on vyhláška č. 215/1988 Sb.).
        const kLine = /^\([Kk] [^\n]{1,200}\)[ \t]*\n\s*/.exec(text.slice(loc.node.contentStart, loc.node.end));
        // So does a heading the source sets as a plain line ("##### § 10", "Základ daně", then the
        // text; zákon č. 186/2006 Sb., bod 3, on zákon č. 357/1992 Sb.): a short line without a
        // closing mark followed by a sentence, not by a list it would introduce.
        const plainHeading = kLine
          ? null
          : /^\p{Lu}[^\n.,;:]{0,98}[^\n.,;:\s][ \t]*\n[ \t]*\n(?=\p{Lu})/u.exec(text.slice(loc.node.contentStart, loc.node.end));
        const at = loc.node.contentStart + (kLine ? kLine[0].length : (plainHeading?.[0].length ?? 0));
        edits.push({
          index: loc.index,
          span: { start: at, end: at },
          by: mark,
          from: p.from,
          to: p.to,
        });
        continue;
      }
      const label = headingLines(text, loc.node).find((l) => isUnitLabel(l.text));
      const to = lastSeg(p.to);
      const from = lastSeg(p.from);
      if (!label || from.type !== to.type) throw new Fail('unsupported_target', `${p.from} → ${p.to}`);
      const m = new RegExp(`(\\s)${escapeRegExp(from.key)}(?![\\p{L}\\p{N}])`, 'u').exec(label.text);
      // A container's label writes its number in Roman ("### HLAVA VII" → "HLAVA VIII": "Dosavadní
      // hlavy VII až IX se označují jako hlavy VIII až X", zákon č. 321/2024 Sb., bod 5, on zákon
      // č. 167/1998 Sb.); one in words ("ČÁST SEDMÁ") is not renumbered.
      const r = m ? null : /(\s)([IVXLC]+)(?![\p{L}\p{N}])/u.exec(label.text);
      const roman = r && /^\d+$/.test(to.key) && String(romanToInt(r[2])) === from.key ? intToRoman(Number(to.key)) : null;
      if (!m && !(r && roman)) {
        // A část or hlava numbered in words ("## ČÁST JEDENÁCTÁ" → "ČÁST DVANÁCTÁ": "Dosavadní část
        // jedenáctá se označuje jako část dvanáctá", zákon č. 46/2016 Sb., bod 38, on zákon č. 219/1999 Sb.);
        // a díl or oddíl in the masculine ("Oddíl třetí" → "Oddíl druhý", zákon č. 303/2013 Sb., bod 52,
        // on zákon č. 358/1992 Sb.).
        const wd = /^(\s*(?:#{1,6}[ \t]+)?(?:(ČÁST|Část|HLAVA|Hlava)|DÍL|Díl|ODDÍL|Oddíl|PODODDÍL|Pododdíl)[ \t]+)(\S.*?)\s*$/u.exec(
          label.text,
        );
        const n = wd ? containerNumber(wd[3]) : null;
        const feminine = wd && n && !n.rest && n.key === from.key && /^\d+$/.test(to.key) ? ordinalFeminine(Number(to.key)) : null;
        const word = feminine && !wd![2] ? feminine.replace(/á(?= |$)/g, 'ý') : feminine;
        if (!wd || !word || containerNumber(word)?.key !== to.key) throw new Fail('target_not_found', `the label of ${p.from}`);
        const upper = wd[3] === wd[3].toUpperCase();
        edits.push({
          index: loc.index,
          span: { start: label.start + wd[1].length, end: label.start + wd[1].length + wd[3].length },
          by: upper ? word.toUpperCase() : word,
          from: p.from,
          to: p.to,
        });
        continue;
      }
      const at = m ? m : r!;
      const written = m ? from.key : r![2];
      edits.push({
        index: loc.index,
        span: { start: label.start + at.index + 1, end: label.start + at.index + 1 + written.length },
        by: m ? to.key : roman!,
        from: p.from,
        to: p.to,
      });
      continue;
    }
    const m = MARKER.exec(text.slice(loc.node.start, loc.node.start + 12));
    if (!m) throw new Fail('target_not_found', `the number of ${p.from}`);
    const to = p.to === '' ? null : lastSeg(p.to);
    const from = lastSeg(p.from);
    if (to && to.type !== from.type) throw new Fail('unsupported_target', `${p.from} → ${p.to}`);
    const marker = m[0];
    const by = to === null ? '' : marker.replace(withoutRepeat(from.key), to.key);
    edits.push({ index: loc.index, span: { start: loc.node.start, end: loc.node.start + marker.length }, by, from: p.from, to: p.to });
  }
  const byUnit = new Map<number, typeof edits>();
  for (const e of edits) byUnit.set(e.index, [...(byUnit.get(e.index) ?? []), e]);
  const origIds = w.doc.units.map((u) => u.id);
  const moved: { from: string; to: string }[] = [];
  for (const [index, list] of byUnit) {
    let text = w.doc.units[index].text;
    for (const e of [...list].sort((a, b) => b.span.start - a.span.start)) text = splice(text, e.span, e.by);
    const unit = replaceUnit(w.doc, index, text);
    for (const e of list) {
      touch(w, e.from);
      if (e.to) touch(w, e.to);
      if (unitIdOf(e.from) === e.from && unitIdOf(e.to) === e.to) {
        const from = origIds[index];
        // A container keeps its place in the act's tree (`hlava_8` named, `cast_1/hlava_8` written).
        const to = isContainerId(from) && from.includes('/') ? `${from.slice(0, from.lastIndexOf('/'))}/${e.to.split('/').pop()}` : e.to;
        w.doc.units[index] = { ...unit, id: to };
        if (isContainerId(from)) moved.push({ from, to });
      }
    }
  }
  // The containers inside a renumbered one go with it (`cast_1/hlava_7/dil_1` → `cast_1/hlava_8/dil_1`).
  origIds.forEach((id, i) => {
    if (byUnit.has(i)) return;
    const m = moved.find((x) => id.startsWith(`${x.from}/`));
    if (m) w.doc.units[i] = { ...w.doc.units[i], id: `${m.to}${id.slice(m.from.length)}` };
  });
}

/**
 * "Označení hlavy II se včetně nadpisu zrušuje": each container's unit (its label and heading lines)
 * goes; the §§ it held stay where they are, under the container before it. Refused where the
 * container holds containers of its own (their ids would name a container that is gone).
 */
function dropContainerLabels(w: Work, ids: string[]): void {
  const found = ids.map((id) => {
    const index = findUnit(w.doc, id);
    const level = containerLevel(w.doc.units[index].id)!;
    for (let i = index + 1; i < w.doc.units.length; i++) {
      const l = containerLevel(w.doc.units[i].id);
      if (l === null) continue;
      if (l <= level) break;
      throw new Fail('unsupported_target', `the label of ${id}, which holds ${w.doc.units[i].id}`);
    }
    return index;
  });
  if (new Set(found).size !== found.length) throw new Fail('ambiguous', 'a container named twice');
  for (const index of [...found].sort((a, b) => b - a)) {
    const unit = w.doc.units[index];
    touch(w, unit.id);
    w.removed.add(unit.id);
    w.doc.units.splice(index, 1);
  }
}

const ORDINAL_UNITS = ['', 'první', 'druhá', 'třetí', 'čtvrtá', 'pátá', 'šestá', 'sedmá', 'osmá', 'devátá'];
const ORDINAL_TEENS = [
  'desátá',
  'jedenáctá',
  'dvanáctá',
  'třináctá',
  'čtrnáctá',
  'patnáctá',
  'šestnáctá',
  'sedmnáctá',
  'osmnáctá',
  'devatenáctá',
];
const ORDINAL_TENS = ['', '', 'dvacátá', 'třicátá', 'čtyřicátá', 'padesátá', 'šedesátá', 'sedmdesátá', 'osmdesátá', 'devadesátá'];

/** A feminine ordinal in words, as a část or hlava is labelled ("jedenáctá", "dvacátá první"), 1 to 99; else null. */
function ordinalFeminine(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 99) return null;
  if (n < 10) return ORDINAL_UNITS[n];
  if (n < 20) return ORDINAL_TEENS[n - 10];
  const u = n % 10;
  return u ? `${ORDINAL_TENS[Math.floor(n / 10)]} ${ORDINAL_UNITS[u]}` : ORDINAL_TENS[n / 10];
}

// ---------------------------------------------------------------------------------------------
// Items of an annex's table (`AnnexItem`: vyhláška č. 323/2002 Sb.'s položky).

/** A lettered part's heading line in an annex ("B. Druhové třídění rozpočtové skladby"). */
const ANNEX_PART_LINE = /^([A-Z])\. \S/;

interface ItemRow {
  /** The row's line (without its line end) in the unit's text. */
  start: number;
  end: number;
  cells: string[];
}

/** The table rows of a line span: each `| … |` line with its cells (the text between the bars). */
function tableRow(line: string): string[] | null {
  if (!/^\|.*\|[ \t]*$/.test(line)) return null;
  return line.trim().slice(1, -1).split('|');
}

/** The lines of a text with where each starts and ends (without its newline). */
function lineSpans(text: string): (Span & { line: string })[] {
  const lines: (Span & { line: string })[] = [];
  for (let pos = 0; pos < text.length;) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    lines.push({ start: pos, end, line: text.slice(pos, end) });
    pos = end + 1;
  }
  return lines;
}

/**
 * The row of item `key` in the part `part` of an annex: the part runs from its line ("B. …") to the
 * next part's, and the row is the one whose last cell but one is the number (the last is the title
 * and náplň). A part or row not there once is a failure: where the item is would be a guess.
 */
function itemRow(text: string, part: string, key: string): ItemRow | null {
  const lines = lineSpans(text);
  const heads = lines.filter((l) => ANNEX_PART_LINE.exec(l.line)?.[1] === part);
  if (heads.length !== 1) throw new Fail(heads.length ? 'ambiguous' : 'target_not_found', `část ${part} of the annex`);
  const from = lines.indexOf(heads[0]);
  let to = lines.length;
  for (let i = from + 1; i < lines.length; i++)
    if (ANNEX_PART_LINE.test(lines[i].line)) {
      to = i;
      break;
    }
  const rows: ItemRow[] = [];
  for (let i = from + 1; i < to; i++) {
    const cells = tableRow(lines[i].line);
    if (cells && cells.length >= 2 && cells[cells.length - 2].trim() === key)
      rows.push({ start: lines[i].start, end: lines[i].end, cells });
  }
  if (rows.length > 1) throw new Fail('ambiguous', `položka ${key} is in část ${part} ${rows.length} times`);
  return rows[0] ?? null;
}

/** A row with its last cell but one (the number) and last cell (title and náplň) set anew, as the source writes them. */
function rowWith(cells: string[], key: string, last: string): string {
  return `|${[...cells.slice(0, -2), ` ${key} `, ` ${last} `].join('|')}|`;
}

/** A payload's paragraphs as one cell's text (the source joins a náplň's paragraphs with a space). */
function cellText(payload: string): string {
  const paras = payload
    .split(/\n[ \t]*\n/)
    .map((p) => normalizeSpace(p))
    .filter(Boolean);
  // Tables, headings or lists inside an item are no cell's text.
  if (!paras.length || paras.some((p) => /^(?:\||#|- )/.test(p)) || payload.includes('|'))
    throw new Fail('payload_mismatch', 'an item’s text that is no table cell');
  return paras.join(' ');
}

/** A new item's payload "1358 Název\n\nNáplň": its title and náplň as one cell, or a failure when it is not item `key`'s. */
function itemCell(payload: string, key: string): string {
  const m = /^\s*(\d+)[ \t]+([^\n]+)/.exec(payload);
  if (!m || m[1] !== key) throw new Fail('payload_mismatch', `the new text is not položka ${key}`);
  return cellText(`${m[2]}${payload.slice(m[0].length)}`);
}

/**
 * Where an item's title ends in its cell (title and náplň in one cell, as the source writes them):
 * before the one word written with a capital after the title's first, in the words up to the
 * cell's first full stop ("Daň silniční Zahrnuje daň podle …": "Zahrnuje"), or before the "(1)"
 * that opens a náplň in odstavce. A title is written in lower case after its first word, a náplň
 * opens with a capital; a cell with another capital there (a name in the title: "… Evropské unie
 * …", or in the náplň's first words) or none is not told apart: null.
 */
function itemTitleEnd(cell: string): number | null {
  const stop = cell.indexOf('.');
  const head = stop < 0 ? cell : cell.slice(0, stop);
  const capitals = [...head.matchAll(/(?<=\s)\p{Lu}/gu)];
  if (capitals.length !== 1) return null;
  let at = capitals[0].index;
  const marker = /\(\d+\)\s*$/.exec(cell.slice(0, at));
  if (marker) at = marker.index;
  return cell.slice(0, at).trimEnd().length > 0 ? cell.slice(0, at).trimEnd().length : null;
}

/**
 * Words of an item's náplň changed in its cell (`AnnexItem` field `content`): found there once, or
 * refused (the act names one place; which of several is not the engine's to guess).
 */
function itemWords(text: string, row: ItemRow, op: Operation): string {
  const item = op.item!;
  const lastBar = text.lastIndexOf('|', row.end - 1);
  const cellStart = text.lastIndexOf('|', lastBar - 1) + 1;
  const cell: Span = { start: cellStart, end: lastBar };
  const old = op.old ?? '';
  const add = op.new ?? '';
  if (add.includes('|') || /\n/.test(add.trim())) throw new Fail('payload_mismatch', `položka ${item.key}: words that are no table cell's`);
  const hits = findWords(text, old, cell, []);
  if (!hits.length) {
    const done = op.kind === 'replace_words' && add.trim() && findWords(text, add, cell, []).length > 0;
    throw new Fail(done ? 'already_present' : 'text_not_found', `„${old}“ in položka ${item.key}`);
  }
  if (hits.length > 1) throw new Fail('ambiguous', `„${old}“ is in položka ${item.key} ${hits.length} times`);
  const h = hits[0];
  if (op.kind === 'replace_words') return replaceSpan(text, h, add);
  if (op.position === 'before') return splice(text, { start: h.start, end: h.start }, joinBefore(add));
  return splice(text, { start: h.end, end: h.end }, joinAfter(add, text[h.end]));
}

/** An operation on an item of an annex's table (`AnnexItem`). */
function opAnnexItem(w: Work, op: Operation): void {
  const item = op.item!;
  const t = op.targets[0];
  const loc = locate(w.doc, t.id);
  const text = loc.unit.text;
  const row = itemRow(text, item.part, item.key);
  if (!row) throw new Fail('target_not_found', `položka ${item.key} in část ${item.part}`);
  const cell = row.cells[row.cells.length - 1].trim();
  let out: string;
  if (op.kind === 'replace_words' || op.kind === 'insert_words') out = itemWords(text, row, op);
  else if (op.kind === 'insert') {
    const key = item.newKey ?? '';
    if (itemRow(text, item.part, key)) throw new Fail('already_present', `položka ${key}`);
    // A row that ends its table: whether the source puts the new one below it or at the top of the
    // next table (the source breaks the part's table in several) is unsure.
    const next = text.slice(row.end + 1, text.indexOf('\n', row.end + 1) < 0 ? text.length : text.indexOf('\n', row.end + 1));
    if (!tableRow(next)) throw new Fail('unsupported_target', `položka ${item.key} ends its table`);
    out = `${text.slice(0, row.end)}\n${rowWith(row.cells, key, itemCell(op.text ?? '', key))}${text.slice(row.end)}`;
  } else if (op.kind === 'repeal') {
    out = text.slice(0, row.start) + text.slice(Math.min(text.length, row.end + 1));
  } else {
    let last: string;
    if (op.kind === 'new_wording' && item.field === 'row') last = itemCell(op.text ?? '', item.key);
    else if (op.kind === 'new_wording' && item.field === 'content') {
      const end = itemTitleEnd(cell);
      if (end === null) throw new Fail('unsupported_target', `položka ${item.key}: its title and náplň are not told apart`);
      last = `${cell.slice(0, end)} ${cellText(op.text ?? '')}`;
    } else if (op.kind === 'append_words' && item.field === 'added_content') {
      // An item without a náplň holds its title only, which has no full stop.
      if (cell.includes('.')) throw new Fail('already_present', `položka ${item.key} has a náplň`);
      last = `${cell} ${cellText(op.new ?? '')}`;
    } else if (op.kind === 'append_words' && item.field === 'content') last = `${cell} ${cellText(op.new ?? '')}`;
    else throw new Fail('unsupported_form', `položka ${item.key}: ${op.kind} of its ${item.field}`);
    out = text.slice(0, row.start) + rowWith(row.cells, item.key, last) + text.slice(row.end);
  }
  replaceUnit(w.doc, loc.index, out);
  touch(w, t.id);
}

// ---------------------------------------------------------------------------------------------
// Parts of an annex named by their heading lines (nařízení vlády č. 132/2005 Sb.'s lokality).

/** A heading line of an annex's part set as a bold label, alone or with its value ("**Druhy:**", "**Kód lokality:** CZ0620001"). */
const BOLD_LABEL_LINE = /^\*\*([^*\n]+)\*\*(.*)$/;

/** A heading's words for comparison: without the colon that ends it and the spacing. */
const labelWords = (s: string): string => normalizeSpace(s).replace(/\s*:$/, '');

/**
 * The part of an annex that a bold label line heads: from that line to the next bold label line.
 * The one label of the annex with these words; a part that no later label closes (the annex's
 * last, running into its map and notes) has no sure end and is refused.
 */
function annexPart(text: string, section: string, id: string): { head: Span; value: string; end: number; bold: string } {
  const lines = lineSpans(text);
  const want = labelWords(section);
  const heads = lines.filter((l) => {
    const m = BOLD_LABEL_LINE.exec(l.line);
    return m !== null && labelWords(m[1]) === want;
  });
  if (heads.length !== 1) throw new Fail(heads.length ? 'ambiguous' : 'target_not_found', `the part „${section}“ of ${id}`);
  const head = heads[0];
  const m = BOLD_LABEL_LINE.exec(head.line)!;
  const next = lines.find((l) => l.start > head.start && BOLD_LABEL_LINE.test(l.line));
  if (!next) throw new Fail('unsupported_target', `the part „${section}“ of ${id} ends the annex`);
  return { head: { start: head.start, end: head.end }, value: m[2].trim(), end: next.start, bold: m[1] };
}

/**
 * "V příloze č. 240 část „Druhy“ zní:" (the part's text below its heading line, which stays) and
 * "V příloze č. 76 se za část „…“ vkládá nová část, která zní:" (a new part after the part named):
 * the new text set the way the act's annexes are (`styleAnnex`); a new part's heading that the act
 * names is set in bold as the named part's heading is.
 */
function opAnnexPart(w: Work, op: Operation): void {
  const t = op.targets[0];
  const loc = locate(w.doc, t.id);
  if (loc.unit.kind !== 'annex' || loc.unit.id.includes('/')) throw new Fail('unsupported_target', `${t.id}: no annex of its own`);
  const text = loc.unit.text;
  const part = annexPart(text, t.section!, t.id);
  let body = (op.text ?? '').trim();
  // "V příloze č. 381 část „Druhy“ zní: „Druhy: …“" (bod 223): a new text that opens with the part's
  // heading; the heading line stays as the annex sets it.
  const lead = /^[^\n]*(?:\n\s*\n|$)/.exec(body)![0];
  if (op.kind === 'new_wording' && labelWords(lead.replace(/\*+/g, '')) === labelWords(t.section!)) body = body.slice(lead.length).trim();
  refuseAnnexTable(body);
  if (!body || /^\s*#/m.test(body)) throw new Fail('payload_mismatch', `the new text of the part „${t.section}“ of ${t.id}`);
  const styled = styleAnnex(body, w.annexStyle);
  let out: string;
  if (op.kind === 'new_wording') {
    // A heading with its value on its line ("**Kód lokality:** CZ…") is no part with a text below it.
    if (part.value) throw new Fail('unsupported_target', `the part „${t.section}“ of ${t.id} is one line`);
    out = `${text.slice(0, part.head.end)}\n\n${styled}\n\n${text.slice(part.end)}`;
  } else {
    const heading = op.newHeading ? `**${op.newHeading.trim()}**\n\n` : '';
    const first = labelWords(op.newHeading ?? body.split('\n')[0]);
    const have = text.split('\n').some((l) => {
      const m = BOLD_LABEL_LINE.exec(l);
      return m !== null && labelWords(m[1]) === first;
    });
    if (have) throw new Fail('already_present', `the part „${first}“ in ${t.id}`);
    out = `${text.slice(0, part.end)}${heading}${styled}\n\n${text.slice(part.end)}`;
  }
  replaceUnit(w.doc, loc.index, out);
  touch(w, t.id);
}

/**
 * "V příloze č. 1 se za slova „Příloha č. 1 k vyhlášce …“ vkládá nadpis přílohy „…“.": the title as
 * the line below the annex's label, where the label is the words named and the annex has no title
 * there yet (a picture or nothing follows the label).
 */
function opAnnexTitle(w: Work, op: Operation): void {
  const t = op.targets[0];
  const loc = locate(w.doc, t.id);
  if (loc.unit.kind !== 'annex' || loc.unit.id.includes('/')) throw new Fail('unsupported_target', `${t.id}: no annex of its own`);
  const text = loc.unit.text;
  const nl = text.indexOf('\n');
  const label = nl < 0 ? text : text.slice(0, nl);
  const words = (s: string) => normalizeSpace(s.replace(/[*#]/g, ''));
  if (words(label) !== words(op.old ?? '')) throw new Fail('text_not_found', `„${op.old}“ as the label of ${t.id}`);
  const title = (op.text ?? '').trim();
  const next = /^\s*([^\n]*)/.exec(text.slice(label.length))![1];
  if (words(next) === words(title)) throw new Fail('already_present', `the title of ${t.id}`);
  if (next && !/^\[image/.test(next)) throw new Fail('unsupported_target', `${t.id} has a line below its label`);
  replaceUnit(w.doc, loc.index, `${label}\n\n${title}${text.slice(label.length)}`);
  touch(w, t.id);
}

/**
 * "Text před přílohou č. 809 zní:": the lines that end the unit before the annex (the source keeps
 * them with the annex before: a region's heading and its note, "Zlínský kraj" then "Kromě dále
 * uvedených lokalit …"). They start at the last line of that unit that is the new text's first
 * line, below its last bold label and picture; without such a line where they start is unsure.
 */
function opTextBeforeAnnex(w: Work, op: Operation): void {
  const t = op.targets[0];
  const at = findUnit(w.doc, t.id);
  const prev = w.doc.units[at - 1];
  if (!prev || prev.kind !== 'annex' || prev.id.includes('/')) throw new Fail('unsupported_target', `the unit before ${t.id} is no annex`);
  const body = (op.text ?? '').trim();
  if (!body || /^\s*(?:#|\|)/m.test(body) || /^Příloha č\./m.test(body)) throw new Fail('payload_mismatch', `the text before ${t.id}`);
  const first = body.split('\n')[0].trim();
  const text = prev.text;
  let start = -1;
  for (const l of lineSpans(text)) {
    const line = l.line.trim();
    if (line === first) start = l.start;
    else if (start >= 0 && (BOLD_LABEL_LINE.test(line) || /^\[image/.test(line))) start = -1;
  }
  if (start < 0) throw new Fail('text_not_found', `„${first}“ before ${t.id}`);
  if (text.slice(start).trim() === body) throw new Fail('already_present', `the text before ${t.id}`);
  replaceUnit(w.doc, at - 1, `${text.slice(0, start)}${body}\n\n`);
  touch(w, prev.id);
}

/** An operation with its targets read anew (`withoutLoneParagraph`) → the point's own. */
const REWRITTEN = new WeakMap<Operation, Operation>();

const LONE_PARAGRAPH = /^((?:[a-z]+_[^/]+\/)*?(?:par|cl)_[^/]+)\/odst_1(?=\/|$)/;

/**
 * "V § 1 odst. 1 se za písmeno c) vkládá nové písmeno d)" in a § whose text numbers no odstavce
 * (zákon č. 60/2005 Sb., bod 1, on zákon č. 40/2004 Sb.; the source's § 1 has its písmena below
 * one unnumbered sentence, before and after): its odstavec 1 is its text. Only for what lies in it
 * (písmena, body, words): a new wording or repeal of the odstavec itself stays unread there.
 */
function withoutLoneParagraph(w: Work, op: Operation): Operation {
  const lone = new Map<string, boolean>();
  const isLone = (unitId: string): boolean => {
    let v = lone.get(unitId);
    if (v === undefined) {
      const hit = w.doc.units.filter((u) => withoutRepeat(u.id) === unitId);
      v = hit.length === 1 && hit[0].kind !== 'annex' && [...local(hit[0]).nodes.values()].every((n) => n.kind !== 'paragraph');
      lone.set(unitId, v);
    }
    return v;
  };
  const wordOp = op.kind === 'replace_words' || op.kind === 'insert_words' || op.kind === 'append_words';
  const fix = (id: string): string => {
    const m = LONE_PARAGRAPH.exec(id);
    if (!m || (m[0] === id && !wordOp) || !isLone(m[1])) return id;
    return m[1] + id.slice(m[0].length);
  };
  if (![...op.targets.map((t) => t.id), ...(op.newIds ?? [])].some((id) => LONE_PARAGRAPH.test(id))) return op;
  const ref = (t: TargetRef): TargetRef => ({ ...t, id: fix(t.id), ...(t.through ? { through: fix(t.through) } : {}) });
  const out: Operation = {
    ...op,
    targets: op.targets.map(ref),
    ...(op.newIds ? { newIds: op.newIds.map(fix) } : {}),
    ...(op.renumber ? { renumber: op.renumber.map((r) => ({ from: fix(r.from), to: r.to && fix(r.to) })) } : {}),
    ...(op.renumberRanges ? { renumberRanges: op.renumberRanges.map((r) => ({ from: ref(r.from), to: ref(r.to) })) } : {}),
  };
  REWRITTEN.set(out, op);
  return out;
}

function applyOperation(w: Work, given: Operation): void {
  const op = withoutLoneParagraph(w, given);
  if (op.item) return opAnnexItem(w, op);
  if ((op.kind === 'new_wording' || op.kind === 'insert') && op.targets[0]?.section !== undefined) return opAnnexPart(w, op);
  if (isAnnexTitleInsert(op)) return opAnnexTitle(w, op);
  if (op.beforeAnnex) return opTextBeforeAnnex(w, op);
  switch (op.kind) {
    case 'replace_words':
    case 'insert_words':
      return opReplaceWords(w, op);
    case 'append_words':
      return opAppendWords(w, op);
    case 'new_wording':
      return opNewWording(w, op);
    case 'insert':
      return opInsert(w, op);
    case 'append':
      return opAppend(w, op);
    case 'repeal':
      return op.targets[0]?.id === WHOLE_ACT_TARGET ? opRepealAllBut(w, op) : opRepeal(w, op);
    case 'renumber':
      return opRenumber(w, op);
  }
}

/** The order of a point's operations: renumbering of the units that were there before an insertion comes first. */
function ordered(ops: Operation[]): Operation[] {
  const out = [...ops];
  // "Dosavadní poznámky pod čarou č. …" are the footnotes before this point: renumbered before
  // the point writes its own (a repeal of one goes first, as its number is the old one).
  const fnRenumber = out.filter((o) => o.kind === 'renumber' && isFootnoteRenumber(o));
  if (fnRenumber.length) {
    const rest = out.filter((o) => !fnRenumber.includes(o));
    const repeals = rest.filter((o) => o.kind === 'repeal');
    const others = rest.filter((o) => o.kind !== 'repeal');
    out.splice(0, out.length, ...repeals, ...fnRenumber, ...others);
  }
  bySentenceDown(out);
  for (let i = 0; i < out.length; i++) {
    if (out[i].kind !== 'renumber') continue;
    const firstAdd = out.findIndex((o, j) => j < i && (o.kind === 'insert' || o.kind === 'append'));
    if (firstAdd >= 0) {
      const [r] = out.splice(i, 1);
      out.splice(firstAdd, 0, r);
    }
  }
  return out;
}

/** The one unit and the sentences (counted from the first) an operation's targets all name, or null. */
function sentencesNamed(op: Operation): { id: string; top: number } | null {
  const ts = op.targets;
  if (!ts.length || ts.some((t) => t.sentence === undefined || t.sentence < 1 || t.id !== ts[0].id || t.through)) return null;
  return { id: ts[0].id, top: Math.max(...ts.map((t) => t.sentence ?? 0)) };
}

/**
 * A point's sentences as the text before the point numbers them ("V § 4 odst. 2 se věta první
 * zrušuje a ve větě druhé se slovo „těchto“ zrušuje", zákon č. 424/2010 Sb., its part on zákon
 * č. 133/2000 Sb., bod 13; "V § 8 odst. 6 se věty druhá a třetí zrušují", zákon č. 326/2017 Sb., bod 38,
 * on zákon č. 100/2001 Sb.): the clauses on one unit's sentences applied from the last sentence
 * to the first, so a sentence taken out, added or split does not move the ones still to come. The
 * operations keep their places among the point's others.
 */
function bySentenceDown(ops: Operation[]): void {
  const slots = new Map<string, number[]>();
  ops.forEach((op, i) => {
    const s = sentencesNamed(op);
    if (!s) return;
    slots.set(s.id, [...(slots.get(s.id) ?? []), i]);
  });
  for (const at of slots.values()) {
    if (at.length < 2) continue;
    // A later clause's sentence after one an earlier clause puts in ("za větu první vkládá věta …
    // a za větu třetí se vkládají věty …", zákon č. 134/2013 Sb., bod 3, on zákon č. 513/1991 Sb.):
    // the drafters count it in the text before the point or in the text with the new sentence (the
    // new sentences there cite "věty čtvrté", the source counts so); which is not written. Refused,
    // unless the later clause names words, which are found in one of the two sentences only ("a ve
    // větě druhé se za slova „nejvýše 9 m“ doplňují slova …", vyhláška č. 367/2005 Sb., bod 5, on
    // vyhláška č. 590/2002 Sb.: the text before the point, as the engine counts).
    at.forEach((i, k) => {
      const o = ops[i];
      const s = sentencesNamed(o);
      if (!s || o.kind !== 'append_words' || o.position !== 'end' || !/^\p{Lu}/u.test((o.new ?? '').trim())) return;
      if (at.slice(k + 1).some((j) => !ops[j].old && (sentencesNamed(ops[j])?.top ?? 0) > s.top))
        throw new Fail('ambiguous', `sentences of ${s.id} named after a sentence the point puts in`);
    });
    const sorted = at.map((i) => ops[i]).sort((a, b) => (sentencesNamed(b)?.top ?? 0) - (sentencesNamed(a)?.top ?? 0));
    at.forEach((i, k) => (ops[i] = sorted[k]));
  }
}

function isFootnoteRenumber(op: Operation): boolean {
  const pairs = op.renumber ?? op.renumberRanges?.map((r) => ({ from: r.from.id, to: r.to.id })) ?? [];
  return pairs.length > 0 && pairs.every((p) => p.from.startsWith('fn_') && p.to.startsWith('fn_'));
}

/** The top-level units an operation names (for blocking). */
function unitsNamed(op: Operation): string[] {
  const ids = new Set<string>();
  for (const t of op.targets) {
    ids.add(unitIdOf(t.id));
    if (t.through) ids.add(unitIdOf(t.through));
  }
  for (const id of op.newIds ?? []) ids.add(unitIdOf(id));
  for (const r of op.renumber ?? []) {
    ids.add(unitIdOf(r.from));
    if (r.to) ids.add(unitIdOf(r.to));
  }
  for (const r of op.renumberRanges ?? [])
    for (const t of [r.from, r.to]) for (const id of [t.id, t.through]) if (id) ids.add(unitIdOf(id));
  for (const f of op.footnotes ?? []) for (const end of f.split('..')) ids.add(end);
  // A new or reworded container's §§ are the point's too (§§ are numbered through the act).
  if ((op.kind === 'insert' || op.kind === 'new_wording') && [...ids].some(isContainerId))
    for (const m of (op.text ?? '').matchAll(/^#{1,6}[ \t]*„?[ \t]*§[ \t]*(\d+[a-z]*)[ \t]*$/gm)) ids.add(`par_${m[1]}`);
  ids.delete('*');
  // A partial repeal of the act names no unit it changes: what it keeps stays as it is, the rest goes.
  ids.delete(WHOLE_ACT_TARGET);
  return [...ids];
}

/**
 * Units an insertion of new §§ or články names only as their place ("za § 12 se vkládá § 12a"):
 * the anchor's wording is neither read nor changed, so a point that failed inside it does not hold
 * the new units back, nor does the insertion's own failure hold back the anchor. New annexes stay
 * held back: the source re-typesets the annexes an amending act writes (tables, emphasis), and
 * those released so were not reproduced (docs/DECISIONS.md).
 */
function anchorsOnly(ops: Operation[]): Set<string> {
  const anchors = new Set<string>();
  const other = new Set<string>();
  for (const op of ops) {
    const t = op.targets[0];
    const newIds = op.newIds ?? [];
    const isAnchor =
      op.kind === 'insert' &&
      (op.position === 'after' || op.position === 'before') &&
      op.targets.length === 1 &&
      !t.through &&
      t.sentence === undefined &&
      !t.part &&
      t.id !== '*' &&
      unitIdOf(t.id) === t.id &&
      newIds.length > 0 &&
      newIds.every((id) => unitIdOf(id) === id && /^(?:par|cl)_/.test(id));
    // A container's label put among §§ ("V části první hlavě II se nad § 8 vkládá označení dílu 2"),
    // a container added at the end of one ("V části první hlavě V se doplňuje díl 4"; zákon č. 229/2016
    // Sb., body 16 and 153, on zákon č. 119/2002 Sb.): the § and the hlava are places whose own text
    // the point does not change, so its failure does not hold back the act's renumbering of the
    // hlavy and, through it, every later point on the §§ moved under them.
    const containerAnchor =
      newIds.length > 0 &&
      newIds.every(isContainerId) &&
      op.targets.length === 1 &&
      !t.through &&
      t.sentence === undefined &&
      ((op.kind === 'insert' &&
        (op.position === 'after' || op.position === 'before') &&
        (!t.part || t.part === 'heading') &&
        /^(?:par|cl)_/.test(t.id) &&
        unitIdOf(t.id) === t.id &&
        !holdsSections(op.text ?? '') &&
        // Only a label set as headings: one written as plain lines ("Pododdíl 2") the source's text
        // keeps inside the § before it (zákon č. 102/2017 Sb., bod 12, on zákon č. 121/2000 Sb.).
        (op.text ?? '')
          .split('\n')
          .filter((l) => l.trim())
          .every((l) => /^#{1,6}\s/.test(l.trim()))) ||
        (op.kind === 'append' && !t.part && isContainerId(t.id) && newIds.every((id) => id.startsWith(`${t.id}/`))));
    if (isAnchor || containerAnchor) anchors.add(t.id);
    for (const id of unitsNamed(op)) if ((!isAnchor && !containerAnchor) || id !== t.id) other.add(id);
  }
  for (const id of other) anchors.delete(id);
  return anchors;
}

/**
 * The units a point names only to take them out whole (§§, články, containers repealed, not parts
 * of them nor footnotes), when every operation of the point is such a repeal; else none.
 */
function wholeRepeals(ops: Operation[]): Set<string> {
  const out = new Set<string>();
  for (const op of ops) {
    if (op.kind !== 'repeal' || op.footnotes?.length || op.item) return new Set();
    for (const t of op.targets) {
      if (t.id === '*' || t.id.startsWith('fn_') || t.part || t.sentence !== undefined || unitIdOf(t.id) !== t.id) return new Set();
      out.add(t.id);
      if (t.through) out.add(t.through);
    }
  }
  return out;
}

/**
 * A point that only gives whole units (§§, články, přílohy, containers) a new wording ("§ 1 zní:",
 * "Část osmá včetně nadpisu zní:"): what an earlier change of words throughout the text would have
 * made of them is replaced by the act's own text ("Ve všech ustanoveních … se slovo „občan“
 * nahrazuje …" unread, then "Část osmá včetně nadpisu zní:", zákon č. 509/1991 Sb., body 7 and
 * 109, on zákon č. 40/1964 Sb.).
 */
function rewordsWholeUnits(ops: Operation[]): boolean {
  return (
    ops.length > 0 &&
    ops.every(
      (op) =>
        op.kind === 'new_wording' &&
        !op.item &&
        !op.beforeAnnex &&
        op.targets.length > 0 &&
        op.targets.every(
          (t) =>
            t.id !== '*' &&
            t.id !== WHOLE_ACT_TARGET &&
            !t.id.startsWith('fn_') &&
            !t.part &&
            t.sentence === undefined &&
            t.section === undefined &&
            (unitIdOf(t.id) === t.id || isContainerId(t.id)) &&
            (!t.through || unitIdOf(t.through) === t.through || isContainerId(t.through)),
        ),
    )
  );
}

/** "V celém textu zákona", "Ve všech ustanoveních", "V textu zákona": a change throughout the text. */
const EVERYWHERE = new RegExp(`(?:^|[\\s,])${EVERYWHERE_SCOPE}`, 'u');

/** The quoted words of a point that changes words throughout the text (none for another point). */
function quotedWordsOfEverywhere(point: string): string[] {
  const head = point.split('„', 1)[0];
  if (!EVERYWHERE.test(head)) return [];
  return [...point.matchAll(/„([^„“\n]{2,200})“/g)].map((m) => m[1].trim()).filter((x) => x.length > 1);
}

/** The units (of `units`) that hold any quoted words of a point that changes words throughout the text. */
function unitsWithWordsOfEverywhere(units: TextUnit[], point: string): string[] {
  const words = quotedWordsOfEverywhere(point);
  return units.filter((u) => u.kind !== 'footnote' && words.some((x) => hasWords(u.text, x))).map((u) => u.id);
}

/** `everywhereHolds` of each point asked, bounded. */
const holders = new Map<string, ((text: string) => boolean) | null>();

/**
 * What an effect's `*` target reaches (a change throughout the text, "Ve všech ustanoveních zákona se
 * slovo „A“ nahrazuje slovem „B“"): the provisions whose text holds the words it changes, the old
 * words of the replacements read, or every quoted word of a point the grammar refuses (pairs of
 * words, "slova „A“ nebo slovo „B“ slovy „C“"), as the engine finds words (`hasWords`: "občana"
 * holds "občan"). Null for a point that is no such change.
 */
export function everywhereHolds(point: string): ((text: string) => boolean) | null {
  // Asked for every provision a read states (a document's whole table of contents): the point is
  // parsed once, not once per provision.
  const known = holders.get(point);
  if (known !== undefined) return known;
  const quoted = quotedWordsOfEverywhere(point);
  let holds: ((text: string) => boolean) | null = null;
  if (quoted.length) {
    const read = parseInstruction(point).operations.filter((o) => o.targets.some((t) => t.id === '*') && o.old);
    const words = read.length ? read.map((o) => o.old!) : oldWordsOf(point);
    if (words.length) holds = (text) => words.some((x) => hasWords(text, x));
  }
  if (holders.size > 5000) holders.clear();
  holders.set(point, holds);
  return holds;
}

/**
 * The quoted words a refused replacement changes, not those it puts in: a quotation after "slovy",
 * "slovem", "výrazem", "názvem" … is new, and so is one joined by "a" to a new one ("slovy „C“ a „D“").
 */
function oldWordsOf(point: string): string[] {
  const out: string[] = [];
  let last = 0;
  let isNew = false;
  for (const m of point.matchAll(/„([^„“\n]{2,200})“/g)) {
    const gap = point.slice(last, m.index);
    isNew = /(?:slovy|slovem|výrazem|výrazy|názvem|názvy|textem|číslem|čísly|zkratkou)\s*$/u.test(gap) || (isNew && /^\s*a\s*$/u.test(gap));
    if (!isNew && m[1].trim().length > 1) out.push(m[1].trim());
    last = m.index + m[0].length;
  }
  return out;
}

interface Run {
  doc: Doc;
  outcomes: PointOutcome[];
  /** Units named by points that failed (or were left out). */
  failed: Set<string>;
  /** Per point: the units whose failure holds it back (those it names or changes, not mere anchors). */
  holds: string[][];
}

/** The containers (ids) a point's operations put in as new ones: an insertion or addition of containers only. */
function newContainers(ops: Operation[]): string[] {
  return ops.flatMap((o) =>
    (o.kind === 'insert' || o.kind === 'append') && o.newIds?.length && o.newIds.every(isContainerId) ? o.newIds : [],
  );
}

/** The renumbering of containers a point consists of ("Dosavadní část IV se označuje jako část V."), or null. */
function containerRenumbering(ops: Operation[]): { from: string; to: string }[] | null {
  if (!ops.length || ops.some((o) => o.kind !== 'renumber' || !o.renumber?.length)) return null;
  const pairs = ops.flatMap((o) => o.renumber ?? []);
  return pairs.every((x) => isContainerId(x.from) && isContainerId(x.to)) ? pairs : null;
}

const sameContainer = (a: string, b: string): boolean => a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);

/**
 * The order the points are applied in: the act's, except that a later point that only renumbers
 * the containers already there ("Dosavadní část IV se označuje jako část V.") goes before the
 * point that puts in a new container under one of their numbers ("Za část III se vkládá nová
 * část IV", nařízení vlády č. 58/1993 Sb., body 39 and 40, on vládní nařízení č. 159/1969 Sb.): the
 * "dosavadní" units are the ones before the act, and the new one takes the number they leave.
 * Such a point's containers named without the containers above them are the new one's neighbours
 * ("V hlavě třetí se za díl druhý vkládá nový díl třetí", then "Dosavadní díl třetí a díl čtvrtý
 * se označují jako díl čtvrtý a díl pátý", zákon č. 113/1997 Sb., body 29 and 30, on zákon
 * č. 13/1993 Sb.): they are read in the new one's container (`reread`).
 */
function pointOrder(parsed: ParsedInstruction[]): { order: number[]; reread: Map<number, ParsedInstruction> } {
  const order = parsed.map((_, i) => i);
  const reread = new Map<number, ParsedInstruction>();
  parsed.forEach((p, i) => {
    const added = p.unsupported.length ? [] : newContainers(p.operations);
    if (!added.length) return;
    for (let j = i + 1; j < parsed.length; j++) {
      const q = parsed[j];
      const pairs = q.unsupported.length ? null : containerRenumbering(q.operations);
      if (!pairs) continue;
      const hit = added.find((id) => pairs.some((x) => sameContainer(id, x.from)));
      if (!hit) continue;
      const at = order.indexOf(i);
      if (order.indexOf(j) < at) break;
      order.splice(order.indexOf(j), 1);
      order.splice(at, 0, j);
      const prefix = hit.includes('/') ? hit.slice(0, hit.lastIndexOf('/')) : '';
      const inside = (id: string): string => (prefix && !id.includes('/') ? `${prefix}/${id}` : id);
      const ref = (t: TargetRef): TargetRef => ({ ...t, id: inside(t.id), ...(t.through ? { through: inside(t.through) } : {}) });
      if (prefix)
        reread.set(j, {
          ...q,
          operations: q.operations.map((o) => ({
            ...o,
            targets: o.targets.map(ref),
            renumber: o.renumber?.map((x) => ({ from: inside(x.from), to: inside(x.to) })),
            ...(o.renumberRanges ? { renumberRanges: o.renumberRanges.map((r) => ({ from: ref(r.from), to: ref(r.to) })) } : {}),
          })),
        });
      break;
    }
  });
  return { order, reread };
}

/** One pass over the points; `excluded` are left out (blocked) whatever happens. */
function run(start: TextUnit[], parsed: ParsedInstruction[], points: AmendmentPoint[], excluded: Map<number, string>): Run {
  let doc: Doc = { units: [...start] };
  const style = markStyle(start);
  const annexes = annexStyle(start);
  const headingMarks = sectionHeadingMarks(start);
  const before = new Map(start.map((u) => [u.id, u.text]));
  const outcomes = new Array<PointOutcome>(points.length);
  const failed = new Set<string>();
  // Units held back only because they hold the words of an unread change throughout the text
  // (`unitsWithWordsOfEverywhere`): a later point that gives such a unit a new wording whole is not
  // held back by it, as its new text is the act's own.
  const wordsOnly = new Set<string>();
  const fail = (id: string) => {
    failed.add(id);
    wordsOnly.delete(id);
  };
  const written = new Set<string>();
  const holds = new Array<string[]>(points.length);
  const { order, reread } = pointOrder(parsed);
  for (const i of order) {
    const p = reread.get(i) ?? parsed[i];
    const named = new Set(p.operations.flatMap(unitsNamed));
    // A refused change throughout the text (`*`) holds back the units with its words (below), not every unit.
    for (const e of p.effects) if (e.kind === 'unsupported') for (const id of e.targets) if (id !== '*') named.add(unitIdOf(id));
    const outcome: PointOutcome = { number: points[i].number, status: 'not_applied', changed: [], units: [...named] };
    outcomes[i] = outcome;
    holds[i] = [...named];
    if (p.unsupported.length || !p.operations.length) {
      outcome.reason = 'unsupported_form';
      outcome.detail = p.unsupported[0]?.reason ?? 'no operation';
      // What a point we cannot read touches is unknown: the units it names are held back.
      for (const id of named) fail(id);
      // One that changes words throughout the text holds back every unit with its words.
      for (const id of unitsWithWordsOfEverywhere(start, points[i].text)) {
        if (failed.has(id)) continue;
        failed.add(id);
        wordsOnly.add(id);
      }
      continue;
    }
    const anchors = anchorsOnly(p.operations);
    const own = [...named].filter((id) => !anchors.has(id));
    // A point that only takes whole units out is not held back by a failure inside them: whatever
    // the failed point would have made of such a unit, it goes ("Z části první se vypouštějí
    // ustanovení hlavy páté až sedmé" after an unread "V § 103 se citace § 80 … nahrazuje", zákon
    // č. 509/1991 Sb., body 43 and 46, on zákon č. 40/1964 Sb.). Its own failure still holds them.
    const gone = wholeRepeals(p.operations);
    const holdsBefore = own.filter((id) => !gone.has(id));
    holds[i] = holdsBefore;
    const whole = rewordsWholeUnits(p.operations);
    const blockedBy = excluded.get(i) ?? holdsBefore.find((id) => failed.has(id) && !(whole && wordsOnly.has(id)));
    if (blockedBy) {
      outcome.reason = 'blocked';
      outcome.detail = `a point of this act failed in ${blockedBy}`;
      for (const id of own) fail(id);
      continue;
    }
    const w: Work = {
      doc: { units: [...doc.units] },
      changed: new Set(),
      units: new Set(),
      style,
      annexStyle: annexes,
      headingMarks,
      written,
      wrote: new Set(),
      ops: p.operations,
      removed: new Set(),
      before,
      wordsWritten: new Map(),
    };
    try {
      for (const op of ordered(p.operations)) applyOperation(w, op);
    } catch (e) {
      // Anything unexpected fails the point, not the whole act (the sync goes on).
      outcome.reason = e instanceof Fail ? e.reason : 'engine_error';
      outcome.detail = e instanceof Error ? e.message : String(e);
      for (const id of own) fail(id);
      continue;
    }
    doc = w.doc;
    if (whole) for (const id of w.units) if (wordsOnly.delete(id)) failed.delete(id);
    for (const id of w.wrote) written.add(id);
    outcome.status = 'applied';
    outcome.changed = [...w.changed];
    outcome.units = [...new Set([...named, ...w.units])];
    holds[i] = [...new Set([...holdsBefore, ...[...w.units].filter((id) => !w.removed.has(id) || !gone.size)])];
  }
  // A footnote held back holds back the units that carry its mark (its number or text may be off).
  for (const id of [...failed]) {
    if (!id.startsWith('fn_')) continue;
    const mark = `^${withoutRepeat(id.replace(/^fn_/, ''))})`;
    for (const u of start) if (u.kind !== 'footnote' && u.text.includes(mark)) fail(u.id);
  }
  return { doc, outcomes, failed, holds };
}

/**
 * Applies one amending act's points for one act to that act's Markdown body (front matter
 * removed), in order. Each point applies whole or not at all, and a unit is changed only when
 * every point of the act that touches it applies: a point that touches a unit in which another
 * point failed (before or after it) is left out as `blocked`, and the points are applied again
 * without it, until no applied point touches a failed unit.
 */
export function applyAmendment(text: string, points: AmendmentPoint[], options: ApplyOptions = {}): ApplyResult {
  const start = options.units ? [...options.units] : splitUnits(text, options.report);
  const parsed = options.parsed && options.parsed.length === points.length ? options.parsed : points.map((p) => parseInstruction(p));
  const excluded = new Map<number, string>();
  let result = run(start, parsed, points, excluded);
  // A point's own failure is its reason, even when a later pass would only find it blocked.
  const own = new Map<number, PointOutcome>();
  result.outcomes.forEach((o, i) => {
    if (o.status !== 'applied' && o.reason !== 'blocked') own.set(i, o);
  });
  for (let round = 0; round < points.length; round++) {
    let more = false;
    result.outcomes.forEach((o, i) => {
      if (o.status !== 'applied') return;
      const hit = result.holds[i].find((id) => result.failed.has(id));
      if (hit) {
        excluded.set(i, hit);
        more = true;
      }
    });
    if (!more) break;
    result = run(start, parsed, points, excluded);
  }
  result.outcomes.forEach((o, i) => {
    const first = own.get(i);
    if (first && o.reason === 'blocked') {
      o.reason = first.reason;
      o.detail = first.detail;
    }
  });
  const changed: string[] = [];
  for (const o of result.outcomes) for (const id of o.changed) if (!changed.includes(id)) changed.push(id);
  const any = result.outcomes.some((o) => o.status === 'applied');
  return {
    text: any ? result.doc.units.map((u) => u.text).join('') : text,
    points: result.outcomes,
    changed,
    resultUnits: result.doc.units,
  };
}
