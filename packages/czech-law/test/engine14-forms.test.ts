import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { normalizeSpace, splitUnits } from '../src/consolidation/units';
import { parseProvisions } from '../src/provisions/parse-provisions';
import { lines, pt } from './fixtures/forms';

// Repeal lists and container labels the engine read or applied first in the session of 2026-11-30
// morning (#36, h-engine14), on tiny texts written the way legalize-cz writes them.

/** The text of one unit of a text, whitespace-normalised. */
function unit(text: string, id: string): string | null {
  const u = splitUnits(text, parseProvisions(text)).find((x) => x.id === id);
  return u ? normalizeSpace(u.text) : null;
}

const ids = (text: string): string[] => splitUnits(text, parseProvisions(text)).map((u) => u.id);

describe('mixed repeal lists', () => {
  it('"§ 324 věta prvá" in a list is the first sentence (zákon č. 138/1970 Sb. on zákon č. 109/1964 Sb.)', () => {
    const text = lines('##### § 5', 'Pět.', '##### § 6', 'První věta. Druhá věta.', '##### § 7', 'Sedm.');
    const r = applyAmendment(text, [pt(null, '§ 5, § 6 věta prvá se zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 6', 'Druhá věta.', '##### § 7', 'Sedm.'));
  });

  it('reads a §\'s letter written apart ("§ 24 až 34 e, § 34 f odst. 2, § 34 g až 34 h"; č. 103/1990 Sb. on č. 44/1978 Sb.)', () => {
    const text = lines(
      '##### § 34e',
      'E.',
      '##### § 34f',
      '(1) Jedna.',
      '(2) Dvě.',
      '##### § 34g',
      'G.',
      '##### § 34h',
      'H.',
      '##### § 35',
      'Pět.',
    );
    const r = applyAmendment(text, [pt(null, '§ 34 e, § 34 f odst. 2, § 34 g až 34 h se zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 34f', '(1) Jedna.', '##### § 35', 'Pět.'));
  });

  it('keeps "a" after a § number a conjunction, not a letter', () => {
    const r = parseInstruction('§ 5 a 6 se zrušují.');
    expect(r.operations[0].targets).toEqual([{ id: 'par_5' }, { id: 'par_6' }]);
  });

  it('reads the act\'s own annexes at a list\'s end ("a přílohy č. 1 a 2 k vyhlášce", "a příl. č. 1")', () => {
    expect(parseInstruction('§ 2, § 5 až 7 a přílohy č. 1 a 2 k vyhlášce se zrušují.').operations[0].targets).toEqual([
      { id: 'par_2' },
      { id: 'par_5', through: 'par_7' },
      { id: 'priloha_1' },
      { id: 'priloha_2' },
    ]);
    expect(parseInstruction('§ 3 až 6, 17 a příl. č. 1 se zrušují.').operations[0].targets).toEqual([
      { id: 'par_3', through: 'par_6' },
      { id: 'par_17' },
      { id: 'priloha_1' },
    ]);
    expect(parseInstruction('Příloha č. 20 k nařízení vlády č. 246/1998 Sb. se zrušuje.').operations[0].targets).toEqual([
      { id: 'priloha_20' },
    ]);
  });

  it('takes a container whose units are named in brackets, and a článek after it stays a článek (č. 23/1991 Sb. on č. 100/1960 Sb.)', () => {
    const r = parseInstruction('Články 7 až 9, hlava druhá (čl. 19 až 38) a článek 98 odst. 4 se zrušují.');
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0].targets).toEqual([{ id: 'cl_7', through: 'cl_9' }, { id: 'hlava_2' }, { id: 'cl_98/odst_4' }]);
  });

  it('repeals each unit of a list with the footnotes it names (zákon č. 306/2004 Sb. on zákon č. 53/2002 Sb.)', () => {
    const text = lines(
      '##### § 1',
      'Jedna^1).',
      '##### § 2',
      '(1) Jedna^3).',
      '(2) Dvě.',
      '(3) Tři.',
      '##### § 3',
      'Tři^2).',
      '^1) Zákon č. 1/2000 Sb.',
      '^2) Zákon č. 2/2000 Sb.',
      '^3) Zákon č. 3/2000 Sb.',
    );
    const r = applyAmendment(text, [
      pt(null, '§ 1 včetně poznámky pod čarou č. 1), § 2 odst. 1 a 2 včetně poznámky pod čarou č. 3) se zrušují.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(normalizeSpace(r.text)).toBe(normalizeSpace(lines('##### § 2', '(3) Tři.', '##### § 3', 'Tři^2).', '^2) Zákon č. 2/2000 Sb.')));
  });

  it('"§ 7 včetně nadpisu a § 8 až 10 se vypouštějí" repeals them all (zákon č. 203/1994 Sb. on zákon č. 133/1985 Sb.)', () => {
    const r = parseInstruction('§ 7 včetně nadpisu a § 8 až 10 se vypouštějí.');
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({ kind: 'repeal', targets: [{ id: 'par_7' }, { id: 'par_8', through: 'par_10' }] });
  });

  it('a range of footnotes repealed with a unit takes every footnote between its ends in the text', () => {
    const text = lines(
      '##### § 1',
      'Jedna^8d) a^8da) a^8f).',
      '##### § 2',
      'Dvě^8g).',
      '^8d) Zákon č. 1/2000 Sb.',
      '^8da) Zákon č. 2/2000 Sb.',
      '^8f) Zákon č. 3/2000 Sb.',
      '^8g) Zákon č. 4/2000 Sb.',
    );
    const r = applyAmendment(text, [pt('1', '§ 1 včetně poznámek pod čarou č. 8d) až 8f) se zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 2', 'Dvě^8g).', '^8g) Zákon č. 4/2000 Sb.'));
  });
});

describe('container labels', () => {
  const HLAVY = lines(
    '## ČÁST PRVNÍ',
    '### HLAVA I',
    '#### První',
    '##### § 1',
    'Jedna.',
    '### HLAVA II',
    '#### Druhá',
    '##### § 2',
    'Dvě.',
    '### HLAVA III',
    '#### Třetí',
    '#### Díl 1',
    '#### Obecně',
    '##### § 3',
    'Tři.',
    '### HLAVA IV',
    '#### Čtvrtá',
    '##### § 4',
    'Čtyři.',
  );

  it('"se označení hlavy II včetně nadpisu zrušuje a dosavadní hlavy III a IV se označují jako hlavy II a III" (zákon č. 173/2025 Sb. on zákon č. 300/2013 Sb.)', () => {
    const r = applyAmendment(HLAVY, [
      pt('4', 'V části první se označení hlavy II včetně nadpisu zrušuje a dosavadní hlavy III a IV se označují jako hlavy II a III.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(ids(r.text)).toEqual([
      'cast_1',
      'cast_1/hlava_1',
      'par_1',
      'par_2',
      'cast_1/hlava_2',
      'cast_1/hlava_2/dil_1',
      'par_3',
      'cast_1/hlava_3',
      'par_4',
    ]);
    expect(unit(r.text, 'cast_1/hlava_2')).toBe('### HLAVA II #### Třetí');
    expect(unit(r.text, 'par_1')).toBe('##### § 1 Jedna.');
  });

  it('renumbers a range of hlavy that hold díly: the hlavy only', () => {
    const r = applyAmendment(HLAVY, [pt('1', 'V části první se dosavadní hlavy III a IV označují jako hlavy V a VI.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'cast_1/hlava_5')).toBe('### HLAVA V #### Třetí');
    const range = applyAmendment(HLAVY, [pt('1', 'V části první se dosavadní hlavy II až IV označují jako hlavy V až VII.')]);
    expect(range.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(range.text, 'cast_1/hlava_6')).toBe('### HLAVA VI #### Třetí');
    expect(ids(range.text)).toContain('cast_1/hlava_6/dil_1');
  });

  it('refuses to drop the label of a container that holds containers of its own', () => {
    const r = applyAmendment(HLAVY, [pt('1', 'V části první se označení hlavy III včetně nadpisu zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(HLAVY);
  });

  it('reads a range of labels and a label named "dosavadní" (zákon č. 105/2006 Sb. on zákon č. 262/2004 Sb.)', () => {
    const r = parseInstruction('Označení dosavadní části druhé až čtvrté se včetně nadpisů zrušuje.');
    expect(r.operations[0]).toMatchObject({
      kind: 'renumber',
      withHeading: true,
      renumber: [
        { from: 'cast_2', to: '' },
        { from: 'cast_3', to: '' },
        { from: 'cast_4', to: '' },
      ],
    });
    expect(parseInstruction('V části první se označení hlav III až V a VII včetně nadpisů zrušují.').operations[0].renumber).toEqual([
      { from: 'cast_1/hlava_3', to: '' },
      { from: 'cast_1/hlava_4', to: '' },
      { from: 'cast_1/hlava_5', to: '' },
      { from: 'cast_1/hlava_7', to: '' },
    ]);
    expect(parseInstruction('V § 5 se označení odstavce 1 včetně nadpisu zrušuje.').unsupported).toHaveLength(1);
  });

  it("drops an oddíl's label and renumbers the oddíly written in words, in the masculine (zákon č. 303/2013 Sb. on zákon č. 358/1992 Sb.)", () => {
    const text = lines(
      '## ČÁST ŠESTÁ',
      '#### ODDÍL PRVNÍ',
      '#### A',
      '##### § 1',
      'Jedna.',
      '#### ODDÍL DRUHÝ',
      '#### B',
      '##### § 2',
      'Dvě.',
      '#### ODDÍL TŘETÍ',
      '#### C',
      '##### § 3',
      'Tři.',
    );
    const r = applyAmendment(text, [
      pt('52', 'V části šesté se označení oddílu druhého včetně nadpisu zrušuje.\n\nDosavadní oddíl třetí se označuje jako oddíl druhý.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines(
        '## ČÁST ŠESTÁ',
        '#### ODDÍL PRVNÍ',
        '#### A',
        '##### § 1',
        'Jedna.',
        '##### § 2',
        'Dvě.',
        '#### ODDÍL DRUHÝ',
        '#### C',
        '##### § 3',
        'Tři.',
      ),
    );
  });

  it('reads containers named by ordinals in the genitive and locative ("oddíl druhý až oddíl sedmý", "dílu druhém", "nadpis dílu třetího")', () => {
    const r = parseInstruction(
      'V hlavě desáté dílu druhém se oddíl druhý až oddíl sedmý včetně nadpisů a poznámek pod čarou č. 8d) až 8z) zrušují.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({
      kind: 'repeal',
      targets: [{ id: 'hlava_10/dil_2/oddil_2', through: 'hlava_10/dil_2/oddil_7' }],
      footnotes: ['fn_8d..fn_8z'],
    });
    const h = parseInstruction('V hlavě třinácté nadpis dílu třetího zní: „ZAPLACENÍ CLA“.');
    expect(h.operations[0]).toMatchObject({ kind: 'new_wording', targets: [{ id: 'hlava_13/dil_3', part: 'heading' }] });
  });
});

describe('guards', () => {
  it('refuses "V příloze č. 4 k nařízení vlády zní:" (the unit that reads left out; nařízení vlády č. 369/2010 Sb.)', () => {
    const r = parseInstruction('V příloze č. 4 k nařízení vlády zní:\n\n„2. Text.“.');
    expect(r.operations).toEqual([]);
    expect(r.unsupported).toHaveLength(1);
    expect(parseInstruction('V § 5 odstavec 2 zní:\n\n„(2) Text.“.').operations[0]).toMatchObject({ targets: [{ id: 'par_5/odst_2' }] });
  });

  it("a first sentence's new wording written with the odstavec's number keeps the number once (vyhláška č. 122/1974 Sb. on vyhláška č. 52/1964 Sb.)", () => {
    const text = lines('##### § 10', '(1) Stará věta. Druhá věta.', '(2) Dvě.');
    const r = applyAmendment(text, [pt('6', '§ 10 odst. 1 věta prvá zní:\n\n„(1) Nová věta.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 10', '(1) Nová věta. Druhá věta.', '(2) Dvě.'));
  });
});
