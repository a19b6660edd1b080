import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms the engine read or applied first in the session of 2026-11-29 late (#36, h-engine9), on
// tiny texts written the way legalize-cz writes them.

describe('a heading repealed (zákon č. 290/1993 Sb., bod 51, on zákon č. 140/1961 Sb.)', () => {
  it('takes the heading above the label out, the § stays', () => {
    const text = lines('# Zákon', '##### § 145', 'Text.', '#### Ohrožení devizového hospodářství', '##### § 146', 'Kdo způsobí škodu.');
    const r = applyAmendment(text, [pt('51', 'Nadpis nad § 146 se vypouští.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 145', 'Text.', '##### § 146', 'Kdo způsobí škodu.'));
  });

  it('leaves a heading below the label where the act names one above it (zákon č. 451/2016 Sb., bod 50, on zákon č. 61/1988 Sb.)', () => {
    const text = lines('# Zákon', '##### § 44', '#### Přestupky', '(1) Text.');
    const r = applyAmendment(text, [pt('50', 'Nadpis nad § 44 se zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
    expect(r.text).toBe(text);
  });

  it('takes a heading below the label out', () => {
    const text = lines('# Zákon', '##### § 5', '#### Nadpis', '(1) Text.', '##### § 6', 'Dva.');
    const r = applyAmendment(text, [pt('1', 'Nadpis § 5 se zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 5', '(1) Text.', '##### § 6', 'Dva.'));
  });
});

describe('parts of an odstavec repealed', () => {
  const text = lines(
    '# Zákon',
    '##### § 28',
    '(1) Držitel smí zbraň nosit; jen na střelnici.',
    '(2) Držitel je oprávněn',
    '- a) nabývat zbraně,',
    '- b) nosit střelivo.',
    'Střelivo nesmí nosit viditelně.',
    '(3) Konec.',
  );

  it('"část věty za středníkem včetně středníku se zrušuje": the sentence ends where the semicolon was', () => {
    const r = applyAmendment(text, [pt('1', 'V § 28 odst. 1 se část věty za středníkem včetně středníku zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Držitel smí zbraň nosit.\n\n(2)');
  });

  it('refuses the part "včetně středníku" replaced by words (the engine keeps the semicolon of a part it rewrites)', () => {
    const r = parseInstruction('V § 28 odst. 1 se část věty za středníkem včetně středníku nahrazuje slovy „a jinde“.');
    expect(r.operations).toEqual([]);
    expect(r.unsupported).toHaveLength(1);
  });

  it('"závěrečná část ustanovení se zrušuje" (zákon č. 229/2016 Sb., bod 36, on zákon č. 119/2002 Sb.): the paragraph after the list goes', () => {
    const r = applyAmendment(text, [pt('36', 'V § 28 odst. 2 se závěrečná část ustanovení zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- b) nosit střelivo.\n\n(3) Konec.');
    expect(r.text).not.toContain('viditelně');
  });
});

describe('footnote marks (not the footnotes) replaced or removed', () => {
  const text = lines(
    '# Zákon',
    '##### § 5',
    '(1) Podle zákona^3) se postupuje.',
    '(2) Jiný text a údaje^3a) platí.',
    '##### § 6',
    'Dva^3).',
    '^3) Zákon č. 1/2000 Sb.',
    '^3a) Zákon č. 2/2000 Sb.',
    '^4) Zákon č. 3/2000 Sb.',
  );

  it('"odkaz na poznámku pod čarou č. 3 se nahrazuje odkazem na poznámku pod čarou č. 4" in the unit named only', () => {
    const r = applyAmendment(text, [
      pt('1', 'V § 5 odst. 1 se odkaz na poznámku pod čarou č. 3 nahrazuje odkazem na poznámku pod čarou č. 4.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Podle zákona^4) se postupuje.');
    expect(r.text).toContain('Dva^3).');
  });

  it('"odkaz na poznámku pod čarou č. 3 se zrušuje": the mark goes, the footnote stays', () => {
    const r = applyAmendment(text, [pt('1', 'V § 6 se odkaz na poznámku pod čarou č. 3 zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('##### § 6\n\nDva.');
    expect(r.text).toContain('^3) Zákon č. 1/2000 Sb.');
  });

  it('"slova „A“ a odkaz na poznámku pod čarou č. 3a se zrušují": the words with the mark after them', () => {
    const r = applyAmendment(text, [pt('1', 'V § 5 odst. 2 se slova „ a údaje“ a odkaz na poznámku pod čarou č. 3a zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Jiný text platí.');
  });

  it('refuses a range of footnotes as one mark', () => {
    const r = parseInstruction('V § 5 se odkaz na poznámky pod čarou č. 3 až 5 zrušuje.');
    expect(r.operations).toEqual([]);
    expect(r.unsupported).toHaveLength(1);
  });
});

describe('two pairs of words replaced in one clause', () => {
  it('"slova „A“ a „B“ se nahrazují slovy „C“ a „D“": A by C, B by D', () => {
    const text = lines('# Zákon', '##### § 5', 'Národní výbor vydá rozhodnutí a okresní národní výbor je potvrdí.');
    const r = applyAmendment(text, [
      pt('1', 'V § 5 se slova „Národní výbor“ a „okresní národní výbor“ nahrazují slovy „Obecní úřad“ a „okresní úřad“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('Obecní úřad vydá rozhodnutí a okresní úřad je potvrdí.');
  });

  it('refuses the pairs "ve všech ustanoveních" (vyhláška č. 282/1995 Sb., bod 5, on vyhláška č. 143/1965 Sb.: the source writes every case of them)', () => {
    const r = parseInstruction(
      'Ve všech ustanoveních se slova „pracovník“ a „pracovnice“ nahrazují slovy „zaměstnanec“ a „zaměstnankyně“.',
    );
    expect(r.operations).toEqual([]);
    expect(r.unsupported).toHaveLength(1);
  });
});

describe('"Dosavadní text § 19 se označuje jako odstavec 1 a doplňuje se odstavcem 2" (zákon č. 96/1977 Sb., on zákon č. 40/1956 Sb.)', () => {
  it('adds the odstavec to the § named, not to the act', () => {
    const text = lines('# Zákon', '##### § 19', 'Starý text.', '##### § 20', 'Dva.');
    const r = applyAmendment(text, [
      pt('2', 'Dosavadní text § 19 se označuje jako odstavec 1 a doplňuje se odstavcem 2, který zní:\n\n„(2) Nový text.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 19', '(1) Starý text.', '(2) Nový text.', '##### § 20', 'Dva.'));
  });
});

describe('an odstavec repealed and the numbers of those left dropped', () => {
  const text = lines('# Zákon', '##### § 460', '(1) První odstavec.', '(2) Druhý odstavec.', '##### § 461', 'Dále.');

  it('"V § N se vypouští odstavec 2 a zrušuje se číslování odstavců" (zákon č. 264/1992 Sb., bod 18, on zákon č. 40/1964 Sb.)', () => {
    const r = applyAmendment(text, [pt('18', 'V § 460 se vypouští odstavec 2 a zrušuje se číslování odstavců.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 460', 'První odstavec.', '##### § 461', 'Dále.'));
    expect(parseInstruction('V § 460 se vypouští odstavec 2 a zrušuje se číslování odstavců.').effects.flatMap((e) => e.targets)).toEqual([
      'par_460/odst_2',
      'par_460',
    ]);
  });

  it('"§ 460 odst. 2 se vypouští a zrušuje se číslování odstavců" (the same act, bod 8): the subject\'s §', () => {
    const r = applyAmendment(text, [pt('8', '§ 460 odst. 2 se vypouští a zrušuje se číslování odstavců.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 460', 'První odstavec.', '##### § 461', 'Dále.'));
  });

  it('"…; zároveň se zrušuje číslování odstavců"', () => {
    const r = applyAmendment(text, [pt('1', 'V § 460 se vypouští odstavec 1; zároveň se zrušuje číslování odstavců.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 460', 'Druhý odstavec.', '##### § 461', 'Dále.'));
  });

  it('"vypouští se odstavec 2 a označení odstavce 1"', () => {
    const r = applyAmendment(text, [pt('1', 'V § 460 se vypouští odstavec 2 a označení odstavce 1.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 460', 'První odstavec.', '##### § 461', 'Dále.'));
  });

  it('refuses the numbering of odstavce dropped without a § to hold them', () => {
    expect(parseInstruction('Zrušuje se číslování odstavců.').unsupported).toHaveLength(1);
  });
});

describe('"Dosavadní text § 1 se označuje jako odstavec 1" below a "(k § 8 zákona)" line (vyhláška č. 559/1990 Sb., bod 1, on vyhláška č. 215/1988 Sb.)', () => {
  it('writes the number after the line, as the source does', () => {
    const text = lines('# Vyhláška', '##### § 1', '(k § 8 zákona)', 'Dalšími organizacemi jsou státní podniky.', '##### § 2', 'Dva.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'Dosavadní text § 1 se označuje jako odstavec 1 a doplňuje se novým odstavcem 2, který zní:\n\n„(2) Společnými podniky jsou družstva.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(k § 8 zákona)\n\n(1) Dalšími organizacemi jsou státní podniky.\n\n(2) Společnými podniky jsou družstva.');
  });
});

describe('a container label put among §§', () => {
  const text = lines(
    '# Zákon',
    '## ČÁST PRVNÍ',
    '### HLAVA I',
    '#### ÚVOD',
    '##### § 5',
    'Pět.',
    '##### § 6',
    'Šest.',
    '## ČÁST DRUHÁ',
    '##### § 7',
    'Sedm.',
  );

  it('"V části první se za § 5 vkládá označení nové hlavy II, které včetně nadpisu zní:": the label and heading after § 5', () => {
    const r = applyAmendment(text, [
      pt('1', 'V části první se za § 5 vkládá označení nové hlavy II, které včetně nadpisu zní:\n\n### „HLAVA II\n\n#### SANKCE“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('Pět.\n\n### HLAVA II\n\n#### SANKCE\n\n##### § 6');
  });

  it('"V části první se nad § 6 vkládá označení hlavy II, …": before § 6', () => {
    const r = applyAmendment(text, [
      pt('1', 'V části první se nad § 6 vkládá označení hlavy II, které včetně nadpisu zní:\n\n### „HLAVA II\n\n#### SANKCE“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('Pět.\n\n### HLAVA II\n\n#### SANKCE\n\n##### § 6');
  });

  it('"Za § 5 se vkládají označení a nadpis nové hlavy II, které znějí:"', () => {
    const r = parseInstruction('Za § 5 se vkládají označení a nadpis nové hlavy II, které znějí:\n\n### „HLAVA II\n\n#### SANKCE“.');
    expect(r.unsupported).toEqual([]);
    expect(r.operations).toMatchObject([
      { kind: 'insert', targets: [{ id: 'par_5' }], newIds: ['hlava_2'], withHeading: true, position: 'after' },
    ]);
  });

  it('writes the title below the label as a heading line', () => {
    const r = applyAmendment(text, [
      pt('1', 'V části první se nad § 6 vkládá označení hlavy II, které včetně nadpisu zní:\n\n### „HLAVA II\n\nSANKCE“.'),
    ]);
    expect(r.text).toContain('Pět.\n\n### HLAVA II\n\n#### SANKCE\n\n##### § 6');
  });

  it('refuses it where the text has containers above the place and the act names none (vyhláška č. 105/2006 Sb. on vyhláška č. 262/2004 Sb.)', () => {
    // Its části had no hlavy: a hlava II the act names without its část follows no hlava I there
    // (after a hlava I of the část it is that část's next hlava: engine16-forms.test.ts).
    const parts = lines(
      '# Vyhláška',
      '## ČÁST PRVNÍ',
      '#### ÚVOD',
      '##### § 5',
      'Pět.',
      '##### § 6',
      'Šest.',
      '## ČÁST DRUHÁ',
      '##### § 7',
      'Sedm.',
    );
    const r = applyAmendment(parts, [
      pt('1', 'Za § 5 se vkládají označení a nadpis nové hlavy II, které znějí:\n\n### „HLAVA II\n\n#### SANKCE“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
  });

  it('refuses "označení" of a unit that is no container', () => {
    expect(parseInstruction('Za § 5 se vkládá označení nového § 5a, které zní:\n\n##### „§ 5a“.').unsupported).toHaveLength(1);
  });
});

describe('"V části první se za nadpis hlavy I vkládá označení nového dílu 1, který včetně nadpisu zní:"', () => {
  it('puts the díl right below the hlava heading', () => {
    const text = lines('# Zákon', '## ČÁST PRVNÍ', '### HLAVA I', '#### ÚVOD', '##### § 5', 'Pět.', '### HLAVA II', '##### § 6', 'Šest.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'V části první se za nadpis hlavy I vkládá označení nového dílu 1, který včetně nadpisu zní:\n\n#### „Díl 1\n\n#### Obecně“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('#### ÚVOD\n\n#### Díl 1\n\n#### Obecně\n\n##### § 5');
  });
});
