/**
 * Scoring of one replayed reform case (#36 item 2, #35 item 4): the units of the text before, the
 * source's text after and the engine's text, compared per unit (§ / čl. / příloha / container
 * heading / footnote / preamble), whitespace-normalised.
 */
import { normalizeSpace, type ParsedProvision, type ParseReport, type TextUnit } from '@dp/czech-law';

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
  const out = new Map<string, string>();
  const add = (id: string, t: string) => {
    const key = id.replace(/~\d+/g, '');
    out.set(key, out.has(key) ? `${out.get(key)} ${normalizeSpace(t)}` : normalizeSpace(t));
  };
  for (const p of report.provisions) {
    let own = '';
    let at = p.start;
    for (const c of children.get(p.id) ?? []) {
      own += text.slice(at, Math.max(at, c.start));
      at = Math.max(at, c.end);
    }
    add(p.id, own + text.slice(at, Math.max(at, p.end)));
  }
  for (const u of units) if (u.kind === 'footnote') add(u.id, u.text);
  return out;
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

/**
 * The provisions git shows changed against the provisions the effects target. A target reaches a
 * changed provision that is it or lies inside it; a target inside a changed provision reaches it
 * only when the parser found the target in neither text (a písmeno the text writes as prose).
 */
export function scoreEffects(changed: string[], targets: string[], known: (id: string) => boolean): EffectsScore {
  const ts = [...new Set(targets.map((t) => t.replace(/~\d+/g, '')).filter((t) => t !== '*'))];
  const reaches = (t: string, c: string) => within(c, t) || (within(t, c) && !known(t));
  return {
    hit: changed.filter((c) => ts.some((t) => reaches(t, c))).length,
    changed: changed.length,
    right: ts.filter((t) => changed.some((c) => reaches(t, c))).length,
    targeted: ts.length,
  };
}
