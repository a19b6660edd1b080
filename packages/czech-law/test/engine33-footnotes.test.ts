import { applyAmendment } from '../src/consolidation/apply';
import { splitUnits } from '../src/consolidation/units';
import { lines, pt } from './fixtures/forms';

// Footnotes given by a range or with the caret before the act's quotation, and sentences whose
// quotations hold full stops (session of 2026-12-03, #36, h-engine33), on tiny texts written the
// way legalize-cz writes them.

const footnotes = (text: string): Record<string, string> =>
  Object.fromEntries(
    splitUnits(text)
      .filter((u) => u.kind === 'footnote')
      .map((u) => [u.id, u.text.trim()]),
  );

describe('a new wording of the footnotes of a range ("Poznámky č. 12) až č. 14) pod čarou znějí:")', () => {
  const INSURANCE = lines(
    '# Zákon',
    '##### § 3',
    '(1) Příjmy podle zvláštního zákona^12) a daně^13) a odpočty^14).',
    '^12) § 13 odst. 1 a 3 zákona č. 286/1992 Sb.',
    '^13) § 8, 9 a 10 zákona č. 286/1992 Sb.',
    '^14) § 36 zákona č. 286/1992 Sb.',
    '^15) § 4 zákona č. 286/1992 Sb.',
  );

  it('each footnote of the range takes its new text (zákon č. 161/1993 Sb., bod 11, on zákon č. 592/1992 Sb.)', () => {
    const r = applyAmendment(INSURANCE, [
      pt(
        '11',
        'Poznámky č. 12) až č. 14) pod čarou znějí:\n\n„^12) § 7 odst. 3 zákona ČNR č. 586/1992 Sb., o daních z příjmů.\n\n^13) § 12 zákona ČNR č. 586/1992 Sb.\n\n^14) § 13 odst. 1 a 3 zákona ČNR č. 586/1992 Sb.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(footnotes(r.text)).toEqual({
      fn_12: '^12) § 7 odst. 3 zákona ČNR č. 586/1992 Sb., o daních z příjmů.',
      fn_13: '^13) § 12 zákona ČNR č. 586/1992 Sb.',
      fn_14: '^14) § 13 odst. 1 a 3 zákona ČNR č. 586/1992 Sb.',
      fn_15: '^15) § 4 zákona č. 286/1992 Sb.',
    });
  });

  it('new footnotes of a range go in number order (bod 3, "Poznámky č. 2a) až č. 2c) pod čarou znějí:")', () => {
    const r = applyAmendment(INSURANCE, [
      pt(
        '3',
        'Poznámky č. 2a) až č. 2c) pod čarou znějí:\n\n„^2a) Zákon č. 195/1991 Sb.\n\n^2b) Např. § 14 zákona ČNR č. 186/1992 Sb.\n\n^2c) Např. zákon č. 62/1983 Sb.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(Object.keys(footnotes(r.text))).toEqual(['fn_2a', 'fn_2b', 'fn_2c', 'fn_12', 'fn_13', 'fn_14', 'fn_15']);
    expect(footnotes(r.text).fn_2b).toBe('^2b) Např. § 14 zákona ČNR č. 186/1992 Sb.');
  });

  it('a range whose written footnotes are not its numbers is refused', () => {
    const r = applyAmendment(INSURANCE, [pt('11', 'Poznámky č. 12) až č. 14) pod čarou znějí:\n\n„^12) Zákon A.\n\n^14) Zákon C.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    expect(r.text).toBe(INSURANCE);
  });

  it('a footnote of the text that the range skips ("12a" between 12 and 13) is refused', () => {
    const text = INSURANCE.replace('^13) ', '^12a) Zákon č. 1/1990 Sb.\n\n^13) ');
    const r = applyAmendment(text, [pt('11', 'Poznámky č. 12) až č. 13) pod čarou znějí:\n\n„^12) Zákon A.\n\n^13) Zákon B.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    expect(r.text).toBe(text);
  });
});

describe('a footnote whose caret the act writes before its opening quotation mark ("^„3) …“")', () => {
  const AUTHOR = lines(
    '# Zákon',
    '##### § 26',
    '(2) Ustanovení se nepoužije na díla kinematografie^3).',
    '^3) Zákon č. 496/2012 Sb., o audiovizuálních dílech a podpoře kinematografie a o změně některých zákonů (zákon o audiovizi).',
  );

  it('is the footnote of that number, its text without the quotation (zákon č. 480/2024 Sb., bod 1, on zákon č. 121/2000 Sb.)', () => {
    const r = applyAmendment(AUTHOR, [
      pt(
        '1',
        'V § 26 odst. 2 se slovo „kinematografie^3)“ nahrazuje slovem „audiovize^3)“.\n\nPoznámka pod čarou č. 3 zní:\n\n^„3) Zákon č. 496/2012 Sb., o audiovizi, ve znění pozdějších předpisů.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Ustanovení se nepoužije na díla audiovize^3).\n');
    expect(footnotes(r.text)).toEqual({ fn_3: '^3) Zákon č. 496/2012 Sb., o audiovizi, ve znění pozdějších předpisů.' });
  });

  it('a number after the quotation mark other than the one named is refused', () => {
    const r = applyAmendment(AUTHOR, [pt('1', 'Poznámka pod čarou č. 3 zní:\n\n^„4) Zákon č. 496/2012 Sb.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    expect(r.text).toBe(AUTHOR);
  });
});

describe('full stops inside quotation marks end no sentence', () => {
  const FUNDS = lines(
    '# Vyhláška',
    '##### § 16',
    '(1) Položka „C.1. Majetkové fondy celkem č. 131“ obsahuje majetkové fondy. Položka „C.1. Fond dlouhodobého majetku č. 127“ obsahuje tvorbu zdrojů. U příspěvkových organizací položka „C.1. Fond dlouhodobého majetku č. 127“ obsahuje tvorbu zdrojů k majetku. Položka „C.1. Fond oběžných aktiv č. 128“ obsahuje přírůstky.',
  );

  it('a sentence named after a quoted full stop is the one the act counts (vyhláška č. 401/2005 Sb., bod 10, on vyhláška č. 505/2002 Sb.)', () => {
    const r = applyAmendment(FUNDS, [pt('10', 'V § 16 odst. 1 se věta druhá zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain(
      '(1) Položka „C.1. Majetkové fondy celkem č. 131“ obsahuje majetkové fondy. U příspěvkových organizací položka „C.1. Fond dlouhodobého majetku č. 127“ obsahuje tvorbu zdrojů k majetku. Položka „C.1. Fond oběžných aktiv č. 128“ obsahuje přírůstky.\n',
    );
  });

  it('a quotation the text leaves open is not followed: its full stops still end sentences', () => {
    const text = lines('# Vyhláška', '##### § 2', '(1) Slova „První věta. Druhá věta. Třetí věta.');
    const r = applyAmendment(text, [pt('1', 'V § 2 odst. 1 se věta třetí zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Slova „První věta. Druhá věta.\n');
  });
});

describe("a list's new last item that ends with an abbreviation's full stop", () => {
  const LIABILITIES = lines(
    '# Vyhláška',
    '##### § 51',
    '(8) Položka',
    '- a) „D.III.36. Dohadné účty pasivní“ obsahuje závazky. Dále obsahuje závazky mimo položky D.III.18. a D.III.37.,',
    '- b) „D.III.A. Závazky“ obsahuje dluhy, pokud neobsahují položky D.III.1. až D.III.37.,',
    '- c) „D.III.B. Závazky bank“ obsahuje dluhy bank, pokud neobsahují položky D.III.1. až D.III.37.',
    '(9) Další.',
  );

  it('ends the list with that full stop, its comma gone (vyhláška č. 373/2015 Sb., bod 71, on vyhláška č. 312/2014 Sb.)', () => {
    const r = applyAmendment(LIABILITIES, [pt('71', 'V § 51 odst. 8 se písmeno c) zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- b) „D.III.A. Závazky“ obsahuje dluhy, pokud neobsahují položky D.III.1. až D.III.37.\n\n(9) Další.');
  });

  it('a sentence of an item after a quoted full stop is the one the act counts (bod 69)', () => {
    const r = applyAmendment(LIABILITIES, [
      pt('69', 'V § 51 odst. 8 písm. a) ve větě druhé se slova „D.III.37.“ nahrazují slovy „D.III.38.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('Dále obsahuje závazky mimo položky D.III.18. a D.III.38.,\n');
  });

  it('an item without one still takes a full stop for its comma', () => {
    const text = LIABILITIES.replace('D.III.1. až D.III.37.,', 'D.III.1. až D.III.37. a jiné,');
    const r = applyAmendment(text, [pt('71', 'V § 51 odst. 8 se písmeno c) zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('pokud neobsahují položky D.III.1. až D.III.37. a jiné.\n\n(9) Další.');
  });
});
