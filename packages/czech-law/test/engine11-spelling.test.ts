import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Words the act writes otherwise than the text (#36, session of 2026-11-30, h-engine11), on tiny
// texts written the way legalize-cz writes them.

describe("the act's spacing and dashes", () => {
  it('a comma the act sets before the space (zákon č. 59/1995 Sb., bod 31, on zákon č. 592/1992 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 24',
      '(1) Plátcem je zaměstnanec, osoba samostatně výdělečně činná, osoba s vlastními příjmy a stát.',
    );
    const r = applyAmendment(text, [pt('31', 'V § 24 odst. 1 se vypouštějí slova „,osoba s vlastními příjmy“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Plátcem je zaměstnanec, osoba samostatně výdělečně činná a stát.');
  });

  it('a comma the act sets off on both sides', () => {
    const text = lines('# Zákon', '##### § 13', '(2) Zapíše se vedoucí, je-li tento orgán zapsán do rejstříku.');
    const r = applyAmendment(text, [pt('1', 'V § 13 odst. 2 se vypouštějí slova „ ,je-li tento orgán zapsán do rejstříku“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Zapíše se vedoucí.');
  });

  it('a number the act writes in groups, the text without the space (zákon č. 138/2001 Sb., bod 1, on zákon č. 592/1992 Sb.)', () => {
    const text = lines('# Zákon', '##### § 3c', 'Minimální základ je částka 2900 Kč.');
    const r = applyAmendment(text, [pt('1', 'V § 3c se částka „2 900 Kč“ nahrazuje částkou „3 250 Kč“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('Minimální základ je částka 3 250 Kč.');
  });

  it('a number the act writes together, the text in groups', () => {
    const text = lines('# Zákon', '##### § 30', '(1) Příspěvek ve výši 2 000 Kč se vyplatí.');
    const r = applyAmendment(text, [pt('1', 'V § 30 odst. 1 se číslo „2000“ nahrazuje číslem „800“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Příspěvek ve výši 800 Kč se vyplatí.');
  });

  it('a dash between words (nařízení vlády č. 133/2017 Sb., bod 42, on nařízení vlády č. 243/2013 Sb., there in a footnote)', () => {
    const text = lines('# Zákon', '##### § 5', '(2) Podle standardu IAS 39 – Finanční nástroje a dalších.');
    const r = applyAmendment(text, [pt('42', 'V § 5 odst. 2 se slova „IAS 39 - Finanční nástroje“ nahrazují slovy „v platném znění“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Podle standardu v platném znění a dalších.');
  });

  it('still refuses words the text does not hold in any spacing', () => {
    const text = lines('# Zákon', '##### § 24', '(1) Plátcem je zaměstnanec a stát.');
    const r = applyAmendment(text, [pt('31', 'V § 24 odst. 1 se vypouštějí slova „,osoba s vlastními příjmy“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });
});

describe('a heading the text writes in capitals', () => {
  const text = lines('# Vyhláška', '## ČÁST TŘETÍ', '#### POSKYTOVÁNÍ DÁVEK A SLUŽEB SOCIÁLNÍ PÉČE', '##### § 40', 'Text.');

  it('words taken out (vyhláška č. 506/2006 Sb., bod 5, on vyhláška č. 182/1991 Sb.)', () => {
    const r = applyAmendment(text, [pt('5', 'V nadpisu části třetí se slova „a služeb“ zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('#### POSKYTOVÁNÍ DÁVEK SOCIÁLNÍ PÉČE\n');
  });

  it('new words written in capitals (zákon č. 120/2025 Sb., bod 1, on zákon č. 373/2011 Sb.)', () => {
    const r = applyAmendment(text, [pt('1', 'V nadpisu části třetí se za slovo „dávek“ vkládají slova „a příspěvků“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('#### POSKYTOVÁNÍ DÁVEK A PŘÍSPĚVKŮ A SLUŽEB SOCIÁLNÍ PÉČE\n');
  });

  it('not in a § text, where capitals are the text’s own', () => {
    const t2 = lines('# Zákon', '##### § 5', '(1) Podle normy ČSN A SLUŽEB.');
    const r = applyAmendment(t2, [pt('1', 'V § 5 odst. 1 se slova „a služeb“ zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });
});

describe('words in lower case that open a sentence of the text', () => {
  const text = lines('# Vyhláška', '##### § 6', '(1) Finanční úřad provádí zkoušku. Zkoušku provádí finanční úředník.');

  it('replaced, the new words opening the sentence (vyhláška č. 469/2003 Sb., bod 12, on vyhláška č. 140/1997 Sb.)', () => {
    const r = applyAmendment(text, [pt('12', 'V § 6 odst. 1 se slova „finanční úřad“ nahrazují slovy „celní úřad“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Celní úřad provádí zkoušku.');
  });

  it('taken out, the next word opening the sentence (vyhláška č. 45/1979 Sb., bod 5, on vyhláška č. 83/1976 Sb.)', () => {
    const t2 = lines('# Vyhláška', '##### § 45', '(2) Garáže a drobné stavby se umisťují vhodně.');
    const r = applyAmendment(t2, [pt('5', 'V § 45 odst. 2 se vypouštějí slova „garáže a drobné“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Stavby se umisťují vhodně.');
  });

  it('words put after them, the sentence’s capital kept', () => {
    const r = applyAmendment(text, [pt('1', 'V § 6 odst. 1 se za slova „finanční úřad“ vkládají slova „v sídle kraje“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Finanční úřad v sídle kraje provádí zkoušku.');
  });

  it('not inside a sentence, where a capital is a name', () => {
    const t2 = lines('# Zákon', '##### § 7', '(1) Ministerstvo a Celní úřad Praha provádí zkoušku.');
    const r = applyAmendment(t2, [pt('1', 'V § 7 odst. 1 se slova „celní úřad“ nahrazují slovy „finanční úřad“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });
});

describe("a point's sentences as the text before the point numbers them", () => {
  const text = lines(
    '# Zákon',
    '##### § 4',
    '(2) Úřad je uživatelem údajů. Úřad je uživatelem těchto údajů v rozsahu zákona. Třetí věta platí.',
    '(3) Konec.',
  );

  it('a sentence taken out, then words of the next one (zákon č. 424/2010 Sb., its part on zákon č. 133/2000 Sb., bod 13)', () => {
    const r = applyAmendment(text, [pt('13', 'V § 4 odst. 2 se věta první zrušuje a ve větě druhé se slovo „těchto“ zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Úřad je uživatelem údajů v rozsahu zákona. Třetí věta platí.\n');
  });

  it('a sentence after a reference ending in a number (zákon č. 326/2017 Sb., bod 38, on zákon č. 100/2001 Sb.)', () => {
    const t2 = lines(
      '# Zákon',
      '##### § 8',
      '(6) Dokumentace se vrací podle odstavce 2. Úřad ji předá zpracovateli. Doplnění lze zveřejnit.',
    );
    const r = applyAmendment(t2, [pt('38', 'V § 8 odst. 6 se věty druhá a třetí zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toMatch(/\(6\) Dokumentace se vrací podle odstavce 2\.\s*\n/);
  });

  it('a sentence replaced by two, then words of a later one', () => {
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 4 odst. 2 se věta první nahrazuje větami „Obec je uživatelem. Kraj též.“ a ve větě třetí se slovo „platí“ nahrazuje slovem „neplatí“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Obec je uživatelem. Kraj též. Úřad je uživatelem těchto údajů v rozsahu zákona. Třetí věta neplatí.\n');
  });
});

describe('a heading\'s "(k § …)" line in lower case', () => {
  it('words of it replaced (vyhláška č. 359/2006 Sb., bod 35, on vyhláška č. 108/1997 Sb.)', () => {
    const text = lines('# Vyhláška', '##### § 18', '#### Náležitosti žádosti', '(k § 67 odst. 3 zákona)', '(1) Žádost se podává písemně.');
    const r = applyAmendment(text, [pt('35', 'V nadpisu § 18 se slova „k § 67 odst. 3 zákona“ nahrazují slovy „k § 67 odst. 4 zákona“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('#### Náležitosti žádosti\n\n(k § 67 odst. 4 zákona)\n\n(1) Žádost');
  });
});

describe('body numbered in levels', () => {
  const text = lines(
    '# Nařízení vlády',
    '##### § 1',
    'Text.',
    'Příloha č. 2 k nařízení vlády č. 154/2004 Sb.',
    '- 1. Obecně.',
    '- 2. Zkoušky.',
    '- 2.1. První zkouška.',
    '- 2.2. Druhá zkouška.',
    '- 3. Konec.',
  );

  it('a lower bod given a new wording (nařízení vlády č. 307/2009 Sb., bod 19, on nařízení vlády č. 154/2004 Sb.)', () => {
    const r = applyAmendment(text, [pt('19', 'V příloze č. 2 bod 2.2. zní:\n\n- „2.2. Nová druhá zkouška.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- 2.1. První zkouška.\n\n- 2.2. Nová druhá zkouška.\n\n- 3. Konec.');
  });

  it('a bod with the lower ones below it (the form of nařízení vlády č. 245/2009 Sb., bod 35, on nařízení vlády č. 336/2004 Sb.)', () => {
    const r = applyAmendment(text, [pt('35', 'V příloze č. 2 bod 2. zní:\n\n- „2. Zkoušky nové.\n\n- 2.1. Jediná zkouška.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- 1. Obecně.\n\n- 2. Zkoušky nové.\n\n- 2.1. Jediná zkouška.\n\n- 3. Konec.');
  });
});

describe("new words in the act's spacing", () => {
  it('a comma set against the next word (zákon č. 143/1996 Sb., bod 6, on zákon č. 16/1993 Sb.)', () => {
    const text = lines('# Zákon', '##### § 3', '(1) Osvobozena jsou vozidla zdravotnické a důlní záchranné služby.');
    const r = applyAmendment(text, [pt('6', 'V § 3 odst. 1 se slova „a důlní“ nahrazují slovy „ ,důlní a horské“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Osvobozena jsou vozidla zdravotnické, důlní a horské záchranné služby.');
  });

  it('words put after others, opening with a comma', () => {
    const text = lines('# Zákon', '##### § 28', '(4) Žáci odborného učiliště se vzdělávají.');
    const r = applyAmendment(text, [pt('29', 'V § 28 odst. 4 se za slovo „učiliště“ doplňují slova „,praktické školy“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(4) Žáci odborného učiliště, praktické školy se vzdělávají.');
  });

  it("a space before the act's closing quotation mark, the text's comma after (vyhláška č. 442/2013 Sb., bod 8, on vyhláška č. 215/2008 Sb.)", () => {
    const text = lines('# Vyhláška', '##### § 15', '(2) Pas obsahuje', '- c) označení „Státní správa“ nebo „SRS“,', '- d) číslo.');
    const r = applyAmendment(text, [
      pt('8', 'V § 15 odst. 2 písm. c) se slova „ „Státní správa“ nebo „SRS“ “ nahrazují slovy „ „Ústav“ nebo „ÚKZÚZ“ “.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- c) označení „Ústav“ nebo „ÚKZÚZ“,\n');
  });
});

describe('a group heading with its "(k § …)" line', () => {
  it('goes with the last § of its group (vyhláška č. 181/1982 Sb., its groups "Smlouva o … (k § 163 zákona)")', () => {
    const text = lines(
      '# Vyhláška',
      '##### § 1',
      '#### Úvod',
      'Text.',
      '#### Smlouva o přípravě',
      '(k § 163 zákona)',
      '##### § 2',
      '#### Obsah smlouvy',
      'Text dva.',
      '#### Smlouva o využití',
      '(k § 332f zákona)',
      '##### § 3',
      '#### Obsah',
      'Text tři.',
    );
    const r = applyAmendment(text, [pt('1', '§ 2 se zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).not.toContain('Smlouva o přípravě');
    expect(r.text).toContain('Text.\n\n#### Smlouva o využití\n\n(k § 332f zákona)\n\n##### § 3');
  });
});
