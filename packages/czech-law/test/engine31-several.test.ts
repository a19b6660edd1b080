import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// A new wording of several sentences of one unit, or of the same part of several units (session of
// 2026-12-02, #36, h-engine31), on tiny texts written the way legalize-cz writes them.

describe('sentences next to each other in one unit, replaced by new sentences', () => {
  const LEASE = lines(
    '# Zákon',
    '##### § 686a',
    '(1) Nájemce složí jistotu.',
    '(3) Pronajímatel může jistotu použít. Jinak ji vrátí. Úroky náleží nájemci.',
    '(4) Další text.',
  );

  it('"věty první a druhá se nahrazují větou" (zákon č. 132/2011 Sb., bod 4, on zákon č. 40/1964 Sb.)', () => {
    const r = applyAmendment(LEASE, [
      pt('4', 'V § 686a odst. 3 se věty první a druhá nahrazují větou „Nedohodnou-li se jinak, je pronajímatel oprávněn jistotu použít.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_686a/odst_3'] });
    expect(r.text).toContain('(3) Nedohodnou-li se jinak, je pronajímatel oprávněn jistotu použít. Úroky náleží nájemci.\n');
  });

  it('"věta druhá a třetí zní:" with the last sentences of the unit', () => {
    const r = applyAmendment(LEASE, [
      pt('5', 'V § 686a odst. 3 věta druhá a třetí zní:\n\n„Jinak ji vrátí do měsíce. Úroky náleží pronajímateli.“'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain(
      '(3) Pronajímatel může jistotu použít. Jinak ji vrátí do měsíce. Úroky náleží pronajímateli.\n\n(4) Další text.',
    );
  });

  it('sentences that are not next to each other stay refused', () => {
    const r = applyAmendment(LEASE, [pt('6', 'V § 686a odst. 3 věta první a třetí zní:\n\n„Nová věta.“')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(LEASE);
  });

  it('a sentence the unit lacks is not found', () => {
    const r = applyAmendment(LEASE, [pt('7', 'V § 686a odst. 3 se věty třetí a čtvrtá nahrazují větou „Nová věta.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
  });
});

describe('the same part of several units, each taking the same words', () => {
  const OFFENCES = lines(
    '# Zákon',
    '##### § 60',
    '(2) Provozovatel vysílání se dopustí správního deliktu tím, že',
    '- a) nevede záznam,',
    '- b) neuchová záznam.',
    '(3) Provozovatel převzatého vysílání se dopustí správního deliktu tím, že',
    '- a) nezveřejní údaje.',
    '##### § 61',
    '(1) Akcionář se může vzdát práva. Prohlášení je neodvolatelné. Vzdání se týká i nástupce.',
    '(2) Jiný text.',
    '(3) Člen se může vzdát práva. Prohlášení je neodvolatelné. Vzdání se týká i nástupce.',
  );

  it('"V § 60 odst. 2 a 3 úvodní části ustanovení znějí:" (zákon č. 183/2017 Sb., bod 10, on zákon č. 231/2001 Sb.)', () => {
    const r = applyAmendment(OFFENCES, [
      pt('10', 'V § 60 odst. 2 a 3 úvodní části ustanovení znějí: „Provozovatel vysílání se dále dopustí přestupku tím, že“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.changed).toEqual(expect.arrayContaining(['par_60/odst_2', 'par_60/odst_3']));
    expect(r.text).toContain('(2) Provozovatel vysílání se dále dopustí přestupku tím, že\n\n- a) nevede záznam,');
    expect(r.text).toContain('(3) Provozovatel vysílání se dále dopustí přestupku tím, že\n\n- a) nezveřejní údaje.');
  });

  it('"V § 61 odst. 1 a 3 se věta třetí nahrazuje větami" (zákon č. 126/2008 Sb., bod 23, on zákon č. 513/1991 Sb.)', () => {
    const r = applyAmendment(OFFENCES, [
      pt('23', 'V § 61 odst. 1 a 3 se věta třetí nahrazuje větami „Vzdání má účinky i vůči nástupci. Platí obdobně.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain(
      '(1) Akcionář se může vzdát práva. Prohlášení je neodvolatelné. Vzdání má účinky i vůči nástupci. Platí obdobně.\n',
    );
    expect(r.text).toContain(
      '(3) Člen se může vzdát práva. Prohlášení je neodvolatelné. Vzdání má účinky i vůči nástupci. Platí obdobně.\n',
    );
    expect(r.text).toContain('(2) Jiný text.');
  });

  it('"V § 60 odst. 2 a v § 60 odst. 3 úvodní části ustanovení znějí:": the part named after the last unit is of each', () => {
    const r = applyAmendment(OFFENCES, [
      pt('12', 'V § 60 odst. 2 a v § 60 odst. 3 úvodní části ustanovení znějí: „Za přestupek lze uložit pokutu, kdo“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Za přestupek lze uložit pokutu, kdo\n\n- a) nevede záznam,');
    expect(r.text).toContain('(3) Za přestupek lze uložit pokutu, kdo\n\n- a) nezveřejní údaje.');
  });

  it('one unit lacking the part fails the whole point', () => {
    const r = applyAmendment(OFFENCES, [pt('11', 'V § 60 odst. 2 a § 61 odst. 1 úvodní části ustanovení znějí: „Nový úvod, že“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
    expect(r.text).toBe(OFFENCES);
  });

  it('a heading above two §§ is one heading: refused', () => {
    const TEXT = lines('# Zákon', '#### Stará hlava', '##### § 260', '(1) Text.', '##### § 261', '(1) Text.');
    const r = applyAmendment(TEXT, [pt('51', 'Nadpis nad § 260 a 261 zní:\n\n#### „Podpora hnutí“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied' });
    expect(r.text).toBe(TEXT);
  });
});

describe('the same lettered unit of several §§, each taking the one the payload writes', () => {
  const FINES = lines(
    '# Zákon',
    '##### § 13',
    '(1) Pokutu uloží úřad, pokud',
    '- k) poruší povinnost,',
    '- l) odmění zaměstnance jinak,',
    '- m) nevede evidenci.',
    '##### § 26',
    '(1) Pokutu uloží úřad, pokud',
    '- l) odmění zaměstnance jinak,',
    '- m) nevede evidenci.',
  );

  it('"V § 13 odst. 1 a v § 26 odst. 1 písmeno l) zní:" (zákon č. 264/2006 Sb. on zákon č. 251/2005 Sb.)', () => {
    const r = applyAmendment(FINES, [
      pt('7', 'V § 13 odst. 1 a v § 26 odst. 1 písmeno l) zní:\n\n- „l) odmění zaměstnance v rozporu se zákoníkem práce,“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.changed).toEqual(expect.arrayContaining(['par_13/odst_1/pism_l', 'par_26/odst_1/pism_l']));
    expect(r.text.match(/- l\) odmění zaměstnance v rozporu se zákoníkem práce,\n\n- m\) nevede evidenci\./g)).toHaveLength(2);
  });

  it('a payload of another letter stays refused', () => {
    const r = applyAmendment(FINES, [pt('8', 'V § 13 odst. 1 a v § 26 odst. 1 písmeno l) zní:\n\n- „m) jiný text,“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied' });
    expect(r.text).toBe(FINES);
  });
});

describe('a heading above a § repealed: the heading line the unit before ends with', () => {
  it('after a § (zákon č. 303/2013 Sb. on zákon č. 85/1996 Sb.): the § keeps its own heading below its label', () => {
    const TEXT = lines(
      '# Zákon',
      '##### § 13',
      '(1) Advokát má sídlo.',
      '#### Společný výkon advokacie',
      '##### § 14',
      '#### Sdružení',
      '(1) Advokáti.',
    );
    const r = applyAmendment(TEXT, [pt('7', 'Nadpis nad § 14 se zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_13'] });
    expect(r.text).toContain('(1) Advokát má sídlo.\n\n##### § 14\n\n#### Sdružení\n\n(1) Advokáti.');
  });

  it("below a container's label and title (zákon č. 451/2016 Sb., bod 50, on zákon č. 61/1988 Sb.)", () => {
    const TEXT = lines(
      '# Zákon',
      '##### § 43',
      '(1) Text.',
      '## ČÁST ŠESTÁ',
      '#### SPRÁVNÍ DELIKTY',
      '#### Sankce',
      '##### § 44',
      '#### Přestupky',
      '(1) Fyzická osoba.',
    );
    const r = applyAmendment(TEXT, [pt('50', 'Nadpis nad § 44 se zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('## ČÁST ŠESTÁ\n\n#### SPRÁVNÍ DELIKTY\n\n##### § 44\n\n#### Přestupky\n\n(1) Fyzická osoba.');
  });

  it("a container's title alone above the § is not a heading above it: refused", () => {
    const TEXT = lines('# Zákon', '##### § 43', '(1) Text.', '## ČÁST ŠESTÁ', '#### SPRÁVNÍ DELIKTY', '##### § 44', '(1) Fyzická osoba.');
    const r = applyAmendment(TEXT, [pt('50', 'Nadpis nad § 44 se zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied' });
    expect(r.text).toBe(TEXT);
  });
});

describe('the last sentence of a unit that holds a list: the last of its závěrečná část', () => {
  const TAX = lines(
    '# Zákon',
    '##### § 21',
    '(1) Poplatník podá přiznání do 30 dnů ode dne',
    '- a) skončeného řízení,',
    '- b) doručení smlouvy.',
    'Součástí přiznání je opis smlouvy. Posudek se přikládá vždy.',
    '(2) Přiznání. Druhá věta.',
  );

  it('"§ 21 odst. 1 poslední věta zní:" (zákon č. 322/1993 Sb., bod 22, on zákon č. 357/1992 Sb.)', () => {
    const r = applyAmendment(TAX, [pt('22', '§ 21 odst. 1 poslední věta zní: „Posudek se nevyžaduje u pozemků.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_21/odst_1'] });
    expect(r.text).toContain(
      '- b) doručení smlouvy.\n\nSoučástí přiznání je opis smlouvy. Posudek se nevyžaduje u pozemků.\n\n(2) Přiznání.',
    );
  });

  it('"se věta poslední zrušuje": the last sentence goes, and a paragraph left empty with it', () => {
    const one = applyAmendment(TAX, [pt('4', 'V § 21 odst. 1 se věta poslední zrušuje.')]);
    expect(one.points[0]).toMatchObject({ status: 'applied' });
    expect(one.text).toContain('- b) doručení smlouvy.\n\nSoučástí přiznání je opis smlouvy.\n\n(2) Přiznání.');
    const TEXT = lines(
      '# Zákon',
      '##### § 3',
      '(8) Pojištěnec je',
      '- a) zaměstnanec,',
      '- b) student.',
      'Za studenta se považuje i žák.',
      '(9) Další.',
    );
    const r = applyAmendment(TEXT, [pt('4', 'V § 3 odst. 8 se věta poslední zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- b) student.\n\n(9) Další.');
  });

  it('"V § 21 odst. 1 závěrečné části ustanovení se věta druhá zrušuje": the sentences of that part, not of the text before the list', () => {
    const r = applyAmendment(TAX, [pt('5', 'V § 21 odst. 1 závěrečné části ustanovení se věta druhá zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Poplatník podá přiznání do 30 dnů ode dne\n');
    expect(r.text).toContain('Součástí přiznání je opis smlouvy.\n\n(2) Přiznání.');
  });

  it("a závěrečná část that goes on with the list's sentence, or none: refused", () => {
    const GOES_ON = lines(
      '# Zákon',
      '##### § 7',
      '(1) Poplatník podá přiznání, jde-li o',
      '- a) dar,',
      '- b) dědictví,',
      'a to do 30 dnů.',
      '(2) Další.',
    );
    const r = applyAmendment(GOES_ON, [pt('6', 'V § 7 odst. 1 se v poslední větě slovo „30“ nahrazuje slovem „60“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    const NONE = lines('# Zákon', '##### § 7', '(1) Poplatník podá přiznání, jde-li o', '- a) dar,', '- b) dědictví.', '(2) Další.');
    const s = applyAmendment(NONE, [pt('6', 'V § 7 odst. 1 se věta poslední zrušuje.')]);
    expect(s.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
  });
});

describe('sentences next to each other after a full stop inside a quotation', () => {
  it('counted past the quotation (vyhláška č. 401/2005 Sb., bod 10, on vyhláška č. 505/2002 Sb.; the source so)', () => {
    const TEXT = lines(
      '# Vyhláška',
      '##### § 16',
      '(1) Položka „C.1. Majetkové fondy celkem č. 131“ obsahuje majetkové fondy. Položka „C.1. Fond majetku č. 127“ obsahuje tvorbu zdrojů. U organizací položka „C.1. Fond majetku č. 127“ obsahuje tvorbu. Položka „C.1. Fond oběžných aktiv č. 128“ obsahuje přírůstky.',
    );
    const r = applyAmendment(TEXT, [
      pt(
        '10',
        'V § 16 odst. 1 se věty druhá a třetí nahrazují větami „Položka „C.1. Fond majetku č. 127“ obsahuje tvorbu zdrojů; dále obsahuje povolenky. U organizací položka „C.1. Fond majetku č. 127“ obsahuje tvorbu; dále obsahuje povolenky.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_16/odst_1'] });
    expect(r.text).toContain(
      '(1) Položka „C.1. Majetkové fondy celkem č. 131“ obsahuje majetkové fondy. Položka „C.1. Fond majetku č. 127“ obsahuje tvorbu zdrojů; dále obsahuje povolenky. U organizací položka „C.1. Fond majetku č. 127“ obsahuje tvorbu; dále obsahuje povolenky. Položka „C.1. Fond oběžných aktiv č. 128“ obsahuje přírůstky.\n',
    );
  });
});

describe('sentences next to each other whose ends are unsure: refused', () => {
  it('the last going on into the list below it (vyhláška č. 473/2013 Sb., bod 3, on vyhláška č. 410/2009 Sb.)', () => {
    const TEXT = lines(
      '# Vyhláška',
      '##### § 4',
      '(8) První věta. Druhá věta. Hodnoty se vykazují',
      '- a) do aktiv kladně,',
      '- b) do pasiv kladně.',
      '(9) Další.',
    );
    const r = applyAmendment(TEXT, [pt('3', 'V § 4 odst. 8 se věty druhá a třetí nahrazují větami „Nová druhá. Nová třetí.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(TEXT);
  });
});
