import { applyAmendment } from '../src/consolidation/apply';
import { normalizeSpace, splitUnits } from '../src/consolidation/units';
import { parseProvisions } from '../src/provisions/parse-provisions';
import { pt } from './fixtures/forms';

// Tiny acts written the way legalize-cz writes consolidated texts: `##### § 5` with its heading
// `#### …` below, odstavce `(1)`, písmena `- a)`, body `- 1.`, footnotes `^5)` at the end.

const ACT = [
  '# Zákon o zkoušce',
  '',
  '## ČÁST PRVNÍ',
  '',
  '### HLAVA I',
  '',
  '#### Obecná ustanovení',
  '',
  '##### § 1',
  '',
  '#### Předmět',
  '',
  'Tento zákon upravuje zkoušky^1).',
  '',
  '##### § 2',
  '',
  '(1) Zkouška trvá nejvýše 150 hodin.',
  '',
  '(2) Zkoušku koná',
  '',
  '- a) student,',
  '',
  '- b) absolvent,',
  '',
  '- c) zaměstnanec.',
  '',
  '(3) Lhůta je 2 roky. Lze ji prodloužit.',
  '',
  '##### § 3',
  '',
  '(1) První odstavec.',
  '',
  '(2) Druhý odstavec.',
  '',
  '(3) Třetí odstavec.',
  '',
  '### HLAVA II',
  '',
  '#### Závěrečná ustanovení',
  '',
  '##### § 4',
  '',
  'Tento zákon nabývá účinnosti dnem vyhlášení.',
  '',
  '**Předseda:**',
  '',
  '**Novák v. r.**',
  '',
  '^1) Zákon č. 1/2000 Sb.',
  '',
  '^2) Zákon č. 2/2000 Sb.',
  '',
].join('\n');

/** The text of one unit of a text, whitespace-normalised. */
function unit(text: string, id: string): string | null {
  const u = splitUnits(text, parseProvisions(text)).find((x) => x.id === id);
  return u ? normalizeSpace(u.text) : null;
}

describe('applyAmendment', () => {
  it('replaces a number in a list of targets and reports what changed', () => {
    const r = applyAmendment(ACT, [pt('1', 'V § 2 odst. 1 se číslo „150“ nahrazuje číslem „300“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_2/odst_1'] });
    expect(unit(r.text, 'par_2')).toContain('(1) Zkouška trvá nejvýše 300 hodin.');
    expect(unit(r.text, 'par_3')).toBe(unit(ACT, 'par_3'));
  });

  it('repeals a písmeno, renumbers the rest and ends the list with a full stop', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'V § 2 odst. 2 se písmeno c) zrušuje.'),
      pt('2', 'V § 2 odst. 2 se písmeno a) zrušuje.\n\nDosavadní písmeno b) se označuje jako písmeno a).'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_2')).toBe(
      '##### § 2 (1) Zkouška trvá nejvýše 150 hodin. (2) Zkoušku koná - a) absolvent. (3) Lhůta je 2 roky. Lze ji prodloužit.',
    );
  });

  it('renumbers paragraphs before the new one goes in (insertion and "Dosavadní …" in one point)', () => {
    const r = applyAmendment(ACT, [
      pt(
        '1',
        'V § 3 se za odstavec 1 vkládá nový odstavec 2, který zní:\n\n„(2) Nový odstavec.“.\n\nDosavadní odstavce 2 a 3 se označují jako odstavce 3 a 4.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_3')).toBe('##### § 3 (1) První odstavec. (2) Nový odstavec. (3) Druhý odstavec. (4) Třetí odstavec.');
  });

  it('inserts a § with its heading, after the anchor and before the next container', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'Za § 3 se vkládá nový § 3a, který včetně nadpisu zní:\n\n##### „§ 3a\n\n#### Výjimky\n\nVýjimky stanoví vyhláška.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_3a'] });
    const ids = splitUnits(r.text).map((u) => u.id);
    expect(ids.slice(ids.indexOf('par_3'), ids.indexOf('par_3') + 3)).toEqual(['par_3', 'par_3a', 'cast_1/hlava_2']);
    expect(unit(r.text, 'par_3a')).toBe('##### § 3a #### Výjimky Výjimky stanoví vyhláška.');
  });

  it('gives a footnote its new wording and adds a new one in number order', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'Poznámka pod čarou č. 1 zní:\n\n„^1) Zákon č. 3/2003 Sb.“.'),
      pt(
        '2',
        'V § 4 se na konci doplňuje věta „Platí i pro vyhlášky^1a).“.\n\nPoznámka pod čarou č. 1a zní:\n\n„^1a) Zákon č. 4/2004 Sb.“.',
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'fn_1')).toBe('^1) Zákon č. 3/2003 Sb.');
    expect(
      splitUnits(r.text)
        .filter((u) => u.kind === 'footnote')
        .map((u) => u.id),
    ).toEqual(['fn_1', 'fn_1a', 'fn_2']);
    // The sentence goes into § 4, before the act's signatures.
    expect(unit(r.text, 'par_4')).toBe(
      '##### § 4 Tento zákon nabývá účinnosti dnem vyhlášení. Platí i pro vyhlášky^1a). **Předseda:** **Novák v. r.**',
    );
  });

  it('repeals a § and a footnote with the marks that point to it', () => {
    const r = applyAmendment(ACT, [
      pt('1', '§ 3 se zrušuje.'),
      pt('2', 'Poznámka pod čarou č. 1 se zrušuje, a to včetně odkazu na poznámku pod čarou.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_3')).toBeNull();
    expect(unit(r.text, 'fn_1')).toBeNull();
    expect(unit(r.text, 'par_1')).toBe('##### § 1 #### Předmět Tento zákon upravuje zkoušky.');
  });

  it('replaces a sentence and changes words in a sentence named by its number', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'V § 2 odst. 3 větě první se slova „2 roky“ nahrazují slovy „5 let“.'),
      pt('2', 'V § 2 odst. 3 věta druhá zní: „Prodloužit ji nelze.“.'),
    ]);
    expect(unit(r.text, 'par_2')).toContain('(3) Lhůta je 5 let. Prodloužit ji nelze.');
  });

  it('changes a heading of a container', () => {
    const r = applyAmendment(ACT, [pt('1', 'V části první nadpis hlavy II zní: „Přechodná a závěrečná ustanovení“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'cast_1/hlava_2')).toBe('### HLAVA II #### Přechodná a závěrečná ustanovení');
  });

  it('does not apply a point whose words are not there, and blocks the points that touch the same §', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'V § 2 odst. 1 se slovo „neexistuje“ zrušuje.'),
      pt('2', 'V § 2 odst. 3 se slova „2 roky“ nahrazují slovy „5 let“.'),
      pt('3', 'V § 3 odst. 1 se slovo „První“ nahrazuje slovem „Úvodní“.'),
    ]);
    expect(r.points.map((p) => [p.status, p.reason ?? null])).toEqual([
      ['not_applied', 'text_not_found'],
      ['not_applied', 'blocked'],
      ['applied', null],
    ]);
    expect(unit(r.text, 'par_2')).toBe(unit(ACT, 'par_2'));
    expect(unit(r.text, 'par_3')).toContain('(1) Úvodní odstavec.');
  });

  it('holds back a point applied before a later one failed in the same §: a unit changes whole or not at all', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'V § 2 odst. 1 se číslo „150“ nahrazuje číslem „300“.'),
      pt('2', 'V § 2 odst. 9 se slovo „x“ zrušuje.'),
    ]);
    expect(r.points.map((p) => [p.status, p.reason ?? null])).toEqual([
      ['not_applied', 'blocked'],
      ['not_applied', 'target_not_found'],
    ]);
    expect(r.text).toBe(ACT);
  });

  it('inserts a new § after one in which another point failed: the § before is only its place', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'V § 2 odst. 1 se slovo „neexistuje“ zrušuje.'),
      pt('2', 'Za § 2 se vkládá nový § 2a, který zní:\n\n##### „§ 2a\n\nZkoušku lze opakovat.“.'),
    ]);
    expect(r.points.map((p) => [p.status, p.reason ?? null])).toEqual([
      ['not_applied', 'text_not_found'],
      ['applied', null],
    ]);
    expect(unit(r.text, 'par_2')).toBe(unit(ACT, 'par_2'));
    expect(unit(r.text, 'par_2a')).toBe('##### § 2a Zkoušku lze opakovat.');
  });

  it('still holds back a new annex after an annex in which a point failed', () => {
    const act = ['# Zákon', '', '##### § 1', '', 'První.', '', 'Příloha č. 1 k zákonu č. 1/2000 Sb.', '', 'Seznam', ''].join('\n');
    const r = applyAmendment(act, [
      pt('1', 'V příloze č. 1 se slovo „neexistuje“ zrušuje.'),
      pt('2', 'Za přílohu č. 1 se vkládá nová příloha č. 1a, která zní:\n\n„Příloha č. 1a k zákonu č. 1/2000 Sb.\n\nDalší seznam“.'),
    ]);
    expect(r.points.map((p) => [p.status, p.reason ?? null])).toEqual([
      ['not_applied', 'text_not_found'],
      ['not_applied', 'blocked'],
    ]);
  });

  it('sets a new annex the way the act sets its annexes: labels in bold, parentheticals in italics', () => {
    // Nařízení vlády č. 301/2007 Sb., bod 1, into nařízení vlády č. 132/2005 Sb.: the act writes
    // the new annex plain, the source sets it like the annexes already there.
    const annex = (n: string, code: string) => [
      `Příloha č. ${n} k nařízení vlády č. 132/2005 Sb.`,
      '',
      `**Kód lokality:** ${code}`,
      '',
      '**Kraj:** Jihomoravský kraj',
      '',
      '*(symbol * označuje prioritní druhy)*',
      '',
    ];
    const act = [
      '# Nařízení',
      '',
      '##### § 1',
      '',
      'První.',
      '',
      // Ten annexes: a convention the annexes keep throughout, not one of a few.
      ...['527', '528', '529', '530', '531', '532', '533', '534', '535', '536'].flatMap((n) => annex(n, `CZ${n}`)),
    ].join('\n');
    const r = applyAmendment(act, [
      pt(
        '1',
        'Za přílohu č. 531 se vkládá nová příloha č. 531a, která zní:\n\n„Příloha č. 531a k nařízení vlády č. 132/2005 Sb.\n\nKód lokality: CZ0620001\n\n(symbol * označuje prioritní druhy) vrkoč bažinný (Vertigo moulinsiana)\n\nKraj: Jihomoravský kraj“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'priloha_531a')).toBe(
      'Příloha č. 531a k nařízení vlády č. 132/2005 Sb. **Kód lokality:** CZ0620001 *(symbol * označuje prioritní druhy)* vrkoč bažinný *(Vertigo moulinsiana)* **Kraj:** Jihomoravský kraj',
    );
  });

  it('leaves a new annex plain where the act sets its annexes plain', () => {
    const act = [
      '# Zákon',
      '',
      '##### § 1',
      '',
      'První.',
      '',
      'Příloha č. 1 k zákonu č. 1/2000 Sb.',
      '',
      'Kraj: Jihomoravský kraj (jih)',
      '',
    ].join('\n');
    const r = applyAmendment(act, [
      pt(
        '1',
        'Za přílohu č. 1 se vkládá nová příloha č. 2, která zní:\n\n„Příloha č. 2 k zákonu č. 1/2000 Sb.\n\nKraj: Zlínský kraj (východ)“.',
      ),
    ]);
    expect(unit(r.text, 'priloha_2')).toBe('Příloha č. 2 k zákonu č. 1/2000 Sb. Kraj: Zlínský kraj (východ)');
  });

  it('writes one comma where new words that open with one follow a comma of the text', () => {
    // Zákon č. 45/1973 Sb., bod 13, in § 112 of zákon č. 140/1961 Sb.
    const act = [
      '# Zákon',
      '',
      '##### § 112',
      '',
      'Kdo rozšiřuje nepravdivou zprávu o poměrech v republice, bude potrestán odnětím svobody až na tři léta.',
      '',
    ].join('\n');
    const r = applyAmendment(act, [
      pt(
        '13',
        'V § 112 se slova „bude potrestán odnětím svobody až na tři léta.“ nahrazují slovy „ , o jejím mezinárodním postavení, bude potrestán odnětím svobody až na tři léta nebo propadnutím majetku.“',
      ),
    ]);
    expect(unit(r.text, 'par_112')).toBe(
      '##### § 112 Kdo rozšiřuje nepravdivou zprávu o poměrech v republice, o jejím mezinárodním postavení, bude potrestán odnětím svobody až na tři léta nebo propadnutím majetku.',
    );
  });

  it('drops the full stop of new words that a comma of the text follows, not that of an abbreviation', () => {
    // Zákon č. 509/1991 Sb., bod 105, in § 482 odst. 2 of zákon č. 40/1964 Sb.
    const act = [
      '# Zákon',
      '',
      '##### § 482',
      '',
      '(1) První.',
      '',
      '(2) Neodporuje-li dohoda zákonu nebo zájmu společnosti, státní notářství ji schválí.',
      '',
    ].join('\n');
    const r = applyAmendment(act, [pt('105', 'V § 482 odst. 2 se slova „zájmu společnosti“ nahrazují slovy „dobrým mravům.“.')]);
    expect(unit(r.text, 'par_482')).toBe(
      '##### § 482 (1) První. (2) Neodporuje-li dohoda zákonu nebo dobrým mravům, státní notářství ji schválí.',
    );
    const law = ['# Zákon', '', '##### § 1', '', 'Podle zákona č. 1/2000, jak stanoví.', ''].join('\n');
    const s = applyAmendment(law, [pt('1', 'V § 1 se slova „zákona č. 1/2000“ nahrazují slovy „zákona č. 2/2001 Sb.“.')]);
    expect(unit(s.text, 'par_1')).toBe('##### § 1 Podle zákona č. 2/2001 Sb., jak stanoví.');
  });

  it('refuses a whole annex set as a table, which the source sets anew', () => {
    // Nařízení vlády č. 231/2022 Sb., bod 6 ("Přílohy č. 1 až 12 znějí"), on nařízení vlády č. 41/2017 Sb.
    const act = ['# Nařízení', '', '##### § 1', '', 'První.', '', 'Příloha č. 1 k nařízení vlády č. 41/2017 Sb.', '', 'Stará', ''].join(
      '\n',
    );
    const table = '| Aplikace Areál | Datový typ |\n| --- | --- |\n| Evidenční číslo areálu podle SI | text |';
    const r = applyAmendment(act, [pt('6', `Příloha č. 1 zní:\n\n„Příloha č. 1 k nařízení vlády č. 41/2017 Sb.\n\n${table}“.`)]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(act);
    const plain = applyAmendment(act, [pt('6', 'Příloha č. 1 zní:\n\n„Příloha č. 1 k nařízení vlády č. 41/2017 Sb.\n\nNová“.')]);
    expect(unit(plain.text, 'priloha_1')).toBe('Příloha č. 1 k nařízení vlády č. 41/2017 Sb. Nová');
  });

  it("sets and changes the act's only annex named without a number (#35 h-recall5)", () => {
    // Vyhláška č. 508/2006 Sb., bod 10 ("Příloha zní:"), on vyhláška č. 571/2004 Sb., whose one annex has no number.
    const act = ['# Vyhláška', '', '##### § 1', '', 'První.', '', 'Příloha k vyhlášce č. 571/2004 Sb.', '', 'Stará', ''].join('\n');
    const r = applyAmendment(act, [pt('10', 'Příloha zní:\n\n„Příloha k vyhlášce č. 571/2004 Sb.\n\nNová“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'priloha')).toBe('Příloha k vyhlášce č. 571/2004 Sb. Nová');
    const w = applyAmendment(act, [pt('1', 'V příloze se slovo „Stará“ nahrazuje slovem „Jiná“.')]);
    expect(unit(w.text, 'priloha')).toBe('Příloha k vyhlášce č. 571/2004 Sb. Jiná');
  });

  it('holds back every unit with the words of a change throughout the text that is not read', () => {
    // Zákon č. 509/1991 Sb., bod 7, on zákon č. 40/1964 Sb.: read by no form, it changes "občan"
    // wherever it is, so a § with the word that another point changes may come out half changed.
    const act = [
      '# Zákon',
      '',
      '##### § 433',
      '',
      'Odpovídá občanovi za škodu do 100 Kčs.',
      '',
      '##### § 434',
      '',
      'Jiné ustanovení do 100 Kčs.',
      '',
    ].join('\n');
    const r = applyAmendment(act, [
      pt(
        '7',
        'Ve všech ustanoveních občanského zákoníku včetně nadpisů se slovo „občan“ nahrazuje slovy „fyzická osoba“ a slova „socialistická organizace“ nebo slovo „organizace“ slovy „právnická osoba“.',
      ),
      pt('80', 'V § 433 a 434 se slova „100 Kčs“ nahrazují slovy „500 Kčs“.'),
    ]);
    expect(r.points.map((p) => [p.status, p.reason ?? null])).toEqual([
      ['not_applied', 'unsupported_form'],
      ['not_applied', 'blocked'],
    ]);
    const other = applyAmendment(act, [pt('80', 'V § 434 se slova „100 Kčs“ nahrazují slovy „500 Kčs“.')]);
    expect(other.points[0].status).toBe('applied');
  });

  it('writes one comma where inserted words ending with one go before a comma of the text', () => {
    // Zákon č. 290/1993 Sb., bod 30, in § 67 odst. 1 písm. a) of zákon č. 140/1961 Sb.
    const act = [
      '# Zákon',
      '',
      '##### § 67',
      '',
      '(1) Trestnost zaniká',
      '',
      '- a) dvacet let, jde-li o trestný čin, za který zákon dovoluje uložení výjimečného trestu,',
      '',
      '- b) deset let.',
      '',
    ].join('\n');
    const r = applyAmendment(act, [
      pt(
        '30',
        'V § 67 odst. 1 písm. a) se za slovo „trestu“ vkládají slova „a trestný čin podle zákona č. 92/1991 Sb., o podmínkách převodu majetku státu na jiné osoby, ve znění pozdějších předpisů,“.',
      ),
    ]);
    expect(unit(r.text, 'par_67')).toBe(
      '##### § 67 (1) Trestnost zaniká - a) dvacet let, jde-li o trestný čin, za který zákon dovoluje uložení výjimečného trestu a trestný čin podle zákona č. 92/1991 Sb., o podmínkách převodu majetku státu na jiné osoby, ve znění pozdějších předpisů, - b) deset let.',
    );
  });

  it("refuses a footnote's new wording whose quotation the amending act leaves open", () => {
    // Zákon č. 264/1992 Sb. on zákon č. 40/1964 Sb.: "Poznámka č. 2a) pod čarou zní: „^2a) Zákon
    // č. 265/1992 Sb., …" runs on without its closing mark.
    const act = ['# Zákon', '', '##### § 133', '', 'Text^2a).', '', '^2a) Starý.', ''].join('\n');
    const r = applyAmendment(act, [
      pt(
        '1',
        'Poznámka č. 2a) pod čarou zní:\n\n„^2a) Zákon č. 265/1992 Sb., o zápisech vlastnických a jiných věcných práv k nemovitostem.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    expect(r.text).toBe(act);
  });

  it('does not hold back the § before a new one whose insertion failed', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'Za § 2 se vkládá nový § 2a, který zní:\n\n##### „§ 2b\n\nZkoušku lze opakovat.“.'),
      pt('2', 'V § 2 odst. 1 se číslo „150“ nahrazuje číslem „300“.'),
    ]);
    expect(r.points.map((p) => [p.status, p.reason ?? null])).toEqual([
      ['not_applied', 'payload_mismatch'],
      ['applied', null],
    ]);
    expect(unit(r.text, 'par_2')).toContain('(1) Zkouška trvá nejvýše 300 hodin.');
  });

  it('still holds back an insertion that names its anchor otherwise too', () => {
    const r = applyAmendment(ACT, [
      pt('1', 'V § 2 odst. 1 se slovo „neexistuje“ zrušuje.'),
      pt(
        '2',
        'Za § 2 se vkládá nový § 2a, který zní:\n\n##### „§ 2a\n\nZkoušku lze opakovat.“.\n\nV § 2 odst. 3 se slova „2 roky“ nahrazují slovy „5 let“.',
      ),
    ]);
    expect(r.points[1]).toMatchObject({ status: 'not_applied', reason: 'blocked' });
    expect(r.text).toBe(ACT);
  });

  it('gives a § repealed before its new wording where its number puts it, between the §§ next to it', () => {
    const act = ['# Zákon', '', '##### § 1', '', 'První.', '', '##### § 3', '', 'Třetí.', ''].join('\n');
    const r = applyAmendment(act, [pt('1', '§ 2 zní:\n\n##### „§ 2\n\nDruhý.“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(splitUnits(r.text).map((u) => u.id)).toEqual(['preamble', 'par_1', 'par_2', 'par_3']);
    expect(unit(r.text, 'par_2')).toBe('##### § 2 Druhý.');
  });

  it('refuses a § repealed before when the § after it starts with a heading the § may have shared', () => {
    // §§ with their own headings below the label: a heading above one is a group's.
    const act = [
      '# Zákon',
      '',
      '##### § 1',
      '',
      '#### Předmět',
      '',
      'První.',
      '',
      '#### Společná ustanovení',
      '',
      '##### § 3',
      '',
      'Třetí.',
      '',
    ].join('\n');
    const r = applyAmendment(act, [pt('1', '§ 2 zní:\n\n##### „§ 2\n\nDruhý.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
    expect(r.text).toBe(act);
    // With a heading of its own ("včetně nadpisu"), the heading above the § after stays that §'s.
    const own = applyAmendment(act, [pt('1', '§ 2 včetně nadpisu zní:\n\n##### „§ 2\n\n#### Lhůty\n\nDruhý.“.')]);
    expect(own.points[0].status).toBe('applied');
    expect(unit(own.text, 'par_2')).toBe('##### § 2 #### Lhůty Druhý.');
    // §§ with their headings above the label: the heading is the next §'s own.
    const above = ['# Zákon', '', '#### Předmět', '', '##### § 1', '', 'První.', '', '#### Lhůty', '', '##### § 3', '', 'Třetí.', ''].join(
      '\n',
    );
    const ok = applyAmendment(above, [pt('1', '§ 2 zní:\n\n##### „§ 2\n\nDruhý.“.')]);
    expect(ok.points[0].status).toBe('applied');
    expect(unit(ok.text, 'par_3')).toBe('#### Lhůty ##### § 3 Třetí.');
  });

  it("reads a point whose text ran into the amending act's next článek heading", () => {
    const r = applyAmendment(ACT, [pt('1', 'V § 2 odst. 1 se číslo „150“ nahrazuje číslem „300“.\n\n##### Čl. III')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_2')).toContain('(1) Zkouška trvá nejvýše 300 hodin.');
  });

  it('refuses words that are there twice when the point does not say which, and forms it does not read', () => {
    // (Words there more than once are replaced in every place unless another clause of the point
    // edits the unit with the same words: then which places the act means is not sure.)
    const twice = applyAmendment(ACT, [
      pt('1', 'V § 3 se slovo „odstavec“ nahrazuje slovem „bod“ a slovo „bod“ se nahrazuje slovem „odstavec“.'),
    ]);
    expect(twice.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    const unread = applyAmendment(ACT, [pt('1', 'V § 3 se odstavec 2 přesouvá za odstavec 3.')]);
    expect(unread.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_form' });
    expect(unread.text).toBe(ACT);
  });

  it('does not apply a change the text already has', () => {
    const r = applyAmendment(ACT, [pt('1', 'V § 2 odst. 1 se za slovo „nejvýše“ vkládá slovo „150“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'already_present' });
  });
});

// An act with lists closed by a závěrečná část, nested body, footnotes in a row and a container
// label the parser reads as text ("Pododdíl 2"), the shapes of the replay's misses.
const ACT2 = [
  '##### § 5',
  '',
  '(1) Žádost obsahuje',
  '',
  '- a) jméno,',
  '',
  '- b) adresu,',
  '',
  '- c) podpis.',
  '',
  '(2) Dotace se neposkytne, jestliže žadatel',
  '',
  '- a) nesplní podmínku,',
  '',
  '- b) neuhradí poplatek,',
  '',
  '- c) zemře,',
  '',
  'dotace se vrátí do 30 dnů.',
  '',
  '##### § 6',
  '',
  '(1) Seznam obsahuje',
  '',
  '- a) údaje o osobě',
  '',
  '- 1. jméno,',
  '',
  '- 2. příjmení,',
  '',
  '- 3. rodné číslo,',
  '',
  '- b) údaje o věci.',
  '',
  '(2) Podle nařízení vlády č. 242/2004 Sb.',
  '',
  '(3) Kupón je označen písmenem D,',
  '',
  '(4) Platí předpisy^3a)^,^4). Lhůta je 5 dnů. Poslední věta.',
  '',
  '#### Společná ustanovení',
  '',
  '##### § 7',
  '',
  '#### Dozor',
  '',
  'Dozor vykonává ministerstvo.',
  '',
  'Pododdíl 2',
  '',
  '#### Jiná užití',
  '',
  '##### § 8',
  '',
  'Text o užití^1).',
  '',
  '##### § 9',
  '',
  'Tento text.',
  '',
  '##### § 10',
  '',
  'Fond rozhodne o',
  '',
  '- a) vyřazení žadatele,',
  '',
  '- b) vrácení dotace.',
  '',
  '^1) Zákon č. 1/2000 Sb.',
  '',
  '^2) Zákon č. 2/2000 Sb.',
  '',
  '^3a) Zákon č. 3/2000 Sb.',
  '',
  '^4) Zákon č. 4/2000 Sb.',
  '',
].join('\n');

describe('applyAmendment: the shapes of the replay', () => {
  it('renumbers the former footnotes before the point writes its own of the same number', () => {
    const r = applyAmendment(ACT2, [
      pt(
        '1',
        'V § 9 se za slovo „Tento“ vkládají slova „zvláštní^1)“.\n\nPoznámka pod čarou č. 1 zní:\n\n„^1) Zákon č. 9/2009 Sb.“.\n\nDosavadní poznámka pod čarou č. 1 se označuje jako poznámka pod čarou č. 1a, a to včetně odkazu na poznámku pod čarou.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'fn_1')).toBe('^1) Zákon č. 9/2009 Sb.');
    expect(unit(r.text, 'fn_1a')).toBe('^1a) Zákon č. 1/2000 Sb.');
    expect(unit(r.text, 'par_8')).toBe('#### Jiná užití ##### § 8 Text o užití^1a).');
    expect(unit(r.text, 'par_9')).toBe('##### § 9 Tento zvláštní^1) text.');
  });

  it('refuses "dosavadní" footnotes renumbered after an earlier point of the act wrote one of that number', () => {
    const r = applyAmendment(ACT2, [
      pt('1', 'V § 9 se za slovo „Tento“ vkládají slova „zvláštní^1)“.\n\nPoznámka pod čarou č. 1 zní:\n\n„^1) Zákon č. 9/2009 Sb.“.'),
      pt('2', 'Dosavadní poznámka pod čarou č. 1 se označuje jako poznámka pod čarou č. 1a, a to včetně odkazu na poznámku pod čarou.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['not_applied', 'not_applied']);
    expect(r.points[1].reason).toBe('ambiguous');
    expect(unit(r.text, 'fn_1')).toBe('^1) Zákon č. 1/2000 Sb.');
  });

  it('keeps the marks an earlier point of the act wrote when the former footnote of their number is renumbered', () => {
    const r = applyAmendment(ACT2, [
      pt('1', 'V § 9 se za slovo „Tento“ vkládají slova „zvláštní^1)“.'),
      pt(
        '2',
        'Poznámka pod čarou č. 1 zní:\n\n„^1) Zákon č. 9/2009 Sb.“.\n\nDosavadní poznámka pod čarou č. 1 se označuje jako poznámka pod čarou č. 1a, a to včetně odkazu na poznámku pod čarou.',
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_9')).toBe('##### § 9 Tento zvláštní^1) text.');
    expect(unit(r.text, 'par_8')).toBe('#### Jiná užití ##### § 8 Text o užití^1a).');
    expect(unit(r.text, 'fn_1a')).toBe('^1a) Zákon č. 1/2000 Sb.');
  });

  it('refuses a footnote renumbered with its marks where an earlier point wrote one of its number beside a former one', () => {
    const r = applyAmendment(ACT2, [
      pt('1', 'V § 8 se za slovo „Text“ vkládají slova „zvláštní^1)“.'),
      pt('2', 'Dosavadní poznámka pod čarou č. 1 se označuje jako poznámka pod čarou č. 1a, a to včetně odkazu na poznámku pod čarou.'),
    ]);
    expect(r.points[1]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    expect(unit(r.text, 'par_8')).toBe('#### Jiná užití ##### § 8 Text o užití^1).');
  });

  it("ends a new footnote at the act's closing quotation mark before a blank line, the next sentence its own (h-engine13)", () => {
    const r = applyAmendment(ACT2, [
      pt(
        '1',
        'V § 9 se za slovo „Tento“ vkládají slova „zvláštní^2a)“.\n\nPoznámka pod čarou č. 2a zní:\n\n^2a) Nařízení (ES) č. 1008/2008.“.\n\nDosavadní poznámka pod čarou č. 2 se označuje jako poznámka pod čarou č. 2b, a to včetně odkazu na poznámku pod čarou.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'fn_2a')).toBe('^2a) Nařízení (ES) č. 1008/2008.');
  });

  it("refuses a new footnote whose text runs past the act's closing quotation mark into its next sentence on the same line", () => {
    const r = applyAmendment(ACT2, [
      pt(
        '1',
        'V § 9 se za slovo „Tento“ vkládají slova „zvláštní^2a)“.\n\nPoznámka pod čarou č. 2a zní:\n\n^2a) Nařízení (ES) č. 1008/2008.“. Dosavadní poznámka pod čarou č. 2 se označuje jako poznámka pod čarou č. 2b, a to včetně odkazu na poznámku pod čarou.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    expect(r.text).toBe(ACT2);
  });

  it('repeals the last sentence of a § and keeps the heading of the next § that ends its unit', () => {
    const r = applyAmendment(ACT2, [pt('1', 'V § 6 odst. 4 se věta poslední zrušuje.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_6')).toContain('(4) Platí předpisy^3a)^,^4). Lhůta je 5 dnů. #### Společná ustanovení');
  });

  it('writes a new písmeno with the list dash the text uses, before the závěrečná část', () => {
    const r = applyAmendment(ACT2, [pt('1', 'V § 5 odst. 2 se doplňuje písmeno d), které zní:\n\n„d) odstoupí od smlouvy,“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_5')).toContain('- c) zemře, - d) odstoupí od smlouvy, dotace se vrátí do 30 dnů.');
  });

  it('repeals the last písmeno of a list and keeps the závěrečná část', () => {
    const r = applyAmendment(ACT2, [pt('1', 'V § 5 odst. 2 se písmeno c) zrušuje.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_5')).toContain('- b) neuhradí poplatek, dotace se vrátí do 30 dnů.');
  });

  it('adds a písmeno after the one named ("na konci písmene c) … se doplňuje písmeno d)")', () => {
    const r = applyAmendment(ACT2, [
      pt('1', 'V § 5 odst. 1 se na konci písmene c) tečka nahrazuje čárkou a doplňuje se písmeno d), které zní:\n\n- „d) datum.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_5')).toContain('- c) podpis, - d) datum. (2)');
  });

  it('replaces the full stop of the last písmeno, not the závěrečná část\'s ("na konci písmene c) se tečka nahrazuje čárkou")', () => {
    // zákon č. 106/1999 Sb., § 11 odst. 4: its písmena end before "Ustanovení zvláštních zákonů … tím nejsou dotčena."
    const text = ACT2.replace('- c) zemře,\n\ndotace', '- c) zemře.\n\nDotace');
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 5 odst. 2 se na konci písmene c) tečka nahrazuje čárkou a doplňuje se písmeno d), které zní:\n\n- „d) odstoupí od smlouvy.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_5')).toContain('- c) zemře, - d) odstoupí od smlouvy. Dotace se vrátí do 30 dnů.');
  });

  it('repeals the last bod inside a písmeno: the bod before keeps its comma', () => {
    const r = applyAmendment(ACT2, [pt('1', 'V § 6 odst. 1 písm. a) se bod 3 zrušuje.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_6')).toContain('- 2. příjmení, - b) údaje o věci.');
  });

  it('keeps the full stop of "Sb." and a comma before words that open a clause, when words are added at the end', () => {
    const r = applyAmendment(ACT2, [
      pt('1', 'V § 6 se na konci odstavce 2 doplňují slova „nebo nařízení vlády č. 75/2015 Sb.“.'),
      pt('2', 'V § 6 se na konci odstavce 3 doplňují slova „včetně zvětšených kontur,“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_6')).toContain('(2) Podle nařízení vlády č. 242/2004 Sb. nebo nařízení vlády č. 75/2015 Sb. (3)');
    expect(unit(r.text, 'par_6')).toContain('(3) Kupón je označen písmenem D, včetně zvětšených kontur, (4)');
    // Words that continue the text before take the comma's place.
    const cont = applyAmendment(ACT2, [pt('1', 'V § 6 se na konci odstavce 3 doplňuje slovo „vlaku,“.')]);
    expect(unit(cont.text, 'par_6')).toContain('(3) Kupón je označen písmenem D vlaku, (4)');
  });

  it('reads footnote marks in a row as the source writes them ("^3a)^, 4)" for "^3a)^,^4)")', () => {
    const r = applyAmendment(ACT2, [pt('1', 'V § 6 odst. 4 se slova „předpisy^3a)^, 4)“ nahrazují slovy „předpisy^3a)^, 4)^, 4a)“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_6')).toContain('(4) Platí předpisy^3a)^,^4)^,^4a). Lhůta');
  });

  it('keeps a container label that ends a § when the § gets its new wording', () => {
    const r = applyAmendment(ACT2, [pt('1', '§ 7 včetně nadpisu zní:\n\n##### „§ 7\n\n#### Kontrola\n\nKontrolu vykonává úřad.“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_7')).toBe('##### § 7 #### Kontrola Kontrolu vykonává úřad. Pododdíl 2');
  });

  it("drops the amending act's closing mark from a new footnote whose opening mark it left out", () => {
    const r = applyAmendment(ACT2, [
      pt('1', 'V § 9 se za slovo „Tento“ vkládají slova „zvláštní^2)“.\n\nPoznámka pod čarou č. 2 zní:\n\n^2) Zákon č. 8/2008 Sb.“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'fn_2')).toBe('^2) Zákon č. 8/2008 Sb.');
  });

  it('puts a new odstavec 1 before the former text it renumbers as odstavec 2', () => {
    const r = applyAmendment(ACT2, [
      pt('1', '§ 9 se doplňuje odstavcem 1, který zní:\n\n„(1) Nový text.“.\n\nDosavadní text § 9 se označuje jako odstavec 2.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_9')).toBe('##### § 9 (1) Nový text. (2) Tento text.');
  });

  it('makes the text of a § with písmena its odstavec 1, the písmena with it', () => {
    const r = applyAmendment(ACT2, [
      pt('1', 'V § 10 se dosavadní text označuje jako odstavec 1 a doplňuje se odstavec 2, který zní:\n\n„(2) Fond rozhoduje do 30 dnů.“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_10')).toBe(
      '##### § 10 (1) Fond rozhodne o - a) vyřazení žadatele, - b) vrácení dotace. (2) Fond rozhoduje do 30 dnů.',
    );
  });
});

describe('applyAmendment: forms of the tuning misses (#36, h-engine2)', () => {
  const HEADED = [
    '##### § 2',
    '',
    '#### Žádost podle § 5 odst. 8',
    '',
    'Žádost se podává podle § 5 odst. 8.',
    '',
    '##### § 3',
    '',
    '#### Oznámení',
    '',
    'Oznámení se činí podle § 5 odst. 8.',
    '',
  ].join('\n');

  it('changes "v textu pod nadpisem" the text of each § of the range, never the heading (vyhláška č. 72/2019 Sb., bod 1)', () => {
    const r = applyAmendment(HEADED, [pt('1', 'V § 2 až 3 se v textu pod nadpisem text „§ 5 odst. 8“ nahrazuje textem „§ 5 odst. 9“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_2')).toBe('##### § 2 #### Žádost podle § 5 odst. 8 Žádost se podává podle § 5 odst. 9.');
    expect(unit(r.text, 'par_3')).toBe('##### § 3 #### Oznámení Oznámení se činí podle § 5 odst. 9.');
  });

  it('inserts words "v nadpisu" of the § named first (vyhláška č. 40/2008 Sb., bod 9)', () => {
    const r = applyAmendment(HEADED, [pt('1', 'V § 3 se v nadpisu za slovo „Oznámení“ vkládají slova „nebo jeho změna“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_3')).toBe('##### § 3 #### Oznámení nebo jeho změna Oznámení se činí podle § 5 odst. 8.');
  });

  it('refuses a sentence added "která včetně poznámky pod čarou č. 19 zní:": its footnote is not written (vyhláška č. 229/2022 Sb., bod 19)', () => {
    const r = applyAmendment(ACT, [
      pt(
        '19',
        'V § 2 se na konci odstavce 3 doplňuje věta, která včetně poznámky pod čarou č. 3 zní:\n\n„Lhůtu určuje technická specifikace^3).\n\n^3) Nařízení Komise (EU) č. 321/2013.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(ACT);
  });

  it('inserts "za větu první … věta, která zní:" and "na začátek odstavce … nová věta, která zní:" (vyhláška č. 174/2000 Sb., bod 12; vyhláška č. 24/2000 Sb., bod 1)', () => {
    const r = applyAmendment(ACT, [
      pt('12', 'V § 2 odst. 3 se za větu první doplňuje věta, která zní: „Běží ode dne podání.“.'),
      pt('1', 'V § 2 se na začátek odstavce 1 vkládá nová věta, která zní: „Zkouška je veřejná.“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_2')).toContain('(1) Zkouška je veřejná. Zkouška trvá nejvýše 150 hodin.');
    expect(unit(r.text, 'par_2')).toContain('(3) Lhůta je 2 roky. Běží ode dne podání. Lze ji prodloužit.');
  });

  it('puts sentences ending with a mark "^*)" after the sentence named, its full stop kept (zákon č. 117/1970 Sb., bod 18)', () => {
    const r = applyAmendment(ACT, [pt('18', 'V § 2 odst. 3 se za první větu vkládají věty: „Běží ode dne podání. Je i pořádková.^*)“')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_2')).toContain('(3) Lhůta je 2 roky. Běží ode dne podání. Je i pořádková.^*) Lze ji prodloužit.');
  });

  it('repeals footnotes named before the verb "včetně odkazů" with their marks (vyhláška č. 448/2012 Sb., bod 6)', () => {
    const r = applyAmendment(ACT, [pt('1', 'Poznámky pod čarou č. 1 a 2 se včetně odkazů na poznámky pod čarou zrušují.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_1')).toBe('##### § 1 #### Předmět Tento zákon upravuje zkoušky.');
    expect(unit(r.text, 'fn_1')).toBeNull();
    expect(unit(r.text, 'fn_2')).toBeNull();
  });

  const ANNEX = [
    '##### § 1',
    '',
    'Text.',
    '',
    'Příloha č. 2 k zákonu č. 253/2008 Sb.',
    '',
    'Demonstrativní výčet faktorů možného zvýšeného rizika',
    '',
    '- 1. Rizikové faktory klienta:',
    '',
    '- a) obchodní vztah je realizován za neobvyklých okolností,',
    '',
    '- b) klient je usazen v zeměpisné oblasti se zvýšeným rizikem,',
    '',
    '- 2. Faktory týkající se produktů:',
    '',
    '- 2.1. využívání služeb privátního bankovnictví,',
    '',
    '- 2.2. nové produkty.',
    '',
  ].join('\n');

  it('finds the body and písmena of an annex (zákon č. 107/2024 Sb., čl. I bod 46, on zákon č. 253/2008 Sb.)', () => {
    const r = applyAmendment(ANNEX, [
      pt('46', 'V příloze č. 2 bodě 1 písm. b) se slova „klient je usazen“ nahrazují slovy „země původu klienta je“.'),
      pt('47', 'V příloze č. 2 bodě 2.2 se slovo „nové“ nahrazuje slovem „inovativní“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(r.changed).toEqual(['priloha_2/bod_1/pism_b', 'priloha_2/bod_2.2']);
    expect(unit(r.text, 'priloha_2')).toContain('- b) země původu klienta je v zeměpisné oblasti se zvýšeným rizikem, - 2.');
    expect(unit(r.text, 'priloha_2')).toContain('- 2.2. inovativní produkty.');
    // Words that are in the písmeno and elsewhere in the annex: only the písmeno's change.
    const a = applyAmendment(ANNEX, [pt('1', 'V příloze č. 2 bodě 1 písm. a) se slovo „klienta“ nahrazuje slovem „zákazníka“.')]);
    expect(a.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });

  it('names no bod of an annex that numbers its body twice (parts starting again at 1)', () => {
    const twice = ANNEX.replace('- 2. Faktory', '#### Část B\n\n- 1. Faktory');
    const r = applyAmendment(twice, [pt('1', 'V příloze č. 2 bodě 1 se slovo „neobvyklých“ nahrazuje slovem „zvláštních“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    // Numbered twice without a heading between: no bod is named.
    const again = ANNEX.replace('- 2. Faktory', '- 1. Faktory');
    const s = applyAmendment(again, [pt('1', 'V příloze č. 2 bodě 1 se slovo „neobvyklých“ nahrazuje slovem „zvláštních“.')]);
    expect(s.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
  });
});

describe('applyAmendment: forms of the tuning misses (#36, h-engine3)', () => {
  const LIST = ['##### § 5', '', '(1) Prodávající zajišťuje balení, dodání, servis a opravy.', '', '(2) Dodání, servis.', ''].join('\n');

  it('replaces the comma after given words, and refuses where the words are followed by it twice (zákon č. 374/2022 Sb., on zákon č. 634/1992 Sb.)', () => {
    const r = applyAmendment(LIST, [
      pt('1', 'V § 5 odst. 1 se čárka za slovem „dodání“ nahrazuje slovem „a“ a slova „ a opravy“ se zrušují.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_5')).toBe('##### § 5 (1) Prodávající zajišťuje balení, dodání a servis. (2) Dodání, servis.');
    const twice = applyAmendment(LIST.replace('servis a', 'dodání, servis a'), [
      pt('1', 'V § 5 odst. 1 se čárka za slovem „dodání“ zrušuje.'),
    ]);
    expect(twice.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
  });

  it('repeals words with their footnote and its mark (vyhláška č. 551/2002 Sb., bod 14, on vyhláška č. 82/1993 Sb.)', () => {
    const text = [
      '##### § 15',
      '',
      '(1) Nájem.',
      '',
      '(2) Nájemné obvyklé v obci podle předpisu o nájemném.^12)',
      '',
      '^12) Zákon č. 1/1990 Sb.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt(
        '14',
        'V § 15 odst. 2 se za slovo „obci“ vkládá tečka a slova „podle předpisu o nájemném.“ včetně poznámky pod čarou č. 12) se zrušují.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(normalizeSpace(r.text)).toBe('##### § 15 (1) Nájem. (2) Nájemné obvyklé v obci.');
  });

  it('applies a Slovak point to a Slovak act (zákon SNR č. 295/1992 Sb., on zákon SNR č. 472/1990 Sb.)', () => {
    const sk = ['##### § 5', '', '(1) Úlohy plnia národné výbory všetkých stupňov.', '', '(2) Úrad je osobitný orgán.', ''].join('\n');
    const r = applyAmendment(sk, [
      pt('1', 'V § 5 ods. 1 sa slová „národné výbory všetkých stupňov“ nahrádzajú slovami „krajské a okresné národné výbory“.'),
      pt('2', 'V § 5 ods. 2 sa vypúšťa slovo „osobitný“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_5')).toBe('##### § 5 (1) Úlohy plnia krajské a okresné národné výbory. (2) Úrad je orgán.');
  });
});

describe('applyAmendment: what it does, it does right (#36, h-engine4)', () => {
  it('refuses punctuation set next to another mark (vyhláška č. 464/2009 Sb., bod 34, on vyhláška č. 208/2004 Sb.)', () => {
    const text = [
      '##### § 9',
      '',
      '(1) Klec',
      '',
      '- a) je čistá,',
      '',
      '- b) má krmítko bez omezení. Jeho délka je 10 cm,',
      '',
      '- c) je suchá.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt(
        '34',
        'V § 9 odst. 1 písm. b) se tečka za slovem „omezení“ nahrazuje čárkou a slova „Jeho délka“ se nahrazují slovy „; délka krmného prostoru“.',
      ),
    ]);
    // (the act's text ends without its closing quotation mark)
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    expect(r.text).toBe(text);
  });

  it('puts words added to a heading after the comma the point inserted (zákon č. 121/2000 Sb., bod 2, on zákon č. 140/1961 Sb.)', () => {
    const text = ['##### § 152', '', '#### Porušování autorského práva', '', '(1) Kdo poruší autorské právo, bude potrestán.', ''].join(
      '\n',
    );
    const r = applyAmendment(text, [
      pt(
        '2',
        'V nadpisu § 152 se za slovo „práva“ vkládá čárka a doplňují se slova „práv souvisejících s právem autorským a práv k databázi“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_152')).toBe(
      '##### § 152 #### Porušování autorského práva, práv souvisejících s právem autorským a práv k databázi (1) Kdo poruší autorské právo, bude potrestán.',
    );
  });

  it('keeps the comma that ends a list item when the words deleted end with it (zákon č. 282/2003 Sb., bod 34, on zákon č. 154/2000 Sb.)', () => {
    const text = [
      '##### § 26',
      '',
      '(1) Pokuta se uloží tomu, kdo',
      '',
      '- 1. poruší § 15 odst. 1,',
      '',
      '- 2. nedodrží § 14 odst. 3, § 21 nebo § 23 odst. 2,',
      '',
      '- 3. vykonává činnost bez souhlasu.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt('34', 'V § 26 odst. 1 bodu 2 se za slovy „§ 14 odst. 3“ čárka nahrazuje slovem „nebo“ a slova „nebo § 23 odst. 2,“ se zrušují.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_26')).toBe(
      '##### § 26 (1) Pokuta se uloží tomu, kdo - 1. poruší § 15 odst. 1, - 2. nedodrží § 14 odst. 3 nebo § 21, - 3. vykonává činnost bez souhlasu.',
    );
  });

  it("refuses a conjunction put before the text's comma and words with a comma put before a conjunction (vyhláška č. 123/2016 Sb., bod 3, on vyhláška č. 197/2004 Sb.; vyhláška č. 174/2000 Sb., bod 8, on vyhláška č. 173/1995 Sb.)", () => {
    const text = [
      '##### § 6',
      '',
      'Vzdělání v bakalářském, magisterském programu.',
      '',
      '##### § 7',
      '',
      'Barvy červené, modré a bílé.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt('3', 'V § 6 se za slovo „bakalářském“ vkládá slovo „nebo“.'),
      pt('8', 'V § 7 se za slovo „modré“ vkládá slovo „oranžové,“.'),
    ]);
    expect(r.points.map((p) => p.reason)).toEqual(['payload_mismatch', 'payload_mismatch']);
    expect(r.text).toBe(text);
    // A clause set off by its commas goes in as written (zákon č. 270/2021 Sb., on zákon č. 329/1999 Sb.).
    const clause = applyAmendment(['##### § 19', '', 'Žádost o vydání dokladu a fotografie.', ''].join('\n'), [
      pt('10', 'V § 19 se za slova „Žádost o vydání dokladu“ vkládají slova „, s výjimkou cestovního pasu,“.'),
    ]);
    expect(unit(clause.text, 'par_19')).toBe('##### § 19 Žádost o vydání dokladu, s výjimkou cestovního pasu, a fotografie.');
  });

  it('deletes words with their comma at the end of an úvodní část, the comma with them (zákon č. 261/2021 Sb., on zákon č. 297/2016 Sb.)', () => {
    const text = [
      '##### § 5',
      '',
      'Podpis se použije, podepisuje-li dokument, kterým právně jedná,',
      '',
      '- a) stát,',
      '',
      '- b) obec.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [pt('10', 'V § 5 úvodní části ustanovení se slova „právně jedná,“ zrušují.')]);
    expect(r.points[0].status).toBe('applied');
    expect(unit(r.text, 'par_5')).toBe('##### § 5 Podpis se použije, podepisuje-li dokument, kterým - a) stát, - b) obec.');
  });

  it('refuses new words whose full stop the sentence goes on after (zákon č. 303/2013 Sb., bod 5, on zákon č. 121/2000 Sb.)', () => {
    const text = ['##### § 64', '', 'Odměna ve smyslu ustanovení § 49 obvyklá.', ''].join('\n');
    const r = applyAmendment(text, [pt('5', 'V § 64 se slova „ve smyslu ustanovení § 49“ nahrazují slovy „pro takový druh díla.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    // A comma given by words made a full stop, the rest of the sentence deleted (zákon č. 290/1993 Sb., bod 21, on zákon č. 140/1961 Sb.).
    const stop = applyAmendment(
      ['##### § 48', '', 'Voják je příslušník sboru, jehož příslušníci podléhají pravomoci soudů.', ''].join('\n'),
      [
        pt(
          '21',
          'V § 48 se čárka za slovem „sboru“ nahrazuje tečkou a slova „jehož příslušníci podléhají pravomoci soudů.“ se vypouštějí.',
        ),
      ],
    );
    expect(stop.points[0].status).toBe('applied');
    expect(unit(stop.text, 'par_48')).toBe('##### § 48 Voják je příslušník sboru.');
    // A full stop of an abbreviation is no sentence's end.
    const sb = applyAmendment(text, [pt('5', 'V § 64 se slova „ve smyslu ustanovení § 49“ nahrazují slovy „podle zákona č. 1/2000 Sb.“.')]);
    expect(sb.points[0].status).toBe('applied');
  });
});

describe('applyAmendment: forms of the tuning misses (#36, h-engine4)', () => {
  const TEXT = ['##### § 30a', '', '#### Rozmnožování', '', 'Text.', '', '##### § 30b', '', 'Do práva autorského nezasahuje ten.', ''].join(
    '\n',
  );

  it('puts a heading inserted "pod označení § 30b" below the label, as the § before writes its own (zákon č. 102/2017 Sb., bod 24, on zákon č. 121/2000 Sb.)', () => {
    const r = applyAmendment(TEXT, [pt('24', 'Pod označení § 30b se vkládá nadpis, který zní: „Předvedení nebo oprava přístroje“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_30b'] });
    expect(r.text).toContain('##### § 30b\n\n#### Předvedení nebo oprava přístroje\n\nDo práva autorského nezasahuje ten.');
  });

  it('refuses a heading inserted into a § that has one, or into a text no § of which has a heading (nařízení vlády č. 122/2025 Sb., bod 1, on nařízení vlády č. 590/2006 Sb.)', () => {
    const r = applyAmendment(TEXT, [pt('1', 'Pod označení § 30a se vkládá nadpis, který zní: „Jiný“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'already_present' });
    expect(r.text).toBe(TEXT);
    const plain = [
      '##### § 1',
      '',
      'Okruh překážek v práci stanoví příloha.',
      '',
      '##### § 2',
      '',
      'Toto nařízení nabývá účinnosti dnem 1. ledna 2007.',
      '',
    ].join('\n');
    const s = applyAmendment(plain, [
      pt('1', 'Pod označení § 1 se vkládá nadpis, který zní:\n\n„Okruh a rozsah jiných důležitých osobních překážek v práci“.'),
      pt(
        '2',
        'Za § 1 se vkládá nový § 1a, který včetně nadpisu zní:\n\n##### „§ 1a\n\n#### Společné ustanovení\n\nPro účely nařízení se rozumí.“.',
      ),
      pt('3', 'Pod označení § 2 se vkládá nadpis, který zní:\n\n„Účinnost“.'),
    ]);
    // The new § 1a's heading is the act's; the text before the act had none to say how § 2's is written.
    expect(s.points.map((p) => p.reason ?? p.status)).toEqual(['unsupported_target', 'applied', 'unsupported_target']);
    expect(unit(s.text, 'par_2')).toBe('##### § 2 Toto nařízení nabývá účinnosti dnem 1. ledna 2007.');
  });

  it('capitalises the word that opens a sentence once the one before it is deleted (zákon č. 548/1991 Sb., bod 4, on zákon č. 20/1966 Sb.)', () => {
    const text = [
      '##### Článek IV',
      '',
      'Socialistická péče o zdraví lidu se zaměřuje preventivně. Socialistická péče je bezplatná.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt('4', 'V článku IV se slova „Socialistická péče je“ nahrazují slovy „Péče je“.'),
      pt('5', 'V článku IV se slovo „Socialistická“ vypouští.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'cl_4')).toBe('##### Článek IV Péče o zdraví lidu se zaměřuje preventivně. Péče je bezplatná.');
    // Inside a sentence the next word stays as it is.
    const mid = applyAmendment(['##### § 1', '', 'Úřad České republiky vede seznam.', ''].join('\n'), [
      pt('1', 'V § 1 se slova „České republiky“ vypouštějí.'),
    ]);
    expect(unit(mid.text, 'par_1')).toBe('##### § 1 Úřad vede seznam.');
  });
});

describe('applyAmendment: forms of the tuning misses (#36, h-engine5)', () => {
  it('gives a new heading\'s "(K § …)" end to the line below the title (vyhláška č. 493/2006 Sb., bod 2, on vyhláška č. 330/2004 Sb.)', () => {
    const text = [
      '##### § 5',
      '',
      '#### Podmínky pro povolování dovozu',
      '',
      '(K § 8 odst. 1, 2 a 4 zákona)',
      '',
      '(1) Povolit dovoz lze.',
      '',
      '##### § 15',
      '',
      '#### Formy rostlinolékařských pasů',
      '',
      '(K § 18 odst. 2 zákona)',
      '',
      '(1) Pas tvoří návěska.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt('2', 'Nadpis § 5 zní: „Povolování nakládání s karanténním materiálem (K § 8 odst. 1, 2 a 4 zákona)“.'),
      pt('4', 'V nadpisu § 15 se slova „(K § 18 odst. 2 zákona)“ nahrazují slovy „(K § 16 odst. 2 a k § 18 odst. 2 zákona)“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_5')).toBe(
      '##### § 5 #### Povolování nakládání s karanténním materiálem (K § 8 odst. 1, 2 a 4 zákona) (1) Povolit dovoz lze.',
    );
    expect(unit(r.text, 'par_15')).toBe(
      '##### § 15 #### Formy rostlinolékařských pasů (K § 16 odst. 2 a k § 18 odst. 2 zákona) (1) Pas tvoří návěska.',
    );
    // A § without such a line takes the new heading whole, as before.
    const plain = applyAmendment(['##### § 2', '', '#### Doklady', '', '(1) Text.', ''].join('\n'), [
      pt('2', 'Nadpis § 2 zní: „Doklady k povolení [K § 8 odst. 1 písm. a) zákona]“.'),
    ]);
    expect(unit(plain.text, 'par_2')).toBe('##### § 2 #### Doklady k povolení [K § 8 odst. 1 písm. a) zákona] (1) Text.');
  });

  it('takes out the group headings whose §§ are all repealed, and keeps one a § still stands under (zákon č. 62/1977 Sb., čl. III bod 9, on zákon č. 103/1974 Sb.)', () => {
    const text = [
      '##### § 20',
      '',
      '#### Sazba daně',
      '',
      'Sazba daně činí 50 %.',
      '',
      '#### Daň z celkového objemu mezd',
      '',
      '##### § 21',
      '',
      '#### Poplatníci',
      '',
      'Poplatníky daně jsou organizace.',
      '',
      '##### § 22',
      '',
      '#### Základ daně',
      '',
      'Základem daně je objem mezd.',
      '',
      '#### Daň z individuálních mezd',
      '',
      '##### § 24',
      '',
      '#### Poplatníci',
      '',
      'Poplatníky daně jsou podniky.',
      '',
      '##### § 25',
      '',
      '#### Základ daně',
      '',
      'Základem daně je mzda.',
      '',
      '## ČÁST ČTVRTÁ',
      '',
      '##### § 27',
      '',
      '#### Poplatníci',
      '',
      'Text.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [pt('9', '§ 21, 22 a 24 včetně nadpisů se vypouštějí.')]);
    expect(r.points[0].status).toBe('applied');
    // § 25 is still under "Daň z individuálních mezd": that heading stays, above it; the one above § 21 goes.
    expect(r.text).not.toContain('Daň z celkového objemu mezd');
    expect(r.text).toContain('Sazba daně činí 50 %.\n\n#### Daň z individuálních mezd\n\n##### § 25');
    const all = applyAmendment(text, [pt('9', '§ 21 až 25 včetně nadpisů se vypouštějí.')]);
    expect(all.points[0].status).toBe('applied');
    expect(unit(all.text, 'par_20')).toBe('##### § 20 #### Sazba daně Sazba daně činí 50 %.');
    expect(splitUnits(all.text).map((u) => u.id)).toEqual(['par_20', 'cast_4', 'par_27']);
  });

  it('repeals hlavy of a část named "Z části první se vypouštějí ustanovení hlavy …", though a point failed inside them (zákon č. 509/1991 Sb., body 43 and 46, on zákon č. 40/1964 Sb.)', () => {
    const text = [
      '## ČÁST PRVNÍ',
      '',
      '### Hlava čtvrtá',
      '',
      '##### § 51',
      '',
      'Smlouva.',
      '',
      '### Hlava pátá',
      '',
      '#### ZAJIŠTĚNÍ',
      '',
      '##### § 52',
      '',
      'Ručení (§ 80).',
      '',
      '### Hlava šestá',
      '',
      '##### § 80',
      '',
      'Změna.',
      '',
      '### Hlava sedmá',
      '',
      '##### § 99',
      '',
      'Zánik.',
      '',
      '### Hlava osmá',
      '',
      '##### § 100',
      '',
      'Promlčení (§ 80).',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt('43', 'Z části první se vypouštějí ustanovení hlavy páté až sedmé včetně nadpisů (§ 52 až 99).'),
      // (the act's "se citace § 80, uvedená v závorce, nahrazuje citací § 565" is read since h-engine13;
      // a form still unread that names § 80 stands for it)
      pt('46', 'V § 100 se odkaz v závorce na § 80 mění na odkaz na § 565.'),
    ]);
    expect(r.points.map((p) => p.reason ?? p.status)).toEqual(['applied', 'unsupported_form']);
    expect(splitUnits(r.text).map((u) => u.id)).toEqual(['cast_1', 'cast_1/hlava_4', 'par_51', 'cast_1/hlava_8', 'par_100']);
    // A repeal that fails itself still holds back what it names.
    const failed = applyAmendment(text, [
      pt('1', '§ 52 až 53 se zrušují.'),
      pt('2', 'V § 52 se slovo „Ručení“ nahrazuje slovem „Záruka“.'),
    ]);
    expect(failed.points.map((p) => p.reason ?? p.status)).toEqual(['target_not_found', 'blocked']);
  });
  it('drops the opening quotation mark of a new text whose closing one the act leaves out (vyhláška č. 287/1992 Sb., bod 6, on vyhláška č. 43/1991 Sb.)', () => {
    const text = ['##### § 50', '', 'Clo se vybírá.', '', '##### § 51', '', '#### Potřeby', '', 'Od cla jsou osvobozeny vzorky.', ''].join(
      '\n',
    );
    const r = applyAmendment(text, [
      pt('6', '§ 51 včetně nadpisu zní:\n\n##### „§ 51\n\n#### Potřeby pro uzavírání smluv\n\nOd cla jsou osvobozeny dokumenty a vzorky.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    // (the act's text ends without its closing quotation mark)
    expect(unit(r.text, 'par_51')).toBe('##### § 51 #### Potřeby pro uzavírání smluv Od cla jsou osvobozeny dokumenty a vzorky.');
    // A quotation that opens on a line of its own inside the text is still refused.
    const inner = applyAmendment(text, [pt('7', '§ 51 zní:\n\n##### „§ 51\n\n„Slib“ zní takto.')]);
    expect(inner.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
  });

  it("changes an annex's title, the plain line below its label (nařízení vlády č. 23/2011 Sb., bod 27, on nařízení vlády č. 61/2003 Sb.)", () => {
    const text = [
      '##### § 1',
      '',
      'Text.',
      '',
      'Příloha č. 2 k nařízení vlády č. 61/2003 Sb.',
      '',
      'Požadovaný a cílový stav jakosti vody ve vodním toku',
      '',
      '- 1. Neporušená samočisticí schopnost.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [pt('27', 'Nadpis přílohy č. 2 zní: „Ukazatele vyjadřující dobrý stav vody ve vodním toku“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['priloha_2'] });
    expect(unit(r.text, 'priloha_2')).toBe(
      'Příloha č. 2 k nařízení vlády č. 61/2003 Sb. Ukazatele vyjadřující dobrý stav vody ve vodním toku - 1. Neporušená samočisticí schopnost.',
    );
  });
  it('still refuses a new annex that is a picture with the opening quotation mark left, whose text the source reads off the picture (vyhláška č. 98/2003 Sb., bod 11, on vyhláška č. 243/2001 Sb.)', () => {
    const text = [
      '##### § 1',
      '',
      'Text.',
      '',
      'Příloha č. 10 k vyhlášce č. 243/2001 Sb.',
      '',
      'Potvrzení',
      '',
      '[image omitted]',
      '',
    ].join('\n');
    const r = applyAmendment(text, [pt('11', 'Příloha č. 10 zní:\n\n„Příloha č. 10 k vyhlášce č. 243/2001 Sb.\n\n[image omitted]')]);
    // (the act's text ends without its closing quotation mark)
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    expect(r.text).toBe(text);
  });
});

describe('applyAmendment: forms of the tuning misses (#36, h-engine6)', () => {
  const LIST = [
    '##### § 2',
    '',
    '(1) Evidence obsahuje',
    '',
    '- a) jméno a adresu místa pobytu,',
    '',
    '- b) číslo parcely a název katastrálního území,^10h)',
    '',
    '- c) datum narození.',
    '',
    '(2) Povolení obsahuje',
    '',
    '- a) důvod žádosti,',
    '',
    '- b) důvod odvolání',
    '',
    'a přiloží písemné vyjádření subjektu.',
    '',
    '(3) Ministerstvo stanoví vyhláškou',
    '',
    '- a) vzor žádosti,',
    '',
    '- b) vzor povolení,',
    '',
    '- c) lhůty.',
    '',
    '^10h) Zákon č. 256/2013 Sb.',
    '',
  ].join('\n');

  it("puts words that end with the item's comma after its comma and footnote mark (zákon č. 141/2009 Sb., bod 29, on zákon č. 167/1998 Sb.)", () => {
    const r = applyAmendment(LIST, [
      pt('29', 'V § 2 odst. 1 se na konci písmene b) doplňují slova „nebo identifikačního čísla půdního bloku,“.'),
      pt('30', 'V § 2 odst. 1 se na konci písmene a) doplňují slova „případně též adresa pro doručování,“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(unit(r.text, 'par_2')).toContain(
      '- a) jméno a adresu místa pobytu, případně též adresa pro doručování, - b) číslo parcely a název katastrálního území,^10h) nebo identifikačního čísla půdního bloku, - c)',
    );
    // Words that open with their own mark take the item's place of it (zákon č. 362/2004 Sb., bod 41).
    const own = applyAmendment(LIST, [pt('41', 'V § 2 odst. 1 se na konci textu písmene a) doplňují slova „; adresa se ověří,“.')]);
    expect(unit(own.text, 'par_2')).toContain('- a) jméno a adresu místa pobytu; adresa se ověří, - b)');
    // One word with the comma continues the words before (vyhláška č. 242/1996 Sb., bod 4).
    const one = applyAmendment(LIST, [pt('4', 'V § 2 odst. 1 se na konci písmene a) doplňuje slovo „žadatele,“.')]);
    expect(unit(one.text, 'par_2')).toContain('- a) jméno a adresu místa pobytu žadatele, - b)');
  });

  it("finds words the act names in a list's last písmeno in the závěrečná část after it (vyhláška č. 394/2012 Sb., bod 18, on vyhláška č. 498/2000 Sb.)", () => {
    const r = applyAmendment(LIST, [pt('18', 'V § 2 odst. 2 písm. b) se slova „a přiloží písemné vyjádření subjektu“ zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_2')).toContain('- b) důvod odvolání. (3)');
  });

  it('reads "se vypouští ustanovení písm. b)" as the písmeno repealed (zákon č. 62/1977 Sb., bod 22, on zákon č. 103/1974 Sb.)', () => {
    const r = applyAmendment(LIST, [pt('22', 'V § 2 odst. 3 se vypouštějí ustanovení písm. a) a b).')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_2')).toContain('(3) Ministerstvo stanoví vyhláškou - c) lhůty.');
  });

  it('writes a footnote mark of a new text without the space the act left before it (zákon č. 113/1979 Sb., bod 2, on zákon č. 103/1974 Sb.)', () => {
    const r = applyAmendment(LIST, [
      pt('2', '§ 2 odst. 3 písm. a) zní:\n\n- „a) vzor žádosti v zastavěné části obce, ^10h) činí-li výměra nejvýše 800 m^2,“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_2')).toContain('- a) vzor žádosti v zastavěné části obce,^10h) činí-li výměra nejvýše 800 m^2, - b)');
  });

  it('does not put a sentence after the one named when the text has it there already (zákon č. 192/2003 Sb., bod 1, on zákon č. 6/2002 Sb.)', () => {
    const text = '##### § 15\n\n(1) Soud se skládá ze soudců.\n\n(2) Rozhoduje soudce. Předseda vykonává správu. Senát rozhoduje.\n';
    const r = applyAmendment(text, [pt('1', 'V § 15 odst. 2 se za větu první vkládá věta „Předseda vykonává správu.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'already_present' });
    expect(r.text).toBe(text);
  });

  it('keeps the full stop of a sentence whose last words are deleted with it (zákon č. 548/1991 Sb., bod 3, on zákon č. 20/1966 Sb.)', () => {
    const text = '##### Článek II\n\nKaždý má přispívat k vytváření zdravých podmínek a podílet se na řízení péče.\n';
    const r = applyAmendment(text, [pt('3', 'V článku II se vypouštějí slova „a podílet se na řízení péče.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'cl_2')).toBe('##### Článek II Každý má přispívat k vytváření zdravých podmínek.');
  });

  it('repeals the first and second sentences, not the first and third (zákon č. 362/2004 Sb., bod 34, on zákon č. 167/1998 Sb.)', () => {
    const text = '##### § 21\n\n(1) První odstavec.\n\n(3) Jeden stejnopis se předá. Tento úřad jej vrátí. Celní úřad vyznačí údaje.\n';
    const r = applyAmendment(text, [pt('34', 'V § 21 odst. 3 se věty první a druhá zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_21')).toBe('##### § 21 (1) První odstavec. (3) Celní úřad vyznačí údaje.');
  });

  it('renumbers hlavy whose labels write their numbers in Roman, to X (zákon č. 321/2024 Sb., bod 5, on zákon č. 167/1998 Sb.)', () => {
    const text = [
      '## ČÁST PRVNÍ',
      '',
      '### HLAVA VIII',
      '',
      '#### Osmá',
      '',
      '##### § 8',
      '',
      'Text.',
      '',
      '### HLAVA IX',
      '',
      '#### Devátá',
      '',
      '##### § 9',
      '',
      'Text.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [pt('5', 'Dosavadní hlavy VIII a IX se označují jako hlavy IX a X.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'cast_1/hlava_9')).toBe('### HLAVA IX #### Osmá');
    expect(unit(r.text, 'cast_1/hlava_10')).toBe('### HLAVA X #### Devátá');
  });

  it('keeps the next §\'s title and its "(K § …)" line when a § gets a new wording (vyhláška č. 292/2023 Sb., bod 34, on vyhláška č. 197/2004 Sb.)', () => {
    const text = [
      '##### § 18',
      '',
      '#### Povolenka k lovu',
      '',
      '[K § 13 odst. 11 písm. f) zákona]',
      '',
      'Údaje pro povolenku jsou v příloze č. 8.',
      '',
      '#### Rybářská stráž',
      '',
      '(K § 14 odst. 9 zákona)',
      '',
      '##### § 19',
      '',
      'Znalost se prokazuje dokladem.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [
      pt(
        '34',
        '§ 18 včetně nadpisu zní:\n\n##### „§ 18\n\n#### Povolenka k lovu\n\n[K § 13 odst. 12 písm. f) zákona]\n\nVzor povolenky je v příloze č. 8.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_18')).toBe(
      '##### § 18 #### Povolenka k lovu [K § 13 odst. 12 písm. f) zákona] Vzor povolenky je v příloze č. 8. #### Rybářská stráž (K § 14 odst. 9 zákona)',
    );
  });

  it('reads "Dosavadní označení písmena a) se zrušuje" as the label dropped (zákon č. 362/2003 Sb., bod 4, on zákon č. 154/1994 Sb.)', () => {
    const r = applyAmendment(LIST, [
      pt(
        '4',
        'V § 2 odst. 3 se na konci písmena a) čárka nahrazuje tečkou a písmena b) a c) se zrušují.\n\nDosavadní označení písmena a) se zrušuje.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_2')).toContain('(3) Ministerstvo stanoví vyhláškou vzor žádosti.');
  });

  describe('a container with its §§ (#36, h-engine7)', () => {
    // Hlavy VI to VIII of a část, as zákon č. 167/1998 Sb. had them before zákon č. 321/2024 Sb.
    const HLAVY = [
      '# Zákon o návykových látkách',
      '',
      '## ČÁST PRVNÍ',
      '',
      '### HLAVA VI',
      '',
      '#### Šestá',
      '',
      '##### § 32',
      '',
      'Text § 32.',
      '',
      '##### § 33',
      '',
      'Text § 33.',
      '',
      '### HLAVA VII',
      '',
      '#### Sedmá',
      '',
      '#### Díl 1',
      '',
      '#### První díl sedmé',
      '',
      '##### § 34',
      '',
      'Text § 34.',
      '',
      '### HLAVA VIII',
      '',
      '#### Osmá',
      '',
      '##### § 35',
      '',
      'Text § 35.',
      '',
      '## ČÁST DRUHÁ',
      '',
      '##### § 36',
      '',
      'Účinnost.',
      '',
    ].join('\n');
    const NEW_HLAVA = [
      'V části první se za hlavu VI vkládá nová hlava VII, která včetně nadpisů a poznámky pod čarou č. 10m zní:',
      '',
      '### „HLAVA VII',
      '',
      '#### Psychomodulační látky',
      '',
      '#### Díl 1',
      '',
      '#### Nakládání',
      '',
      '##### § 33a',
      '',
      'Nakládat lze jen s povolením^10m).',
      '',
      '#### Díl 2',
      '',
      '#### Evidence',
      '',
      '##### § 33b',
      '',
      'Evidence se vede.',
      '',
      '^10m) Zákon č. 1/2000 Sb.“.',
      '',
      'Dosavadní hlavy VII a VIII se označují jako hlavy VIII a IX.',
    ].join('\n');

    it('inserts a new hlava with its díly and §§ after the hlava named and all it holds; the hlavy after it renumbered with their díly (zákon č. 321/2024 Sb., bod 5, on zákon č. 167/1998 Sb.)', () => {
      const r = applyAmendment(HLAVY, [pt('5', NEW_HLAVA)]);
      expect(r.points[0]).toMatchObject({ status: 'applied' });
      const ids = splitUnits(r.text).map((u) => u.id);
      expect(ids).toEqual([
        'preamble',
        'cast_1',
        'cast_1/hlava_6',
        'par_32',
        'par_33',
        'cast_1/hlava_7',
        'cast_1/hlava_7/dil_1',
        'par_33a',
        'cast_1/hlava_7/dil_2',
        'par_33b',
        'cast_1/hlava_8',
        'cast_1/hlava_8/dil_1',
        'par_34',
        'cast_1/hlava_9',
        'par_35',
        'cast_2',
        'par_36',
        'fn_10m',
      ]);
      // The engine's own units are those of the text parsed afresh.
      expect(r.resultUnits.map((u) => u.id)).toEqual(ids);
      expect(unit(r.text, 'par_33a')).toBe('##### § 33a Nakládat lze jen s povolením^10m).');
      expect(unit(r.text, 'cast_1/hlava_7')).toBe('### HLAVA VII #### Psychomodulační látky');
      expect(unit(r.text, 'cast_1/hlava_8')).toBe('### HLAVA VIII #### Sedmá');
      expect(r.points[0].units).toEqual(expect.arrayContaining(['par_33a', 'par_33b']));
    });

    it('refuses a new hlava whose §§ do not fit the numbers at its place', () => {
      const r = applyAmendment(HLAVY, [pt('5', NEW_HLAVA.replace(/§ 33a/g, '§ 34a'))]);
      expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
      expect(r.text).toBe(HLAVY);
    });

    it('refuses a new hlava whose § is in the text already', () => {
      const r = applyAmendment(HLAVY, [pt('5', NEW_HLAVA.replace(/§ 33b/g, '§ 34'))]);
      expect(r.points[0]).toMatchObject({ status: 'not_applied' });
      expect(r.text).toBe(HLAVY);
    });

    it('gives a díl its new wording with its §§: the old §§ of the díl go (zákon č. 192/2003 Sb., bod 33, on zákon č. 6/2002 Sb.)', () => {
      const r = applyAmendment(HLAVY, [
        pt(
          '33',
          'V části první hlavě VII díl 1 včetně nadpisu zní:\n\n#### „Díl 1\n\n#### Nový díl\n\n##### § 34\n\nNový text § 34.\n\n##### § 34a\n\nText § 34a.“.',
        ),
      ]);
      expect(r.points[0]).toMatchObject({ status: 'applied' });
      expect(splitUnits(r.text).map((u) => u.id)).toEqual([
        'preamble',
        'cast_1',
        'cast_1/hlava_6',
        'par_32',
        'par_33',
        'cast_1/hlava_7',
        'cast_1/hlava_7/dil_1',
        'par_34',
        'par_34a',
        'cast_1/hlava_8',
        'par_35',
        'cast_2',
        'par_36',
      ]);
      expect(unit(r.text, 'cast_1/hlava_7/dil_1')).toBe('#### Díl 1 #### Nový díl');
      expect(unit(r.text, 'par_34')).toBe('##### § 34 Nový text § 34.');
    });

    it('reads a container named in capitals as in lower case ("DÍL VIII včetně nadpisu zní:", zákon č. 226/1992 Sb., bod 27, on zákon č. 76/1959 Sb.; h-recall11)', () => {
      const words = 'V části první hlavě VII díl 1 včetně nadpisu zní:';
      const body = '\n\n#### „Díl 1\n\n#### Nový díl\n\n##### § 34\n\nNový text § 34.\n\n##### § 34a\n\nText § 34a.“.';
      const lower = applyAmendment(HLAVY, [pt('33', words + body)]);
      const capitals = applyAmendment(HLAVY, [pt('33', 'V ČÁSTI PRVNÍ HLAVĚ VII DÍL 1 včetně nadpisu zní:' + body)]);
      expect(capitals.points[0]).toMatchObject({ status: 'applied' });
      expect(capitals.text).toBe(lower.text);
    });
  });

  describe('"na konci odstavce" without its number, after words repealed in a písmeno (#36, h-engine7)', () => {
    const ACT8 = [
      '# Zákon o regulaci reklamy',
      '',
      '##### § 8',
      '',
      '(1) Přestupku se dopustí, kdo',
      '',
      '- m) nesdělí údaje podle § 7a odst. 4, nebo',
      '',
      '- n) šíří reklamu na elektronické cigarety.',
      '',
      '(3) Zpracovatel se dopustí přestupku tím, že',
      '',
      '- e) neuvede varování podle § 3 odst. 5, nebo',
      '',
      '- f) nesdělí údaje o zadavateli.',
      '',
      '(4) Za přestupek lze uložit pokutu.',
      '',
    ].join('\n');

    it('takes "odstavce" as the odstavec of the location, the word "nebo" going from the písmeno before (zákon č. 314/2022 Sb., bod 6, on zákon č. 40/1995 Sb.)', () => {
      const r = applyAmendment(ACT8, [
        pt(
          '6',
          'V § 8 odst. 1 se na konci písmene m) slovo „nebo“ zrušuje, na konci odstavce se tečka nahrazuje slovem „ , nebo“ a doplňuje se písmeno o), které zní:\n\n- „o) šíří reklamu na medikovaná krmiva.“.',
        ),
      ]);
      expect(r.points[0]).toMatchObject({ status: 'applied' });
      expect(unit(r.text, 'par_8')).toBe(
        '##### § 8 (1) Přestupku se dopustí, kdo - m) nesdělí údaje podle § 7a odst. 4, - n) šíří reklamu na elektronické cigarety, nebo - o) šíří reklamu na medikovaná krmiva. (3) Zpracovatel se dopustí přestupku tím, že - e) neuvede varování podle § 3 odst. 5, nebo - f) nesdělí údaje o zadavateli. (4) Za přestupek lze uložit pokutu.',
      );
    });

    it('leaves the písmeno of the location for its odstavec (zákon č. 314/2022 Sb., bod 10, on zákon č. 40/1995 Sb.)', () => {
      const r = applyAmendment(ACT8, [
        pt(
          '10',
          'V § 8 odst. 3 písm. e) se slovo „nebo“ zrušuje, na konci odstavce se tečka nahrazuje slovem „ , nebo“ a doplňuje se písmeno g), které zní:\n\n- „g) zpracuje reklamu na medikovaná krmiva.“.',
        ),
      ]);
      expect(r.points[0]).toMatchObject({ status: 'applied' });
      expect(unit(r.text, 'par_8')).toContain(
        '(3) Zpracovatel se dopustí přestupku tím, že - e) neuvede varování podle § 3 odst. 5, - f) nesdělí údaje o zadavateli, nebo - g) zpracuje reklamu na medikovaná krmiva. (4)',
      );
    });
  });

  it('takes the quotation off a footnote whose opening mark stands after a caret (zákon č. 548/1991 Sb., bod 32, on zákon č. 20/1966 Sb.)', () => {
    const text = '# Zákon\n\n##### § 28\n\n(1) Pitva.^7)\n\n(2) Dva.\n\n^7) Vyhláška č. 1/1980 Sb.\n';
    const r = applyAmendment(text, [
      pt(
        '32',
        '§ 28 odst. 1 zní:\n\n„(1) U zemřelých osob se zpravidla provádí zdravotní pitva.^7)“.\n\nPoznámka č. 7 pod čarou zní:\n\n^„^7) Vyhláška č. 19/1988 Sb., o postupu při úmrtí a při pohřebnictví.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'fn_7')).toBe('^7) Vyhláška č. 19/1988 Sb., o postupu při úmrtí a při pohřebnictví.');
  });

  it('keeps the footnote marks after the closing full stop with the last words when words are added at the end (zákon č. 47/2011 Sb., bod 48, on zákon č. 235/2004 Sb.)', () => {
    const text =
      '# Zákon\n\n##### § 52\n\n(1) Jedna.\n\n(2) Osvobozeno je plnění podle zvláštního právního předpisu.^28)\n\n(3) Tři.\n\n^28) Zákon č. 29/2000 Sb.\n';
    const r = applyAmendment(text, [pt('48', 'V § 52 se na konci textu odstavce 2 doplňují slova „v rámci této licence“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_52')).toBe(
      '##### § 52 (1) Jedna. (2) Osvobozeno je plnění podle zvláštního právního předpisu^28) v rámci této licence. (3) Tři.',
    );
  });

  it('refuses a footnote repealed in one place without its references (zákon č. 291/2009 Sb., bod 3, on zákon č. 154/2000 Sb.)', () => {
    const text = '# Zákon\n\n##### § 12\n\n(2) Podle předpisu^6).\n\n##### § 13\n\nTaké^6).\n\n^6) Zákon č. 166/1999 Sb.\n';
    const r = applyAmendment(text, [pt('3', 'V § 12 odst. 2 se poznámka č. 6 zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(text);
    const all = applyAmendment(text, [
      pt('3', 'V § 12 odst. 2 se poznámka pod čarou č. 6 zrušuje, a to včetně odkazu na poznámku pod čarou.'),
    ]);
    expect(all.points[0]).toMatchObject({ status: 'applied' });
  });

  it("takes the quotation off a footnote's new text that opens after its number (zákon č. 324/1993 Sb., bod 2, on zákon č. 592/1992 Sb.)", () => {
    const text = '# Zákon\n\n##### § 3\n\nPojištěnec^5).\n\n^5) Zákon č. 1/1980 Sb.\n';
    const r = applyAmendment(text, [pt('2', 'Poznámka pod čarou č. 5) zní:\n\n^5) „Např. § 131 zákoníku práce.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'fn_5')).toBe('^5) Např. § 131 zákoníku práce.');
  });

  it('inserts a část after one named in the accusative and renumbers the část after it, labelled in words (zákon č. 46/2016 Sb., bod 38, on zákon č. 219/1999 Sb.)', () => {
    const text =
      '# Zákon\n\n## ČÁST DESÁTÁ\n\n#### Desátá\n\n##### § 44a\n\nText.\n\n## ČÁST JEDENÁCTÁ\n\n#### ÚČINNOST\n\n##### § 45\n\nÚčinnost.\n';
    const r = applyAmendment(text, [
      pt(
        '38',
        'Za část desátou se vkládá nová část jedenáctá, která včetně nadpisu zní:\n\n## „ČÁST JEDENÁCTÁ\n\n#### RIZIKOVÝ PŘÍSPĚVEK\n\n##### § 44b\n\nPříspěvek.“.\n\nDosavadní část jedenáctá se označuje jako část dvanáctá.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(splitUnits(r.text).map((u) => u.id)).toEqual(['preamble', 'cast_10', 'par_44a', 'cast_11', 'par_44b', 'cast_12', 'par_45']);
    expect(unit(r.text, 'cast_12')).toBe('## ČÁST DVANÁCTÁ #### ÚČINNOST');
    expect(unit(r.text, 'par_44b')).toBe('##### § 44b Příspěvek.');
  });

  it("gives a container's heading its new wording when the act writes the label above it (nařízení vlády č. 226/1999 Sb., bod 6, on nařízení vlády č. 244/1995 Sb.)", () => {
    const text = '# Nařízení\n\n## ČÁST TŘETÍ\n\n#### Dotace\n\n##### § 3\n\nText.\n';
    const r = applyAmendment(text, [pt('6', 'Nadpis části třetí zní:\n\n## „ČÁST TŘETÍ\n\n#### DOTACE OSTATNÍM OSOBÁM“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'cast_3')).toBe('## ČÁST TŘETÍ #### DOTACE OSTATNÍM OSOBÁM');
  });

  it("adds an annex after the act's last one when it takes the next number (zákon č. 102/2017 Sb., bod 76, on zákon č. 121/2000 Sb.)", () => {
    const text = [
      '# Zákon',
      '',
      '##### § 1',
      '',
      'Text.',
      '',
      'Příloha č. 1 k zákonu č. 121/2000 Sb.',
      '',
      'První příloha.',
      '',
      'Příloha č. 2 k zákonu č. 121/2000 Sb.',
      '',
      'Druhá příloha.',
      '',
      '^1) Zákon č. 1/2000 Sb.',
      '',
    ].join('\n');
    const point = (n: number) =>
      pt(
        '76',
        `Doplňuje se příloha č. ${n}, která zní:\n\n„Příloha č. ${n} k zákonu č. 121/2000 Sb.\n\nInformace povinně uváděné ve výroční zprávě.“.`,
      );
    const r = applyAmendment(text, [point(3)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(splitUnits(r.text).map((u) => u.id)).toEqual(['preamble', 'par_1', 'priloha_1', 'priloha_2', 'priloha_3', 'fn_1']);
    expect(unit(r.text, 'priloha_3')).toBe('Příloha č. 3 k zákonu č. 121/2000 Sb. Informace povinně uváděné ve výroční zprávě.');
    // A number that does not follow the last annex's has no sure place.
    expect(applyAmendment(text, [point(4)]).points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
  });
});

describe("applyAmendment: the tuning half's wrong units (#36, h-engine8)", () => {
  it('takes a footnote the point names out of the new §§ when the act prints it between them (vyhláška č. 620/2004 Sb., bod 16, on vyhláška č. 432/2001 Sb.)', () => {
    const text = [
      '# Vyhláška',
      '',
      '##### § 3',
      '',
      'Text tři^1).',
      '',
      '##### § 4',
      '',
      'Text čtyři.',
      '',
      '^1) Zákon č. 1/2000 Sb.',
      '',
    ].join('\n');
    const point = pt(
      '16',
      'Za § 3 se vkládají nové § 3a a 3b, které včetně poznámky pod čarou č. 2b znějí:\n\n##### „§ 3a\n\nText podle předpisů^2b).\n\n^2b) Například zákon č. 71/1967 Sb.\n\n##### § 3b\n\nText b.“.',
    );
    const r = applyAmendment(text, [point]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(splitUnits(r.text).map((u) => u.id)).toEqual(['preamble', 'par_3', 'par_3a', 'par_3b', 'par_4', 'fn_1', 'fn_2b']);
    expect(unit(r.text, 'par_3a')).toBe('##### § 3a Text podle předpisů^2b).');
    expect(unit(r.text, 'fn_2b')).toBe('^2b) Například zákon č. 71/1967 Sb.');
  });

  it('takes the §\'s heading out with all its odstavce repealed "včetně nadpisu" (zákon č. 101/2000 Sb., bod 3, on zákon č. 106/1999 Sb.)', () => {
    const text = [
      '# Zákon',
      '',
      '##### § 8',
      '',
      '#### Ochrana osobnosti a soukromí',
      '',
      '(1) Informace o osobnosti^5).',
      '',
      '(2) Písemnosti osobní povahy.',
      '',
      '##### § 9',
      '',
      '#### Ochrana obchodního tajemství',
      '',
      '(1) Obchodní tajemství.',
      '',
      '(2) Jiné tajemství.',
      '',
      '^5) Zákon č. 256/1992 Sb.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [pt('3', 'V § 8 se odstavce 1 a 2 včetně nadpisu a poznámky pod čarou č. 5) zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_8')).toBe('##### § 8');
    expect(splitUnits(r.text).map((u) => u.id)).toEqual(['preamble', 'par_8', 'par_9']);
    // One odstavec of two: the heading is the §'s, which stands; it stays.
    const one = applyAmendment(text, [pt('3', 'V § 9 se odstavec 2 včetně nadpisu zrušuje.')]);
    expect(unit(one.text, 'par_9')).toBe('##### § 9 #### Ochrana obchodního tajemství (1) Obchodní tajemství.');
  });
});

describe('applyAmendment: words the named unit holds more than once (#36, h-engine8)', () => {
  const text = [
    '# Zákon',
    '',
    '##### § 39',
    '',
    '(1) Povolení vydává okresní úřad; okresní úřad je vede v evidenci, kterou okresní úřad zveřejní.',
    '',
    '(2) Lhůta je 6 měsíců podle § 30 odst. 6.',
    '',
    '(3) Štítek je vlevo, pravým rohem nahoru a levým rohem dolů; pravým okrajem k pravým dveřím.',
    '',
  ].join('\n');

  it('replaces the words in every place of the unit (zákon č. 320/2002 Sb., bod 12 of its part on zákon č. 167/1998 Sb.)', () => {
    const r = applyAmendment(text, [pt('12', 'V § 39 odst. 1 se slovo „okresní“ nahrazuje slovem „krajský“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_39')).toContain(
      '(1) Povolení vydává krajský úřad; krajský úřad je vede v evidenci, kterou krajský úřad zveřejní.',
    );
  });

  it('still refuses a number named in one place of several (zákon č. 195/2017 Sb., bod 15, on zákon č. 329/1999 Sb.)', () => {
    const r = applyAmendment(text, [pt('15', 'V § 39 odst. 2 se číslo „6“ nahrazuje číslem „10“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
  });

  it('still refuses words another clause of the point writes or replaces (vyhláška č. 333/2010 Sb., bod 1, on vyhláška č. 527/2006 Sb.)', () => {
    const r = applyAmendment(text, [
      pt('1', 'V § 39 odst. 3 se slovo „pravým“ nahrazuje slovem „levým“ a slovo „levým“ se nahrazuje slovem „pravým“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    expect(r.text).toBe(text);
  });
});

describe('applyAmendment: "§ N zní:" without "včetně nadpisu" (#36, h-engine8)', () => {
  it('drops a heading below the label with the old text, as the source does (zákon č. 142/2012 Sb., bod 1, on zákon č. 6/2002 Sb.)', () => {
    const text = [
      '# Zákon',
      '',
      '##### § 175',
      '',
      'Text.',
      '',
      '##### § 175a',
      '',
      '#### Poskytování údajů',
      '',
      '(1) Ministerstvo poskytuje údaje.',
      '',
      '##### § 176',
      '',
      'Konec.',
      '',
    ].join('\n');
    const r = applyAmendment(text, [pt('1', '§ 175a zní:\n\n##### „§ 175a\n\nSoud využívá ze základního registru obyvatel tyto údaje.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(unit(r.text, 'par_175a')).toBe('##### § 175a Soud využívá ze základního registru obyvatel tyto údaje.');
  });

  it('keeps a heading written above the label (zákon č. 175/1990 Sb., on zákon č. 140/1961 Sb.)', () => {
    const text = ['# Zákon', '', '#### Účel zákona', '', '##### § 1', '', 'Starý text.', '', '##### § 2', '', 'Konec.', ''].join('\n');
    const r = applyAmendment(text, [pt('1', '§ 1 zní:\n\n##### „§ 1\n\nNový text.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('#### Účel zákona\n\n##### § 1\n\nNový text.');
  });
});
