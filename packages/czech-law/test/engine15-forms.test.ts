import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms the engine read or applied first in the session of 2026-11-30 morning (#36, h-engine15),
// on tiny texts written the way legalize-cz writes them.

describe('a renumbering with the new wording of the renumbered unit', () => {
  it('"V § 9 se dosavadní odstavec 6 označuje jako odstavec 7 a zní:" words odstavec 7, not the whole §', () => {
    const s = 'V § 9 se dosavadní odstavec 6 označuje jako odstavec 7 a zní:\n\n„(7) Nový sedm.“';
    const r = parseInstruction(s);
    expect(r.unsupported).toEqual([]);
    expect(r.operations.map((o) => [o.kind, o.targets])).toEqual([
      ['renumber', [{ id: 'par_9/odst_6' }]],
      ['new_wording', [{ id: 'par_9/odst_7' }]],
    ]);
    const text = lines('##### § 9', '(1) Jedna.', '(6) Šest.', '##### § 10', 'Deset.');
    const a = applyAmendment(text, [pt('1', s)]);
    expect(a.points[0]).toMatchObject({ status: 'applied' });
    expect(a.text).toBe(lines('##### § 9', '(1) Jedna.', '(7) Nový sedm.', '##### § 10', 'Deset.'));
  });
});

describe('"v nadpise … a v textu …" of one §', () => {
  it('adds words to the heading, then edits the § less its heading (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.)', () => {
    const text = lines('##### § 9', '#### Nadpis', '(1) Jedna dvě.', '(2) Tři.', '##### § 10', 'Deset.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 9 se v nadpise připojují slova „a jiné“ a v textu se za slova „dvě“ vkládají slova „nebo tři“; na konci se připojují slova „a víc“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 9', '#### Nadpis a jiné', '(1) Jedna dvě nebo tři.', '(2) Tři a víc.', '##### § 10', 'Deset.'));
  });

  it('reads "v nadpisu se připojují slova" as words added at the heading\'s end', () => {
    expect(parseInstruction('V § 9 se v nadpisu připojují slova „a jiné“.').operations).toMatchObject([
      { kind: 'append_words', targets: [{ id: 'par_9', part: 'heading' }], new: 'a jiné', position: 'end' },
    ]);
  });
});

describe('words, footnote marks and letters of zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.', () => {
  it('"za slovem „život“ vypouštějí slova „pracujícího člověka“" drops the words only where they follow', () => {
    const text = lines('##### § 23', '(1) Chrání život pracujícího člověka i zdraví pracujícího člověka.');
    const r = applyAmendment(text, [pt('1', 'V § 23 odst. 1 se za slovem „život“ vypouštějí slova „pracujícího člověka“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 23', '(1) Chrání život i zdraví pracujícího člověka.'));
  });

  it('adds words to the heading §§ share, written above the first of them', () => {
    const text = lines('##### § 179', 'Jedna.', '#### Ohrožení letadla', '##### § 180a', 'Dvě.', '##### § 180b', 'Tři.');
    const r = applyAmendment(text, [
      pt('1', 'Ke společnému nadpisu nad § 180a a 180b se na konci připojují slova „a civilního plavidla“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines('##### § 179', 'Jedna.', '#### Ohrožení letadla a civilního plavidla', '##### § 180a', 'Dvě.', '##### § 180b', 'Tři.'),
    );
  });

  it('reads "Dosavadní ustanovení pod písmeny c) až i) se označují jako b) až ch)" as písmena', () => {
    const r = parseInstruction('Dosavadní ustanovení pod písmeny c) až e) se označují jako b) až d).');
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({
      kind: 'renumber',
      renumber: [
        { from: 'pism_c', to: 'pism_b' },
        { from: 'pism_d', to: 'pism_c' },
        { from: 'pism_e', to: 'pism_d' },
      ],
    });
  });
});

describe('footnote marks', () => {
  it('replaces a mark and repeals the footnote it named', () => {
    const r = parseInstruction(
      'V § 5 odst. 2 se odkaz na poznámku pod čarou č. 3 nahrazuje odkazem na poznámku pod čarou č. 4 a poznámka pod čarou č. 3 se zrušuje.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.operations).toMatchObject([
      { kind: 'replace_words', targets: [{ id: 'par_5/odst_2' }], old: '^3)', new: '^4)' },
      { kind: 'repeal', targets: [{ id: 'fn_3' }] },
    ]);
  });

  it('refuses when the footnote repealed is not the one whose mark was replaced', () => {
    const r = parseInstruction(
      'V § 5 odst. 2 se odkaz na poznámku pod čarou č. 3 nahrazuje odkazem na poznámku pod čarou č. 4 a poznámka pod čarou č. 5 se zrušuje.',
    );
    expect(r.operations).toEqual([]);
    expect(r.unsupported).toHaveLength(1);
  });

  it('reads "se vypouští odkaz na poznámku pod čarou č. 3)" with the verb first', () => {
    expect(parseInstruction('V § 5 odst. 2 písm. a) a b) se vypouští odkaz na poznámku pod čarou č. 3).').operations).toMatchObject([
      { kind: 'replace_words', targets: [{ id: 'par_5/odst_2/pism_a' }, { id: 'par_5/odst_2/pism_b' }], old: '^3)', new: '' },
    ]);
  });
});

describe('a renumbering "včetně odkazů na tato písmena"', () => {
  it('renumbers the references too', () => {
    const r = parseInstruction('Dosavadní písmena c) až f) se označují jako písmena b) až e), včetně odkazů na tato písmena.');
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({ kind: 'renumber', withReferences: true });
  });
});

describe('a heading below a § label, and words replaced in §§ renumbered', () => {
  it('"Pod označení § 295 se vkládá nadpis „…“" with the heading\'s mark or none (zákon č. 557/1991 Sb. on zákon č. 140/1961 Sb.)', () => {
    const text = lines('##### § 294', '#### Zběhnutí', 'Jedna.', '##### § 295', 'Dvě.');
    for (const s of [
      'Pod označení § 295 se vkládá nadpis\n\n#### „Svémocné vzdálení“.',
      'Pod označení § 295 se vkládá nadpis „Svémocné vzdálení“.',
    ]) {
      const r = applyAmendment(text, [pt('1', s)]);
      expect(r.points[0]).toMatchObject({ status: 'applied' });
      expect(r.text).toBe(lines('##### § 294', '#### Zběhnutí', 'Jedna.', '##### § 295', '#### Svémocné vzdálení', 'Dvě.'));
    }
  });

  it('"§ 101 až 102 se označují jako § 60a až 60b a slova „…“ se v nich nahrazují slovy „…“" (zákon č. 297/1990 Sb. on zákon č. 194/1988 Sb.)', () => {
    const s = '§ 101 až 102 se označují jako § 60a až 60b a slova „cenový úřad“ se v nich nahrazují slovy „ministerstvo“.';
    const text = lines('##### § 100', 'Sto.', '##### § 101', 'Jedna, cenový úřad.', '##### § 102', 'Dvě, cenový úřad.');
    const r = applyAmendment(text, [pt('1', s)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 100', 'Sto.', '##### § 60a', 'Jedna, ministerstvo.', '##### § 60b', 'Dvě, ministerstvo.'));
  });
});

describe('the last sentence of a unit that holds a list', () => {
  it('is refused, not taken from the text before the list (zákon č. 289/2025 Sb. on zákon č. 592/1992 Sb.)', () => {
    const text = lines('##### § 3', '(8) Základ neplatí pro osobu:', '- a) první,', '- b) druhou. Základem je příjem.', '(9) Devět.');
    const r = applyAmendment(text, [pt('1', 'V § 3 odst. 8 se věta poslední zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(text);
  });
});
