/**
 * Scoring of one replayed reform case (#36 item 2, #35 item 4): the units of the text before, the
 * source's text after and the engine's text, compared per unit (§ / čl. / příloha / container
 * heading / footnote / preamble), whitespace-normalised.
 */
import {
  citedFootnotes,
  containerReached,
  everywhereHolds,
  footnoteBlockStart,
  foldTargets,
  normalizeSpace,
  targetReaches,
  type ParsedProvision,
  type ParseReport,
  textLacks,
  textLacksStep,
  withoutRepeat,
  type TextUnit,
} from '@dp/czech-law';
import { effectPoints } from '@dp/db';

export interface UnitTexts {
  /** Unit ids in text order. */
  order: string[];
  /** Unit id → its text as written. */
  raw: Map<string, string>;
  /** Unit id → its text, whitespace-normalised (filled when first compared). */
  norm: Map<string, string>;
}

export function unitTexts(units: TextUnit[]): UnitTexts {
  const raw = new Map<string, string>();
  const order: string[] = [];
  for (const u of units) {
    order.push(u.id);
    raw.set(u.id, u.text);
  }
  return { order, raw, norm: new Map() };
}

/** A unit's whitespace-normalised text, or null when the text has no such unit. */
export function normText(t: UnitTexts, id: string): string | null {
  const raw = t.raw.get(id);
  if (raw === undefined) return null;
  let n = t.norm.get(id);
  if (n === undefined) {
    n = normalizeSpace(raw);
    t.norm.set(id, n);
  }
  return n;
}

export interface CaseScore {
  /** Units whose text git shows changed (added and removed ones included). */
  gitChanged: string[];
  /** Of those, the ones the engine's text has exactly as the source's after-text. */
  reproduced: string[];
  /** Units whose text the engine changed. */
  engineChanged: string[];
  /** Of those, the ones equal to the after-text. */
  engineRight: string[];
  /** The engine's text equals the after-text as a whole (every unit, in order). */
  exact: boolean;
}

function same(a: UnitTexts, b: UnitTexts, id: string): boolean {
  const ra = a.raw.get(id);
  const rb = b.raw.get(id);
  if (ra === rb) return true;
  if (ra === undefined || rb === undefined) return false;
  return normText(a, id) === normText(b, id);
}

export function scoreCase(before: UnitTexts, after: UnitTexts, output: UnitTexts): CaseScore {
  const ids = new Set([...before.order, ...after.order, ...output.order]);
  const s: CaseScore = { gitChanged: [], reproduced: [], engineChanged: [], engineRight: [], exact: true };
  for (const id of ids) {
    const gitChanged = !same(before, after, id);
    const engineChanged = !same(before, output, id);
    const right = same(output, after, id);
    if (gitChanged) {
      s.gitChanged.push(id);
      if (right) s.reproduced.push(id);
    }
    if (engineChanged) {
      s.engineChanged.push(id);
      if (right) s.engineRight.push(id);
    }
    if (!right) s.exact = false;
  }
  if (s.exact && output.order.join('\n') !== after.order.join('\n')) s.exact = false;
  return s;
}

/**
 * Each provision's own text (`parseProvisions`: its lines less those of the provisions inside it)
 * and each footnote (`fn_5`), whitespace-normalised: the level at which the effects are scored.
 * Ids lose their `~2` marks (a repeated number), as the effects' targets have none.
 */
export function provisionTexts(text: string, report: ParseReport, units: TextUnit[]): Map<string, string> {
  const children = new Map<string, ParsedProvision[]>();
  for (const p of report.provisions) {
    if (!p.parent) continue;
    const list = children.get(p.parent);
    if (list) list.push(p);
    else children.set(p.parent, [p]);
  }
  // The footnote block at the end of the text is scored as its footnotes (`fn_N`), not as the own
  // text of the last provision, which the parser lets run to the end of the text.
  const fnAt = footnoteBlockStart(text);
  const cut = fnAt < 0 ? text.length : fnAt;
  const out = new Map<string, string>();
  const add = (id: string, t: string) => {
    const key = id.replace(/~\d+/g, '');
    out.set(key, out.has(key) ? `${out.get(key)} ${normalizeSpace(t)}` : normalizeSpace(t));
  };
  for (const p of report.provisions) {
    let own = '';
    let at = p.start;
    for (const c of children.get(p.id) ?? []) {
      own += text.slice(at, Math.min(cut, Math.max(at, c.start)));
      at = Math.max(at, c.end);
    }
    add(p.id, own + text.slice(at, Math.min(cut, Math.max(at, p.end))));
  }
  for (const u of units) if (u.kind === 'footnote') add(u.id, u.text);
  return out;
}

/**
 * The source's first full text of an act (#35 item 4, "first full texts"): the text before holds no §
 * and no článek (the title only), so the text after carries every amendment up to its day, not the
 * named act's alone. One definition for both replays: the effects recall and the consolidation (a)
 * are each given without those cases too, beside (never instead of) the whole figure.
 */
export function isFirstFullText(report: ParseReport): boolean {
  return !report.provisions.some((p) => /^(?:par|cl)_/.test(p.id));
}

/** Provisions whose own text differs between two texts (added and removed ones included). */
export function changedProvisions(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) if (before.get(id) !== after.get(id)) out.push(id);
  return out;
}

export interface EffectsScore {
  /** Changed provisions that a target reaches (the target itself or one enclosing it). */
  hit: number;
  changed: number;
  /** Targets that reach a changed provision (it, or one inside it). */
  right: number;
  targeted: number;
}

const within = (id: string, outer: string) => id === outer || id.startsWith(`${outer}/`);

const NO_CONTAINERS: (id: string) => readonly string[] = () => [];

/**
 * Each provision's containers (část, hlava, díl, oddíl: the parser's parents that are no § or
 * článek of their own id's path), without `~2` marks: a § is `par_34`, not `cast_9/par_34`, so a
 * target `cast_9` reaches it only through this list, as the provision reads' `reaches` does.
 */
export function containersOf(report: ParseReport): Map<string, string[]> {
  const parent = new Map<string, string | null>();
  for (const p of report.provisions) parent.set(p.id, p.parent);
  const out = new Map<string, string[]>();
  const strip = (id: string) => id.replace(/~\d+/g, '');
  for (const p of report.provisions) {
    const chain: string[] = [];
    for (let q = p.parent; q !== null && q !== undefined && chain.length < 20; q = parent.get(q) ?? null) {
      if (!within(p.id, q)) chain.push(strip(q));
    }
    const key = strip(p.id);
    out.set(key, [...(out.get(key) ?? []), ...chain]);
  }
  return out;
}

/** What the texts compared tell of their tree, for the rules of targets.ts that need it. */
export interface TextTree {
  /** A písmeno named without its odstavec, placed in the texts (targets.ts `odstavecPlacer`). */
  place?: (target: string) => string | null;
  /** The §§ inside a container (`membersOf`), for `containerReached`. */
  members?: (container: string) => readonly string[];
}

/**
 * The provisions git shows changed against the provisions the effects target. A target reaches a
 * changed provision that is it, lies inside it or is one of its containers (`containers`, as the
 * provision reads take them); a target inside a changed provision reaches it only when the parser
 * found the target in neither text (a písmeno the text writes as prose). A container all of whose
 * §§ the targets reach is reached (`containerReached`).
 */
export function scoreEffects(
  changed: string[],
  targets: string[],
  known: (id: string) => boolean,
  containers: (id: string) => readonly string[] = NO_CONTAINERS,
  unique?: (target: string, container: string) => boolean,
  cites?: (id: string) => readonly string[],
  tree: TextTree = {},
): EffectsScore {
  const ts = [...new Set(targets.map((t) => t.replace(/~\d+/g, '')).filter((t) => t !== '*'))];
  const plain = (t: string, c: string) => within(c, t) || (within(t, c) && !known(t)) || containers(c.split('/')[0]).includes(t);
  // A whole act repealed, a range's span, a hlava named without its část, a footnote's marks, a
  // písmeno without its odstavec: as the reads take them (targets.ts).
  const reaches = (t: string, c: string) =>
    targetReaches(t, c, { ancestors: containers(c.split('/')[0]), unique, cites, place: tree.place }, (x) => plain(x, c));
  const any = (c: string) => ts.some((t) => reaches(t, c));
  return {
    hit: changed.filter((c) => any(c) || containerReached(tree.members?.(c) ?? [], any)).length,
    changed: changed.length,
    right: ts.filter((t) => changed.some((c) => reaches(t, c))).length,
    targeted: ts.length,
  };
}

/**
 * The §§ inside each container of the texts (`containersOf`'s lists turned round): a § of either
 * text counts, so a container keeps the §§ the text after adds to it.
 */
export function membersOf(...lists: Map<string, string[]>[]): (container: string) => readonly string[] {
  const out = new Map<string, Set<string>>();
  for (const list of lists)
    for (const [id, chain] of list) {
      if (!/^par_[^/]+$/.test(id)) continue;
      for (const c of chain) {
        const set = out.get(c);
        if (set) set.add(id);
        else out.set(c, new Set([id]));
      }
    }
  return (container) => [...(out.get(container) ?? [])];
}

/**
 * The footnotes a provision's own text cites in either text (`^3a)` before, `^3d)` after): what a
 * footnote's marks renumbered or taken out reach (targets.ts, `^fn_N`).
 */
export function citesOf(before: Map<string, string>, after: Map<string, string>): (id: string) => readonly string[] {
  const memo = new Map<string, string[]>();
  return (id) => {
    let c = memo.get(id);
    if (!c) {
      c = [...new Set([...citedFootnotes(before.get(id) ?? ''), ...citedFootnotes(after.get(id) ?? '')])];
      memo.set(id, c);
    }
    return c;
  };
}

/** An act's effect as the window measure takes it: the act, its effective date, its targets. */
export interface DatedTargets {
  act: string;
  effectiveFrom: string | null;
  targets: readonly string[];
  /**
   * What the consolidation replay's window mode applies (an index built since it was added has
   * them): the effect's place in its act, its point's number and instruction as the product stores
   * them, and the act's publication day (the rebuild's order of acts of one day).
   */
  ordinal?: number;
  point?: string | null;
  instruction?: string;
  publishedOn?: string | null;
}

/**
 * Whether an effect falls in a version's window: dated after the text before's day and on or
 * before the version's (rebuild.ts applies effects so); an undated effect never does.
 */
export const inWindow = (effectiveFrom: string | null, from: string | null, to: string): boolean =>
  effectiveFrom !== null && effectiveFrom > (from ?? '') && effectiveFrom <= to;

/**
 * The effects a version's text before lacks and the version can hold, as the rebuild takes them from
 * its base text (`textLacks` of @dp/czech-law): dated on or before the version's day, and after the
 * text before's, or retroactive to it, or on its own day by another act than the text's own
 * (`beforeAct`) whose points the text before refuses as already made (`textLacksStep`, each act's
 * step tried once). With no text before, every effect dated up to the version.
 */
export function lackedEffects<E extends DatedTargets>(
  effects: readonly E[],
  before: { text: string; day: string | null; act: string | null },
  to: string,
): E[] {
  const lacks = (e: E) =>
    before.day === null
      ? e.effectiveFrom === null
        ? null
        : 'after'
      : textLacks({ ...e, publishedOn: e.publishedOn ?? null }, before.day, before.act);
  const sameDay = new Map<string, boolean>();
  const lacking = (e: E): boolean => {
    if (e.effectiveFrom === null || e.effectiveFrom > to) return false;
    const why = lacks(e);
    if (why !== 'same_day') return why !== null;
    let taken = sameDay.get(e.act);
    if (taken === undefined) {
      const step = effects.filter((x) => x.act === e.act && x.effectiveFrom === e.effectiveFrom && x.instruction !== undefined);
      taken =
        step.length > 0 &&
        textLacksStep(before.text, effectPoints(step.map((x) => ({ point: x.point ?? null, instruction: x.instruction! }))));
      sameDay.set(e.act, taken);
    }
    return taken;
  };
  return effects.filter(lacking);
}

/**
 * The provisions the `*` targets of some effects reach (a change throughout the text; `everywhereHolds`
 * of @dp/czech-law): those whose own text before holds the words it changes, footnotes aside (the
 * engine leaves them so). Other targets are the effects' own.
 */
export function everywhereTargets(
  effects: readonly { targets: readonly string[]; instruction?: string }[],
  before: Map<string, string>,
): string[] {
  const out = new Set<string>();
  for (const e of effects) {
    if (!e.targets.includes('*') || !e.instruction) continue;
    const holds = everywhereHolds(e.instruction);
    if (holds) for (const [id, text] of before) if (!id.startsWith('fn_') && holds(text)) out.add(id);
  }
  return [...out];
}

/**
 * The window measure (#35 item 4, beside the per-act one): the targets of every act's effects
 * dated in the window, the named act's and those of the other acts the product knows for the
 * document. A source's version often carries several acts' changes (it skipped the versions
 * between), and the rebuild applies every act of a window, so this is what the product does with it.
 */
export function windowTargets(effects: readonly DatedTargets[], from: string | null, to: string): string[] {
  return [...new Set(effects.filter((e) => inWindow(e.effectiveFrom, from, to)).flatMap((e) => foldTargets(e.targets)))];
}

/**
 * A provision's text with what carries no legal content taken out: whitespace, Markdown marks
 * (emphasis, headings, list markers' escapes), the kind of quotation marks and dashes. Two texts
 * equal under it differ only in how the source typeset them.
 */
export function looseText(t: string): string {
  return t
    .replace(/[*_#\\`]/g, '')
    .replace(/[\u201e\u201c\u201d\u00ab\u00bb"]/g, '"')
    .replace(/[\u201a\u2018\u2019']/g, "'")
    .replace(/[\u2010-\u2015\u2212-]/g, '-')
    .replace(/\s+/g, '');
}

/** Why a provision git shows changed is not targeted by the effects (`missCause`). */
export type MissCause =
  /** The product has no effects of the act on the document dated in the case's window. */
  | 'no_effects_in_window'
  /**
   * The text before holds no § and no článek (the title only): the after-text is the source's first
   * full text of the act, the changes of every amending act up to its day, not the named act's alone.
   */
  | 'first_text'
  /** The texts before and after differ only in typesetting (`looseText`): no legal change to target. */
  | 'format_only'
  /** Only the punctuation or the conjunction ("a", "nebo") that ends the text differs: the list item before a new last one. */
  | 'end_punctuation'
  /** Its text (less its number) is another provision's text of the other side: a unit moved or renumbered. */
  | 'moved'
  /** A sentence of the act the grammar does not read mentions it (the point is refused, its targets unknown). */
  | 'unsupported_point'
  | 'footnote'
  | 'annex'
  /** A `cl_N` unit (an article-structured act, or the articles of an amending act's text). */
  | 'article'
  /** A část / hlava / díl / oddíl heading. */
  | 'container'
  /** A § (or a unit in one) that some instruction of the window names by number, yet no target reaches. */
  | 'named_not_targeted'
  /** No instruction of the window names it. */
  | 'not_named';

/** A provision's text less its own number ("(5)", "- e)", "##### § 7") and typesetting: what a renumbering keeps. */
export function contentKey(t: string): string {
  return looseText(
    t.replace(/^(?:#+\s*)?(?:§\s*\d+[a-z]*|Čl\.\s*[\dIVXLC]+[a-z]*|-\s*\d+[a-z]*[.)]|-\s*[a-z]{1,2}\)|\(\d+[a-z]*\))\s*/u, ''),
  );
}

/** The text with its ending punctuation and a final conjunction taken out. */
const withoutEnd = (t: string) => looseText(t).replace(/(?:[.,;:](?:a|nebo|anebo)?)+$/u, '');

export interface MissContext {
  windowEmpty: boolean;
  /** The text before holds no § and no článek. */
  beforeEmpty?: boolean;
  /** contentKey of every provision of the other side (before's for after's ids and the reverse). */
  contents?: { before: Set<string>; after: Set<string> };
  before: Map<string, string>;
  after: Map<string, string>;
  /** Ids mentioned by sentences the grammar does not read. */
  unsupported: string[];
  /** The window's instruction texts. */
  instructions: string[];
  known: (id: string) => boolean;
}

/** The first cause, in the order listed in `MissCause`, that explains a missed provision. */
export function missCause(id: string, ctx: MissContext): MissCause {
  if (ctx.windowEmpty) return 'no_effects_in_window';
  if (ctx.beforeEmpty) return 'first_text';
  const b = ctx.before.get(id);
  const a = ctx.after.get(id);
  if (b !== undefined && a !== undefined && looseText(b) === looseText(a)) return 'format_only';
  if (b !== undefined && a !== undefined && withoutEnd(b) === withoutEnd(a)) return 'end_punctuation';
  if (ctx.contents) {
    const movedIn = a !== undefined && contentKey(a).length > 0 && ctx.contents.before.has(contentKey(a));
    const movedOut = b !== undefined && contentKey(b).length > 0 && ctx.contents.after.has(contentKey(b));
    if (movedIn || movedOut) return 'moved';
  }
  if (scoreEffects([id], ctx.unsupported, ctx.known).hit) return 'unsupported_point';
  const top = id.split('/')[0];
  if (top.startsWith('fn_')) return 'footnote';
  if (top.startsWith('priloha')) return 'annex';
  if (top.startsWith('cl_')) return 'article';
  if (!top.startsWith('par_')) return 'container';
  const n = withoutRepeat(top.slice(4));
  const named = new RegExp(`§§?\\s*(?:\\d+[a-z]*\\s*(?:,|a|až|-)\\s*)*${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9a-z])`);
  return ctx.instructions.some((t) => named.test(t.replace(/[\u201e][^\u201c]*[\u201c]/g, ''))) ? 'named_not_targeted' : 'not_named';
}

/** What the engine reports of one point (`PointOutcome` of @dp/czech-law, the fields read here). */
export interface PointReport {
  status: 'applied' | 'not_applied';
  reason?: string;
  /** Top-level units the point names or changed. */
  units: string[];
  /** For a point the grammar does not read: its first unread sentence's form. */
  form?: string;
}

/**
 * Why a unit git changed is not reproduced (#36 item 2, the map of the (a) misses), the first that
 * applies: `no_points` (the reader has no point of the act for the document in the window),
 * `not_named` (no point of the window names the unit: the reader's or the source's side), a point
 * naming it not applied, by its own reason (`not_applied:unsupported_form`, …; a blocked point by
 * the reason of the failed point that holds it back, `blocked:…`), and, every point naming it
 * applied, `applied_differs` (the engine's text of it differs from the after-text, or the engine
 * left it as it was).
 */
export function unitMissCause(id: string, points: PointReport[]): { cause: string; form?: string } {
  if (!points.length) return { cause: 'no_points' };
  const naming = points.filter((p) => p.units.includes(id));
  if (!naming.length) return { cause: 'not_named' };
  const failed = naming.find((p) => p.status !== 'applied');
  if (!failed) return { cause: 'applied_differs' };
  if (failed.reason !== 'blocked') return { cause: `not_applied:${failed.reason ?? 'unknown'}`, form: failed.form };
  // The root: the first point of the act that failed on its own in a unit the blocked point names.
  const root = points.find((p) => p.status !== 'applied' && p.reason !== 'blocked' && p.units.some((u) => failed.units.includes(u)));
  if (!root) return { cause: 'blocked:by_a_blocked_point' };
  return { cause: `blocked:${root.reason ?? 'unknown'}`, form: root.form };
}
