/**
 * Scoring of one replayed reform case (#36 item 2, #35 item 4): the units of the text before, the
 * source's text after and the engine's text, compared per unit (§ / čl. / příloha / container
 * heading / footnote / preamble), whitespace-normalised.
 */
import { normalizeSpace, unitOf, type TextUnit } from '@dp/czech-law';

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

export interface EffectsScore {
  /** Changed units (git) that an effect targets. */
  hit: number;
  changed: number;
  targeted: number;
}

/** The effects' targets mapped up to their units, against the units git shows changed. */
export function scoreEffects(gitChanged: string[], effectTargets: string[]): EffectsScore {
  const changed = new Set(gitChanged.filter((id) => id !== 'preamble').map((id) => id.replace(/~\d+$/, '')));
  const targeted = new Set(effectTargets.map(unitOf).filter((id) => id !== '*'));
  let hit = 0;
  for (const id of changed) if (targeted.has(id) || [...targeted].some((t) => id.endsWith(`/${t}`))) hit++;
  return { hit, changed: changed.size, targeted: targeted.size };
}
