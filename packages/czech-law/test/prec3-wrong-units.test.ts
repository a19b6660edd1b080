import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// The engine's own wrong units of the tuning half read by cause (#36 (b), h-prec3), on tiny texts
// written the way legalize-cz writes them.

const ADVERTS = lines(
  '# Zákon',
  '##### § 8',
  '(2) Zadavatel se dopustí přestupku tím, že',
  '- b) poruší podmínky stanovené pro obsah reklamy v § 2 odst. 3 nebo 4, § 2b, 2c, § 3 odst. 6.',
);

describe('"slova „§ 2b“ nahrazují značkou „§“" inside a list of §§', () => {
  it('takes the comma that ended the removed number (zákon č. 36/2008 Sb., bod 14, on zákon č. 40/1995 Sb.)', () => {
    const r = applyAmendment(ADVERTS, [pt('14', 'V § 8 odst. 2 písm. b) se slova „§ 2b“ nahrazují značkou „§“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain('odst. 3 nebo 4, § 2c, § 3 odst. 6.');
  });
});

describe('words put after or before words the text quotes whole', () => {
  const TEXT = lines(
    '# Zákon',
    '##### § 3',
    'Slova „stavební spořitelna“ smí ve svém názvu používat pouze banka.',
    '##### § 18',
    '(3) Strážník vyzve osobu, aby upustila od jednání slovy „jménem zákona“, že bude použito donucovacích prostředků.',
  );

  it('go outside the quotation marks (zákon č. 423/2003 Sb., bod 3, on zákon č. 96/1993 Sb.)', () => {
    const r = applyAmendment(TEXT, [
      pt('3', 'V § 3 se za slova „stavební spořitelna“ vkládají slova „jejich překlady, nebo slova od nich odvozená“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain('Slova „stavební spořitelna“ jejich překlady, nebo slova od nich odvozená smí');
  });

  it('before the punctuation after the closing mark (zákon č. 274/2008 Sb., bod 53, on zákon č. 553/1991 Sb.)', () => {
    const r = applyAmendment(TEXT, [pt('53', 'V § 18 odst. 3 se za slova „jménem zákona“ vkládají slova „s výstrahou“.')]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain('slovy „jménem zákona“ s výstrahou, že bude');
  });
});

describe('a later clause naming a sentence after one an earlier clause of the point puts in', () => {
  const TEXT = lines(
    '# Zákon',
    '##### § 156',
    '(2) Společnost vede seznam akcionářů. Společnost vydá opis seznamu. Stanovy mohou určit evidenci.',
  );

  it('is refused: the sentence may be counted with the new one or without it (zákon č. 134/2013 Sb., bod 3)', () => {
    const r = applyAmendment(TEXT, [
      pt(
        '3',
        'V § 156 odst. 2 se za větu první vkládá věta „Seznam obsahuje číslo účtu.“ a za větu třetí se vkládají věty „Údaje poskytne. Číslo účtu podle věty čtvrté.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    expect(r.text).toBe(TEXT);
  });

  it('an insertion after a later sentence first is applied as before', () => {
    const r = applyAmendment(TEXT, [
      pt(
        '3',
        'V § 156 odst. 2 se za větu třetí vkládá věta „Evidence je veřejná.“ a za větu první se vkládá věta „Seznam obsahuje číslo účtu.“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain(
      'akcionářů. Seznam obsahuje číslo účtu. Společnost vydá opis seznamu. Stanovy mohou určit evidenci. Evidence je veřejná.',
    );
  });
});

describe('"dosavadní text se označuje jako odstavec 1" in a § whose heading is a plain line', () => {
  const TEXT = lines(
    '# Zákon',
    '##### § 10',
    'Základ daně',
    'Základem daně z převodu nemovitostí je',
    '- a) cena zjištěná podle zvláštního právního předpisu,',
    '- b) cena sjednaná.',
    '##### § 11',
    'Daň se platí.',
  );

  it('numbers the text below the heading (zákon č. 186/2006 Sb., bod 3, on zákon č. 357/1992 Sb.)', () => {
    const r = applyAmendment(TEXT, [
      pt(
        '3',
        'V § 10 se dosavadní text označuje jako odstavec 1 a doplňuje se odstavec 2, který zní:\n\n„(2) Nelze-li cenu stanovit, základem daně je cena zjištěná.“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain('##### § 10\n\nZáklad daně\n\n(1) Základem daně z převodu nemovitostí je\n\n- a)');
    expect(r.text).toContain('- b) cena sjednaná.\n\n(2) Nelze-li cenu stanovit, základem daně je cena zjištěná.\n\n##### § 11');
  });

  it('a first line that introduces a list is the text, numbered', () => {
    const text = TEXT.replace('Základ daně\n\n', '');
    const r = applyAmendment(text, [
      pt('3', 'V § 10 se dosavadní text označuje jako odstavec 1 a doplňuje se odstavec 2, který zní:\n\n„(2) Daň je příjmem státu.“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain('##### § 10\n\n(1) Základem daně z převodu nemovitostí je\n\n- a)');
  });
});

describe('a later clause naming words in a sentence after one an earlier clause puts in', () => {
  it('is applied in the sentence the text before the point numbers so (vyhláška č. 367/2005 Sb., bod 5)', () => {
    const text = lines('# Vyhláška', '##### § 6', '(7) Přehrada má dvě výpusti. Výpust je nejvýše 9 m vysoko. Výpusti se zkoušejí.');
    const r = applyAmendment(text, [
      pt(
        '5',
        'V § 6 odst. 7 se za větu první vkládá věta, která zní: „Odběr se za výpust nepokládá.“ a ve větě druhé se za slova „nejvýše 9 m“ doplňují slova „nad dnem vtoku“.',
      ),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toContain(
      'dvě výpusti. Odběr se za výpust nepokládá. Výpust je nejvýše 9 m nad dnem vtoku vysoko. Výpusti se zkoušejí.',
    );
  });
});
