/**
 * The consolidation replay (#36 item 2):
 * `pnpm eval:consolidation [git-dir] [--half tune|heldout|both] [--docs N] [--sample K] [--workers 1|2]
 * [--misses FILE] [--cases-cache FILE] [--doc sb/YYYY/N[,…]] [--window …]`.
 *
 * Every `[reform]` commit whose `Source-Id` act is in the collection: the product's effects of that
 * act on the document (extractEffectsOfTexts, the rows the sync stores) dated after the text before and
 * on or before the version (what the rebuild would apply) are applied by the engine to the text
 * before, the result compared per unit with the text after, whitespace-normalised. Figures per
 * half (`splitHalf` of the amended act); unsupported forms and misses (`--misses`, JSON lines) only
 * of the tuning half. The (a) misses are counted by cause (`unitMissCause`) in both halves, the
 * unread forms behind them listed for the tuning half only.
 *
 * `--window [--acts-cache FILE] [--acts-any-reader] [--window-misses FILE]`: beside it, the window
 * replay, what the product serves: every act the product knows for the document (the act index,
 * act-index.ts, its entries with their points) with effects dated in the same window, applied to the
 * text before as the rebuild applies them (steps per act and effective day, in order:
 * `consolidationSteps`, `applySteps` of @dp/czech-law, which rebuild.ts runs too), scored the same way.
 */
import type { Half } from '@dp/core';
import {
  applyAmendment,
  applySteps,
  compareSteps,
  consolidationSteps,
  isWholeRepeal,
  parseInstruction,
  parseProvisions,
  splitUnits,
  stepSkipReason,
  type StepOrder,
  type TextUnit,
} from '@dp/czech-law';
import { effectPoints } from '@dp/db';
import {
  isFirstFullText,
  lackedEffects,
  normText,
  scoreCase,
  unitMissCause,
  unitTexts,
  type PointReport,
  type UnitTexts,
} from './consolidation-score';
import { readEvalArgs } from './eval-args';
import {
  bump,
  count,
  parsed,
  printer,
  ratio,
  runReplay,
  windowPoints,
  writeMiss,
  type CaseInput,
  type Counters,
  type ReplayRun,
  type ReplayText,
  type VisitorFactory,
} from './replay';

/**
 * (a) is also given without the source's first full texts (`isFirstFullText`, the effects recall's
 * "window without first full texts" definition of them): beside the whole figure, never instead.
 */
function countFirstText(t: Counters, first: boolean, changed: number, reproduced: number): void {
  if (first) {
    bump(t, 'first_text_cases');
    bump(t, 'first_text_changed', changed);
    return;
  }
  bump(t, 'git_changed_not_first', changed);
  bump(t, 'reproduced_not_first', reproduced);
}

/** What the named-act replay made of a case's units git changed: the (a) cause of each unit it missed. */
interface NamedOutcome {
  gitChanged: string[];
  missed: Map<string, string>;
  /** The engine's run on the named act's window (none when the product has no effects of the act on the document). */
  run?: { points: PointReport[]; output: UnitTexts };
}

/**
 * The engine's units of its text as the product serves them: the rebuild stores the text and its
 * provisions are parsed from it afresh (attachProvisions), so every changed case is scored on a fresh
 * parse. Scoring the engine's own units, with a fresh parse substituted only in every N-th case, made
 * the figures depend on which cases fell to which worker. Where the two differ the case is counted.
 */
function engineUnits(t: Counters, before: ReplayText, text: string, units: TextUnit[], prefix = ''): UnitTexts {
  const b = parsed(before);
  if (text === before.text) return b.texts;
  const output = unitTexts(units);
  const fresh = unitTexts(splitUnits(text, parseProvisions(text)));
  bump(t, `${prefix}verified`);
  const same =
    fresh.order.join('\n') === output.order.join('\n') && fresh.order.every((id) => normText(fresh, id) === normText(output, id));
  if (!same) bump(t, `${prefix}verify_differs`);
  return fresh;
}

/** One effect of the window as the rebuild takes it: its act, its order, its point. */
interface WindowEffect extends StepOrder {
  point: string | null;
  instruction: string;
  targets: readonly string[];
}

/**
 * The window's effects (`--window`): the named act's effects dated in the case's window and those of
 * every other act the product knows for the document (the act index), whole-act repeals left out,
 * in the rebuild's order (`compareSteps`). The named act's come from its own reading (`input.window`).
 */
export function windowEffects(input: CaseInput): WindowEffect[] {
  const { c } = input;
  const named: WindowEffect[] = input.window
    .filter((e) => e.effectiveFrom !== null)
    .map((e) => ({
      act: c.sourceKey,
      effectiveFrom: e.effectiveFrom!,
      publishedOn: input.act.publishedOn ?? null,
      ordinal: e.ordinal,
      point: e.point,
      instruction: e.instruction,
      targets: e.targets,
    }));
  const others: WindowEffect[] = lackedEffects(
    (input.allActs ?? []).filter((e) => e.act !== c.sourceKey && e.instruction !== undefined),
    { text: input.before.text, day: c.beforeDate, act: input.beforeAct ?? null },
    c.date,
  ).map((e) => ({
    act: e.act,
    effectiveFrom: e.effectiveFrom!,
    publishedOn: e.publishedOn ?? null,
    ordinal: e.ordinal ?? 0,
    point: e.point ?? null,
    instruction: e.instruction!,
    targets: e.targets,
  }));
  return [...named, ...others].filter((e) => !isWholeRepeal(e.targets)).sort(compareSteps);
}

/**
 * The window replay (`--window`, what the product serves): the window's effects applied to the text
 * before as the rebuild applies them (one step per act and effective day, in order), the final text
 * scored against the after-text as the named-act replay scores its own. Counters are prefixed `w:`;
 * the named replay's misses the window reproduces are counted by their named cause (`w:fixed:…`), and
 * the units the named replay reproduced that the window does not (`w:lost:…`) by the window's cause.
 */
function visitWindow(input: CaseInput, t: Counters, named: NamedOutcome, flags: Map<string, string>): void {
  const { c, before, after } = input;
  bump(t, 'w:cases');
  const b = parsed(before);
  const a = parsed(after);
  const effects = windowEffects(input);
  const acts = new Set(effects.map((e) => e.act));
  if (acts.size > 1 || (acts.size === 1 && !acts.has(c.sourceKey))) bump(t, 'w:other_acts');
  let output = b.texts;
  const reports: PointReport[] = [];
  const texts: string[] = [];
  if (!effects.length) bump(t, 'w:no_effects');
  else {
    bump(t, 'w:with_effects');
    const steps = consolidationSteps(effects, (e) => e);
    bump(t, 'w:steps', steps.length);
    const count = (p: PointReport) => {
      bump(t, 'w:points');
      if (p.status === 'applied') bump(t, 'w:applied');
      else bump(t, `w:reason:${p.reason ?? 'unknown'}`);
      reports.push(p);
    };
    // The rebuild's skip: an act of the other republic (read from the titles) is not applied.
    const target = input.titles?.get(c.amendedKey) ?? null;
    const skipReason = (x: WindowEffect[]) => stepSkipReason(input.titles?.get(x[0].act) ?? null, target);
    const skip = (x: WindowEffect[]) => {
      const reason = skipReason(x);
      if (reason) bump(t, `w:skipped_steps:${reason}`);
      return reason;
    };
    // The named act's window alone, one act and one day in its order: the named replay's text is the window's.
    const sameOrder =
      steps.length === 1 &&
      steps[0][0].act === c.sourceKey &&
      steps[0].length === input.window.length &&
      !skipReason(steps[0]) &&
      steps[0].every((e, i) => e.ordinal === input.window[i].ordinal);
    if (sameOrder && named.run) {
      bump(t, 'w:as_named');
      named.run.points.forEach(count);
      texts.push(...input.window.map((e) => e.instruction));
      output = named.run.output;
    } else {
      let text = before.text;
      let units = b.units;
      for (const { step, result } of applySteps(before.text, steps, (x) => effectPoints(x), { units: b.units, report: b.report }, skip)) {
        result.points.forEach(count);
        texts.push(...step.map((e) => e.instruction));
        if (result.text !== text) {
          text = result.text;
          units = result.resultUnits;
        }
      }
      output = engineUnits(t, before, text, units, 'w:');
    }
  }
  const s = scoreCase(b.texts, a.texts, output);
  const first = isFirstFullText(b.report);
  if (first) {
    bump(t, 'w:first_text_cases');
    bump(t, 'w:first_text_changed', s.gitChanged.length);
  } else {
    bump(t, 'w:git_changed_not_first', s.gitChanged.length);
    bump(t, 'w:reproduced_not_first', s.reproduced.length);
  }
  bump(t, 'w:git_changed', s.gitChanged.length);
  bump(t, 'w:reproduced', s.reproduced.length);
  bump(t, 'w:engine_changed', s.engineChanged.length);
  bump(t, 'w:engine_right', s.engineRight.length);
  if (s.exact && effects.length) bump(t, 'w:exact');
  const reproduced = new Set(s.reproduced);
  const wrong = new Set(s.engineChanged.filter((id) => !s.engineRight.includes(id)));
  const causes = new Map<string, string>();
  for (const id of s.gitChanged) {
    if (reproduced.has(id)) continue;
    const cause = !effects.length ? 'no_effects' : wrong.has(id) ? 'engine_wrong' : unitMissCause(id, reports).cause;
    causes.set(id, cause);
    bump(t, `w:miss:${cause}`);
    if (!named.missed.has(id)) bump(t, `w:lost:${cause}`);
  }
  for (const [id, cause] of named.missed) if (reproduced.has(id)) bump(t, `w:fixed:${cause}`);
  if (causes.size) {
    const detail = (id: string) => ({
      id,
      cause: causes.get(id),
      named: named.missed.get(id) ?? 'reproduced',
      output: normText(output, id),
      after: normText(a.texts, id),
    });
    writeMiss(
      flags,
      c,
      { acts: [...acts], missed: [...causes.keys()].map(detail), instructions: texts.map((x) => x.slice(0, 300)) },
      'window-misses',
    );
  }
}

/**
 * (c): the named act's exact commits over the cases it visited. An unreadable case (a blob missing) is
 * counted apart by the runner and never visited, so it is not in 'cases' to be taken out again.
 */
export function commitsExact(t: Counters): string {
  return ratio(count(t, 'exact'), count(t, 'cases'));
}

export const visitor: VisitorFactory = (flags) => {
  const visitNamed = (input: CaseInput, t: Counters): NamedOutcome => {
    const { c, before, after, effects, window } = input;
    bump(t, 'cases');
    if (!input.act.readable || !effects.length) {
      // The units git changed are counted all the same: (a) is over every case's changes, and a
      // case whose act the product does not reach is its miss, not a case out of the count. (c)
      // counts such a case as not reproduced, even where git changed no unit: the engine did nothing.
      const cause = input.act.readable ? 'no_effects' : 'act_unreadable';
      bump(t, cause);
      const s = scoreCase(parsed(before).texts, parsed(after).texts, parsed(before).texts);
      bump(t, 'git_changed', s.gitChanged.length);
      bump(t, `miss:${cause}`, s.gitChanged.length);
      countFirstText(t, isFirstFullText(parsed(before).report), s.gitChanged.length, 0);
      return { gitChanged: s.gitChanged, missed: new Map(s.gitChanged.map((id) => [id, cause])) };
    }
    bump(t, 'with_effects');
    bump(t, 'later_or_undated', effects.length - window.length);
    const b = parsed(before);
    const a = parsed(after);
    if (!window.length) bump(t, 'no_points_in_window');
    const points = windowPoints(input);
    const instructions = points.map((p) => parseInstruction(p));
    const result = applyAmendment(before.text, points, { units: b.units, parsed: instructions, report: b.report });
    const output = engineUnits(t, before, result.text, result.resultUnits);
    const s = scoreCase(b.texts, a.texts, output);
    countFirstText(t, isFirstFullText(b.report), s.gitChanged.length, s.reproduced.length);
    if (!s.gitChanged.length) bump(t, 'git_unchanged');
    bump(t, 'git_changed', s.gitChanged.length);
    bump(t, 'reproduced', s.reproduced.length);
    bump(t, 'engine_changed', s.engineChanged.length);
    bump(t, 'engine_right', s.engineRight.length);
    if (s.exact) bump(t, 'exact');
    for (const p of result.points) {
      bump(t, 'points');
      if (p.status === 'applied') bump(t, 'applied');
      else bump(t, `reason:${p.reason ?? 'unknown'}`);
    }
    for (const p of instructions)
      for (const u of p.unsupported) {
        bump(t, 'unsupported');
        // Forms are listed for the tuning half only (the held-out half is counted, never read).
        if (c.half === 'tune') bump(t, `form:${u.form}`);
      }
    const wrong = s.engineChanged.filter((id) => !s.engineRight.includes(id));
    const missed = s.gitChanged.filter((id) => !s.reproduced.includes(id) && !wrong.includes(id));
    // The (a) misses by cause: the engine's wrong units, then why a missed unit was left as it was.
    const reports: PointReport[] = result.points.map((p, i) => ({ ...p, form: instructions[i].unsupported[0]?.form }));
    const causes = new Map<string, string>();
    for (const id of s.gitChanged) {
      if (s.reproduced.includes(id)) continue;
      const m = wrong.includes(id) ? { cause: 'engine_wrong' } : unitMissCause(id, reports);
      causes.set(id, m.cause);
      bump(t, `miss:${m.cause}`);
      if (m.form !== undefined && c.half === 'tune') bump(t, `missform:${m.cause}|${m.form}`);
    }
    if (wrong.length || missed.length) {
      const detail = (id: string) => ({ id, before: normText(b.texts, id), output: normText(output, id), after: normText(a.texts, id) });
      writeMiss(flags, c, {
        wrong: wrong.map(detail),
        missed: missed.map(detail),
        points: result.points.map((p, i) => ({
          ...p,
          text: points[i].text.slice(0, 600),
          unread: instructions[i].unsupported.map((u) => u.text.slice(0, 300)),
        })),
      });
    }
    return { gitChanged: s.gitChanged, missed: causes, run: { points: reports, output } };
  };
  return {
    visit(input, t: Counters) {
      const named = visitNamed(input, t);
      if (input.allActs) visitWindow(input, t, named, flags);
    },
  };
};

/** The window replay's figures (`--window`), beside the named act's printed above. */
function printWindow(run: ReplayRun, halves: Half[], row: ReturnType<typeof printer>, n: (k: string) => (t: Counters) => string): void {
  console.log(
    `\nwindow replay (what the product serves): every act the product knows for the document, its effects dated in (text before, version], applied as the rebuild applies them (act index of reader ${run.actIndexReader})`,
  );
  row('cases', n('w:cases'));
  row('  no effects of any act in the window', n('w:no_effects'));
  row('  with effects', n('w:with_effects'));
  row("    holding another act's effects", n('w:other_acts'));
  row('    the named act alone, one step (its text as named)', n('w:as_named'));
  row('    engine steps (act, day)', n('w:steps'));
  row('(a) named act: units git changed, reproduced', (t) => ratio(count(t, 'reproduced'), count(t, 'git_changed')));
  row('(a) window:    units git changed, reproduced', (t) => ratio(count(t, 'w:reproduced'), count(t, 'w:git_changed')));
  row('    window without first full texts', (t) => ratio(count(t, 'w:reproduced_not_first'), count(t, 'w:git_changed_not_first')));
  row('(b) named act: units the engine changed, right', (t) => ratio(count(t, 'engine_right'), count(t, 'engine_changed')));
  row('(b) window:    units the engine changed, right', (t) => ratio(count(t, 'w:engine_right'), count(t, 'w:engine_changed')));
  row('(c) named act: commits reproduced exactly', commitsExact);
  row('(c) window:    commits reproduced exactly', (t) => ratio(count(t, 'w:exact'), count(t, 'w:cases')));
  row('window effects applied', (t) => ratio(count(t, 'w:applied'), count(t, 'w:points')));
  const keys = (prefix: string) => {
    const all = new Set(halves.flatMap((h) => [...run.counters[h].keys()].filter((k) => k.startsWith(prefix))));
    return [...all].sort((a, b) => count(run.counters[halves[0]], b) - count(run.counters[halves[0]], a));
  };
  for (const k of keys('w:reason:')) row(`  not applied: ${k.slice(9)}`, n(k));
  for (const k of keys('w:skipped_steps:')) row(`  steps not applied (act, day): ${k.slice(16)}`, n(k));
  row(
    'window engine units equal to a fresh parse of its text (scored on the fresh parse)',
    (t) => `${count(t, 'w:verified') - count(t, 'w:verify_differs')}/${count(t, 'w:verified')} equal`,
  );
  row('(a) window misses: units git changed, not reproduced', (t) => String(count(t, 'w:git_changed') - count(t, 'w:reproduced')));
  for (const k of keys('w:miss:')) row(`  ${k.slice(7)}`, n(k));
  row("named act's (a) misses the window reproduces", (t) => String(keys('w:fixed:').reduce((sum, k) => sum + count(t, k), 0)));
  for (const k of keys('w:fixed:')) row(`  named cause ${k.slice(8)}`, (t) => `${count(t, k)} of ${count(t, `miss:${k.slice(8)}`)}`);
  row('units the named act reproduces, the window does not', (t) => String(keys('w:lost:').reduce((sum, k) => sum + count(t, k), 0)));
  for (const k of keys('w:lost:')) row(`  window cause ${k.slice(7)}`, n(k));
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const args = readEvalArgs(argv, ['window', 'acts-any-reader']);
  const run = await runReplay(__filename, args, { actPoints: true });
  const halves: Half[] = args.halves;
  const row = printer(run, halves, 'consolidation replay');
  const n = (k: string) => (t: Counters) => String(count(t, k));
  row('reform cases (amending act in the collection)', n('cases'));
  row('  texts unreadable (blob missing)', n('unreadable'));
  row("  amending act's text missing", n('act_unreadable'));
  row('  no effects of the act on the document', n('no_effects'));
  row('  with effects', n('with_effects'));
  row('    none dated in (text before, version]', n('no_points_in_window'));
  row('    git changed no unit (front matter only)', n('git_unchanged'));
  row('(a) units git changed, reproduced exactly', (t) => ratio(count(t, 'reproduced'), count(t, 'git_changed')));
  row('    without first full texts (text before has a § or čl.)', (t) =>
    ratio(count(t, 'reproduced_not_first'), count(t, 'git_changed_not_first')),
  );
  row('      first full texts left out (cases, units)', (t) => `${count(t, 'first_text_cases')} ${count(t, 'first_text_changed')}`);
  row('(b) units the engine changed, equal to after', (t) => ratio(count(t, 'engine_right'), count(t, 'engine_changed')));
  row('(c) commits reproduced exactly (of all cases)', commitsExact);
  row('    (of cases with effects)', (t) => ratio(count(t, 'exact'), count(t, 'with_effects')));
  row('effects applied (in the window)', (t) => ratio(count(t, 'applied'), count(t, 'points')));
  row('  effects of the act dated elsewhere or undated', n('later_or_undated'));
  const reasons = new Set(halves.flatMap((h) => [...run.counters[h].keys()].filter((k) => k.startsWith('reason:'))));
  for (const r of [...reasons].sort()) row(`  not applied: ${r.slice(7)}`, n(r));
  row(
    'engine units equal to a fresh parse of its text (scored on the fresh parse)',
    (t) => `${count(t, 'verified') - count(t, 'verify_differs')}/${count(t, 'verified')} equal`,
  );
  row('unsupported statements', n('unsupported'));
  row('(a) misses: units git changed, not reproduced', (t) => String(count(t, 'git_changed') - count(t, 'reproduced')));
  const causes = new Set(halves.flatMap((h) => [...run.counters[h].keys()].filter((k) => k.startsWith('miss:'))));
  for (const k of [...causes].sort((a, b) => count(run.counters[halves[0]], b) - count(run.counters[halves[0]], a)))
    row(`  ${k.slice(5)}`, n(k));
  if (args.flags.has('window')) printWindow(run, halves, row, n);
  const missForms = [...run.counters.tune].filter(([k]) => k.startsWith('missform:')).sort((a, b) => b[1] - a[1]);
  if (missForms.length && halves.includes('tune')) {
    console.log('\n(a) misses behind an unread form (tuning half): units, cause | form');
    for (const [f, k] of missForms.slice(0, Number(process.env.EVAL_FORMS ?? 40))) console.log(`${String(k).padStart(6)}  ${f.slice(9)}`);
  }
  const forms = [...run.counters.tune].filter(([k]) => k.startsWith('form:')).sort((a, b) => b[1] - a[1]);
  if (forms.length && halves.includes('tune')) {
    console.log('\nunsupported instruction forms (tuning half), by frequency:');
    for (const [f, k] of forms.slice(0, Number(process.env.EVAL_FORMS ?? 40))) console.log(`${String(k).padStart(6)}  ${f.slice(5)}`);
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
