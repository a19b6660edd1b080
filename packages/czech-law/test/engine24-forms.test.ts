import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Repeal lists and renumberings of ranges read first in the session of 2026-11-30 late night (#36,
// h-engine24), on tiny texts written the way legalize-cz writes them.

const applied = (text: string, point: string) => {
  const r = applyAmendment(text, [pt('1', point)]);
  expect(r.points.map((p) => [p.status, p.detail])).toEqual([['applied', undefined]]);
  return r.text;
};

describe('písmena past z renumbered', () => {
  const list = (keys: string[]) => lines('##### § 2', 'Pojmy:', ...keys.map((k) => `- ${k}) pojem ${k},`), '##### § 3', 'Text.');
  const az = 'abcdefghijklmnopqrstuvwxyz'.split('');

  it('as aa), ab), ac) (zákon č. 258/2014 Sb. on zákon č. 127/2005 Sb.)', () => {
    const before = [...az, 'aa', 'ab', 'ac'];
    const point = pt('1', 'V § 2 se písmeno e) zrušuje. Dosavadní písmena f) až ac) se označují jako písmena e) až ab).');
    expect(parseInstruction(point).unsupported).toEqual([]);
    const r = applyAmendment(list(before), [point]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    const olds = before.filter((k) => k !== 'e');
    const keys = [...az, 'aa', 'ab'];
    expect(r.text).toBe(lines('##### § 2', 'Pojmy:', ...keys.map((k, i) => `- ${k}) pojem ${olds[i]},`), '##### § 3', 'Text.'));
  });

  it('as aa), bb), cc) (vyhláška č. 389/2012 Sb. on vyhláška č. 307/2002 Sb.)', () => {
    const before = [...az, 'aa', 'bb', 'cc'];
    const r = applyAmendment(list(before), [
      pt('1', 'V § 2 se písmeno b) zrušuje. Dosavadní písmena c) až cc) se označují jako písmena b) až bb).'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    const olds = before.filter((k) => k !== 'b');
    const keys = [...az, 'aa', 'bb'];
    expect(r.text).toBe(lines('##### § 2', 'Pojmy:', ...keys.map((k, i) => `- ${k}) pojem ${olds[i]},`), '##### § 3', 'Text.'));
  });

  it('refuses a renumbering whose two ranges differ in length in every sequence', () => {
    const p = parseInstruction('Dosavadní písmena l) až r) se označují jako písmena k) až m).');
    expect(p.operations).toEqual([]);
    expect(p.unsupported[0].reason).toBe('renumbering lists of different lengths');
  });
});

describe('a range of §§ repealed with the heading above the first (vyhláška č. 30/1993 Sb., bod 6, on vyhláška č. 143/1965 Sb.)', () => {
  const text = lines(
    '# Vyhláška',
    '##### § 4',
    'Čtyři.',
    '#### Stanovení nemocenského',
    '##### § 5',
    'Pět.',
    '##### § 6',
    'Šest.',
    '#### Pracovní úraz',
    '##### § 7',
    'Sedm.',
  );

  it('takes the heading and the §§ out', () => {
    expect(applied(text, '§ 5 a 6 včetně nadpisu nad § 5 se vypouštějí.')).toBe(
      lines('# Vyhláška', '##### § 4', 'Čtyři.', '#### Pracovní úraz', '##### § 7', 'Sedm.'),
    );
  });

  it('with a footnote, after "V zákoně se"', () => {
    const notes = lines(
      '# Zákon',
      '##### § 4',
      'Čtyři.',
      '#### Nadpis',
      '##### § 5',
      'Pět.^2)',
      '##### § 6',
      'Šest.',
      '##### § 7',
      'Sedm.',
      '^2) Zákon č. 1/1990 Sb.',
    );
    expect(applied(notes, 'V zákoně se § 5 až 6 včetně nadpisu nad § 5 a poznámky pod čarou č. 2 zrušují.')).toBe(
      `${lines('# Zákon', '##### § 4', 'Čtyři.', '##### § 7', 'Sedm.')}\n`,
    );
  });

  it('refuses the heading above a § that is not the first named', () => {
    const p = parseInstruction('§ 5 a 6 včetně nadpisu nad § 7 se vypouštějí.');
    expect(p.operations).toEqual([]);
    expect(p.unsupported[0].reason).toBe('včetně with a unit');
  });
});

describe('§§ repealed with the labels and headings of the hlavy that held them (zákon č. 113/1990 Sb., bod 45, on zákon č. 42/1980 Sb.)', () => {
  const text = lines(
    '# Zákon',
    '## ČÁST II',
    '#### ČINNOST',
    '### HLAVA 1',
    '#### ZÁKLADNÍ',
    '##### § 1',
    'Jedna.',
    '### HLAVA 2',
    '#### SPOLUPRÁCE',
    '##### § 2',
    'Dva.',
    '### HLAVA 3',
    '#### PRÁVA',
    '##### § 3',
    'Tři.',
    '## ČÁST III',
    '#### ZASTUPITELSTVÍ',
    '##### § 4',
    'Čtyři.',
  );

  it('takes the §§ and the hlavy out', () => {
    expect(applied(text, '§ 2 až 3 včetně nadpisů hlavy 2 a 3 části II se vypouštějí.')).toBe(
      lines(
        '# Zákon',
        '## ČÁST II',
        '#### ČINNOST',
        '### HLAVA 1',
        '#### ZÁKLADNÍ',
        '##### § 1',
        'Jedna.',
        '## ČÁST III',
        '#### ZASTUPITELSTVÍ',
        '##### § 4',
        'Čtyři.',
      ),
    );
  });
});

describe('a repeal list with footnotes written with their carets and annexes (zákon č. 100/2001 Sb. on zákon č. 17/1992 Sb.)', () => {
  it('reads the footnotes and the annexes', () => {
    const p = parseInstruction('V zákoně se § 20 až 26 včetně nadpisů a poznámek pod čarou č. ^2) a ^3) a přílohy č. 1 až 4 zrušují.');
    expect(p.unsupported).toEqual([]);
    expect(p.operations).toEqual([
      expect.objectContaining({
        kind: 'repeal',
        targets: [
          { id: 'par_20', through: 'par_26' },
          { id: 'priloha_1', through: 'priloha_4' },
        ],
        footnotes: ['fn_2', 'fn_3'],
        withHeading: true,
      }),
    ]);
  });
});

describe('the first sentences of an odstavec by their count, in a repeal list (vyhláška č. 296/2001 Sb. on vyhláška č. 103/1963 Sb.)', () => {
  const text = lines(
    '# Vyhláška',
    '##### § 1',
    'Jedna.',
    '##### § 2',
    '(1) První. Druhá. Třetí. Čtvrtá. Pátá.',
    '(2) Odstavec.',
    '##### § 3',
    'Tři.',
    '##### § 4',
    'Čtyři.',
  );

  it('takes the sentences of a list with other units out from the last', () => {
    expect(applied(text, '§ 1, § 2 odst. 1 věty první a druhá a odstavec 2 a § 3 se zrušují.')).toBe(
      lines('# Vyhláška', '##### § 2', '(1) Třetí. Čtvrtá. Pátá.', '##### § 4', 'Čtyři.'),
    );
  });

  it('takes the sentences out from the last', () => {
    expect(applied(text, 'Ve vyhlášce se § 1, v § 2 odst. 1 prvé čtyři věty a odstavec 2, § 3 zrušují.')).toBe(
      lines('# Vyhláška', '##### § 2', '(1) Pátá.', '##### § 4', 'Čtyři.'),
    );
  });
});

describe('numbered points of an article named with "č." (zákon SNR č. 159/1971 Sb. on zákon SNR č. 131/1970 Sb.)', () => {
  const text = lines(
    '# Zákon',
    '##### Článek 1',
    'Jedna.',
    '##### Článek 2',
    'Zákon č. 69/1967 Sb. se mění takto:',
    '- 1. § 27 se zrušuje.',
    '- 2. § 57 se zrušuje.',
    '- 3. § 30 se zrušuje.',
    '##### Článek 3',
    'Tři.',
  );

  it('reads them as body and takes them out', () => {
    const point = 'Čl. 1, čl. 2 č. 1 a 2 a čl. 3 se zrušují.';
    expect(parseInstruction(point).operations[0].targets.map((t) => t.id)).toEqual(['cl_1', 'cl_2/bod_1', 'cl_2/bod_2', 'cl_3']);
    expect(applied(text, point)).toBe(
      `${lines('# Zákon', '##### Článek 2', 'Zákon č. 69/1967 Sb. se mění takto:', '- 3. § 30 se zrušuje.')}\n`,
    );
  });

  it('leaves "č." of an act alone', () => {
    expect(parseInstruction('V čl. 2 se slova „zákona č. 5/1990 Sb.“ zrušují.').operations[0].targets).toEqual([{ id: 'cl_2' }]);
  });
});

describe('footnotes renumbered with their references named elsewhere in the sentence', () => {
  const text = lines('##### § 1', 'Text.^1) Dál.^2)', '##### § 2', 'Jiný.^2)', '^1) Zákon č. 1/1990 Sb.', '^2) Zákon č. 2/1990 Sb.');
  const after = lines('##### § 1', 'Text.^2) Dál.^3)', '##### § 2', 'Jiný.^3)', '^2) Zákon č. 1/1990 Sb.', '^3) Zákon č. 2/1990 Sb.');

  it.each([
    // zákon č. 137/2002 Sb. on zákon č. 505/1990 Sb.
    'Dosavadní poznámky pod čarou č. 1) a 2), včetně odkazů na ně, se označují jako poznámky pod čarou č. 2) a 3).',
    // vyhláška č. 425/2004 Sb. on vyhláška č. 213/2001 Sb.
    'Dosavadní poznámky pod čarou č. 1 až 2 se označují včetně odkazů na ně jako poznámky pod čarou č. 2 až 3.',
    // zákon č. 539/2004 Sb. on zákon č. 329/1999 Sb.
    'Dosavadní poznámky pod čarou č. 1) a 2) se označují jako poznámky pod čarou č. 2) a 3), a to včetně odkazů v textu na ně.',
    // nařízení vlády č. 352/2000 Sb. on vyhláška č. 48/1982 Sb.
    'Dosavadní poznámky pod čarou č. 1) až 2) se označují jako poznámky pod čarou č. 2) až 3), a to včetně odkazů na tyto poznámky.',
  ])('%s', (sentence) => {
    expect(applied(text, sentence)).toBe(after);
  });
});

describe('a renumbering in the future tense or misspelt', () => {
  it.each([
    // zákon č. 113/1990 Sb., bod 7, on zákon č. 42/1980 Sb.
    'V § 6 se vypouští odstavec 3. Dosavadní odstavce 4 a 5 se označí jako odstavce 3 a 4.',
    // vyhláška č. 311/2009 Sb. on vyhláška č. 31/1995 Sb. ("označuji")
    'V § 6 se vypouští odstavec 3. Dosavadní odstavce 4 a 5 se označuji jako odstavce 3 a 4.',
  ])('%s', (point) => {
    const text = lines('##### § 6', '(1) Jedna.', '(2) Dva.', '(3) Tři.', '(4) Čtyři.', '(5) Pět.', '##### § 7', 'Sedm.');
    expect(applied(text, point)).toBe(lines('##### § 6', '(1) Jedna.', '(2) Dva.', '(3) Čtyři.', '(4) Pět.', '##### § 7', 'Sedm.'));
  });
});

describe('a repeal list with the heading of its first § and a comma after it (zákon č. 203/1994 Sb., bod 151, on zákon č. 133/1985 Sb.)', () => {
  it('takes the §§ out', () => {
    const text = lines(
      '# Zákon',
      '##### § 97',
      'A.',
      '##### § 98',
      '#### Nadpis',
      'B.',
      '##### § 99',
      'C.',
      '##### § 100',
      'D.',
      '##### § 101',
      'E.',
    );
    expect(applied(text, '§ 98 včetně nadpisu, § 99 a 100 se vypouštějí.')).toBe(lines('# Zákon', '##### § 97', 'A.', '##### § 101', 'E.'));
  });
});

describe('a shared heading above a § repealed', () => {
  const text = lines('# Vyhláška', '##### § 8', 'Osm.', '#### Společná ustanovení', '##### § 9', 'Devět.', '##### § 10', 'Deset.');

  it.each([
    // zákon č. 12/2020 Sb. on zákon č. 365/2000 Sb.
    'Společný nadpis nad § 9 se zrušuje.',
    // zákon č. 214/2007 Sb. on zákon č. 91/1996 Sb.
    'Skupinový nadpis nad § 9 se zrušuje.',
  ])('%s', (point) => {
    expect(applied(text, point)).toBe(lines('# Vyhláška', '##### § 8', 'Osm.', '##### § 9', 'Devět.', '##### § 10', 'Deset.'));
  });

  it('with the §§ under it (vyhláška č. 156/2023 Sb. on vyhláška č. 31/1995 Sb.)', () => {
    expect(applied(text, '§ 9 až 10 se včetně nadpisů a společného nadpisu nad § 9 zrušují.')).toBe(
      `${lines('# Vyhláška', '##### § 8', 'Osm.')}\n`,
    );
  });
});
