import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms read first in the session of 2026-11-30 afternoon (#36, h-engine20), on tiny texts written
// the way legalize-cz writes them.

describe('"se na konci připojuje čárka a slovo „nebo“ a odstavec se doplňuje písmenem c)"', () => {
  // zákon č. 175/1990 Sb., bod 103, on zákon č. 140/1961 Sb. (§ 279 odst. 2); the source's text after
  // ends písmeno b) with ", nebo" where its full stop was.
  const point = pt(
    '103',
    'V § 279 odst. 2 se v ustanovení písmene a) vypouští slovo „nebo“, v ustanovení písmene b) se na konci připojuje čárka a slovo „nebo“ a odstavec se doplňuje písmenem c), které zní:\n\n- „c) spáchá-li takový čin se zbraní nebo nejméně se dvěma osobami.“.',
  );
  const text = lines(
    '##### § 279',
    '#### Násilí vůči nadřízenému',
    '(1) Kdo užije násilí.',
    '(2) Odnětím svobody bude pachatel potrestán,',
    '- a) pokusí-li se činem uvedeným v odstavci 1 způsobit těžkou újmu na zdraví, nebo',
    '- b) způsobí-li takovým činem těžkou újmu na zdraví.',
    '(3) Tři.',
  );

  it('reads the mark and the word as one addition and the bare "odstavec" as the odstavec above the písmeno', () => {
    expect(parseInstruction(point).operations).toMatchObject([
      { kind: 'replace_words', targets: [{ id: 'par_279/odst_2/pism_a' }], old: 'nebo', new: '' },
      { kind: 'append_words', targets: [{ id: 'par_279/odst_2/pism_b' }], new: ', nebo', position: 'end' },
      { kind: 'append', targets: [{ id: 'par_279/odst_2' }], newIds: ['par_279/odst_2/pism_c'] },
    ]);
  });

  it("puts the comma and the conjunction in the last písmeno's full stop's place", () => {
    const r = applyAmendment(text, [point]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(
      lines(
        '##### § 279',
        '#### Násilí vůči nadřízenému',
        '(1) Kdo užije násilí.',
        '(2) Odnětím svobody bude pachatel potrestán,',
        '- a) pokusí-li se činem uvedeným v odstavci 1 způsobit těžkou újmu na zdraví,',
        '- b) způsobí-li takovým činem těžkou újmu na zdraví, nebo',
        '- c) spáchá-li takový čin se zbraní nebo nejméně se dvěma osobami.',
        '(3) Tři.',
      ),
    );
  });

  it('keeps the full stop of an abbreviation that ends the písmeno', () => {
    const r = applyAmendment(lines('##### § 2', '(1) Kdo', '- a) A,', '- b) podle zákona č. 1/1990 Sb.'), [
      pt('1', 'V § 2 odst. 1 písm. b) se na konci připojuje čárka a slovo „nebo“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(lines('##### § 2', '(1) Kdo', '- a) A,', '- b) podle zákona č. 1/1990 Sb., nebo'));
  });

  it('leaves "odstavec" without a clause before it to the forms read before', () => {
    expect(parseInstruction('V § 5 odst. 1 se odstavec doplňuje písmenem c), které zní: „c) C.“.').unsupported.length).toBe(1);
  });
});

describe('"Za § 279 se vkládají nové § 279a a 279b, které včetně společného nadpisu znějí:"', () => {
  // zákon č. 175/1990 Sb., bod 104, on zákon č. 140/1961 Sb.: the source writes the shared heading
  // above § 279a, as the act prints it.
  const point = pt(
    '104',
    'Za § 279 se vkládají nové § 279a a 279b, které včetně společného nadpisu znějí:\n\n#### „Porušování práv vojáků\n\n##### § 279a\n\nKdo vojáka nutí.\n\n##### § 279b\n\nKdo podřízeného nutí.“.',
  );
  const text = lines('##### § 279', '#### Násilí', 'Kdo užije násilí.', '##### § 280', '#### Jiný', 'Text.');

  it('puts the §§ in with the heading line above the first', () => {
    const r = applyAmendment(text, [point]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_279a', 'par_279b'] });
    expect(r.text).toBe(
      lines(
        '##### § 279',
        '#### Násilí',
        'Kdo užije násilí.',
        '#### Porušování práv vojáků',
        '##### § 279a',
        'Kdo vojáka nutí.',
        '##### § 279b',
        'Kdo podřízeného nutí.',
        '##### § 280',
        '#### Jiný',
        'Text.',
      ),
    );
  });

  it('refuses it where the new text has no heading above its first §', () => {
    const r = parseInstruction(
      'Za § 279 se vkládají nové § 279a a 279b, které včetně společného nadpisu znějí:\n\n##### „§ 279a\n\nKdo vojáka nutí.\n\n##### § 279b\n\nKdo podřízeného nutí.“.',
    );
    expect(r.unsupported[0]?.reason).toBe('"včetně společného nadpisu" in an insertion');
  });
});

describe('Slovak wordings of the Slovak National Council acts (1990–1992)', () => {
  it('"sa za slová „A“ dáva čiarka a vkladajú slová „B“" puts the comma and the words after A', () => {
    // zákon SNR č. 524/1990 Sb., bod 12, on zákon SNR č. 372/1990 Sb. (§ 49 odst. 1 písm. c); the source so).
    const text = lines(
      '##### § 49',
      '(1) Priestupku sa dopustí ten, kto',
      '- c) uvedie údaj pred štátnym orgánom alebo pred organizáciou.',
    );
    const r = applyAmendment(text, [
      pt('12', 'V § 49 ods. 1 písm. c) sa za slová „štátnym orgánom“ dáva čiarka a vkladajú slová „pred orgánom obce“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(
      lines(
        '##### § 49',
        '(1) Priestupku sa dopustí ten, kto',
        '- c) uvedie údaj pred štátnym orgánom, pred orgánom obce alebo pred organizáciou.',
      ),
    );
  });

  it('"sa za slovom „A“ nahrádza spojka „a“ čiarkou" replaces the conjunction after A', () => {
    // zákon SNR č. 136/1992 Sb., bod 13, on zákon SNR č. 84/1991 Sb. (§ 2 odst. 4; the source so).
    const text = lines('##### § 2', '(4) Sídla daňových úradov a daňových riaditeľstiev ustanoví ministerstvo.');
    const r = applyAmendment(text, [
      pt(
        '13',
        'V § 2 ods. 4 sa za slovom „úradov“ nahrádza spojka „a“ čiarkou a za slovo „riaditeľstiev“ sa vkladajú slová „a správ finančnej kontroly“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(
      lines('##### § 2', '(4) Sídla daňových úradov, daňových riaditeľstiev a správ finančnej kontroly ustanoví ministerstvo.'),
    );
  });

  it('reads "dopĺňa o odsek", "písmenami", "vrátane nadpisov" and "V prílohe"; leaves "včítane" unread', () => {
    expect(parseInstruction('§ 3 sa dopĺňa o odsek 4, ktorý znie:\n\n„(4) Text.“.').operations).toMatchObject([
      { kind: 'append', targets: [{ id: 'par_3' }], newIds: ['par_3/odst_4'] },
    ]);
    expect(parseInstruction('§ 4 ods. 1 sa dopĺňa písmenami e) a f), ktoré znejú:\n\n- „e) E,\n\n- f) F.“.').operations).toMatchObject([
      { kind: 'append', targets: [{ id: 'par_4/odst_1' }], newIds: ['par_4/odst_1/pism_e', 'par_4/odst_1/pism_f'] },
    ]);
    expect(
      parseInstruction(
        'Za § 48 sa vkladajú nové § 48a a 48b, ktoré vrátane nadpisov znejú:\n\n##### „§ 48a\n\n#### A\n\nText.\n\n##### § 48b\n\n#### B\n\nText.“.',
      ).operations,
    ).toMatchObject([{ kind: 'insert', targets: [{ id: 'par_48' }], newIds: ['par_48a', 'par_48b'], withHeading: true }]);
    // "včítane" is left unread: the source edits the §§ such points put in (docs/DECISIONS.md, h-engine20).
    expect(parseInstruction('§ 6 včítane nadpisu znie:\n\n##### „§ 6\n\n#### Pôsobnosť\n\nText.“.').unsupported.length).toBe(1);
    expect(parseInstruction('V prílohe č. 2 sa slovo „A“ nahrádza slovom „B“.').operations).toMatchObject([
      { kind: 'replace_words', targets: [{ id: 'priloha_2' }], old: 'A', new: 'B' },
    ]);
  });
});

describe('"včetně společného nadpisu" in a new wording and a repeal of several §§', () => {
  // zákon č. 175/1990 Sb., body 31 and 62, on zákon č. 140/1961 Sb.: the heading the §§ share stands
  // above the first of them.
  const text = lines(
    '##### § 186',
    'Sto.',
    '#### Starý společný',
    '##### § 187',
    '(1) Staré.',
    '##### § 188',
    'Staré 188.',
    '##### § 189',
    '#### Jiný',
    'Text.',
  );

  it('gives the §§ their new wording with the shared heading', () => {
    const r = applyAmendment(text, [
      pt(
        '62',
        '§ 187 a 188 včetně společného nadpisu znějí:\n\n#### „Nový společný\n\n##### § 187\n\n(1) Nové.\n\n##### § 188\n\nNové 188.“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(
      lines(
        '##### § 186',
        'Sto.',
        '#### Nový společný',
        '##### § 187',
        '(1) Nové.',
        '##### § 188',
        'Nové 188.',
        '##### § 189',
        '#### Jiný',
        'Text.',
      ),
    );
  });

  it('repeals the §§ with the shared heading', () => {
    const r = applyAmendment(text, [pt('31', '§ 187 a 188 včetně společného nadpisu se vypouštějí.')]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(lines('##### § 186', 'Sto.', '##### § 189', '#### Jiný', 'Text.'));
  });

  it('refuses it for one §', () => {
    expect(parseInstruction('§ 187 včetně společného nadpisu se vypouští.').unsupported[0]?.reason).toBe(
      '"včetně společného nadpisu" before zrušuje',
    );
  });
});

describe('"se odkazy na poznámky pod čarou č. 3f a 3r zrušují"', () => {
  it("takes each footnote's marks out of the place (zákon č. 120/2008 Sb., bod 36, on zákon č. 110/1997 Sb.)", () => {
    const r = applyAmendment(
      lines('##### § 4', '(3) Podle předpisu^3f) a podle nařízení^3r) a dále^3f).', '^3f) Předpis.', '^3r) Nařízení.'),
      [pt('36', 'V § 4 odst. 3 se odkazy na poznámky pod čarou č. 3f a 3r zrušují.')],
    );
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(lines('##### § 4', '(3) Podle předpisu a podle nařízení a dále.', '^3f) Předpis.', '^3r) Nařízení.'));
  });
});

describe('the full stop that ends a list or a sentence', () => {
  it('words added after "… Sb." end with a full stop of their own (nařízení vlády č. 63/2016 Sb., bod 57, on nařízení vlády č. 75/2015 Sb.)', () => {
    const r = applyAmendment(lines('##### § 21', '(4) Půda podle nařízení vlády č. 307/2014 Sb.', '(5) Pět.'), [
      pt('57', 'V § 21 se na konci textu odstavce 4 doplňují slova „, na které žadatel hodlá založit biopás“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(
      lines('##### § 21', '(4) Půda podle nařízení vlády č. 307/2014 Sb., na které žadatel hodlá založit biopás.', '(5) Pět.'),
    );
  });

  it('the last bod repealed gives its full stop to the bod whose "a" the act took out (zákon č. 229/2016 Sb., bod 14, on zákon č. 119/2002 Sb.)', () => {
    const text = lines(
      '##### § 4',
      'Doplňky zbraní jsou',
      '- 1. tlumiče hluku výstřelu,',
      '- 2. zaměřovače noktovizorů a',
      '- 3. laserové zaměřovače.',
    );
    const r = applyAmendment(text, [
      pt('14', 'V § 4 se na konci bodu 1 čárka nahrazuje slovem „a“, na konci bodu 2 se slovo „a“ zrušuje a bod 3 se zrušuje.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(lines('##### § 4', 'Doplňky zbraní jsou', '- 1. tlumiče hluku výstřelu a', '- 2. zaměřovače noktovizorů.'));
  });
});
