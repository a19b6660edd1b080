/**
 * The consolidation replay (#36 item 2):
 * `pnpm eval:consolidation [git-dir] [--half tune|heldout|both] [--docs N] [--sample K] [--workers 1|2]
 * [--misses FILE] [--cases-cache FILE] [--verify-every N] [--doc sb/YYYY/N[,…]]`.
 *
 * Every `[reform]` commit whose `Source-Id` act is in the collection: the product's effects of that
 * act on the document (extractEffectsOfTexts, the rows the sync stores) dated after the text before and
 * on or before the version (what the rebuild would apply) are applied by the engine to the text
 * before, the result compared per unit with the text after, whitespace-normalised. Figures per
 * half (`splitHalf` of the amended act); unsupported forms and misses (`--misses`, JSON lines) only
 * of the tuning half. The (a) misses are counted by cause (`unitMissCause`) in both halves, the
 * unread forms behind them listed for the tuning half only.
 */
import type { Half } from '@dp/core';
import { applyAmendment, parseInstruction, parseProvisions, splitUnits } from '@dp/czech-law';
import { isFirstFullText, normText, scoreCase, unitMissCause, unitTexts, type PointReport } from './consolidation-score';
import { readEvalArgs } from './eval-args';
import { bump, count, parsed, printer, ratio, runReplay, windowPoints, writeMiss, type Counters, type VisitorFactory } from './replay';

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

export const visitor: VisitorFactory = (flags) => {
  const verifyEvery = Math.max(1, Number(flags.get('verify-every') ?? 10));
  return {
    visit(input, t: Counters) {
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
        return;
      }
      bump(t, 'with_effects');
      bump(t, 'later_or_undated', effects.length - window.length);
      const b = parsed(before);
      const a = parsed(after);
      if (!window.length) bump(t, 'no_points_in_window');
      const points = windowPoints(input);
      const instructions = points.map((p) => parseInstruction(p));
      const result = applyAmendment(before.text, points, { units: b.units, parsed: instructions, report: b.report });
      // The engine's own units of its text; every `verifyEvery`-th case they are checked against
      // the text parsed afresh (what a reader of the stored text gets).
      let output = result.text === before.text ? b.texts : unitTexts(result.resultUnits);
      if (result.text !== before.text && count(t, 'cases') % verifyEvery === 0) {
        const fresh = unitTexts(splitUnits(result.text, parseProvisions(result.text)));
        bump(t, 'verified');
        const same =
          fresh.order.join('\n') === output.order.join('\n') && fresh.order.every((id) => normText(fresh, id) === normText(output, id));
        if (!same) {
          bump(t, 'verify_differs');
          output = fresh;
        }
      }
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
      for (const id of s.gitChanged) {
        if (s.reproduced.includes(id)) continue;
        const m = wrong.includes(id) ? { cause: 'engine_wrong' } : unitMissCause(id, reports);
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
    },
  };
};

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const args = readEvalArgs(argv);
  const run = await runReplay(__filename, args);
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
  row('(c) commits reproduced exactly (of all cases)', (t) => ratio(count(t, 'exact'), count(t, 'cases') - count(t, 'unreadable')));
  row('    (of cases with effects)', (t) => ratio(count(t, 'exact'), count(t, 'with_effects')));
  row('effects applied (in the window)', (t) => ratio(count(t, 'applied'), count(t, 'points')));
  row('  effects of the act dated elsewhere or undated', n('later_or_undated'));
  const reasons = new Set(halves.flatMap((h) => [...run.counters[h].keys()].filter((k) => k.startsWith('reason:'))));
  for (const r of [...reasons].sort()) row(`  not applied: ${r.slice(7)}`, n(r));
  row(
    'engine units checked against a fresh parse',
    (t) => `${count(t, 'verified') - count(t, 'verify_differs')}/${count(t, 'verified')} equal`,
  );
  row('unsupported statements', n('unsupported'));
  row('(a) misses: units git changed, not reproduced', (t) => String(count(t, 'git_changed') - count(t, 'reproduced')));
  const causes = new Set(halves.flatMap((h) => [...run.counters[h].keys()].filter((k) => k.startsWith('miss:'))));
  for (const k of [...causes].sort((a, b) => count(run.counters[halves[0]], b) - count(run.counters[halves[0]], a)))
    row(`  ${k.slice(5)}`, n(k));
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
