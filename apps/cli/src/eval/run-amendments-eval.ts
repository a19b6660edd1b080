/**
 * The amendments evaluation (#35 item 4):
 * `pnpm eval:amendments [git-dir] [--half tune|heldout|both] [--docs N] [--sample K] [--workers 1|2]
 * [--misses FILE] [--cases-cache FILE] [--window [--acts-cache FILE] [--acts-any-reader]]`.
 *
 * Every `[reform]` commit whose `Source-Id` act is in the collection, against what the product
 * reads of that act (extractEffectsOfTexts on its own texts, the rows the sync stores):
 * (a) attribution: the act is among the document's amending acts (it has effects on it) with an
 *     effective date equal to the version's date;
 * (b) effects: the provisions whose own text git shows changed (parseProvisions of the texts
 *     before and after, whitespace-normalised) against the provisions targeted by the act's
 *     effects that the product would apply for this version (dated after the text before's day
 *     and on or before the version's): recall and precision.
 * (b') with `--window`, the window measure beside it: the same provisions against the targets of
 *     every act the product knows for the document (every document read as an amending act,
 *     act-index.ts) dated in the same window, the named act's included. The per-act figure is the
 *     issue's measure; the window one is what the rebuild applies (docs/DECISIONS.md).
 * Figures per half; misses (`--misses`) only of the tuning half.
 */
import type { Half } from '@dp/core';
import { foldTargets, odstavecPlacer, parseInstruction, uniqueContainers } from '@dp/czech-law';
import { AMENDMENT_READER_VERSION } from '@dp/db';
import {
  changedProvisions,
  citesOf,
  containersOf,
  everywhereTargets,
  membersOf,
  contentKey,
  isFirstFullText,
  lackedEffects,
  missCause,
  provisionTexts,
  scoreEffects,
  windowTargets,
  type MissCause,
} from './consolidation-score';
import { readEvalArgs } from './eval-args';
import { bump, count, parsed, printer, ratio, runReplay, writeMiss, type Counters, type ReplayText, type VisitorFactory } from './replay';

const provisionsOf = (v: ReplayText) => {
  const p = parsed(v);
  return provisionTexts(v.text, p.report, p.units);
};

/** The front matter's `amendments` ("220/2025 Sb.; 267/2025 Sb.") names the act. */
const listed = (fields: Record<string, string>, docNumber: string) =>
  (fields.amendments ?? '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .includes(docNumber.replace(/\s+/g, ' ').trim());

/**
 * Attribution of a case: (a) the act's text has effects on the document, one dated on the version's
 * day; (a') as the amendments read lists the document's amending acts: those whose text amends it
 * and those its head front matter lists (never the commit's own Source-Id: circular), each with
 * its points' dates and the act's own date.
 */
export function attribution(effects: readonly { effectiveFrom: string | null }[], listed: boolean, actDate: string | null, date: string) {
  const among = effects.length > 0;
  const dated = effects.some((e) => e.effectiveFrom === date);
  const listedAmong = among || listed;
  return { among, dated, listedAmong, listedDated: listedAmong && (dated || actDate === date) };
}

export const visitor: VisitorFactory = (flags) => ({
  visit(input, t: Counters) {
    const { c, before, after, act, effects, window } = input;
    bump(t, 'cases');
    if (listed(after.fields, c.sourceId)) bump(t, 'front_matter_lists');
    if (!act.readable) bump(t, 'act_unreadable');
    // (a) attribution.
    const { among, dated, listedAmong, listedDated } = attribution(effects, input.listed, act.effectiveFrom, c.date);
    if (among) bump(t, 'among');
    if (among && dated) bump(t, 'attributed');
    if (among && !dated) bump(t, window.length ? 'date_other_in_window' : 'date_outside_window');
    if (effects.some((e) => e.effectiveFrom === null)) bump(t, 'undated_effects');
    if (listedAmong) bump(t, 'listed_among');
    if (listedDated) bump(t, 'listed_attributed');
    if (among && !dated && act.effectiveFrom === c.date) bump(t, 'act_date_only');
    // (b) effects, at provision level.
    const b = provisionsOf(before);
    const a = provisionsOf(after);
    const changed = changedProvisions(b, a);
    // Each effect's whole-act target with its own exceptions (targets.ts); a change throughout the
    // text, the provisions holding its words (`everywhereTargets`).
    const targets = [...window.flatMap((e) => foldTargets(e.targets)), ...everywhereTargets(window, b)];
    const inB = containersOf(parsed(before).report);
    const inA = containersOf(parsed(after).report);
    const containers = (id: string) => [...(inB.get(id) ?? []), ...(inA.get(id) ?? [])];
    const unique = uniqueContainers([...parsed(before).report.provisions, ...parsed(after).report.provisions].map((p) => p.id));
    const cites = citesOf(b, a);
    const tree = { place: odstavecPlacer([...b.keys(), ...a.keys()]), members: membersOf(inB, inA) };
    const s = scoreEffects(changed, targets, (id) => b.has(id) || a.has(id), containers, unique, cites, tree);
    if (!changed.length) bump(t, 'git_unchanged');
    // The source's first full text after a title-only one holds every amendment up to its day:
    // recall is also given without those cases, beside (not instead of) the whole figure.
    const firstText = isFirstFullText(parsed(before).report);
    if (firstText) bump(t, 'first_text_cases');
    if (!firstText) {
      bump(t, 'changed_not_first', s.changed);
      bump(t, 'hit_not_first', s.hit);
    }
    bump(t, 'changed', s.changed);
    bump(t, 'hit', s.hit);
    bump(t, 'targeted', s.targeted);
    bump(t, 'right', s.right);
    if (changed.length) {
      bump(t, 'targeted_changed_cases', s.targeted);
      bump(t, 'right_changed_cases', s.right);
    }
    if (s.hit === s.changed && s.right === s.targeted) bump(t, 'effects_exact');
    const known = (x: string) => b.has(x) || a.has(x);
    // The window measure (`--window`), beside the per-act one: every act of the window, the named one too.
    let windowMissed: string[] = [];
    let windowActs: string[] = [];
    if (input.allActs) {
      // The other acts' effects the text before lacks, as the rebuild takes them (`lackedEffects`).
      const others = lackedEffects(
        input.allActs.filter((e) => e.act !== c.sourceKey),
        { text: before.text, day: c.beforeDate, act: input.beforeAct ?? null },
        c.date,
      );
      const all = [...targets, ...windowTargets(others, null, c.date), ...everywhereTargets(others, b)];
      const w = scoreEffects(changed, all, known, containers, unique, cites, tree);
      // What the window measure misses, for `--misses` (the target is held against it).
      windowMissed = changed.filter((id) => !scoreEffects([id], all, known, containers, unique, cites, tree).hit);
      windowActs = [...new Set(others.map((e) => e.act))];
      if (others.length) bump(t, 'w_other_acts_cases');
      bump(t, 'w_hit', w.hit);
      bump(t, 'w_changed', w.changed);
      bump(t, 'w_right', w.right);
      bump(t, 'w_targeted', w.targeted);
      if (!firstText) {
        bump(t, 'w_changed_not_first', w.changed);
        bump(t, 'w_hit_not_first', w.hit);
      }
    }
    const missed = changed.filter((id) => !scoreEffects([id], targets, known, containers, unique, cites, tree).hit);
    const causes: Partial<Record<MissCause, number>> = {};
    // The window measure's misses are strict misses too (its targets hold the named act's).
    const windowCauses: Partial<Record<MissCause, number>> = {};
    const inWindowMissed = new Set(windowMissed);
    const samples: { id: string; cause: MissCause; before: string | null; after: string | null }[] = [];
    if (missed.length) {
      const unsupported = window.flatMap((e) =>
        parseInstruction(e.instruction)
          .effects.filter((x) => x.kind === 'unsupported')
          .flatMap((x) => x.targets),
      );
      const keys = (m: Map<string, string>) => new Set([...m.values()].map(contentKey).filter((k) => k.length > 0));
      const contents = { before: keys(b), after: keys(a) };
      const ctx = {
        windowEmpty: !window.length,
        beforeEmpty: firstText,
        before: b,
        after: a,
        contents,
        unsupported,
        instructions: window.map((e) => e.instruction),
        known,
      };
      for (const id of missed) {
        const cause = missCause(id, ctx);
        const seen = (causes[cause] ?? 0) + 1;
        causes[cause] = seen;
        if (inWindowMissed.has(id)) windowCauses[cause] = (windowCauses[cause] ?? 0) + 1;
        if (seen <= 2) samples.push({ id, cause, before: b.get(id)?.slice(0, 400) ?? null, after: a.get(id)?.slice(0, 400) ?? null });
        bump(t, `miss:${cause}`);
      }
    }
    if (!among || !dated || s.hit < s.changed || s.right < s.targeted || windowMissed.length)
      writeMiss(flags, c, {
        date: c.date,
        beforeDate: c.beforeDate,
        among,
        listed: input.listed,
        actDate: act.effectiveFrom,
        dates: [...new Set(effects.map((e) => e.effectiveFrom))],
        causes,
        missed: missed.slice(0, 60),
        samples,
        extra: [...new Set(targets)].filter((x) => !scoreEffects(changed, [x], known, containers, unique, cites, tree).right).slice(0, 30),
        instructions: window.map((e) => e.instruction.slice(0, 300)).slice(0, 30),
        firstText,
        windowMissedCount: windowMissed.length,
        windowCauses,
        windowMissed: windowMissed.slice(0, 200),
        windowActs,
      });
  },
});

const MISS_CAUSES: MissCause[] = [
  'no_effects_in_window',
  'first_text',
  'format_only',
  'end_punctuation',
  'moved',
  'unsupported_point',
  'footnote',
  'annex',
  'article',
  'container',
  'named_not_targeted',
  'not_named',
];

/** The effects recall, three ways (the lead's decision on the measure, docs/DECISIONS.md). */
export type RecallWay = 'strict' | 'window' | 'window_not_first';

export const RECALL_WAYS: { way: RecallWay; label: string }[] = [
  { way: 'strict', label: 'strict (the named act; the issue as stated)' },
  { way: 'window', label: 'window (every act the product knows in the window)' },
  { way: 'window_not_first', label: 'WINDOW WITHOUT FIRST FULL TEXTS (target 0.95)' },
];

/**
 * A half's recall one of the three ways: provisions git changed that the targets reach, of those
 * changed. The window ways need the window measure's counters (`--window`): null without them.
 */
export function recallOf(t: Counters, way: RecallWay): { hit: number; changed: number } | null {
  if (way === 'strict') return { hit: count(t, 'hit'), changed: count(t, 'changed') };
  if (!t.has('w_changed')) return null;
  if (way === 'window') return { hit: count(t, 'w_hit'), changed: count(t, 'w_changed') };
  return { hit: count(t, 'w_hit_not_first'), changed: count(t, 'w_changed_not_first') };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const args = readEvalArgs(argv, ['window', 'acts-any-reader']);
  const run = await runReplay(__filename, args);
  const halves: Half[] = args.halves;
  const row = printer(run, halves, 'amendments evaluation');
  const n = (k: string) => (t: Counters) => String(count(t, k));
  const cases = (t: Counters) => count(t, 'cases');
  row('reform cases (amending act in the collection)', n('cases'));
  row("  amending act's text missing", n('act_unreadable'));
  row("  after-text's front matter lists the act (hint)", (t) => ratio(count(t, 'front_matter_lists'), cases(t)));
  row('(a) act among the amending acts (has effects on it)', (t) => ratio(count(t, 'among'), cases(t)));
  row('(a) … with an effective date = the version date', (t) => ratio(count(t, 'attributed'), cases(t)));
  row('    other date, some in (text before, version]', n('date_other_in_window'));
  row('    no date in (text before, version]', n('date_outside_window'));
  row('    cases whose act has undated effects', n('undated_effects'));
  row("(a') among the acts the amendments read lists", (t) => ratio(count(t, 'listed_among'), cases(t)));
  row("(a') … with its points' or its own date = version", (t) => ratio(count(t, 'listed_attributed'), cases(t)));
  row("    read from its text, the act's own date only", n('act_date_only'));
  row('(b) provisions git changed, targeted (recall)', (t) => ratio(count(t, 'hit'), count(t, 'changed')));
  row('    recall, cases whose text before has a § or článek', (t) => ratio(count(t, 'hit_not_first'), count(t, 'changed_not_first')));
  row('(b) provisions targeted, changed (precision)', (t) => ratio(count(t, 'right'), count(t, 'targeted')));
  row('    precision where git changed a provision', (t) => ratio(count(t, 'right_changed_cases'), count(t, 'targeted_changed_cases')));
  row('    cases where git changed no provision', n('git_unchanged'));
  row('(b) missed provisions by cause (first that applies):', () => '');
  for (const cause of MISS_CAUSES) row(`    ${cause}`, n(`miss:${cause}`));
  row('    cases with every change targeted, every target changed', (t) => ratio(count(t, 'effects_exact'), cases(t)));
  if (args.flags.has('window')) {
    row(
      `window: every act the product knows, dated in the window (act index of reader ${run.actIndexReader}, this reader ${AMENDMENT_READER_VERSION})`,
      () => '',
    );
    row('    cases whose window holds another act', n('w_other_acts_cases'));
    row('    recall (provisions git changed, targeted)', (t) => ratio(count(t, 'w_hit'), count(t, 'w_changed')));
    row('    recall, cases whose text before has a § or článek', (t) =>
      ratio(count(t, 'w_hit_not_first'), count(t, 'w_changed_not_first')),
    );
    row('    precision (provisions targeted, changed)', (t) => ratio(count(t, 'w_right'), count(t, 'w_targeted')));
  }
  // The measure reported three ways, side by side (docs/DECISIONS.md, "Effects recall reported three
  // ways"): the last is the one the 0.95 target is held against.
  row('effects recall, three ways:', () => '');
  for (const w of RECALL_WAYS)
    row(`    ${w.label}`, (t) => {
      const r = recallOf(t, w.way);
      return r ? ratio(r.hit, r.changed) : 'needs --window';
    });
  row(
    '      first full texts left out (cases, provisions)',
    (t) => `${count(t, 'first_text_cases')} ${count(t, 'changed') - count(t, 'changed_not_first')}`,
  );
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
