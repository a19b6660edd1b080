import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Points whose words carry a footnote mark on the other side of a punctuation mark than the text
// sets it (session of 2026-12-02, #36, h-engine30), on tiny texts written the way legalize-cz writes them.

describe('words that end with a mark the text sets after the punctuation that follows them', () => {
  const PROCEDURE = lines(
    '# Zákon',
    '##### § 37',
    '(2) Podání lze učinit písemně, popřípadě v elektronické formě podepsané elektronicky podle zvláštního zákona.^8) Bylo-li takové podání učiněno v jiné formě, musí být doplněno.',
    '##### § 43',
    '(1) Předvolání lze učinit telefonicky, popřípadě elektronickou cestou podepsané podle zvláštního zákona.^8)',
    '##### § 44',
    '(1) Podle zvláštního zákona^8) a podle zvláštního zákona,^8) jak stanoví.',
  );

  it('deleted (zákon č. 298/2016 Sb., bod 1, on zákon č. 150/2002 Sb.): the full stop stays', () => {
    const r = applyAmendment(PROCEDURE, [pt('1', 'V § 37 odst. 2 se slova „podepsané elektronicky podle zvláštního zákona^8)“ zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_37/odst_2'] });
    expect(r.text).toContain('(2) Podání lze učinit písemně, popřípadě v elektronické formě. Bylo-li takové podání');
  });

  it('replaced by words without a mark (bod 2): the full stop after them', () => {
    const r = applyAmendment(PROCEDURE, [
      pt('2', 'V § 43 odst. 1 se slova „elektronickou cestou podepsané podle zvláštního zákona^8)“ nahrazují slovem „elektronicky“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Předvolání lze učinit telefonicky, popřípadě elektronicky.\n');
  });

  it('replaced by words with a mark of their own: the mark where the text had its mark, after the punctuation', () => {
    const TEXT = lines('# Zákon', '##### § 28', '(1) Služby poskytuje lékař podle zvláštních předpisů.^11)', '(2) Dohled.');
    const r = applyAmendment(TEXT, [
      pt('6', 'V § 28 odst. 1 se slova „podle zvláštních předpisů^11)“ nahrazují slovy „podle zvláštního právního předpisu^11)“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Služby poskytuje lékař podle zvláštního právního předpisu.^11)\n');
  });

  it('new words that end with the same punctuation keep it once (zákon č. 30/2000 Sb., bod 2, on zákon č. 265/1992 Sb.)', () => {
    const TEXT = lines(
      '# Zákon',
      '##### § 9',
      '(1) Poznámku zapíše úřad',
      '- a) na základě usnesení o nařízení výkonu rozhodnutí prodejem nemovitostí,^6) na základě usnesení o povolení lhůty,^7) nebo jinak,',
      '- b) na základě návrhu.',
    );
    const r = applyAmendment(TEXT, [
      pt(
        '2',
        'V § 9 odst. 1 písm. a) se slova „usnesení o nařízení výkonu rozhodnutí prodejem nemovitostí^6)“ nahrazují slovy „návrhu na nařízení výkonu rozhodnutí,^6) na základě usnesení o dražební vyhlášce o prodeji nemovitosti,^6b)“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain(
      '- a) na základě návrhu na nařízení výkonu rozhodnutí,^6) na základě usnesení o dražební vyhlášce o prodeji nemovitosti,^6b) na základě usnesení o povolení lhůty,^7)',
    );
  });

  it('deleted after the marks of the words before them: the punctuation before those marks (zákon č. 179/2005 Sb., bod 2, on zákon č. 338/1992 Sb.)', () => {
    const TEXT = lines(
      '# Zákon',
      '##### § 4',
      '(1) Osvobozeny jsou',
      '- d) pozemky spravované fondem^6) nebo převedené na Fond národního majetku,^7)',
      '- e) pozemky obce.',
    );
    const r = applyAmendment(TEXT, [pt('2', 'V § 4 odst. 1 písm. d) se slova „nebo převedené na Fond národního majetku^7)“ zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- d) pozemky spravované fondem,^6)\n\n- e) pozemky obce.');
  });

  it('words found both as written and with the punctuation are the ones written', () => {
    const r = applyAmendment(PROCEDURE, [
      pt('3', 'V § 44 odst. 1 se slova „podle zvláštního zákona^8)“ nahrazují slovy „podle tohoto zákona“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Podle tohoto zákona a podle zvláštního zákona,^8) jak stanoví.');
  });

  it('new words that end with other punctuation than the text’s are refused', () => {
    const r = applyAmendment(PROCEDURE, [pt('4', 'V § 43 odst. 1 se slova „podle zvláštního zákona^8)“ nahrazují slovy „podle zákona,“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    expect(r.text).toBe(PROCEDURE);
  });

  it('words put after such words are not placed (which side of the punctuation is unsaid)', () => {
    const r = applyAmendment(PROCEDURE, [pt('5', 'V § 43 odst. 1 se za slova „podle zvláštního zákona^8)“ vkládají slova „nebo jinak“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });
});

describe('a mark the act sets before the punctuation the text sets it after, and the other way', () => {
  it('"předpisu.^4)" for the text\'s "předpisu^4)." (zákon č. 457/2011 Sb., bod 1, on zákon č. 127/2005 Sb.)', () => {
    const TEXT = lines(
      '# Zákon',
      '##### § 8',
      '(3) Doklad o nedoplatcích, které vymáhají územní finanční orgány podle zvláštního právního předpisu^4). Doklad vyhotoví úřad.',
    );
    const r = applyAmendment(TEXT, [
      pt('1', 'V § 8 odst. 3 se slova „územní finanční orgány podle zvláštního právního předpisu.^4)“ nahrazují slovy „finanční úřady.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('které vymáhají finanční úřady. Doklad vyhotoví úřad.');
  });

  it('"předpisu;^11b)" for "předpisu^11b);" (zákon č. 261/2007 Sb., bod 5, on zákon č. 54/1956 Sb.)', () => {
    const TEXT = lines(
      '# Zákon',
      '##### § 16',
      'Nemocenské náleží po dobu karantény nařízené podle zvláštního právního předpisu^11b); § 15 platí obdobně.',
    );
    const r = applyAmendment(TEXT, [
      pt(
        '5',
        'V § 16 se slova „právního předpisu;^11b)“ nahrazují slovy „právního předpisu^11b), trvá-li karanténa déle než 3 kalendářní dny;“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('podle zvláštního právního předpisu^11b), trvá-li karanténa déle než 3 kalendářní dny; § 15 platí obdobně.');
  });

  it('a comma inside a run of marks is no punctuation beside it', () => {
    const TEXT = lines('# Zákon', '##### § 7', 'Údaje o průkazu azylanta na území České republiky,^2),^3) v rozsahu jména.');
    const r = applyAmendment(TEXT, [pt('4', 'V § 7 se slova „a průkazu azylanta na území České republiky^2),^3)“ zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });
});

describe('a § or článek whose new wording the act writes without its label', () => {
  const COUNCILS = lines(
    '# Zákon',
    '##### § 58',
    '(1) Okresní národní výbor zřizuje komisi lidové kontroly.',
    '(2) Komise je součástí soustavy komisí.',
    '#### Udržování pořádku',
    '##### § 59',
    '#### Kontrola',
    'Komise provádí kontrolu.',
  );

  it('"§ 58 zní: „Krajské …“" (zákon č. 116/1971 Sb., bod 1, on zákon č. 69/1967 Sb.): the label stays', () => {
    const r = applyAmendment(COUNCILS, [pt('1', '§ 58 zní:\n\n„Krajské a okresní národní výbory zřizují výbory lidové kontroly.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_58'] });
    expect(r.text).toContain(
      '##### § 58\n\nKrajské a okresní národní výbory zřizují výbory lidové kontroly.\n\n#### Udržování pořádku\n\n##### § 59',
    );
  });

  it('a heading below the label stays when the point does not name it', () => {
    const r = applyAmendment(COUNCILS, [pt('2', '§ 59 zní:\n\n„(1) Výbor provádí kontrolu.\n\n(2) Výbor se schází podle potřeby.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('##### § 59\n\n#### Kontrola\n\n(1) Výbor provádí kontrolu.\n\n(2) Výbor se schází podle potřeby.');
  });

  it('refused where the point names the heading and writes none, or the text has a heading line of its own', () => {
    const withHeading = applyAmendment(COUNCILS, [pt('3', '§ 59 včetně nadpisu zní:\n\n„Výbor provádí kontrolu.“.')]);
    expect(withHeading.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    const misspelt = applyAmendment(COUNCILS, [pt('4', '§ 59 zní:\n\n##### „59\n\nVýbor provádí kontrolu.“.')]);
    expect(misspelt.points[0]).toMatchObject({ status: 'not_applied' });
  });
});
