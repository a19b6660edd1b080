/**
 * How the product's rebuild (packages/db amendments/rebuild.ts, `planVersions`) applies every
 * amending act known for a document from a text on: its effects in order of effect, one engine step
 * per amending act and effective date, each step applied to the text the previous one left. The
 * consolidation replay's window mode (apps/cli eval) applies a commit's window the same way, through
 * these functions, so that it measures the texts the product serves.
 */
import type { AmendmentPoint } from '../amendments/types';
import { EXCEPT_MARK, WHOLE_ACT_TARGET } from '../amendments/targets';
import { issuedBySlovakOrgan } from '../titles';
import { normalizeSpace, splitUnits } from './units';
import { applyAmendment, type ApplyOptions, type ApplyResult, type NotAppliedReason } from './apply';

/** What orders an effect among those of several acts. */
export interface StepOrder {
  /** The amending act's natural key. */
  act: string;
  /** ISO day the effect takes effect. */
  effectiveFrom: string;
  /** ISO day the amending act was published; null sorts last among effects of one day. */
  publishedOn: string | null;
  /** The effect's place in its act. */
  ordinal: number;
}

/**
 * The rebuild's order of effects (its query's ORDER BY: effective day, the act's publication with
 * unknown days last, the act's key in code-point order, as the database's C collation sorts it, the
 * effect's ordinal).
 */
export function compareSteps(a: StepOrder, b: StepOrder): number {
  if (a.effectiveFrom !== b.effectiveFrom) return a.effectiveFrom < b.effectiveFrom ? -1 : 1;
  if (a.publishedOn !== b.publishedOn) {
    if (a.publishedOn === null) return 1;
    if (b.publishedOn === null) return -1;
    return a.publishedOn < b.publishedOn ? -1 : 1;
  }
  if (a.act !== b.act) return a.act < b.act ? -1 : 1;
  return a.ordinal - b.ordinal;
}

/**
 * A whole act repealed without exceptions: the rebuild skips such an effect (no later text exists
 * to rebuild; rebuild.ts `wholeRepealSql` is the same test in SQL).
 */
export const isWholeRepeal = (targets: readonly string[]): boolean =>
  targets.includes(WHOLE_ACT_TARGET) && !targets.some((t) => t.startsWith(EXCEPT_MARK));

/** Effects already in order, cut into steps: consecutive effects of one act and one effective day. */
export function consolidationSteps<E>(effects: readonly E[], key: (e: E) => { act: string; effectiveFrom: string }): E[][] {
  const steps: E[][] = [];
  let last: { act: string; effectiveFrom: string } | null = null;
  for (const e of effects) {
    const k = key(e);
    if (last && last.act === k.act && last.effectiveFrom === k.effectiveFrom) steps[steps.length - 1].push(e);
    else steps.push([e]);
    last = k;
  }
  return steps;
}

/**
 * Why an amending act's step is not applied to a document at all, from their titles, or null: an act
 * of a Slovak organ (the Slovak National Council's amendments of the common acts of 1969–1992, which
 * it made for its republic as the Czech National Council made its own) is law of the other republic
 * on a text no Slovak organ issued; the Czech collection's text does not take it. Unknown titles
 * (null) apply.
 */
export function stepSkipReason(actTitle: string | null, targetTitle: string | null): NotAppliedReason | null {
  if (actTitle === null || targetTitle === null) return null;
  return issuedBySlovakOrgan(actTitle) && !issuedBySlovakOrgan(targetTitle) ? 'other_republic' : null;
}

/**
 * Why a text dated `textDay` lacks an effect, or null when the text can hold it (#35). The source's
 * version of a day is the law of that day as consolidated then:
 * - `after`: the effect takes effect after the text's day;
 * - `retroactive`: it takes effect on or before the text's day, but its act was published after it
 *   (zákon č. 170/2017 Sb., účinnost 2017-04-01, published 2017-06-16) and is not the act the
 *   source's version names (`textAct`): a text made before the act existed cannot hold it;
 * - `same_day`: it takes effect on the text's own day, by an act other than the one the source's
 *   version names (`textAct`, null when unknown). The source's version of a day often holds one act
 *   of that day and the others come in a later commit: the text may lack it, which only the text
 *   tells (`textLacksStep`). So for the version's own act when it was published after the version's
 *   day: the source made that version before the act existed (zákon č. 170/2017 Sb., published
 *   2017-06-16, names the version of 2017-04-01 of zákon č. 235/2004 Sb., which holds few of its
 *   points; the next version brings them), and it may hold the act or not.
 * The rebuild, the statuses and the replays' windows all take an effect by this one rule.
 */
export type TextLack = 'after' | 'retroactive' | 'same_day';

export function textLacks(
  e: { act: string; effectiveFrom: string | null; publishedOn: string | null },
  textDay: string,
  textAct: string | null = null,
): TextLack | null {
  if (e.effectiveFrom === null) return null;
  if (e.effectiveFrom > textDay) return 'after';
  // The source's version made for an act holds its points up to its day, unless the act did not
  // exist yet on that day: then the text tells.
  if (e.act === textAct) return e.effectiveFrom === textDay && e.publishedOn !== null && e.publishedOn > textDay ? 'same_day' : null;
  if (e.publishedOn !== null && e.publishedOn > textDay) return 'retroactive';
  if (e.effectiveFrom === textDay) return 'same_day';
  return null;
}

/** Failures that say a point's change is already in the text: its old words gone, its new unit there, its unit gone. */
const HELD: ReadonlySet<NotAppliedReason> = new Set(['text_not_found', 'already_present', 'target_not_found']);

/** Words of a new text too long to stand in a text by chance. */
const HELD_WORDS = 60;

/**
 * Whether the text already holds a point's new wording: the opening words (a unit's number and marks
 * left out) of its last quoted text, where they are long enough to be no chance ("Za odstavec 7 se
 * vkládá nový odstavec 8" applies again to a text that has it as its odstavec 8).
 */
function holdsNewText(flat: string, point: AmendmentPoint): boolean {
  const quoted = [...point.text.matchAll(/„([\s\S]*?)“/g)].map((m) => m[1]);
  const last = quoted[quoted.length - 1];
  if (!last) return false;
  const words = normalizeSpace(last.replace(/[#*_\\^]/g, '').replace(/^\s*(?:§\s*\S+|\(\d+[a-z]?\)|[a-z]{1,2}\)|\d+\.|-)\s*/, ''));
  return words.length >= HELD_WORDS && flat.includes(words.slice(0, HELD_WORDS));
}

/**
 * Whether a text lacks a step of an act dated on its own day (`textLacks` 'same_day'): applied to
 * the text, more of its points apply than fail as if the text held them already (old words not
 * found, a new unit already there, a repealed unit gone, or its new wording already in the text).
 * A text holding the act refuses its points so; one lacking it takes them.
 */
export function textLacksStep(text: string, points: readonly AmendmentPoint[], opts: ApplyOptions = {}): boolean {
  const result = applyAmendment(text, [...points], opts);
  const flat = normalizeSpace(text.replace(/[#*_\\^]/g, ''));
  let applied = 0;
  let held = 0;
  result.points.forEach((p, i) => {
    if (holdsNewText(flat, points[i])) held += 1;
    else if (p.status === 'applied') applied += 1;
    else if (p.reason !== undefined && HELD.has(p.reason)) held += 1;
  });
  return applied > 0 && applied > held;
}

export interface AppliedStep<E> {
  step: E[];
  /** The text the step was applied to. */
  before: string;
  result: ApplyResult;
}

/**
 * Applies the steps in order, each to the text the previous one left, yielding each as it is done
 * (a long chain's texts are not all held at once). `first` is what the caller already has of the
 * starting text (its units, its parse, the first step's parsed points); later texts are split
 * afresh, as the rebuild does for every step.
 */
export function* applySteps<E>(
  text: string,
  steps: readonly E[][],
  points: (step: E[]) => AmendmentPoint[],
  first: ApplyOptions = {},
  skip: (step: E[]) => NotAppliedReason | null = () => null,
): Generator<AppliedStep<E>> {
  // The caller's units and parse are for the first step the engine runs (a skipped step leaves the
  // text as it was); its parsed points are the first step's only.
  let given: ApplyOptions | null = first;
  let firstStep = true;
  for (const step of steps) {
    const reason = skip(step);
    const opts: ApplyOptions = given ? (firstStep ? given : { ...given, parsed: undefined }) : {};
    firstStep = false;
    if (reason) {
      // Not applied: every point carries the reason, the text stays as it was.
      const skipped: ApplyResult = {
        text,
        points: points(step).map((p) => ({ number: p.number, status: 'not_applied', reason, changed: [], units: [] })),
        changed: [],
        resultUnits: opts.units ?? splitUnits(text),
      };
      yield { step, before: text, result: skipped };
      continue;
    }
    const result = applyAmendment(text, points(step), opts);
    given = null;
    yield { step, before: text, result };
    text = result.text;
  }
}
