import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { odstavecPlacer, parseInstruction, parseProvisions, splitUnits, uniqueContainers } from '@dp/czech-law';
import {
  changedProvisions,
  citesOf,
  containersOf,
  everywhereTargets,
  membersOf,
  missCause,
  provisionTexts,
  scoreEffects,
  unitMissCause,
  windowTargets,
  type MissContext,
  type PointReport,
} from '../src/eval/consolidation-score';
import { DEFAULT_GIT_DIR, readEvalArgs } from '../src/eval/eval-args';
import { attribution, recallOf, visitor as amendmentsVisitor } from '../src/eval/run-amendments-eval';
import { commitsExact, visitor, windowEffects } from '../src/eval/run-consolidation-eval';
import type { ReformCase } from '../src/eval/reform-cases';
import { docFilter, type CaseInput, type Counters, type ReplayText } from '../src/eval/replay';

/** A text as the replay reads it (no front matter, not parsed yet). */
const replayText = (body: string): ReplayText => ({ blob: body, text: body, fields: {}, parsed: null });

/** A reform commit of the Labour Code naming zákon č. 365/2011 Sb. (the cases below vary its texts). */
const LABOUR_CASE: ReformCase = {
  commit: 'c1',
  date: '2012-01-01',
  path: 'cz/SB-2006-262.md',
  amendedKey: 'sb/2006/262',
  half: 'tune',
  sourceId: '365/2011 Sb.',
  sourceKey: 'sb/2011/365',
  sourcePath: 'cz/SB-2011-365.md',
  sourceBlob: 's',
  sourceBlobs: ['s'],
  beforeBlob: 'b',
  beforeDate: '2007-01-01',
  afterBlob: 'a',
  headBlob: 'a',
};

/** Its point 75, as the product stores it. */
const LABOUR_EFFECT = {
  targetKey: 'sb/2006/262',
  targetDocNumber: '262/2006 Sb.',
  ordinal: 1,
  point: '75',
  part: null,
  article: 'I',
  effectiveFrom: '2012-01-01',
  dateBasis: null,
  kinds: ['replace_words'],
  targets: ['par_75'],
  instruction: 'V § 75 se číslo „150“ nahrazuje číslem „300“.',
};

const provisions = (text: string) => {
  const report = parseProvisions(text);
  return provisionTexts(text, report, splitUnits(text, report));
};

describe('replay evaluations', () => {
  it('reads the git dir and the half, relative paths from where the command was typed', () => {
    expect(readEvalArgs([], [], {})).toMatchObject({ gitDir: DEFAULT_GIT_DIR, halves: ['tune', 'heldout'] });
    expect(readEvalArgs(['--half', 'heldout'], [], { CORPUS_GIT_DIR: '/data/x.git' })).toMatchObject({
      gitDir: '/data/x.git',
      halves: ['heldout'],
    });
    const a = readEvalArgs(['repo.git', '--half', 'tune', '--docs', '5'], [], { INIT_CWD: '/home/me' });
    expect(a).toMatchObject({ gitDir: '/home/me/repo.git', halves: ['tune'] });
    expect(a.flags.get('docs')).toBe('5');
    expect(() => readEvalArgs(['--half', 'all'], [], {})).toThrow(/tune, heldout or both/);
    expect(() => readEvalArgs(['--docs'], [], {})).toThrow(/needs a value/);
  });

  it('--doc takes one document or several, comma-separated', () => {
    expect(docFilter(undefined)('sb/2000/1')).toBe(true);
    expect(docFilter('sb/2000/1')('sb/2000/1')).toBe(true);
    expect(docFilter('sb/2000/1')('sb/2000/10')).toBe(false);
    const two = docFilter('sb/2000/1,sb/2001/2');
    expect(['sb/2000/1', 'sb/2001/2', 'sb/2002/3'].map(two)).toEqual([true, true, false]);
  });

  it('finds the provisions whose own text changed and scores the targets against them', () => {
    const before =
      '# Zákon\n\n##### § 1\n\n(1) Lhůta je 5 dnů.\n\n(2) Platí to i pro\n\na) obce,\n\nb) kraje.\n\n##### § 2\n\nBeze změny.\n';
    const after =
      '# Zákon\n\n##### § 1\n\n(1) Lhůta je 6 dnů.\n\n(2) Platí to i pro\n\na) obce,\n\nb) hlavní město.\n\n##### § 2\n\nBeze změny.\n\n##### § 2a\n\nNový.\n';
    const b = provisions(before);
    const a = provisions(after);
    const changed = changedProvisions(b, a).sort();
    // Own texts: § 1 and its odstavec 2 did not change themselves, only units inside them.
    expect(changed).toEqual(['par_1/odst_1', 'par_1/odst_2/pism_b', 'par_2a']);
    const known = (id: string) => b.has(id) || a.has(id);
    // A target reaches what lies inside it; one target changed nothing (§ 2).
    expect(scoreEffects(changed, ['par_1', 'par_2a', 'par_2'], known)).toEqual({ hit: 3, changed: 3, right: 2, targeted: 3 });
    // A target the parser did not find reaches the changed unit that holds it.
    expect(scoreEffects(['par_1/odst_1'], ['par_1/odst_1/pism_x'], known)).toMatchObject({ hit: 1, right: 1 });
    expect(scoreEffects(changed, ['par_1/odst_1'], known)).toEqual({ hit: 1, changed: 3, right: 1, targeted: 1 });
  });

  it('lets a container target reach the §§ inside it, as the provision reads do (zákon č. 206/2018 Sb., bod 3, on vyhláška č. 341/2014 Sb.)', () => {
    // "Části devátá a desátá se … zrušují.": § 34 of část devátá goes with it.
    const before = '# Vyhláška\n\n## ČÁST OSMÁ\n\n##### § 33\n\nZůstává.\n\n## ČÁST DEVÁTÁ\n\n### HLAVA I\n\n##### § 34\n\n(1) Text.\n';
    const after = '# Vyhláška\n\n## ČÁST OSMÁ\n\n##### § 33\n\nZůstává.\n';
    const rb = parseProvisions(before);
    const b = provisionTexts(before, rb, splitUnits(before, rb));
    const a = provisions(after);
    const changed = changedProvisions(b, a).sort();
    expect(changed).toEqual(['cast_9', 'cast_9/hlava_1', 'par_34', 'par_34/odst_1']);
    const known = (id: string) => b.has(id) || a.has(id);
    const inBefore = containersOf(rb);
    expect(inBefore.get('par_34')).toEqual(['cast_9/hlava_1', 'cast_9']);
    expect(scoreEffects(changed, ['cast_9'], known).hit).toBe(2);
    expect(scoreEffects(changed, ['cast_9'], known, (id) => inBefore.get(id) ?? [])).toEqual({ hit: 4, changed: 4, right: 1, targeted: 1 });
    // § 33 in část osmá is not reached.
    expect(scoreEffects(['par_33'], ['cast_9'], known, (id) => inBefore.get(id) ?? []).hit).toBe(0);
  });

  it('reaches a container gone with every § in it, and písmena named without their odstavec, as the reads do (h-recall11)', () => {
    // "§ 34 až 36 se zrušují." (zákon č. 362/2003 Sb. on zákon č. 154/1994 Sb. in small): část devátá goes with its §§.
    const before =
      '# Zákon\n\n## ČÁST OSMÁ\n\n##### § 33\n\n(1) Zůstává:\n\n- a) první,\n\n- b) druhé.\n\n## ČÁST DEVÁTÁ\n\n### HLAVA I\n\n##### § 34\n\nText.\n\n##### § 35\n\nText.\n\n### HLAVA II\n\n##### § 36\n\nText.\n';
    const after = '# Zákon\n\n## ČÁST OSMÁ\n\n##### § 33\n\n(1) Zůstává:\n\n- a) první.\n';
    const rb = parseProvisions(before);
    const ra = parseProvisions(after);
    const b = provisionTexts(before, rb, splitUnits(before, rb));
    const a = provisionTexts(after, ra, splitUnits(after, ra));
    const changed = changedProvisions(b, a).sort();
    expect(changed).toEqual(expect.arrayContaining(['cast_9', 'cast_9/hlava_1', 'cast_9/hlava_2', 'par_33/odst_1/pism_b']));
    const known = (id: string) => b.has(id) || a.has(id);
    const inB = containersOf(rb);
    const inA = containersOf(ra);
    const containers = (id: string) => [...(inB.get(id) ?? []), ...(inA.get(id) ?? [])];
    const tree = { place: odstavecPlacer([...b.keys(), ...a.keys()]), members: membersOf(inB, inA) };
    const repeal = parseInstruction('§ 34 až 36 se zrušují.').effects[0].targets;
    const letter = parseInstruction('V § 33 se písmeno b) zrušuje.').effects[0].targets;
    const targets = [...repeal, ...letter];
    const missed = (t?: typeof tree) =>
      changed.filter((id) => !scoreEffects([id], targets, known, containers, undefined, undefined, t).hit);
    expect(missed()).toEqual(['cast_9', 'cast_9/hlava_1', 'cast_9/hlava_2', 'par_33/odst_1/pism_a', 'par_33/odst_1/pism_b']);
    // "a) první," becomes the last letter ("první."): no point names it.
    expect(missed(tree)).toEqual(['par_33/odst_1/pism_a']);
    // One § of the část left out: its containers are not reached through their §§.
    const part = parseInstruction('§ 34 a 35 se zrušují.').effects[0].targets;
    expect(scoreEffects(['cast_9', 'cast_9/hlava_1'], part, known, containers, undefined, undefined, tree).hit).toBe(1);
  });

  it('scores the footnote block as footnotes, not as the own text of the last provision', () => {
    // The shape of zákon č. 40/1995 Sb.: a closing Čl. III, signatures, then the footnotes.
    const text = (fn: string) =>
      `# Zákon\n\n##### Čl. I\n\n##### § 1\n\nText^1).\n\n##### Čl. III\n\nTento zákon nabývá účinnosti dnem 1. dubna 1995.\n\n**Havel v. r.**\n\n^1) ${fn}\n`;
    const b = provisions(text('Zákon č. 106/1991 Sb.'));
    const a = provisions(text('Zákon č. 46/2000 Sb.'));
    expect(changedProvisions(b, a)).toEqual(['fn_1']);
  });

  it('tells why a unit git changed was not reproduced, a blocked point by the failure that holds it back', () => {
    const applied = (units: string[]): PointReport => ({ status: 'applied', units });
    const refused = (reason: string, units: string[], form?: string): PointReport => ({ status: 'not_applied', reason, units, form });
    expect(unitMissCause('par_1', [])).toEqual({ cause: 'no_points' });
    expect(unitMissCause('par_1', [applied(['par_2'])])).toEqual({ cause: 'not_named' });
    expect(unitMissCause('par_2', [applied(['par_2'])])).toEqual({ cause: 'applied_differs' });
    expect(unitMissCause('par_2', [refused('text_not_found', ['par_2'])])).toEqual({ cause: 'not_applied:text_not_found' });
    // Point 2 is held back in § 2 by point 1, whose form the grammar does not read.
    const points = [refused('unsupported_form', ['par_2', 'par_3'], 'Řádek N zní:'), refused('blocked', ['par_2'])];
    expect(unitMissCause('par_2', [points[1], points[0]])).toEqual({ cause: 'blocked:unsupported_form', form: 'Řádek N zní:' });
    // Held back by a change throughout the text that names no unit.
    expect(unitMissCause('par_4', [refused('blocked', ['par_4'])])).toEqual({ cause: 'blocked:by_a_blocked_point' });
  });

  it('tells why a changed provision is not targeted', () => {
    const ctx = (over: Partial<MissContext>): MissContext => ({
      windowEmpty: false,
      before: new Map(),
      after: new Map(),
      unsupported: [],
      instructions: [],
      known: () => true,
      ...over,
    });
    expect(missCause('par_1', ctx({ windowEmpty: true }))).toBe('no_effects_in_window');
    // The source's first full text after a title-only one (zákon č. 148/1969 Sb. on zákon č. 140/1961 Sb.).
    expect(missCause('par_1', ctx({ beforeEmpty: true, after: new Map([['par_1', '##### § 1 Účelem …']]) }))).toBe('first_text');
    const pair = (b: string, a: string) => ({ before: new Map([['par_1/pism_q', b]]), after: new Map([['par_1/pism_q', a]]) });
    expect(missCause('par_1/pism_q', ctx(pair('- q) šíří reklamu.', '- q) **šíří**  reklamu.')))).toBe('format_only');
    expect(missCause('par_1/pism_q', ctx(pair('- q) šíří reklamu.', '- q) šíří reklamu, nebo')))).toBe('end_punctuation');
    expect(missCause('par_1/pism_q', ctx(pair('- q) šíří reklamu.', '- q) šíří jinou reklamu.')))).toBe('not_named');
    const moved = { before: new Map([['par_1/pism_c', '- c) obce,']]), after: new Map([['par_1/pism_d', '- d) obce,']]) };
    expect(missCause('par_1/pism_d', ctx({ ...moved, contents: { before: new Set(['obce,']), after: new Set(['obce,']) } }))).toBe('moved');
    expect(missCause('par_5/odst_2', ctx({ unsupported: ['par_5'] }))).toBe('unsupported_point');
    expect(missCause('fn_3', ctx({}))).toBe('footnote');
    expect(missCause('priloha_1', ctx({}))).toBe('annex');
    expect(missCause('par_7/odst_1', ctx({ instructions: ['V § 5 a § 7 odst. 2 se slova „A“ nahrazují slovy „B“.'] }))).toBe(
      'named_not_targeted',
    );
    expect(missCause('par_7/odst_1', ctx({ instructions: ['V § 70 se slova „§ 7“ nahrazují slovy „§ 8“.'] }))).toBe('not_named');
  });

  it("gives attribution by the act's text and as the amendments read lists the act (front matter, the act's own date)", () => {
    // Zákon č. 215/2005 Sb.: its part four (amending zákon č. 235/2004 Sb.) takes effect on the day of
    // publication, 2005-06-03; the source's commit carries the act's own date, 2005-07-01.
    expect(attribution([{ effectiveFrom: '2005-06-03' }], true, '2005-07-01', '2005-07-01')).toEqual({
      among: true,
      dated: false,
      listedAmong: true,
      listedDated: true,
    });
    // Zákon č. 16/1959 Sb., a title-only act naming zákon č. 54/1956 Sb. by its name only: no effects,
    // but the amended act's front matter lists it.
    expect(attribution([], true, '1959-04-01', '1959-04-01')).toEqual({ among: false, dated: false, listedAmong: true, listedDated: true });
    // Neither read nor listed: nothing, whatever the act's date.
    expect(attribution([], false, '1959-04-01', '1959-04-01')).toEqual({
      among: false,
      dated: false,
      listedAmong: false,
      listedDated: false,
    });
  });
  it("counts, beside the named act's targets, those of every other act dated in the commit's window (the window measure)", () => {
    // A version of 2021-01-01 after a text of 2019-07-01: the named act changed § 1 odst. 1; an act of
    // 2020-03-01 the source has no version of (its changes ride in this commit) changed § 2.
    const before = '# Zákon\n\n##### § 1\n\n(1) Lhůta je 5 dnů.\n\n##### § 2\n\nPoplatek je 100 Kč.\n\n##### § 3\n\nBeze změny.\n';
    const after = '# Zákon\n\n##### § 1\n\n(1) Lhůta je 6 dnů.\n\n##### § 2\n\nPoplatek je 200 Kč.\n\n##### § 3\n\nBeze změny.\n';
    const b = provisions(before);
    const a = provisions(after);
    const changed = changedProvisions(b, a).sort();
    expect(changed).toEqual(['par_1/odst_1', 'par_2']);
    const known = (id: string) => b.has(id) || a.has(id);
    const acts = [
      { act: 'sb/2020/500', effectiveFrom: '2021-01-01', targets: ['par_1/odst_1'] },
      { act: 'sb/2020/50', effectiveFrom: '2020-03-01', targets: ['par_2'] },
      // Outside the window: on the text before's own day (already in it), after the version, undated.
      { act: 'sb/2019/10', effectiveFrom: '2019-07-01', targets: ['par_3'] },
      { act: 'sb/2021/7', effectiveFrom: '2021-01-02', targets: ['par_3'] },
      { act: 'sb/2018/1', effectiveFrom: null, targets: ['par_3'] },
    ];
    const named = windowTargets(
      acts.filter((e) => e.act === 'sb/2020/500'),
      '2019-07-01',
      '2021-01-01',
    );
    expect(scoreEffects(changed, named, known)).toEqual({ hit: 1, changed: 2, right: 1, targeted: 1 });
    const all = windowTargets(acts, '2019-07-01', '2021-01-01');
    expect(all.sort()).toEqual(['par_1/odst_1', 'par_2']);
    expect(scoreEffects(changed, all, known)).toEqual({ hit: 2, changed: 2, right: 2, targeted: 2 });
    // No text before (a file the commit added): every dated effect up to the version's day.
    expect(windowTargets(acts, null, '2021-01-01').sort()).toEqual(['par_1/odst_1', 'par_2', 'par_3']);
  });

  it('scores a whole act repealed but some units, each effect with its own exceptions (vyhláška č. 149/1988 Sb. on vyhláška č. 128/1975 Sb.)', () => {
    const before = '# Vyhláška\n\n##### § 1\n\nPrvní.\n\n##### § 132\n\nPracovní uplatnění.\n\n##### § 133\n\nZajištění.\n';
    const after = '# Vyhláška\n\n##### § 132\n\nPracovní uplatnění.\n';
    const b = provisions(before);
    const a = provisions(after);
    const changed = changedProvisions(b, a).sort();
    expect(changed).toEqual(['par_1', 'par_133']);
    const known = (id: string) => b.has(id) || a.has(id);
    const acts = [{ act: 'sb/1988/149', effectiveFrom: '1988-10-01', targets: ['*whole', '!par_132'] }];
    expect(scoreEffects(changed, windowTargets(acts, '1987-07-01', '1988-10-01'), known)).toEqual({
      hit: 2,
      changed: 2,
      right: 1,
      targeted: 1,
    });
    // The exception stays with its repeal: another act's target of § 132 is not excluded by it.
    const two = [...acts, { act: 'sb/1988/1', effectiveFrom: '1988-10-01', targets: ['par_132'] }];
    expect(scoreEffects(['par_132'], windowTargets(two, '1987-07-01', '1988-10-01'), known).hit).toBe(1);
    expect(scoreEffects(['par_132'], windowTargets(acts, '1987-07-01', '1988-10-01'), known).hit).toBe(0);
  });

  it('reaches a hlava named without its část only where the text has one of that number (zákon č. 130/2006 Sb. on zákon č. 154/2000 Sb.)', () => {
    const text =
      '# Zákon\n\n## ČÁST PRVNÍ\n\n### HLAVA I\n\n##### § 1\n\nA.\n\n### HLAVA III\n\n##### § 7\n\nB.\n\n## ČÁST DRUHÁ\n\n##### § 9\n\nC.\n';
    const report = parseProvisions(text);
    const ids = report.provisions.map((p) => p.id);
    expect(ids).toContain('cast_1/hlava_3');
    const inT = containersOf(report);
    const containers = (id: string) => inT.get(id) ?? [];
    const known = () => true;
    expect(scoreEffects(['par_7'], ['hlava_3'], known, containers, uniqueContainers(ids)).hit).toBe(1);
    expect(scoreEffects(['par_9'], ['hlava_3'], known, containers, uniqueContainers(ids)).hit).toBe(0);
    // Two hlavy III: the name alone is no one container.
    const two = uniqueContainers([...ids, 'cast_2/hlava_3']);
    expect(scoreEffects(['par_7'], ['hlava_3'], known, containers, two).hit).toBe(0);
  });

  it('reaches the provisions citing a footnote whose marks are renumbered, in either text (zákon č. 1/2002 Sb., bod 12, on zákon č. 13/1993 Sb.)', () => {
    const before = new Map([
      ['par_5/odst_3', '(3) … jejich úkolů.^3a)'],
      ['par_22/odst_3', '(3) … o přestupcích.^5a)'],
    ]);
    const after = new Map([
      ['par_5/odst_3', '(3) … jejich úkolů.^3d)'],
      ['par_22/odst_3', '(3) … o přestupcích.^5c)'],
    ]);
    const changed = changedProvisions(before, after);
    const targets = ['fn_3a', 'fn_3d', '^fn_3a', '^fn_3d'];
    const known = (id: string) => before.has(id) || after.has(id);
    const cites = citesOf(before, after);
    expect(cites('par_5/odst_3')).toEqual(['fn_3a', 'fn_3d']);
    expect(scoreEffects(changed, targets, known, undefined, undefined, cites)).toEqual({ hit: 1, changed: 2, right: 2, targeted: 4 });
    // Without what the provisions cite, the marks reach nothing.
    expect(scoreEffects(changed, targets, known).hit).toBe(0);
  });

  it('reports recall three ways; the window ones need the window measure', () => {
    const t = new Map([
      ['hit', 8],
      ['changed', 10],
      ['w_hit', 9],
      ['w_changed', 10],
      ['w_hit_not_first', 6],
      ['w_changed_not_first', 6],
    ]);
    expect(recallOf(t, 'strict')).toEqual({ hit: 8, changed: 10 });
    expect(recallOf(t, 'window')).toEqual({ hit: 9, changed: 10 });
    expect(recallOf(t, 'window_not_first')).toEqual({ hit: 6, changed: 6 });
    expect(
      recallOf(
        new Map([
          ['hit', 1],
          ['changed', 2],
        ]),
        'window_not_first',
      ),
    ).toBeNull();
  });

  it("counts a case's changed units in (a) when the product has no effects of its act on the document", () => {
    const text = replayText;
    const c = LABOUR_CASE;
    const input = (readable: boolean): CaseInput => ({
      c,
      before: text('# Zákon\n\n##### § 75\n\nNejvýše 150 hodin.\n\n##### § 76\n\nBeze změny.\n'),
      after: text('# Zákon\n\n##### § 75\n\nNejvýše 300 hodin.\n\n##### § 76\n\nBeze změny.\n'),
      act: { readable, byTarget: new Map(), effectiveFrom: '2012-01-01' },
      effects: [],
      window: [],
      listed: false,
      allActs: null,
    });
    for (const [readable, cause] of [
      [true, 'no_effects'],
      [false, 'act_unreadable'],
    ] as const) {
      const t: Counters = new Map();
      visitor(new Map()).visit(input(readable), t);
      expect(t.get(cause)).toBe(1);
      expect(t.get('git_changed')).toBe(1);
      expect(t.get('reproduced') ?? 0).toBe(0);
      expect(t.get(`miss:${cause}`)).toBe(1);
      expect(t.get('exact') ?? 0).toBe(0);
    }
    // A commit that changed no unit (front matter only) is not counted as reproduced by an engine that did nothing.
    const unchanged = input(true);
    unchanged.after = text(unchanged.before.text);
    const t: Counters = new Map();
    visitor(new Map()).visit(unchanged, t);
    expect(t.get('git_changed')).toBe(0);
    expect(t.get('exact') ?? 0).toBe(0);
  });

  it('gives (c) over the cases visited: an unreadable case, counted apart, is not taken out of them again', () => {
    const text = replayText;
    const before = '# Zákon\n\n##### § 75\n\nNejvýše 150 hodin.\n';
    const t: Counters = new Map([['unreadable', 1]]);
    visitor(new Map()).visit(
      {
        c: LABOUR_CASE,
        before: text(before),
        after: text(before.replace('150', '300')),
        act: { readable: true, byTarget: new Map(), effectiveFrom: '2012-01-01' },
        effects: [],
        window: [],
        listed: false,
        allActs: null,
      },
      t,
    );
    expect(t.get('cases')).toBe(1);
    expect(commitsExact(t)).toMatch(/^0\/1\b/);
  });

  it("gives (a) without the source's first full texts too (a title-only text before), beside the whole figure", () => {
    const effect = LABOUR_EFFECT;
    const t: Counters = new Map();
    const v = visitor(new Map());
    const after = '# Zákon\n\n##### § 75\n\nNejvýše 300 hodin.\n\n##### § 76\n\nBeze změny.\n';
    const common = {
      c: LABOUR_CASE,
      act: { readable: true, byTarget: new Map(), effectiveFrom: '2012-01-01' },
      listed: false,
      allActs: null,
    };
    // The engine reproduces § 75 from a text that has it.
    v.visit(
      {
        ...common,
        before: replayText('# Zákon\n\n##### § 75\n\nNejvýše 150 hodin.\n\n##### § 76\n\nBeze změny.\n'),
        after: replayText(after),
        effects: [effect],
        window: [effect],
      },
      t,
    );
    // The source's first full text after its title only: both §§ changed, neither reproduced.
    v.visit({ ...common, before: replayText('# Zákon\n'), after: replayText(after), effects: [effect], window: [effect] }, t);
    // A first full text in a case without effects counts the same way.
    v.visit({ ...common, before: replayText('# Zákon\n'), after: replayText(after), effects: [], window: [] }, t);
    expect([t.get('reproduced'), t.get('git_changed')]).toEqual([1, 5]);
    expect([t.get('reproduced_not_first'), t.get('git_changed_not_first')]).toEqual([1, 1]);
    expect([t.get('first_text_cases'), t.get('first_text_changed')]).toEqual([2, 4]);
  });

  it('scores every case the engine changed on a fresh parse of its text, as the product serves it, whichever worker visits it', () => {
    const t: Counters = new Map();
    const v = visitor(new Map());
    const before = '# Zákon\n\n##### § 75\n\nNejvýše 150 hodin.\n';
    const after = '# Zákon\n\n##### § 75\n\nNejvýše 300 hodin.\n';
    const common = {
      c: LABOUR_CASE,
      act: { readable: true, byTarget: new Map(), effectiveFrom: '2012-01-01' },
      listed: false,
      allActs: null,
    };
    for (let i = 0; i < 3; i++)
      v.visit({ ...common, before: replayText(before), after: replayText(after), effects: [LABOUR_EFFECT], window: [LABOUR_EFFECT] }, t);
    expect([t.get('verified'), t.get('verify_differs') ?? 0, t.get('reproduced')]).toEqual([3, 0, 3]);
  });
});

describe("the consolidation replay's window mode (what the product serves)", () => {
  /** A point of an act on the Labour Code as the product stores it. */
  const point = (ordinal: number, instruction: string, effectiveFrom: string) => ({
    ...LABOUR_EFFECT,
    ordinal,
    point: String(ordinal),
    effectiveFrom,
    targets: [] as string[],
    instruction,
  });
  // The named act (zákon č. 365/2011 Sb., 2012-01-01) changes a number another act of the window
  // (2011-07-01) changed first; that act changed § 76 as well. The source's commit carries both.
  const named = point(75, 'V § 75 se číslo „200“ nahrazuje číslem „300“.', '2012-01-01');
  const other = (e: ReturnType<typeof point>, act: string, publishedOn: string | null = null) => ({ act, publishedOn, ...e });
  const input = (allActs: CaseInput['allActs']): CaseInput => ({
    c: LABOUR_CASE,
    before: replayText('# Zákon\n\n##### § 75\n\nNejvýše 150 hodin.\n\n##### § 76\n\nLhůta je 5 dnů.\n\n##### § 77\n\nBeze změny.\n'),
    after: replayText('# Zákon\n\n##### § 75\n\nNejvýše 300 hodin.\n\n##### § 76\n\nLhůta je 6 dnů.\n\n##### § 77\n\nBeze změny.\n'),
    act: { readable: true, byTarget: new Map(), effectiveFrom: '2012-01-01', publishedOn: '2011-11-30' },
    effects: [named],
    window: [named],
    listed: false,
    allActs,
  });
  const acts = [
    other(point(1, 'V § 75 se číslo „150“ nahrazuje číslem „200“.', '2011-07-01'), 'sb/2011/100'),
    other(point(2, 'V § 76 se číslo „5“ nahrazuje číslem „6“.', '2011-07-01'), 'sb/2011/100'),
    // The index holds the named act too (its reading of the case is taken), and acts outside the window.
    other(named, 'sb/2011/365'),
    other(point(1, '§ 77 se zrušuje.', '2012-01-02'), 'sb/2012/9'),
    other({ ...point(1, 'Zákon č. 262/2006 Sb. se zrušuje.', '2011-08-01'), targets: ['*whole'] }, 'sb/2011/200'),
  ];

  it("applies every act of the window in the rebuild's order, reproducing what the named act alone does not", () => {
    const t: Counters = new Map();
    visitor(new Map()).visit(input(acts), t);
    // The named act alone: § 75 has no "200" yet, § 76 no point names.
    expect([t.get('reproduced') ?? 0, t.get('git_changed')]).toEqual([0, 2]);
    expect(t.get('miss:not_named')).toBe(1);
    expect(t.get('miss:not_applied:text_not_found')).toBe(1);
    // The window: the other act's day first, then the named act's; the whole repeal and the later act left out.
    expect(windowEffects(input(acts)).map((e) => `${e.act}:${e.ordinal}`)).toEqual(['sb/2011/100:1', 'sb/2011/100:2', 'sb/2011/365:75']);
    expect(t.get('w:steps')).toBe(2);
    expect(t.get('w:other_acts')).toBe(1);
    expect([t.get('w:reproduced'), t.get('w:git_changed')]).toEqual([2, 2]);
    expect([t.get('w:engine_right'), t.get('w:engine_changed')]).toEqual([2, 2]);
    expect(t.get('w:exact')).toBe(1);
    expect(t.get('w:fixed:not_named')).toBe(1);
    expect(t.get('w:fixed:not_applied:text_not_found')).toBe(1);
    // Without the window flag (no act index), no window counters.
    const plain: Counters = new Map();
    visitor(new Map()).visit(input(null), plain);
    expect(plain.get('w:cases')).toBeUndefined();
  });

  it("takes the named act's own run when the window holds it alone, and counts a window with no effects", () => {
    const t: Counters = new Map();
    visitor(new Map()).visit(input([other(named, 'sb/2011/365')]), t);
    expect(t.get('w:as_named')).toBe(1);
    expect([t.get('w:reproduced') ?? 0, t.get('reproduced') ?? 0]).toEqual([0, 0]);
    const none: CaseInput = { ...input([]), effects: [], window: [] };
    const u: Counters = new Map();
    visitor(new Map()).visit(none, u);
    expect([u.get('w:no_effects'), u.get('w:miss:no_effects'), u.get('w:exact') ?? 0]).toEqual([1, 2, 0]);
  });

  it('orders acts of one day by their publication, an unknown one last', () => {
    const day = '2011-07-01';
    const win = windowEffects(
      input([
        other(point(1, 'V § 76 se číslo „5“ nahrazuje číslem „7“.', day), 'sb/2011/1', null),
        other(point(1, 'V § 76 se číslo „7“ nahrazuje číslem „6“.', day), 'sb/2011/2', '2011-06-01'),
        other(point(1, 'V § 75 se číslo „150“ nahrazuje číslem „200“.', day), 'sb/2011/3', '2011-05-01'),
      ]),
    );
    expect(win.map((e) => e.act)).toEqual(['sb/2011/3', 'sb/2011/2', 'sb/2011/1', 'sb/2011/365']);
  });
});

describe("the amendments evaluation's misses file", () => {
  it('writes what the window measure misses, beside the strict misses (the target is held against the window)', () => {
    const text = replayText;
    const c = LABOUR_CASE;
    const effect = LABOUR_EFFECT;
    const dir = mkdtempSync(join(tmpdir(), 'misses-'));
    try {
      const file = join(dir, 'MISSES.jsonl');
      // § 75 by the named act, § 76 by another act of the window, § 77 by none.
      amendmentsVisitor(new Map([['misses', file]])).visit(
        {
          c,
          before: text('# Zákon\n\n##### § 75\n\n150 hodin.\n\n##### § 76\n\nA.\n\n##### § 77\n\nB.\n'),
          after: text('# Zákon\n\n##### § 75\n\n300 hodin.\n\n##### § 76\n\nA2.\n\n##### § 77\n\nB2.\n'),
          act: { readable: true, byTarget: new Map(), effectiveFrom: '2012-01-01' },
          effects: [effect],
          window: [effect],
          listed: false,
          allActs: [
            { act: 'sb/2011/365', effectiveFrom: '2012-01-01', targets: ['par_75'] },
            { act: 'sb/2011/375', effectiveFrom: '2011-12-01', targets: ['par_76'] },
          ],
        },
        new Map(),
      );
      const [row] = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(row.missed).toEqual(['par_76', 'par_77']);
      expect(row.windowMissed).toEqual(['par_77']);
      expect(row.windowMissedCount).toBe(1);
      expect(row.windowActs).toEqual(['sb/2011/375']);
      expect(row.firstText).toBe(false);
      expect(row.windowCauses).toEqual({ not_named: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a change throughout the text in the measure (#35 item 4, h-recall16)', () => {
  // Zákon č. 223/1999 Sb., bod 1, on zákon č. 140/1961 Sb.: its `*` target reaches the provisions whose
  // text before holds the words it changes, footnotes aside.
  const before = new Map([
    ['par_105/odst_1', '(1) Kdo vyzradí cizí moci skutečnost, bude potrestán.'],
    ['par_105/odst_2', '(2) Odnětím svobody bude pachatel potrestán, spáchá-li čin za branné pohotovosti státu.'],
    ['fn_3', '^3) Za branné pohotovosti státu viz zákon.'],
  ]);
  const effect = {
    targets: ['*'],
    instruction:
      'Ve všech ustanoveních trestního zákona se slova „za branné pohotovosti státu“ nahrazují slovy „za stavu ohrožení státu nebo za válečného stavu“.',
  };

  it('takes the provisions holding the words as the targets, and scores them', () => {
    expect(everywhereTargets([effect], before)).toEqual(['par_105/odst_2']);
    expect(everywhereTargets([{ ...effect, targets: ['par_105/odst_1'] }], before)).toEqual([]);
    const changed = ['par_105/odst_2'];
    const targets = ['*', ...everywhereTargets([effect], before)];
    expect(scoreEffects(changed, targets, (id) => before.has(id))).toMatchObject({ hit: 1, changed: 1, right: 1, targeted: 1 });
  });
});
