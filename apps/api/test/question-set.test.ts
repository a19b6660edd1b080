import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitHalf, type Half } from '@dp/core';
import { readActsFromDir, readActsFromGit, sourceFileName, writeHalves } from '../src/eval/check-question-set';
import {
  actNames,
  checkQuestionSet,
  crossDuplicates,
  loadQuestionSet,
  namesAnAct,
  questionSchema,
  summarizeHalf,
  type ActText,
  type Question,
} from '../src/eval/question-set';

/**
 * The questions evaluation set's checker (#37 item 5) on a tiny act written here: every kind of
 * problem it reports, the readers of the source (a folder and a git repository at HEAD), the
 * split into halves, and the committed set's shape.
 */
const ACT_FILE = `---
title: "Zákon o ochraně spotřebitele"
identifier: "SB-1992-634"
official_code: "634/1992 Sb."
---
# Zákon o ochraně spotřebitele

##### § 19

(1) Prodávající je povinen přijmout reklamaci v kterékoli provozovně.

(2) Reklamace musí být vyřízena nejpozději do 30 dnů ode dne uplatnění reklamace.

##### § 20

Prodávající nesmí

- a) klamat spotřebitele,

- b) diskriminovat spotřebitele.

Příloha č. 1

Sazebník pokut za porušení povinností.
`;

const KEY = 'sb/1992/634';

function actsFrom(text: string): Map<string, ActText | null> {
  const dir = mkdtempSync(join(tmpdir(), 'questions-act-'));
  try {
    writeFileSync(join(dir, sourceFileName(KEY)), text);
    return readActsFromDir(dir, [KEY, 'sb/2099/1']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function question(o: Partial<Question> = {}): Question {
  return {
    q: 'Jak dlouho může obchod vyřizovat reklamaci?',
    act: KEY,
    provisions: ['par_19/odst_2', 'par_19'],
    style: 'colloquial',
    length: 'short',
    typo: false,
    topic: 'purchase_consumer',
    evidence: 'nejpozději do 30 dnů ode dne uplatnění reklamace',
    ...o,
  };
}

const kinds = (items: unknown[], acts = actsFrom(ACT_FILE), half?: Half) => checkQuestionSet(items, acts, half).map((p) => p.kind);

describe('checkQuestionSet', () => {
  it('passes a question whose provision exists and holds the evidence', () => {
    expect(
      kinds([question(), question({ q: 'Smí mě obchod diskriminovat?', provisions: ['par_20/pism_b'], evidence: 'diskriminovat' })]),
    ).toEqual([]);
  });

  it('reads the act from the source and its provisions as parseProvisions makes them', () => {
    expect(kinds([question({ act: 'sb/2099/1' })])).toEqual(['act_missing']);
    expect(kinds([question({ provisions: ['par_19/odst_3'] })])).toEqual(['provision_missing']);
    expect(kinds([question({ provisions: ['par_19/odst_2', 'par_21'] })])).toEqual(['provision_missing']);
    expect(kinds([question({ provisions: ['priloha_1'], evidence: 'Sazebník pokut' })])).toEqual([]);
  });

  it('finds the evidence in the first provision only, whitespace aside', () => {
    expect(kinds([question({ evidence: 'nejpozději do 30  dnů\node dne' })])).toEqual([]);
    // The quote is in § 19 odst. 1, not in the best provision the entry names.
    expect(kinds([question({ evidence: 'přijmout reklamaci v kterékoli provozovně' })])).toEqual(['evidence_not_in_provision']);
  });

  it('refuses a question that names its act or any enactment', () => {
    const named = (q: string) => kinds([question({ q })]);
    expect(named('Co říká ochrana spotřebitele o reklamaci?')).toEqual(['names_act']);
    expect(named('Jak dlouho může trvat reklamace podle 634/1992?')).toEqual(['names_act']);
    expect(named('Jak dlouho se podle zákona vyřizuje reklamace?')).toEqual(['names_act']);
    expect(named('Jaká je lhůta v § 19?')).toEqual(['names_act']);
    expect(named('Jak dlouho se vyřizuje reklamace podle ZOS?')).toEqual(['names_act']);
    expect(named('Jak dlouho se vyřizuje reklamace spotřebitele?')).toEqual([]);
  });

  it('reports duplicates written with other case, diacritics or punctuation', () => {
    expect(kinds([question(), question({ q: 'jak dlouho muze obchod vyrizovat reklamaci', typo: true })])).toEqual(['duplicate']);
    const tune = [question()];
    const heldout = [question({ q: 'JAK DLOUHO MŮŽE OBCHOD VYŘIZOVAT REKLAMACI' })];
    expect(crossDuplicates(tune, heldout).map((p) => p.kind)).toEqual(['duplicate']);
  });

  it('checks the half of each act and the length and typo labels', () => {
    const half = splitHalf(KEY);
    const other: Half = half === 'tune' ? 'heldout' : 'tune';
    expect(kinds([question()], undefined, half)).toEqual([]);
    expect(kinds([question()], undefined, other)).toEqual(['wrong_half']);
    expect(kinds([question({ length: 'long' })])).toEqual(['length_label']);
    const long = 'Koupil jsem v obchodě pračku, po týdnu přestala fungovat a obchod reklamaci pořád nevyřídil. Jak dlouho to může trvat?';
    expect(kinds([question({ q: long, length: 'long' })])).toEqual([]);
    expect(kinds([question({ q: 'jak dlouho muze trvat reklamace' })])).toEqual(['typo_label']);
    expect(kinds([question({ q: 'jak dlouho muze trvat reklamace', typo: true })])).toEqual([]);
  });

  it('rejects an entry of the wrong shape with the field named', () => {
    const problems = checkQuestionSet([{ ...question(), topic: 'astrology' }, { q: 'x' }], actsFrom(ACT_FILE));
    expect(problems.map((p) => p.kind)).toEqual(['shape', 'shape']);
    expect(problems[0].message).toContain('topic');
  });
});

describe('names of an act', () => {
  it('takes each subject of the title and the short names as sets of stems', () => {
    expect(actNames('Zákon o zaměstnanosti')).toEqual([['zamestnanost']]);
    expect(actNames('Zákon o úpadku a způsobech jeho řešení (insolvenční zákon)')).toContainEqual(['insolvencn', 'zakon']);
    // Amending subjects are no name of the act.
    expect(actNames('Zákon o matrikách, jménu a příjmení a o změně některých souvisejících zákonů')).toEqual([
      ['matrik', 'jmen', 'prijmen'],
    ]);
    expect(actNames('Nařízení vlády o minimální mzdě, o nejnižších úrovních zaručené mzdy')).toContainEqual(['minimaln', 'mzd']);
  });

  it('flags a question only when it holds every stem of one name', () => {
    const act = { key: 'sb/2004/435', title: 'Zákon o zaměstnanosti', docNumber: '435/2004 Sb.' };
    expect(namesAnAct('Jak se hlásit na úřad práce po ztrátě zaměstnání?', act)).toBeNull();
    expect(namesAnAct('Co je státní politika zaměstnanosti?', act)).toMatch(/title words/);
    const code = { key: 'sb/2006/262', title: 'Zákon zákoník práce', docNumber: '262/2006 Sb.' };
    expect(namesAnAct('Kolik mám dovolené podle ZP?', code)).toMatch(/abbreviation ZP/);
  });
});

describe('the source readers', () => {
  it('read the newest text of each act at HEAD of a git repository', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'questions-git-'));
    try {
      const git = (...args: string[]) =>
        execFileSync('git', args, {
          cwd: repo,
          env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
        });
      git('init', '-q');
      mkdirSync(join(repo, 'cz'));
      writeFileSync(join(repo, 'cz', sourceFileName(KEY)), ACT_FILE.replace('30 dnů', '45 dnů'));
      git('add', '.');
      git('commit', '-qm', 'first');
      writeFileSync(join(repo, 'cz', sourceFileName(KEY)), ACT_FILE);
      git('commit', '-qam', 'second');
      const acts = await readActsFromGit(join(repo, '.git'), [KEY, 'sb/2099/1']);
      expect(acts.get('sb/2099/1')).toBeNull();
      expect(acts.get(KEY)?.title).toBe('Zákon o ochraně spotřebitele');
      expect(acts.get(KEY)?.docNumber).toBe('634/1992 Sb.');
      expect(acts.get(KEY)?.body).toContain('30 dnů');
      expect(checkQuestionSet([question()], acts)).toEqual([]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('writeHalves', () => {
  it('puts every question in the half of its act and writes files that load back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'questions-halves-'));
    try {
      const keys = ['sb/2006/262', 'sb/2012/89', 'sb/1992/634', 'sb/2000/361'];
      const questions = keys.map((act, i) => question({ act, q: `Otázka číslo ${i}?` }));
      const pathOf = (h: Half) => join(dir, `question-set.${h}.json`);
      writeHalves(questions, pathOf);
      for (const h of ['tune', 'heldout'] as Half[]) {
        const file = loadQuestionSet(h, pathOf(h));
        expect(file.half).toBe(h);
        expect(file.questions.map((e) => e.act)).toEqual(keys.filter((k) => splitHalf(k) === h).sort());
      }
      expect(readFileSync(pathOf('tune'), 'utf8').endsWith('\n')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the committed set', () => {
  it('has two halves of a fair size, each entry well formed and on the side of its act', () => {
    const halves = (['tune', 'heldout'] as Half[]).map((h) => ({ h, file: loadQuestionSet(h) }));
    for (const { h, file } of halves) {
      expect(file.half).toBe(h);
      expect(file.questions.length).toBeGreaterThanOrEqual(200);
      for (const e of file.questions) {
        expect(questionSchema.safeParse(e).success).toBe(true);
        expect(splitHalf(e.act)).toBe(h);
      }
    }
    const all = halves.flatMap(({ file }) => file.questions);
    expect(all.length).toBeGreaterThanOrEqual(440);
    expect(new Set(all.map((e) => e.act)).size).toBeGreaterThanOrEqual(45);
    expect(crossDuplicates(halves[0].file.questions, halves[1].file.questions)).toEqual([]);
    expect(summarizeHalf(all).typos / all.length).toBeGreaterThan(0.07);
  });
});
